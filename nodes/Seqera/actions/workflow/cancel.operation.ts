import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [runLocator, workspaceLocator];

const displayOptions = { show: { resource: ['workflow'], operation: ['cancel'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const workflowId = runIdFor(this, itemIndex);
		await apiRequest(this, {
			method: 'POST',
			path: ['workflow', workflowId, 'cancel'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return { workflowId, cancelled: true };
	});
}
