import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as makeDefault from './makeDefault.operation';
import * as rename from './rename.operation';

export { get, getMany, makeDefault, rename };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['pipelineVersion'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get a pipeline version' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many pipeline versions' },
			{
				name: 'Make Default',
				value: 'makeDefault',
				action: 'Make a pipeline version the default',
				description: 'The version launches without a version use',
			},
			{ name: 'Rename', value: 'rename', action: 'Rename a pipeline version', description: 'Naming a draft publishes it' },
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
	...rename.description,
	...makeDefault.description,
];
