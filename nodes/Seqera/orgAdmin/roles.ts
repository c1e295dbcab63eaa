import type { IDataObject, INode, INodePropertyOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequestPages, pagesCountedByTotal } from '../lists/pages';
import { describeValue } from '../text/describeValue';
import type { SeqeraFunctions } from '../transport';

/** The contract's OrgRole enum: what a member may do in the organization. */
export const ORGANIZATION_ROLES: INodePropertyOptions[] = [
	{ name: 'Owner', value: 'owner', description: 'Manages the organization, its members, teams and workspaces' },
	{ name: 'Member', value: 'member', description: 'Belongs to the organization; takes part in the workspaces they are added to' },
	{ name: 'Collaborator', value: 'collaborator', description: 'An outside user who takes part only in the workspaces they are added to' },
];

/** The contract's WspRole enum, from the most rights to the least. */
export const WORKSPACE_ROLES: INodePropertyOptions[] = [
	{ name: 'Owner', value: 'owner', description: 'Full control of the workspace, its participants and settings' },
	{ name: 'Admin', value: 'admin', description: 'Manages the workspace, its participants, credentials and compute environments' },
	{ name: 'Maintain', value: 'maintain', description: 'Launches and edits pipelines, compute environments and actions' },
	{ name: 'Launch', value: 'launch', description: 'Launches pipelines and sees all runs' },
	{ name: 'Connect', value: 'connect', description: 'Launches pipelines and connects to running Studios' },
	{ name: 'View', value: 'view', description: 'Sees runs and pipelines, read only' },
];

/** A role given by the options list or by an expression, checked against the roles the platform knows. */
export function requireRole(node: INode, itemIndex: number, value: unknown, roles: INodePropertyOptions[], field: string): string {
	const text = String(value ?? '')
		.trim()
		.toLowerCase();
	const known = roles.map((role) => String(role.value));
	if (!known.includes(text)) {
		throw new NodeOperationError(
			node,
			text === '' ? `${field} is empty` : `${field} "${describeValue(value)}" is not a role the platform knows`,
			{
				itemIndex,
				description: `Pick one of ${known.join(', ')} (item ${itemIndex}).`,
			},
		);
	}
	return text;
}

/** The custom roles of an organization (`GET /roles`), those named like `name` when it is given. */
export async function customRolesOf(context: SeqeraFunctions, orgId: string, itemIndex = 0, name?: string): Promise<IDataObject[]> {
	const roles = await apiRequestPages<IDataObject>(
		context,
		{ method: 'GET', path: ['roles'], query: { orgId, type: 'custom', ...(name === undefined ? {} : { name }) }, itemIndex },
		pagesCountedByTotal('roles'),
	);
	return roles.filter((role) => role.isPredefined !== true && typeof role.name === 'string');
}

/**
 * A workspace role given by the list or by an expression: a predefined role is checked here as before (any case),
 * any other name must be one of the organization's custom roles, exactly.
 */
export async function requireWorkspaceRole(
	context: SeqeraFunctions,
	itemIndex: number,
	orgId: string,
	value: unknown,
	field: string,
): Promise<string> {
	const text = String(value ?? '').trim();
	const predefined = WORKSPACE_ROLES.map((role) => String(role.value));
	if (text === '' || predefined.includes(text.toLowerCase()))
		return requireRole(context.getNode(), itemIndex, text, WORKSPACE_ROLES, field);
	if ((await customRolesOf(context, orgId, itemIndex, text)).some((role) => role.name === text)) return text;
	const custom = (await customRolesOf(context, orgId, itemIndex)).map((role) => String(role.name));
	throw new NodeOperationError(context.getNode(), `${field} "${describeValue(text)}" is not a role of the workspace's organization`, {
		itemIndex,
		description: `Pick one of ${[...predefined, ...custom].join(', ')} (item ${itemIndex}). Custom role names are matched exactly.`,
	});
}
