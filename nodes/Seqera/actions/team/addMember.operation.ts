import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireText } from '../../helpers/validate';
import { personField } from '../../orgAdmin/fields';
import { organizationLocator, teamLocator } from '../../orgAdmin/orgAdminLocators';
import { addedOrExisting, findInList, isPerson, organizationIdFor, teamIdFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { forEachItem } from '../../items/perItem';
import { teamMembersOf } from './teamMembers';

const properties: INodeProperties[] = [
	organizationLocator,
	teamLocator,
	personField(
		'Email address of a member of the organization (add them with Organization Member → Add first); ' + 'their user name works too',
	),
];

const displayOptions = { show: { resource: ['team'], operation: ['addMember'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Adds an organization member to the team. When the platform refuses because they are in the team
 * already, the item outputs that member with `alreadyMember: true`; any other refusal fails the item.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		const teamId = await teamIdFor(this, itemIndex, orgId);
		const userNameOrEmail = requireText(this.getNode(), itemIndex, 'Email', this.getNodeParameter('email', itemIndex));
		const list = teamMembersOf(orgId, teamId);
		const { entry, already } = await addedOrExisting(
			async () => {
				const added = await apiRequest<{ member?: IDataObject }>(this, {
					method: 'POST',
					path: list.path,
					body: { userNameOrEmail },
					itemIndex,
				});
				return added.member ?? {};
			},
			async () => (await findInList(this, list, userNameOrEmail, itemIndex, (member) => isPerson(member, userNameOrEmail)))[0],
		);
		return { orgId: Number(orgId), teamId: Number(teamId), ...entry, alreadyMember: already };
	});
}
