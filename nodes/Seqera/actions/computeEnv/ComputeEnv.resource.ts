import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getPrimary from './getPrimary.operation';
import * as makePrimary from './makePrimary.operation';
import * as update from './update.operation';
import * as validate from './validate.operation';

export { create, deleteOperation as delete, get, getMany, getPrimary, makePrimary, update, validate };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['computeEnv'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a compute environment from a JSON configuration' },
			{ name: 'Delete', value: 'delete', action: 'Delete a compute environment' },
			{ name: 'Get', value: 'get', action: 'Get a compute environment' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many compute environments' },
			{ name: 'Get Primary', value: 'getPrimary', action: 'Get the primary compute environment' },
			{ name: 'Make Primary', value: 'makePrimary', action: 'Make a compute environment the primary one' },
			{
				name: 'Update',
				value: 'update',
				action: 'Update a compute environment',
				description: 'Change its name, description or credentials',
			},
			{ name: 'Validate', value: 'validate', action: 'Validate a compute environment' },
		],
		default: 'getMany',
	},
	...create.description,
	...getMany.description,
	...get.description,
	...getPrimary.description,
	...makePrimary.description,
	...validate.description,
	...update.description,
	...deleteOperation.description,
];
