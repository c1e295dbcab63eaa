import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import { dataLinkIdFor } from './dataLinkParameters';

const properties: INodeProperties[] = [
	{ ...dataLinkLocator, description: 'The data link to remove from the Data Explorer; the bucket and its files stay' },
	workspaceLocator,
];

const displayOptions = { show: { resource: ['dataLink'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Removes the data link from the workspace's Data Explorer; the bucket and its files are left as they are. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const dataLinkId = await dataLinkIdFor(this, itemIndex);
		await apiRequest(this, {
			method: 'DELETE',
			path: ['data-links', dataLinkId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return { dataLinkId, deleted: true };
	});
}
