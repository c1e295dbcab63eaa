/**
 * Workspace roles, as the platform enforces them. Each token belongs to a user (the seed user unless
 * `TOKEN_USERS` says otherwise), and the user's role in a workspace comes from its participants (their
 * own, or a team's they are in; the highest counts). In their personal workspace a user is its owner.
 *
 * View reads; Launch also launches Launchpad pipelines, relaunches runs, cancels them and puts existing
 * labels on them; Maintain also edits pipelines, labels, datasets, data links, Studios and runs; Admin
 * also manages compute environments, credentials and secrets; Owner everything. A refusal is the
 * platform's bare 403, the same answer as for an ID it does not know. Organization routes check their
 * own rights (orgAdmin.ts).
 */
import type { ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import { orgAdminOf, PERSON_USER_IDS, WORKSPACE_ROLES, type WorkspaceRole } from './orgAdmin';
import { SEED_USER } from './seed';

/** A token whose user has the Launch role in genomics (through the bioinformatics team) and in rnd. */
export const LAUNCH_ROLE_TOKEN = 'sim-token-launch';
/** A token whose user has the View role in rnd, and no other workspace. */
export const VIEW_ROLE_TOKEN = 'sim-token-view';

const TOKEN_USERS: Record<string, number> = {
	[LAUNCH_ROLE_TOKEN]: PERSON_USER_IDS.alan,
	[VIEW_ROLE_TOKEN]: PERSON_USER_IDS.rosalind,
};

export function userIdOfToken(token: string): number {
	return TOKEN_USERS[token] ?? SEED_USER.id;
}

/** WORKSPACE_ROLES goes from the highest role down. */
function roleAtLeast(role: WorkspaceRole, least: WorkspaceRole): boolean {
	return WORKSPACE_ROLES.indexOf(role) <= WORKSPACE_ROLES.indexOf(least);
}

/** The least role each change needs, by route. Any other change needs Maintain; a read needs View. */
const LEAST_ROLE_TO_CHANGE: Record<string, WorkspaceRole> = {
	'POST /workflow/launch': 'launch',
	'POST /workflow/{workflowId}/cancel': 'launch',
	'POST /workflow/labels/add': 'launch',
	'POST /workflow/labels/remove': 'launch',
	'POST /workflow/labels/apply': 'launch',
	'POST /actions/{actionId}/launch': 'launch',
	'POST /compute-envs': 'admin',
	'POST /compute-envs/{computeEnvId}/primary': 'admin',
	'POST /compute-envs/{computeEnvId}/validate': 'admin',
	'PUT /compute-envs/{computeEnvId}': 'admin',
	'DELETE /compute-envs/{computeEnvId}': 'admin',
	'POST /credentials': 'admin',
	'PUT /credentials/{credentialsId}': 'admin',
	'DELETE /credentials/{credentialsId}': 'admin',
	'POST /credentials/{credentialsId}/validate': 'admin',
	'POST /pipeline-secrets': 'admin',
	'PUT /pipeline-secrets/{secretId}': 'admin',
	'DELETE /pipeline-secrets/{secretId}': 'admin',
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * With the Launch role, a launch runs a Launchpad pipeline (its repository) or relaunches a run of the
 * workspace (its session); a pipeline from any other repository URL needs Maintain.
 */
function launchRoleMayLaunch(request: ApiRequest, data: SimulatorData, workspace: number): boolean {
	const launch = isRecord(request.body) && isRecord(request.body.launch) ? request.body.launch : {};
	if (data.pipelinesIn(workspace).some((pipeline) => pipeline.repository === launch.pipeline)) return true;
	return typeof launch.sessionId === 'string' && data.runsIn(workspace).some((run) => run.sessionId === launch.sessionId);
}

/**
 * Whether the caller's role in the request's workspace refuses it. A workspace they have no role in is
 * not theirs to see; the personal workspace, and routes outside workspaces, are left to the routes.
 */
export function refusedByRole(request: ApiRequest, data: SimulatorData, userId: number, routeKey: string): boolean {
	if (/^\/(orgs|user)(\/|$)|^\/user-info$|^\/service-info$/.test(request.path)) return false;
	const raw = request.query.workspaceId;
	if (raw === undefined || !/^\d+$/.test(raw) || !data.workspaceById(Number(raw))) return false;
	const workspace = Number(raw);
	const role = orgAdminOf(data).workspaceRoleOf(userId, workspace);
	if (role === undefined) return true;
	if (request.method === 'GET') return false;
	const least = LEAST_ROLE_TO_CHANGE[routeKey] ?? 'maintain';
	if (!roleAtLeast(role, least)) return true;
	return routeKey === 'POST /workflow/launch' && role === 'launch' && !launchRoleMayLaunch(request, data, workspace);
}
