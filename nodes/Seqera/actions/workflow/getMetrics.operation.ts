import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [runLocator, workspaceLocator];

const displayOptions = { show: { resource: ['workflow'], operation: ['getMetrics'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One output item per pipeline process, each with its CPU, memory, time and I/O statistics. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const workflowId = runIdFor(this, itemIndex);
		const response = await apiRequest<{ metrics?: IDataObject[] }>(this, {
			method: 'GET',
			path: ['workflow', workflowId, 'metrics'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return (response.metrics ?? []).map((processMetrics) => ({ workflowId, ...processMetrics }));
	});
}
