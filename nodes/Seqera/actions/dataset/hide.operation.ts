import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../helpers/parameters';
import { connectionOf } from '../../transport/connection';
import { apiRequest } from '../../transport/request';
import { datasetLocator, workspaceLocator } from '../common.descriptions';
import { forEachItem } from '../perItem';
import { datasetIdFor } from './datasetParameters';

const properties: INodeProperties[] = [datasetLocator, workspaceLocator];

const displayOptions = { show: { resource: ['dataset'], operation: ['hide'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Hides the dataset: lists leave it out, while its versions stay and runs that use them keep working.
 * The web app's dataset list shows hidden datasets again on request.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(this);
	return await forEachItem(this, async (itemIndex) => {
		const datasetId = datasetIdFor(this, itemIndex);
		await apiRequest(this, {
			method: 'POST',
			path: ['datasets', 'hide'],
			query: { workspaceId: workspaceIdFor(this, itemIndex, connection) },
			body: { datasetIds: [datasetId] },
			itemIndex,
		});
		return { id: datasetId, hidden: true };
	});
}
