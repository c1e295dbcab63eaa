import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as launch from './launch.operation';
import * as update from './update.operation';

export { create, deleteOperation as delete, get, getMany, launch, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['pipeline'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Add a pipeline to the launchpad' },
			{ name: 'Delete', value: 'delete', action: 'Delete a launchpad pipeline' },
			{ name: 'Get', value: 'get', action: 'Get a launchpad pipeline' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many launchpad pipelines' },
			{
				name: 'Launch',
				value: 'launch',
				action: 'Launch a launchpad pipeline',
				description: 'Launch with the settings saved in the Launchpad, overriding any of them',
			},
			{ name: 'Update', value: 'update', action: 'Update a launchpad pipeline' },
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
	...launch.description,
	...create.description,
	...update.description,
	...deleteOperation.description,
];
