import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { labelIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { oneLabelLocator } from './label.descriptions';

const properties: INodeProperties[] = [oneLabelLocator, workspaceLocator];

const displayOptions = { show: { resource: ['label'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Deletes a label; the runs, pipelines, actions and datasets that carried it lose it. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const labelId = await labelIdFor(this, itemIndex);
		await apiRequest(this, {
			method: 'DELETE',
			path: ['labels', labelId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return { id: Number(labelId), deleted: true };
	});
}
