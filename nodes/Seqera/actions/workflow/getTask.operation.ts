import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runIdFor, taskIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { taskOf } from '../../runs/tasks';
import { apiRequest } from '../../transport';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { taskIdField } from './task.descriptions';

const properties: INodeProperties[] = [runLocator, taskIdField, workspaceLocator];

const displayOptions = { show: { resource: ['workflow'], operation: ['getTask'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const workflowId = runIdFor(this, itemIndex);
		const taskId = taskIdFor(this, itemIndex);
		const response = await apiRequest<IDataObject>(this, {
			method: 'GET',
			path: ['workflow', workflowId, 'task', taskId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return { workflowId, ...taskOf(response) };
	});
}
