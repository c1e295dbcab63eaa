/**
 * Organizations, their workspaces and teams as things to create, describe, update, delete and leave, with a
 * workspace's Studios settings and an organization's collaborators. Shapes follow the contract and
 * tower-cli's captured answers (runcmd/organizations, workspaces, teams, collaborators): a described
 * organization carries null `memberId`, `memberRole`, `logoId` and `logoUrl`, a created team a null
 * `avatarUrl`. Only an organization owner creates, updates or deletes its workspaces and teams, or the
 * organization; Studios settings also take a workspace owner or admin; anyone else gets the bare 403.
 * An update replaces what it is not given, as the platform's PUT does.
 */
import { ApiError, badRequest, isoSeconds, json, noContent, withErrorId, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import type { SimOrg, SimWorkspace } from './model';
import { orgAdminOf, type OrgAdminStore } from './orgAdmin';
import { bodyOf, listPage, memberDto, memberTexts, orgOf, workspaceOf } from './orgRoutes';
import { numericPathParam } from './params';
import { route, type Route } from './router';

type Json = Record<string, unknown>;

/** The contract's pattern for an organization, workspace or team name (Organization.name, Workspace.name, Team.name). */
const NAME = /^[a-zA-Z\d](?:[a-zA-Z\d]|[-_](?=[a-zA-Z\d])){1,38}$/;
const FULL_NAME_MAX = 100;
const DESCRIPTION_MAX = 1000;
const TEAM_DESCRIPTION_MAX = 250;
const LOCATION_MAX = 100;
/** When the seed's workspaces were created, as a described workspace reports it. */
const SEED_CREATED = '2024-01-15T09:30:00Z';

const conflict = (text: string): ApiError => new ApiError(409, { message: withErrorId(text) });

/** What the contract's schema for a body field allows: a string of at most `max` characters, else 400. */
function textField(body: Json, field: string, max: number, { required = false } = {}): string | undefined {
	const value = body[field];
	if (value === undefined || value === null) {
		if (required) throw badRequest(`Missing ${field}`);
		return undefined;
	}
	if (typeof value !== 'string') throw badRequest(`Invalid ${field} '${String(value)}'`);
	if (value.length > max) throw badRequest(`${field} must be at most ${max} characters`);
	return value;
}

function nameField(body: Json, { required = true } = {}): string | undefined {
	const name = textField(body, 'name', 40, { required });
	if (name !== undefined && !NAME.test(name)) throw badRequest(`Invalid name '${name}'`);
	return name;
}

function nested(request: ApiRequest, key: string): Json {
	const value = bodyOf(request)[key];
	if (typeof value !== 'object' || value === null) throw badRequest(`Missing ${key}`);
	return value as Json;
}

/** The dates of what this simulator created; the seed's were created before it started. */
interface Dates {
	dateCreated: string;
	lastUpdated: string;
}

interface StudiosSettings {
	containerRepository: string | null;
	lifespanHours: number;
	nameStrategy: string | null;
	privateStudioByDefault: boolean;
}

/** What a workspace's Studios settings are until someone changes them. */
const DEFAULT_STUDIOS_SETTINGS: StudiosSettings = {
	containerRepository: null,
	lifespanHours: 8,
	nameStrategy: null,
	privateStudioByDefault: false,
};
const NAME_STRATEGIES = ['none', 'tagPrefix', 'imageSuffix'];

interface StructureState {
	workspaceDates: Map<number, Dates>;
	studiosSettings: Map<number, StudiosSettings>;
}

const states = new WeakMap<SimulatorData, StructureState>();

function stateOf(data: SimulatorData): StructureState {
	let state = states.get(data);
	if (!state) {
		state = { workspaceDates: new Map(), studiosSettings: new Map() };
		states.set(data, state);
	}
	return state;
}

/** DescribeOrganizationResponse's organization, as captured: what is not set is null. */
function organizationDbDto(org: SimOrg): Json {
	return {
		orgId: org.id,
		name: org.name,
		fullName: org.fullName,
		description: org.description || null,
		location: org.location || null,
		website: org.website || null,
		logoId: null,
		logoUrl: null,
		memberId: null,
		memberRole: null,
	};
}

function workspaceDbDto(data: SimulatorData, workspace: SimWorkspace): Json {
	const dates = stateOf(data).workspaceDates.get(workspace.id) ?? { dateCreated: SEED_CREATED, lastUpdated: SEED_CREATED };
	return {
		id: workspace.id,
		name: workspace.name,
		fullName: workspace.fullName,
		description: workspace.description || null,
		visibility: workspace.visibility,
		...dates,
	};
}

function visibilityOf(body: Json): SimWorkspace['visibility'] {
	const visibility = body.visibility ?? 'PRIVATE';
	if (visibility !== 'PRIVATE' && visibility !== 'SHARED') throw badRequest(`Invalid visibility '${String(visibility)}'`);
	return visibility;
}

function refuseTakenName<T extends { name: string }>(entries: T[], name: string, what: string, except?: T): void {
	if (entries.some((entry) => entry !== except && entry.name.toLowerCase() === name.toLowerCase())) {
		throw conflict(`A ${what} with name '${name}' already exists`);
	}
}

function workspaceIn(data: SimulatorData, workspaceId: number): SimWorkspace {
	return data.workspaceById(workspaceId)!;
}

/** Deleting an organization takes its workspaces, teams and members with it. */
function deleteOrganization(data: SimulatorData, store: OrgAdminStore, orgId: number): void {
	for (const workspace of data.workspaces.filter((each) => each.orgId === orgId)) deleteWorkspace(data, store, workspace.id);
	for (const team of store.teamsOf(orgId)) store.teams.splice(store.teams.indexOf(team), 1);
	for (const member of store.membersOf(orgId)) store.members.splice(store.members.indexOf(member), 1);
	data.orgs.splice(data.orgs.indexOf(data.orgById(orgId)!), 1);
}

function deleteWorkspace(data: SimulatorData, store: OrgAdminStore, workspaceId: number): void {
	for (const participant of store.participantsOf(workspaceId)) store.participants.splice(store.participants.indexOf(participant), 1);
	data.workspaces.splice(data.workspaces.indexOf(workspaceIn(data, workspaceId)), 1);
}

const organizationRoutes: Route[] = [
	route('POST', '/orgs', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const body = nested(request, 'organization');
		const name = nameField(body)!;
		refuseTakenName(data.orgs, name, 'organization');
		const org: SimOrg = {
			id: store.newId(),
			name,
			fullName: textField(body, 'fullName', FULL_NAME_MAX, { required: true })!,
			description: textField(body, 'description', DESCRIPTION_MAX) ?? '',
			location: textField(body, 'location', LOCATION_MAX) ?? '',
			website: textField(body, 'website', Number.MAX_SAFE_INTEGER) ?? '',
			type: 'basic',
			role: 'owner',
		};
		data.orgs.push(org);
		// Whoever creates an organization is its first owner, with the memberId /orgs reports for them.
		store.members.push({ memberId: callerId * 10 + 1, orgId: org.id, userId: callerId, role: 'owner' });
		return json({ organization: organizationDbDto(org) });
	}),
	route('GET', '/orgs/{orgId}', (request, { data, callerId }) => {
		const orgId = orgOf(request, orgAdminOf(data), false, callerId);
		return json({ organization: organizationDbDto(data.orgById(orgId)!) });
	}),
	route('PUT', '/orgs/{orgId}', (request, { data, callerId }) => {
		const org = data.orgById(orgOf(request, orgAdminOf(data), true, callerId))!;
		const body = bodyOf(request);
		const name = nameField(body)!;
		refuseTakenName(data.orgs, name, 'organization', org);
		Object.assign(org, {
			name,
			fullName: textField(body, 'fullName', FULL_NAME_MAX, { required: true }),
			description: textField(body, 'description', DESCRIPTION_MAX) ?? '',
			location: textField(body, 'location', LOCATION_MAX) ?? '',
			website: textField(body, 'website', Number.MAX_SAFE_INTEGER) ?? '',
		});
		return noContent();
	}),
	route('DELETE', '/orgs/{orgId}', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		deleteOrganization(data, store, orgOf(request, store, true, callerId));
		return noContent();
	}),
	route('DELETE', '/orgs/{orgId}/members/leave', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const orgId = orgOf(request, store, false, callerId);
		store.removeMember(orgId, store.memberOf(orgId, callerId)!.memberId);
		return noContent();
	}),
	route('GET', '/orgs/{orgId}/collaborators', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const collaborators = store.membersOf(orgOf(request, store, false, callerId)).filter((member) => member.role === 'collaborator');
		// As captured, a collaborator is listed without their userId.
		return listPage(request, 'members', collaborators, memberTexts(store), (member) =>
			Object.fromEntries(Object.entries(memberDto(store, member)).filter(([key]) => key !== 'userId')),
		);
	}),
];

