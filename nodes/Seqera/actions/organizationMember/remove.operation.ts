import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { memberLocator, organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { idFromLocator, membersOf, organizationIdFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	organizationLocator,
	{ ...memberLocator, description: 'The member to remove; they also leave every workspace and team of the organization' },
];

const displayOptions = { show: { resource: ['organizationMember'], operation: ['remove'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Removes one member, named by member ID or by exact email; `{orgId, memberId, removed: true}`, with the email when known. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		const { id, entry } = await idFromLocator(this, itemIndex, 'member', 'Member', membersOf(orgId));
		await apiRequest(this, { method: 'DELETE', path: ['orgs', orgId, 'members', id], itemIndex });
		return { orgId: Number(orgId), memberId: Number(id), ...(entry ? { email: entry.email } : {}), removed: true };
	});
}
