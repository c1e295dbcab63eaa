import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { studioIdFor } from '../../names/lookups';
import { studioLocator } from './studio.descriptions';

const properties: INodeProperties[] = [studioLocator, workspaceLocator];

const displayOptions = { show: { resource: ['studio'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const sessionId = await studioIdFor(this, itemIndex);
		await apiRequest(this, {
			method: 'DELETE',
			path: ['studios', sessionId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return { sessionId, deleted: true };
	});
}
