import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { actionIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { anyActionLocator } from './action.descriptions';

const properties: INodeProperties[] = [anyActionLocator, workspaceLocator];

const displayOptions = { show: { resource: ['action'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const actionId = await actionIdFor(this, itemIndex);
		await apiRequest(this, {
			method: 'DELETE',
			path: ['actions', actionId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return { actionId, deleted: true };
	});
}
