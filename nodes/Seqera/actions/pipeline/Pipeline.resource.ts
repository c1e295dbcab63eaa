import type { INodeProperties } from 'n8n-workflow';

import * as addLabels from './addLabels.operation';
import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as launch from './launch.operation';
import * as removeLabels from './removeLabels.operation';
import * as update from './update.operation';

export { addLabels, create, deleteOperation as delete, get, getMany, launch, removeLabels, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['pipeline'] } },
		options: [
			{
				name: 'Add Labels',
				value: 'addLabels',
				action: 'Add labels to a launchpad pipeline',
				description: 'Put labels on a pipeline, by name or ID; its other labels stay',
			},
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
			{
				name: 'Remove Labels',
				value: 'removeLabels',
				action: 'Remove labels from a launchpad pipeline',
				description: 'Take labels off a pipeline, by name or ID; its other labels stay',
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
	...addLabels.description,
	...removeLabels.description,
	...deleteOperation.description,
];
