import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as createFromCheckpoint from './createFromCheckpoint.operation';
import * as deleteStudio from './delete.operation';
import * as get from './get.operation';
import * as getCheckpoints from './getCheckpoints.operation';
import * as getMany from './getMany.operation';
import * as getTemplates from './getTemplates.operation';
import * as start from './start.operation';
import * as stop from './stop.operation';
import * as update from './update.operation';
import * as wait from './wait.operation';

export { create, createFromCheckpoint, deleteStudio as delete, get, getCheckpoints, getMany, getTemplates, start, stop, update, wait };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['studio'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a studio', description: 'Create a Studio from a template, and start it' },
			{
				name: 'Create From Checkpoint',
				value: 'createFromCheckpoint',
				action: 'Create a studio from a checkpoint',
				description: "Create a Studio that starts from a checkpoint of another, with that Studio's configuration",
			},
			{ name: 'Delete', value: 'delete', action: 'Delete a studio' },
			{ name: 'Get', value: 'get', action: 'Get a studio' },
			{
				name: 'Get Checkpoints',
				value: 'getCheckpoints',
				action: 'Get checkpoints of a studio',
				description: 'List the checkpoints a Studio saved, newest first',
			},
			{ name: 'Get Many', value: 'getMany', action: 'Get many studios' },
			{
				name: 'Get Templates',
				value: 'getTemplates',
				action: 'Get the studio templates',
				description: 'The container images a Studio can be created from',
			},
			{ name: 'Start', value: 'start', action: 'Start a studio' },
			{ name: 'Stop', value: 'stop', action: 'Stop a studio' },
			{
				name: 'Update',
				value: 'update',
				action: 'Update a studio',
				description: "Change a stopped Studio's name, description or configuration",
			},
			{
				name: 'Wait',
				value: 'wait',
				action: 'Wait for a studio',
				description: 'Hold the item until the Studio is running, or stopped',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...getTemplates.description,
	...get.description,
	...create.description,
	...createFromCheckpoint.description,
	...getCheckpoints.description,
	...start.description,
	...stop.description,
	...update.description,
	...deleteStudio.description,
	...wait.description,
];
