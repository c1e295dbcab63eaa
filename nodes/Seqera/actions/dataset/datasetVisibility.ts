import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { forEachItem } from '../../items/perItem';
import { datasetIdFor } from './datasetParameters';

/** Hide or Show: `POST /datasets/hide|show` for each item's dataset; the output says whether it is now hidden. */
export async function changeDatasetVisibility(context: IExecuteFunctions, change: 'hide' | 'show'): Promise<INodeExecutionData[]> {
	return await forEachItem(context, async (itemIndex) => {
		const datasetId = datasetIdFor(context, itemIndex);
		await apiRequest(context, {
			method: 'POST',
			path: ['datasets', change],
			query: { workspaceId: await workspaceIdFor(context, itemIndex) },
			body: { datasetIds: [datasetId] },
			itemIndex,
		});
		return { id: datasetId, hidden: change === 'hide' };
	});
}
