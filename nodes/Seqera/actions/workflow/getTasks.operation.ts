import type { IExecuteFunctions, IDataObject, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { taskOf } from '../../runs/tasks';
import { apiRequestPages, pagesCountedByTotal } from '../../lists/pages';
import { returnAllAndLimit, searchField } from '../../fields/common';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	runLocator,
	workspaceLocator,
	...returnAllAndLimit(),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			searchField('tasks whose process, tag or status matches this text'),
			{
				displayName: 'Sort By',
				name: 'sortBy',
				type: 'options',
				default: 'taskId',
				options: [
					{ name: 'Duration', value: 'duration' },
					{ name: 'Process', value: 'process' },
					{ name: 'Status', value: 'status' },
					{ name: 'Submitted', value: 'submit' },
					{ name: 'Task ID', value: 'taskId' },
				],
			},
			{
				displayName: 'Sort Direction',
				name: 'sortDir',
				type: 'options',
				default: 'asc',
				options: [
					{ name: 'Ascending', value: 'asc' },
					{ name: 'Descending', value: 'desc' },
				],
			},
		],
	},
];

const displayOptions = { show: { resource: ['workflow'], operation: ['getTasks'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const workflowId = runIdFor(this, itemIndex);
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const tasks = await apiRequestPages<IDataObject>(
			this,
			{
				method: 'GET',
				path: ['workflow', workflowId, 'tasks'],
				query: {
					workspaceId: await workspaceIdFor(this, itemIndex),
					search: options.search as string | undefined,
					sortBy: options.sortBy as string | undefined,
					sortDir: options.sortDir as string | undefined,
				},
				limit: returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number),
				itemIndex,
			},
			pagesCountedByTotal('tasks', 'total'),
		);
		return tasks.map((task) => ({ workflowId, ...taskOf(task) }));
	});
}
