import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { organizationIdFor, searchedList } from '../../orgAdmin/resolve';
import { returnAllAndLimit, searchField } from '../../fields/common';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	organizationLocator,
	...returnAllAndLimit(),
	searchField('teams whose name or description is containing this text', 'jane'),
];

const displayOptions = { show: { resource: ['team'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per team of the organization, with its `membersCount`. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const orgId = organizationIdFor(this, itemIndex);
		const teams = await searchedList(this, itemIndex, { path: ['orgs', orgId, 'teams'], listName: 'teams' });
		return teams.map((team) => ({ orgId: Number(orgId), ...team }));
	});
}
