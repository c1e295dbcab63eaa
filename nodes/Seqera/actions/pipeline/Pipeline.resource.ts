import type { INodeProperties } from 'n8n-workflow';

import * as addLabels from './addLabels.operation';
import * as create from './create.operation';
import * as createSchema from './createSchema.operation';
import * as deleteOperation from './delete.operation';
import * as exportOperation from './export.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as importOperation from './import.operation';
import * as launch from './launch.operation';
import * as removeLabels from './removeLabels.operation';
import * as replaceLabels from './replaceLabels.operation';
import * as update from './update.operation';

export {
	addLabels,
	create,
	createSchema,
	deleteOperation as delete,
	exportOperation as export,
	get,
	getMany,
	importOperation as import,
	launch,
	removeLabels,
	replaceLabels,
	update,
};

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
			{
				name: 'Create Schema',
				value: 'createSchema',
				action: 'Add a pipeline schema to a workspace',
				description: 'A parameter schema a launch can name by its ID',
			},
			{ name: 'Delete', value: 'delete', action: 'Delete a launchpad pipeline' },
			{
				name: 'Export',
				value: 'export',
				action: 'Export a launchpad pipeline',
				description: 'Its description and saved launch as the JSON tower-cli exports, to import elsewhere',
			},
			{ name: 'Get', value: 'get', action: 'Get a launchpad pipeline' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many launchpad pipelines' },
			{
				name: 'Import',
				value: 'import',
				action: 'Import a pipeline into the launchpad',
				description: 'Add a pipeline from an export, into this or another workspace',
			},
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
			{
				name: 'Replace Labels',
				value: 'replaceLabels',
				action: 'Replace the labels of a launchpad pipeline',
				description: 'Give a pipeline exactly these labels; none clears them',
			},
			{ name: 'Update', value: 'update', action: 'Update a launchpad pipeline' },
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
	...launch.description,
	...create.description,
	...exportOperation.description,
	...importOperation.description,
	...createSchema.description,
	...update.description,
	...addLabels.description,
	...removeLabels.description,
	...replaceLabels.description,
	...deleteOperation.description,
];