const workspaceRoutes: Route[] = [
	route('POST', '/orgs/{orgId}/workspaces', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const orgId = orgOf(request, store, true, callerId);
		const body = nested(request, 'workspace');
		const name = nameField(body)!;
		refuseTakenName(
			data.workspaces.filter((each) => each.orgId === orgId),
			name,
			'workspace',
		);
		const workspace: SimWorkspace = {
			id: store.newId(),
			orgId,
			name,
			fullName: textField(body, 'fullName', FULL_NAME_MAX, { required: true })!,
			description: textField(body, 'description', DESCRIPTION_MAX) ?? '',
			visibility: visibilityOf(body),
		};
		data.workspaces.push(workspace);
		const now = isoSeconds(new Date());
		stateOf(data).workspaceDates.set(workspace.id, { dateCreated: now, lastUpdated: now });
		// The owner who creates a workspace takes part in it as its owner, so it is among their workspaces.
		store.participants.push({
			participantId: store.newId(),
			workspaceId: workspace.id,
			memberId: store.memberOf(orgId, callerId)!.memberId,
			role: 'owner',
		});
		return json({ workspace: workspaceDbDto(data, workspace) });
	}),
	route('GET', '/orgs/{orgId}/workspaces/{workspaceId}', (request, { data, callerId }) => {
		const { workspaceId } = workspaceOf(request, orgAdminOf(data), false, callerId);
		return json({ workspace: workspaceDbDto(data, workspaceIn(data, workspaceId)) });
	}),
	route('PUT', '/orgs/{orgId}/workspaces/{workspaceId}', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const orgId = orgOf(request, store, true, callerId);
		const { workspaceId } = workspaceOf(request, store, false, callerId);
		const workspace = workspaceIn(data, workspaceId);
		const body = bodyOf(request);
		// The name stays when none is sent (tower-cli sends one only to rename); everything else is replaced.
		const name = nameField(body, { required: false }) ?? workspace.name;
		refuseTakenName(
			data.workspaces.filter((each) => each.orgId === orgId),
			name,
			'workspace',
			workspace,
		);
		Object.assign(workspace, {
			name,
			fullName: textField(body, 'fullName', FULL_NAME_MAX) ?? '',
			description: textField(body, 'description', DESCRIPTION_MAX) ?? '',
			visibility: visibilityOf(body),
		});
		const dates = stateOf(data).workspaceDates;
		dates.set(workspaceId, { dateCreated: dates.get(workspaceId)?.dateCreated ?? SEED_CREATED, lastUpdated: isoSeconds(new Date()) });
		return json({ workspace: workspaceDbDto(data, workspace) });
	}),
	route('DELETE', '/orgs/{orgId}/workspaces/{workspaceId}', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		orgOf(request, store, true, callerId);
		deleteWorkspace(data, store, workspaceOf(request, store, false, callerId).workspaceId);
		return noContent();
	}),
	route('DELETE', '/orgs/{orgId}/workspaces/{workspaceId}/participants', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const { orgId, workspaceId } = workspaceOf(request, store, false, callerId);
		const memberId = store.memberOf(orgId, callerId)!.memberId;
		const own = store.participantsOf(workspaceId).find((participant) => participant.memberId === memberId);
		if (!own) throw badRequest('You are not a participant of this workspace');
		store.removeParticipant(workspaceId, own.participantId);
		return noContent();
	}),
	route('GET', '/orgs/{orgId}/workspaces/{workspaceId}/settings/studios', (request, { data, callerId }) => {
		const { orgId, workspaceId } = workspaceOf(request, orgAdminOf(data), false, callerId);
		const settings = stateOf(data).studiosSettings.get(workspaceId) ?? DEFAULT_STUDIOS_SETTINGS;
		return json({ ...settings, orgId, wspId: workspaceId });
	}),
	route('PUT', '/orgs/{orgId}/workspaces/{workspaceId}/settings/studios', (request, { data, callerId }) => {
		const { workspaceId } = workspaceOf(request, orgAdminOf(data), true, callerId);
		const body = bodyOf(request);
		const nameStrategy = body.nameStrategy ?? null;
		if (nameStrategy !== null && !NAME_STRATEGIES.includes(String(nameStrategy))) {
			throw badRequest(`Invalid nameStrategy '${String(nameStrategy)}'`);
		}
		const lifespanHours = body.lifespanHours ?? DEFAULT_STUDIOS_SETTINGS.lifespanHours;
		if (typeof lifespanHours !== 'number' || !Number.isInteger(lifespanHours) || lifespanHours < 0) {
			throw badRequest(`Invalid lifespanHours '${String(lifespanHours)}'`);
		}
		// A PUT replaces the settings: what it leaves out goes back to the platform's default.
		stateOf(data).studiosSettings.set(workspaceId, {
			containerRepository: textField(body, 'containerRepository', Number.MAX_SAFE_INTEGER) ?? null,
			lifespanHours,
			nameStrategy: nameStrategy === null ? null : String(nameStrategy),
			privateStudioByDefault: body.privateStudioByDefault === true,
		});
		return noContent();
	}),
];

