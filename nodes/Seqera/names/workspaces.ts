import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { describeValue } from '../text/describeValue';
import { readWorkspaceMemberships, workspaceFullName } from '../roles/workspaceRoles';
import { apiRequest, type SeqeraFunctions } from '../transport';
import { idNamed, type NamedEntry } from './byName';

/** The organizations and workspaces the token's user belongs to, read through the transport (rate limit, errors). */
export async function workspaceMemberships(context: SeqeraFunctions, itemIndex?: number): Promise<IDataObject[]> {
	return await readWorkspaceMemberships(async (path) => await apiRequest<IDataObject>(context, { method: 'GET', path, itemIndex }));
}

/** Whether a value is a workspace reference as tower-cli takes it: organization and workspace names joined by `/`. */
export function isWorkspaceReference(value: unknown): value is string {
	return typeof value === 'string' && value.includes('/');
}

/** Organization and workspace names as the platform allows them: letters, digits, `-` and `_`, starting with a letter or digit. */
const PLATFORM_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * The ID of the workspace `org/workspace` names (`acme/genomics`) among the token user's workspaces, each
 * name matched exactly, as tower-cli's `--workspace` does.
 */
export async function workspaceIdNamed(context: SeqeraFunctions, itemIndex: number, reference: string, field: string): Promise<string> {
	const parts = reference.split('/').map((part) => part.trim());
	if (parts.length !== 2 || !parts.every((part) => PLATFORM_NAME.test(part))) {
		throw new NodeOperationError(
			context.getNode(),
			`${field} '${describeValue(reference)}' is not an organization and workspace name`,
			{
				itemIndex,
				description: `Give the workspace as organization/workspace, like acme/genomics, or its ID (item ${itemIndex}).`,
			},
		);
	}
	return await idNamed(
		context,
		itemIndex,
		{
			field,
			entries: 'workspaces',
			key: 'workspaces',
			list: async () =>
				(await workspaceMemberships(context, itemIndex))
					.filter((entry) => entry.workspaceId !== null && entry.workspaceId !== undefined)
					.map((entry): NamedEntry => ({ name: workspaceFullName(entry), id: String(entry.workspaceId) })),
		},
		parts.join('/'),
	);
}
