import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { actionIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { anyActionLocator } from './action.descriptions';

const properties: INodeProperties[] = [anyActionLocator, workspaceLocator];

const displayOptions = { show: { resource: ['action'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * The action as the platform describes it: what starts it, its launch settings, status and labels. The labels are
 * asked for, as tower-cli's `actions view` does: without `attributes=labels` the platform answers `labels: null`.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const response = await apiRequest<{ action?: IDataObject }>(this, {
			method: 'GET',
			path: ['actions', await actionIdFor(this, itemIndex)],
			query: { workspaceId: await workspaceIdFor(this, itemIndex), attributes: ['labels'] },
			itemIndex,
		});
		return response.action ?? {};
	});
}
