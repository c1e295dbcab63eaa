import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { organizationLocator, teamLocator, teamMemberLocator } from '../../orgAdmin/orgAdminLocators';
import { idFromLocator, organizationIdFor, teamIdFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { forEachItem } from '../../items/perItem';
import { teamMembersOf } from './teamMembers';

const properties: INodeProperties[] = [organizationLocator, teamLocator, teamMemberLocator];

const displayOptions = { show: { resource: ['team'], operation: ['removeMember'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Takes one member out of the team (they stay in the organization); `{orgId, teamId, memberId, removed: true}`. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		const teamId = await teamIdFor(this, itemIndex, orgId);
		const list = teamMembersOf(orgId, teamId);
		const { id, entry } = await idFromLocator(this, itemIndex, 'teamMember', 'Team Member', list);
		await apiRequest(this, { method: 'DELETE', path: [...list.path, id, 'delete'], itemIndex });
		return {
			orgId: Number(orgId),
			teamId: Number(teamId),
			memberId: Number(id),
			...(entry ? { email: entry.email } : {}),
			removed: true,
		};
	});
}
