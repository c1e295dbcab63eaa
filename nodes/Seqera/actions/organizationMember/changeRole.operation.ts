import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { memberLocator, organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { idFromLocator, membersOf, organizationIdFor } from '../../orgAdmin/resolve';
import { ORGANIZATION_ROLES, requireRole } from '../../orgAdmin/roles';
import { apiRequest } from '../../transport';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	organizationLocator,
	memberLocator,
	{
		displayName: 'Role',
		name: 'role',
		type: 'options',
		options: ORGANIZATION_ROLES,
		default: 'member',
		description: 'The role the member gets in the organization',
	},
];

const displayOptions = { show: { resource: ['organizationMember'], operation: ['changeRole'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Gives one member a new organization role; `{orgId, memberId, role}`, with the email when known. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		const role = requireRole(this.getNode(), itemIndex, this.getNodeParameter('role', itemIndex), ORGANIZATION_ROLES, 'Role');
		const { id, entry } = await idFromLocator(this, itemIndex, 'member', 'Member', membersOf(orgId));
		await apiRequest(this, { method: 'PUT', path: ['orgs', orgId, 'members', id, 'role'], body: { role }, itemIndex });
		return { orgId: Number(orgId), memberId: Number(id), ...(entry ? { email: entry.email } : {}), role };
	});
}
