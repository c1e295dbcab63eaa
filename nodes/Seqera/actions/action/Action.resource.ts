import type { INodeProperties } from 'n8n-workflow';

import * as addLabels from './addLabels.operation';
import * as create from './create.operation';
import * as deleteAction from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as pause from './pause.operation';
import * as removeLabels from './removeLabels.operation';
import * as replaceLabels from './replaceLabels.operation';
import * as resume from './resume.operation';
import * as trigger from './trigger.operation';
import * as update from './update.operation';

export { addLabels, create, deleteAction as delete, get, getMany, pause, removeLabels, replaceLabels, resume, trigger, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['action'] } },
		options: [
			{
				name: 'Add Labels',
				value: 'addLabels',
				action: 'Add labels to a pipeline action',
				description: 'Put labels on an action, by name or ID; its other labels stay',
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create a pipeline action',
				description: 'An action that launches a pipeline on a schedule, a new file in a data link, a GitHub push or a call',
			},
			{ name: 'Delete', value: 'delete', action: 'Delete a pipeline action' },
			{
				name: 'Get',
				value: 'get',
				action: 'Get a pipeline action',
				description: 'What starts it, its launch settings, status and labels',
			},
			{ name: 'Get Many', value: 'getMany', action: 'Get many pipeline actions' },
			{
				name: 'Pause',
				value: 'pause',
				action: 'Pause a pipeline action',
				description: 'Nothing starts its pipeline until it is resumed',
			},
			{
				name: 'Remove Labels',
				value: 'removeLabels',
				action: 'Remove labels from a pipeline action',
				description: 'Take labels off an action, by name or ID; its other labels stay',
			},
			{
				name: 'Replace Labels',
				value: 'replaceLabels',
				action: 'Replace the labels of a pipeline action',
				description: 'Give an action exactly these labels; none clears them',
			},
			{ name: 'Resume', value: 'resume', action: 'Resume a paused pipeline action' },
			{
				name: 'Trigger',
				value: 'trigger',
				action: 'Trigger a pipeline action',
				description: 'Launch the pipeline of an action that API calls trigger, with parameters',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a pipeline action',
				description: 'Its name, schedule, data link or launch settings',
			},
		],
		default: 'getMany',
	},
	...addLabels.description,
	...create.description,
	...deleteAction.description,
	...get.description,
	...getMany.description,
	...pause.description,
	...removeLabels.description,
	...replaceLabels.description,
	...resume.description,
	...trigger.description,
	...update.description,
];
