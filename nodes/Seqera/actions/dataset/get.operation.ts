import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { datasetLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { datasetIdFor } from './datasetParameters';

const properties: INodeProperties[] = [datasetLocator, workspaceLocator];

const displayOptions = { show: { resource: ['dataset'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The dataset as the platform describes it; `version` and `mediaType` are its latest version's. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const response = await apiRequest<{ dataset?: IDataObject }>(this, {
			method: 'GET',
			path: ['datasets', datasetIdFor(this, itemIndex), 'metadata'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return response.dataset ?? {};
	});
}
