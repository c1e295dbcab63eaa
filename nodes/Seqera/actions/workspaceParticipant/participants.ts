import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { participantScopeFor, type ParticipantScope, type PeopleList } from '../../orgAdmin/resolve';
import { forEachItem, type JsonOutput } from '../../items/perItem';

/** The participants of a workspace, identified by `participantId`. */
export function participantsOf({ orgId, workspaceId }: ParticipantScope): PeopleList {
	return { path: ['orgs', orgId, 'workspaces', workspaceId, 'participants'], listName: 'participants', idField: 'participantId' };
}

/**
 * Runs a participant operation for every item in the workspace the item names; each workspace's
 * organization is looked up once for the whole input.
 */
export async function forEachParticipantItem(
	context: IExecuteFunctions,
	handle: (itemIndex: number, scope: ParticipantScope) => Promise<JsonOutput>,
): Promise<INodeExecutionData[]> {
	const organizations = new Map<string, Promise<string>>();
	return await forEachItem(
		context,
		async (itemIndex) => await handle(itemIndex, await participantScopeFor(context, itemIndex, organizations)),
	);
}

/** Where an output item's participant is: the IDs of the organization and the workspace first. */
export function withScope({ orgId, workspaceId }: ParticipantScope, fields: IDataObject): IDataObject {
	return { orgId: Number(orgId), workspaceId: Number(workspaceId), ...fields };
}