function teamOf(request: ApiRequest, store: OrgAdminStore, callerId: number, write: boolean) {
	return store.team(orgOf(request, store, write, callerId), numericPathParam(request, 'teamId'));
}

/** CreateTeamResponse's team, as captured. */
const createdTeamDto = (team: { teamId: number; name: string; description: string; memberIds: number[] }): Json => ({
	teamId: team.teamId,
	name: team.name,
	description: team.description || null,
	avatarUrl: null,
	membersCount: team.memberIds.length,
});

const teamRoutes: Route[] = [
	route('POST', '/orgs/{orgId}/teams', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const orgId = orgOf(request, store, true, callerId);
		const body = nested(request, 'team');
		const name = nameField(body)!;
		refuseTakenName(store.teamsOf(orgId), name, 'team');
		const team = {
			teamId: store.newId(),
			orgId,
			name,
			description: textField(body, 'description', TEAM_DESCRIPTION_MAX) ?? '',
			memberIds: [],
		};
		store.teams.push(team);
		return json({ team: createdTeamDto(team) });
	}),
	route('GET', '/orgs/{orgId}/teams/{teamId}', (request, { data, callerId }) =>
		json({ team: { ...createdTeamDto(teamOf(request, orgAdminOf(data), callerId, false)), idpGroupId: null, idpGroupName: null } }),
	),
	route('PUT', '/orgs/{orgId}/teams/{teamId}', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const team = teamOf(request, store, callerId, true);
		const body = bodyOf(request);
		const name = nameField(body)!;
		refuseTakenName(store.teamsOf(team.orgId), name, 'team', team);
		team.name = name;
		team.description = textField(body, 'description', TEAM_DESCRIPTION_MAX) ?? '';
		return noContent();
	}),
	route('DELETE', '/orgs/{orgId}/teams/{teamId}', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const team = teamOf(request, store, callerId, true);
		for (const participant of store.participants.filter((each) => each.teamId === team.teamId)) {
			store.participants.splice(store.participants.indexOf(participant), 1);
		}
		store.teams.splice(store.teams.indexOf(team), 1);
		return noContent();
	}),
];

export const orgStructureRoutes: Route[] = [...organizationRoutes, ...workspaceRoutes, ...teamRoutes];
