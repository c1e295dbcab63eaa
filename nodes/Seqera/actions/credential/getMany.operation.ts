import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { returnAllAndLimit } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { credentialOutput } from './credentialParameters';

const properties: INodeProperties[] = [workspaceLocator, ...returnAllAndLimit()];

const displayOptions = { show: { resource: ['credential'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * One item per credentials of the workspace (ID, name, provider, description, status, dates; never a key).
 * The platform answers the whole list at once, so Limit applies to that list.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const response = await apiRequest<{ credentials?: IDataObject[] }>(this, {
			method: 'GET',
			path: ['credentials'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		const credentials = (response.credentials ?? []).map((credential) => credentialOutput(credential));
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		return returnAll ? credentials : credentials.slice(0, this.getNodeParameter('limit', itemIndex) as number);
	});
}
