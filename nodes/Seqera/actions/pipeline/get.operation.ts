import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { pipelineLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { pipelineIdFor } from '../../names/lookups';

const properties: INodeProperties[] = [
	{ ...pipelineLocator, description: 'A pipeline saved in the workspace Launchpad' },
	workspaceLocator,
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const pipelineId = await pipelineIdFor(this, itemIndex);
		const response = await apiRequest<{ pipeline?: IDataObject }>(this, {
			method: 'GET',
			path: ['pipelines', pipelineId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return response.pipeline ?? {};
	});
}
