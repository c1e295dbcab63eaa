import type { IDataObject } from 'n8n-workflow';

import { findOperation } from '../contract/operations';
import type { CallRecord, RoleRefusal } from '../errors/callErrors';

/**
 * The platform answers a change the token's role in the workspace does not allow with the same bare 403
 * as an ID it does not know. When a change is refused, the token's role in the workspace is read from
 * the platform (GET /user-info, GET /user/{userId}/workspaces, as Workspace → Get Many does) and, when
 * the role explains the refusal, the error says so.
 */

/** The contract's WspRole, from the highest down. */
const ROLES_HIGHEST_FIRST = ['owner', 'admin', 'maintain', 'launch', 'connect', 'view'] as const;
type WorkspaceRole = (typeof ROLES_HIGHEST_FIRST)[number];

interface RoleNeed {
	least: WorkspaceRole;
	/** What the user tried, as in "does not allow creating labels". */
	action: string;
}

/**
 * The least role each change needs, as Seqera documents workspace roles: View reads; Launch launches
 * Launchpad pipelines, relaunches and cancels runs and uses existing labels; Maintain edits pipelines,
 * labels, datasets, data links, Studios and runs; Admin manages compute environments, credentials and secrets.
 * Keyed by method and the contract's path template.
 */
const NEEDS: Record<string, RoleNeed> = {
	'POST /workflow/launch': { least: 'launch', action: 'launching pipelines' },
	'POST /workflow/{workflowId}/cancel': { least: 'launch', action: 'cancelling runs' },
	'POST /workflow/labels/add': { least: 'launch', action: 'labelling runs' },
	'POST /workflow/labels/remove': { least: 'launch', action: 'labelling runs' },
	'POST /workflow/labels/apply': { least: 'launch', action: 'labelling runs' },
	'POST /actions/{actionId}/launch': { least: 'launch', action: 'triggering actions' },
	'POST /actions': { least: 'maintain', action: 'creating actions' },
	'PUT /actions/{actionId}': { least: 'maintain', action: 'editing actions' },
	'POST /actions/{actionId}/pause': { least: 'maintain', action: 'pausing and resuming actions' },
	'DELETE /actions/{actionId}': { least: 'maintain', action: 'deleting actions' },
	'DELETE /workflow/{workflowId}': { least: 'maintain', action: 'deleting runs' },
	'POST /workflow/delete': { least: 'maintain', action: 'deleting runs' },
	'POST /labels': { least: 'maintain', action: 'creating labels' },
	'POST /pipelines': { least: 'maintain', action: 'adding pipelines to the Launchpad' },
	'PUT /pipelines/{pipelineId}': { least: 'maintain', action: 'editing Launchpad pipelines' },
	'DELETE /pipelines/{pipelineId}': { least: 'maintain', action: 'deleting Launchpad pipelines' },
	'POST /datasets': { least: 'maintain', action: 'creating datasets' },
	'DELETE /datasets/{datasetId}': { least: 'maintain', action: 'deleting datasets' },
	'POST /datasets/hide': { least: 'maintain', action: 'hiding datasets' },
	'POST /datasets/show': { least: 'maintain', action: 'showing datasets' },
	'POST /datasets/{datasetId}/upload': { least: 'maintain', action: 'uploading dataset versions' },
	'POST /data-links': { least: 'maintain', action: 'creating data links' },
	'PUT /data-links/{dataLinkId}': { least: 'maintain', action: 'editing data links' },
	'DELETE /data-links/{dataLinkId}': { least: 'maintain', action: 'deleting data links' },
	'POST /data-links/{dataLinkId}/upload': { least: 'maintain', action: 'uploading to data links' },
	'POST /data-links/{dataLinkId}/upload/{dirPath}': { least: 'maintain', action: 'uploading to data links' },
	'POST /studios': { least: 'maintain', action: 'creating Studios' },
	'PUT /studios/{sessionId}/start': { least: 'maintain', action: 'starting Studios' },
	'PUT /studios/{sessionId}/stop': { least: 'maintain', action: 'stopping Studios' },
	'DELETE /studios/{sessionId}': { least: 'maintain', action: 'deleting Studios' },
	'POST /compute-envs': { least: 'admin', action: 'creating compute environments' },
	'POST /compute-envs/{computeEnvId}/primary': { least: 'admin', action: 'choosing the primary compute environment' },
	'POST /compute-envs/{computeEnvId}/validate': { least: 'admin', action: 'validating compute environments' },
	'PUT /compute-envs/{computeEnvId}': { least: 'admin', action: 'editing compute environments' },
	'DELETE /compute-envs/{computeEnvId}': { least: 'admin', action: 'deleting compute environments' },
	'POST /pipeline-secrets': { least: 'admin', action: 'creating secrets' },
	'PUT /pipeline-secrets/{secretId}': { least: 'admin', action: 'updating secrets' },
	'DELETE /pipeline-secrets/{secretId}': { least: 'admin', action: 'deleting secrets' },
	'POST /credentials': { least: 'admin', action: 'creating credentials' },
	'PUT /credentials/{credentialsId}': { least: 'admin', action: 'updating credentials' },
	'DELETE /credentials/{credentialsId}': { least: 'admin', action: 'deleting credentials' },
	'POST /credentials/{credentialsId}/validate': { least: 'admin', action: 'validating credentials' },
};

