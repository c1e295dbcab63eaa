import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { credentialIdFor } from '../../names/lookups';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { credentialLocator } from './credential.descriptions';

const properties: INodeProperties[] = [credentialLocator, workspaceLocator];

const displayOptions = { show: { resource: ['credential'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Deletes the credentials, as tower-cli does (`checked=false`: runs that use them do not block it). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const credentialsId = await credentialIdFor(this, itemIndex);
		await apiRequest(this, {
			method: 'DELETE',
			path: ['credentials', credentialsId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex), checked: false },
			itemIndex,
		});
		return { id: credentialsId, deleted: true };
	});
}
