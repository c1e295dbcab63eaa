import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { participantLocator, participantWorkspaceLocator } from '../../orgAdmin/orgAdminLocators';
import { idFromLocator } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { forEachParticipantItem, participantsOf, withScope } from './participants';

const properties: INodeProperties[] = [participantWorkspaceLocator, participantLocator];

const displayOptions = { show: { resource: ['workspaceParticipant'], operation: ['remove'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Takes one participant out of the workspace (they stay in the organization); `{orgId, workspaceId, participantId, removed: true}`. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachParticipantItem(this, async (itemIndex, scope) => {
		const list = participantsOf(scope);
		const { id, entry } = await idFromLocator(this, itemIndex, 'participant', 'Participant', list);
		await apiRequest(this, { method: 'DELETE', path: [...list.path, id], itemIndex });
		return withScope(scope, { participantId: Number(id), ...(entry ? { email: entry.email } : {}), removed: true });
	});
}
