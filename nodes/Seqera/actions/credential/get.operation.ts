import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { credentialIdFor } from '../../names/lookups';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { credentialLocator } from './credential.descriptions';
import { credentialOutput } from './credentialParameters';

const properties: INodeProperties[] = [credentialLocator, workspaceLocator];

const displayOptions = { show: { resource: ['credential'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The credentials as the platform describes them, with their non-secret settings; never a password, token or key. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const credentialsId = await credentialIdFor(this, itemIndex);
		const response = await apiRequest<{ credentials?: IDataObject }>(this, {
			method: 'GET',
			path: ['credentials', credentialsId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return credentialOutput(response.credentials ?? {}, true);
	});
}
