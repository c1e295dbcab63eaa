import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { organizationLocator, teamLocator } from '../../orgAdmin/orgAdminLocators';
import { organizationIdFor, searchedList, teamIdFor } from '../../orgAdmin/resolve';
import { returnAllAndLimit, searchField } from '../../fields/common';
import { forEachItem } from '../../items/perItem';
import { teamMembersOf } from './teamMembers';

const properties: INodeProperties[] = [
	organizationLocator,
	teamLocator,
	...returnAllAndLimit(),
	searchField('members whose user name, email, first or last name is containing this text', 'jane'),
];

const displayOptions = { show: { resource: ['team'], operation: ['getMembers'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per member of the team, with the organization and team IDs. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		const teamId = await teamIdFor(this, itemIndex, orgId);
		const members = await searchedList(this, itemIndex, teamMembersOf(orgId, teamId));
		return members.map((member) => ({ orgId: Number(orgId), teamId: Number(teamId), ...member }));
	});
}
