import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { organizationIdFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';

const properties: INodeProperties[] = [organizationLocator];

const displayOptions = { show: { resource: ['organization'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Deletes the organization with its workspaces, teams and members (owners only); `{orgId, deleted: true}`. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		await apiRequest(this, { method: 'DELETE', path: ['orgs', orgId], itemIndex });
		return { orgId: Number(orgId), deleted: true };
	});
}
