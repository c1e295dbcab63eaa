import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteAction from './delete.operation';
import * as getMany from './getMany.operation';
import * as pause from './pause.operation';
import * as resume from './resume.operation';
import * as trigger from './trigger.operation';
import * as update from './update.operation';

export { create, deleteAction as delete, getMany, pause, resume, trigger, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['action'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a pipeline action',
				description: 'An action that launches a pipeline on a schedule, on a new file in a data link, or on a GitHub push',
			},
			{ name: 'Delete', value: 'delete', action: 'Delete a pipeline action' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many pipeline actions' },
			{
				name: 'Pause',
				value: 'pause',
				action: 'Pause a pipeline action',
				description: 'Nothing starts its pipeline until it is resumed',
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
	...create.description,
	...deleteAction.description,
	...getMany.description,
	...pause.description,
	...resume.description,
	...trigger.description,
	...update.description,
];
