import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ParticipantScope } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { describeValue } from '../../text/describeValue';

/** The path of an organization workspace. */
export function workspacePath({ orgId, workspaceId }: ParticipantScope): string[] {
	return ['orgs', orgId, 'workspaces', workspaceId];
}

/** A workspace as the platform describes it, with the IDs of the workspace and its organization first. */
export function workspaceItem(scope: ParticipantScope, workspace: IDataObject): IDataObject {
	return { orgId: Number(scope.orgId), workspaceId: Number(scope.workspaceId), ...workspace };
}

/** The workspace as the platform describes it now (DescribeWorkspaceResponse). */
export async function describedWorkspace(context: IExecuteFunctions, itemIndex: number, scope: ParticipantScope): Promise<IDataObject> {
	const { workspace = {} } = await apiRequest<{ workspace?: IDataObject }>(context, {
		method: 'GET',
		path: workspacePath(scope),
		itemIndex,
	});
	return workspace;
}

/** The contract's Visibility enum. */
export const VISIBILITIES = ['PRIVATE', 'SHARED'];

/** A visibility from the options list or an expression, checked before any call. */
export function requireVisibility(context: IExecuteFunctions, itemIndex: number, value: unknown): string {
	const visibility = String(value ?? '')
		.trim()
		.toUpperCase();
	if (!VISIBILITIES.includes(visibility)) {
		throw new NodeOperationError(context.getNode(), `Visibility "${describeValue(value)}" is not one the platform knows`, {
			itemIndex,
			description: `Pick ${VISIBILITIES.join(' or ')} (item ${itemIndex}).`,
		});
	}
	return visibility;
}
