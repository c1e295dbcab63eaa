import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { participantWorkspaceLocator } from '../../orgAdmin/orgAdminLocators';
import { searchedList } from '../../orgAdmin/resolve';
import { returnAllAndLimit, searchField } from '../../fields/common';
import { forEachParticipantItem, participantsOf, withScope } from './participants';

const properties: INodeProperties[] = [
	participantWorkspaceLocator,
	...returnAllAndLimit(),
	searchField('participants whose user name, email, first, last or team name is containing this text', 'jane'),
];

const displayOptions = { show: { resource: ['workspaceParticipant'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per participant (member, collaborator or team), with its `wspRole` and the organization and workspace IDs. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachParticipantItem(this, async (itemIndex, scope) => {
		const participants = await searchedList(this, itemIndex, participantsOf(scope));
		return participants.map((participant) => withScope(scope, participant));
	});
}
