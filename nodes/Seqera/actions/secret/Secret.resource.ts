import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteSecret from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export { create, deleteSecret as delete, get, getMany, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['secret'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a pipeline secret' },
			{ name: 'Delete', value: 'delete', action: 'Delete a pipeline secret' },
			{
				name: 'Get',
				value: 'get',
				action: 'Get a pipeline secret',
				description: "A secret's ID, name and dates; never its value",
			},
			{ name: 'Get Many', value: 'getMany', action: 'Get many pipeline secrets' },
			{
				name: 'Update',
				value: 'update',
				action: 'Update a pipeline secret',
				description: "Replace a secret's value",
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
	...create.description,
	...update.description,
	...deleteSecret.description,
];
