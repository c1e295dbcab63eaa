import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { secretLocator } from './secret.descriptions';
import { secretIdFor } from './secretParameters';

const properties: INodeProperties[] = [secretLocator, workspaceLocator];

const displayOptions = { show: { resource: ['secret'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const secretId = await secretIdFor(this, itemIndex);
		await apiRequest(this, {
			method: 'DELETE',
			path: ['pipeline-secrets', secretId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return { id: Number(secretId), deleted: true };
	});
}
