import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceRoleField } from '../../orgAdmin/fields';
import { participantLocator, participantWorkspaceLocator } from '../../orgAdmin/orgAdminLocators';
import { idFromLocator } from '../../orgAdmin/resolve';
import { requireWorkspaceRole } from '../../orgAdmin/roles';
import { apiRequest } from '../../transport';
import { forEachParticipantItem, participantsOf, withScope } from './participants';

const properties: INodeProperties[] = [
	participantWorkspaceLocator,
	participantLocator,
	workspaceRoleField('The role the participant gets in the workspace'),
];

const displayOptions = { show: { resource: ['workspaceParticipant'], operation: ['changeRole'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Gives one participant a new workspace role; `{orgId, workspaceId, participantId, wspRole}`. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachParticipantItem(this, async (itemIndex, scope) => {
		const role = await requireWorkspaceRole(this, itemIndex, scope.orgId, this.getNodeParameter('role', itemIndex), 'Role');
		const list = participantsOf(scope);
		const { id, entry } = await idFromLocator(this, itemIndex, 'participant', 'Participant', list);
		await apiRequest(this, { method: 'PUT', path: [...list.path, id, 'role'], body: { role }, itemIndex });
		return withScope(scope, { participantId: Number(id), ...(entry ? { email: entry.email } : {}), wspRole: role });
	});
}
