import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireText } from '../../helpers/validate';
import { personField } from '../../orgAdmin/fields';
import { organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { addedOrExisting, findInList, isPerson, membersOf, organizationIdFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	organizationLocator,
	personField(
		'Email address of the person to add, who joins with the Member role; someone new to the platform is invited. The user name ' +
			'of someone already on the platform works too.',
	),
];

const displayOptions = { show: { resource: ['organizationMember'], operation: ['add'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Adds the person to the organization. The platform refuses someone who is a member already (409); the
 * item then outputs that member with `alreadyMember: true`, so a repeated onboarding goes on.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		const user = requireText(this.getNode(), itemIndex, 'Email', this.getNodeParameter('email', itemIndex));
		const { entry, already } = await addedOrExisting(
			async () => {
				const added = await apiRequest<{ member?: IDataObject }>(this, {
					method: 'PUT',
					path: ['orgs', orgId, 'members', 'add'],
					body: { user },
					itemIndex,
				});
				return added.member ?? {};
			},
			async () => (await findInList(this, membersOf(orgId), user, itemIndex, (member) => isPerson(member, user)))[0],
		);
		return { orgId: Number(orgId), ...entry, alreadyMember: already };
	});
}
