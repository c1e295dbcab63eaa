import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { organizationIdFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';

const properties: INodeProperties[] = [organizationLocator];

const displayOptions = { show: { resource: ['organization'], operation: ['leave'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Takes the token's user out of the organization, its teams and its workspaces; `{orgId, left: true}`. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		await apiRequest(this, { method: 'DELETE', path: ['orgs', orgId, 'members', 'leave'], itemIndex });
		return { orgId: Number(orgId), left: true };
	});
}
