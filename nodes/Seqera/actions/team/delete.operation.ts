import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { organizationLocator, teamLocator } from '../../orgAdmin/orgAdminLocators';
import { organizationIdFor, teamIdFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';

const properties: INodeProperties[] = [organizationLocator, teamLocator];

const displayOptions = { show: { resource: ['team'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Deletes the team (owners only); its members stay in the organization. `{orgId, teamId, deleted: true}`. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		const teamId = await teamIdFor(this, itemIndex, orgId);
		await apiRequest(this, { method: 'DELETE', path: ['orgs', orgId, 'teams', teamId], itemIndex });
		return { orgId: Number(orgId), teamId: Number(teamId), deleted: true };
	});
}
