import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../names/workspaceId';
import { participantScopeFor } from '../orgAdmin/resolve';
import { WORKSPACE_ROLES, customRolesOf } from '../orgAdmin/roles';

/**
 * The roles a participant of the chosen workspace can have: the predefined ones first, with the values saved
 * workflows hold, then its organization's custom roles by name. Until a workspace is known only the predefined ones.
 */
export async function getWorkspaceRoles(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	if ((await workspaceIdFor(this, 0)) === undefined) return WORKSPACE_ROLES;
	const { orgId } = await participantScopeFor(this, 0);
	const custom = await customRolesOf(this, orgId);
	return [
		...WORKSPACE_ROLES,
		...custom.map((role) => ({
			name: String(role.name),
			value: String(role.name),
			description: typeof role.description === 'string' && role.description !== '' ? role.description : 'A custom role',
		})),
	];
}
