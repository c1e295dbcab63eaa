import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { datasetLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { datasetIdFor } from './datasetParameters';

const properties: INodeProperties[] = [datasetLocator, workspaceLocator];

const displayOptions = { show: { resource: ['dataset'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Deletes the dataset and all its versions; Hide keeps them, out of sight. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const datasetId = datasetIdFor(this, itemIndex);
		await apiRequest(this, {
			method: 'DELETE',
			path: ['datasets', datasetId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return { id: datasetId, deleted: true };
	});
}
