import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getMany from './getMany.operation';

export { get, getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['computeEnv'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get a compute environment' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many compute environments' },
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
];
