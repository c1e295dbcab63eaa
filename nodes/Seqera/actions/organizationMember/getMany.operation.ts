import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { membersOf, organizationIdFor, searchedList } from '../../orgAdmin/resolve';
import { returnAllAndLimit, searchField } from '../../fields/common';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	organizationLocator,
	...returnAllAndLimit(),
	searchField('members whose user name, email, first or last name is containing this text', 'jane'),
];

const displayOptions = { show: { resource: ['organizationMember'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per member, with the organization's ID so later nodes can act on them. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		const members = await searchedList(this, itemIndex, membersOf(orgId));
		return members.map((member) => ({ orgId: Number(orgId), ...member }));
	});
}
