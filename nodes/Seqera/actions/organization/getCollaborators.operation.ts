import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit, searchField } from '../../fields/common';
import { forEachItem } from '../../items/perItem';
import { organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { organizationIdFor, searchedList } from '../../orgAdmin/resolve';

const properties: INodeProperties[] = [
	organizationLocator,
	...returnAllAndLimit(),
	searchField('collaborators whose user name, email, first or last name is containing this text', 'jane'),
];

const displayOptions = { show: { resource: ['organization'], operation: ['getCollaborators'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per collaborator of the organization (outside users taking part in its workspaces), with the organization ID. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		const collaborators = await searchedList(this, itemIndex, { path: ['orgs', orgId, 'collaborators'], listName: 'members' });
		return collaborators.map((collaborator) => ({ orgId: Number(orgId), ...collaborator }));
	});
}