/** What the Launch role allows of a launch, and what it does not. */
const LAUNCH_ROLE_LAUNCHES = 'launching a pipeline that is not in the Launchpad (it may launch Launchpad pipelines and relaunch runs)';

export interface WorkspaceMembership {
	workspaceId: string;
	/** `acme/genomics`, as the web app names a workspace. */
	fullName: string;
	role: WorkspaceRole;
}

/** Reads a platform path as JSON, with the token of the refused call. */
export type ReadJson = (path: string[]) => Promise<IDataObject>;

/** Roles change rarely; a minute spares a burst of refused items the lookups without hiding a new role for long. */
const MEMBERSHIPS_KEPT_MS = 60_000;
const membershipsByToken = new Map<string, { at: number; memberships: Promise<WorkspaceMembership[]> }>();

/**
 * The organizations and workspaces the token's user belongs to (`GET /user-info`, then
 * `GET /user/{userId}/workspaces`), as the platform lists them; an entry without a workspace stands for
 * organization membership alone. The one reading of them, for the role check here and for everything
 * that names or lists workspaces.
 */
export async function readWorkspaceMemberships(readJson: ReadJson): Promise<IDataObject[]> {
	const userInfo = (await readJson(['user-info'])) as { user?: { id?: unknown } };
	const listed = (await readJson(['user', String(userInfo.user?.id ?? ''), 'workspaces'])) as { orgsAndWorkspaces?: IDataObject[] };
	return listed.orgsAndWorkspaces ?? [];
}

/** A workspace as the web app and tower-cli name it: `organization/workspace`. */
export function workspaceFullName(entry: IDataObject): string {
	return `${String(entry.orgName)}/${String(entry.workspaceName)}`;
}

async function readMemberships(readJson: ReadJson): Promise<WorkspaceMembership[]> {
	return (await readWorkspaceMemberships(readJson)).flatMap((entry) => {
		const roles: unknown[] = Array.isArray(entry.roles) ? entry.roles : [];
		const role = ROLES_HIGHEST_FIRST.find((each) => roles.includes(each));
		if (entry.workspaceId === null || entry.workspaceId === undefined || role === undefined) return [];
		return [{ workspaceId: String(entry.workspaceId), fullName: workspaceFullName(entry), role }];
	});
}

/** The token's workspaces and roles, read once a minute at most per token (keyed by its hash, never the token). */
async function membershipsOf(tokenKey: string, readJson: ReadJson): Promise<WorkspaceMembership[]> {
	const now = Date.now();
	const kept = membershipsByToken.get(tokenKey);
	if (kept && now - kept.at < MEMBERSHIPS_KEPT_MS) return await kept.memberships;
	// Reads past their minute are dropped here, so that tokens no longer used leave nothing behind.
	for (const [key, entry] of membershipsByToken) if (now - entry.at >= MEMBERSHIPS_KEPT_MS) membershipsByToken.delete(key);
	const memberships = readMemberships(readJson);
	membershipsByToken.set(tokenKey, { at: now, memberships });
	memberships.catch(() => membershipsByToken.delete(tokenKey));
	return await memberships;
}

function roleName(role: WorkspaceRole): string {
	return role.charAt(0).toUpperCase() + role.slice(1);
}

/** What a role refusal says: the workspace, the role, what it does not allow, and the role that would. */
/**
 * Why a refused change was refused, when the token's role in the call's workspace explains it; undefined
 * when it does not (the role allows it, so an ID is the likely cause), for reads, for the personal
 * workspace, and when the role cannot be read (a refused token).
 */
export async function roleRefusalOf(call: CallRecord, readJson: ReadJson): Promise<RoleRefusal | undefined> {
	const operation = findOperation(
		call.method,
		call.path.split('/').filter((segment) => segment !== ''),
	);
	const need = operation && NEEDS[`${call.method} ${operation.path}`];
	if (!need || call.workspaceId === undefined) return undefined;
	let memberships: WorkspaceMembership[];
	try {
		memberships = await membershipsOf(call.tokenKey, readJson);
	} catch {
		return undefined;
	}
	const membership = memberships.find((each) => each.workspaceId === call.workspaceId);
	if (!membership) return undefined;
	const rank = (role: WorkspaceRole) => ROLES_HIGHEST_FIRST.indexOf(role);
	const where = `your role in workspace '${membership.fullName}' (${roleName(membership.role)})`;
	if (rank(membership.role) > rank(need.least)) {
		return {
			headline: `${where} does not allow ${need.action}`,
			advice:
				`It needs the ${roleName(need.least)} role or higher: ask an owner or admin of the workspace, or use a token of a user ` +
				`who has it.`,
		};
	}
	if (need.least === 'launch' && membership.role === 'launch' && operation.path === '/workflow/launch') {
		return {
			headline: `${where} does not allow ${LAUNCH_ROLE_LAUNCHES}`,
			advice:
				'Launch a pipeline of the Launchpad (Pipeline → Launch), or ask an owner or admin of the workspace for the Maintain ' +
				'role.',
		};
	}
	return undefined;
}
