import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [workspaceLocator];

const displayOptions = { show: { resource: ['action'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per pipeline action of the workspace, whatever starts it (API calls or GitHub pushes). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const response = await apiRequest<{ actions?: IDataObject[] }>(this, {
			method: 'GET',
			path: ['actions'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return response.actions ?? [];
	});
}
