/** Organization members, teams and workspace participants, as the contract's `orgs`, `teams` and `workspaces` tags serve them. */
import { badRequest, json, noContent, type ApiRequest } from './apiTypes';
import {
	ORG_ROLES,
	WORKSPACE_ROLES,
	orgAdminOf,
	type OrgAdminStore,
	type OrgRole,
	type SimMember,
	type SimParticipant,
	type SimTeam,
} from './orgAdmin';
import { DEFAULT_PAGE, MAX_PAGE, integerParam, numericPathParam, pageOf } from './params';
import { route, type Route } from './router';

type Json = Record<string, unknown>;

export function memberDto(store: OrgAdminStore, member: SimMember): Json {
	const person = store.personOf(member);
	return {
		memberId: member.memberId,
		userId: person.userId,
		userName: person.userName,
		email: person.email,
		firstName: person.firstName,
		lastName: person.lastName,
		avatar: `https://www.gravatar.com/avatar/${person.userId.toString(16)}?d=404`,
		role: member.role,
	};
}

export function teamDto(team: SimTeam): Json {
	return {
		teamId: team.teamId,
		name: team.name,
		description: team.description,
		membersCount: team.memberIds.length,
		idpGroupId: null,
		idpGroupName: null,
	};
}

/** A team participant carries the team's fields; a member or collaborator carries the person's. */
function participantDto(store: OrgAdminStore, orgId: number, participant: SimParticipant): Json {
	if (participant.teamId !== undefined) {
		const team = store.team(orgId, participant.teamId);
		return {
			participantId: participant.participantId,
			type: 'TEAM',
			teamId: team.teamId,
			teamName: team.name,
			wspRole: participant.role,
		};
	}
	const member = store.member(orgId, participant.memberId!);
	const person = store.personOf(member);
	return {
		participantId: participant.participantId,
		type: member.role === 'collaborator' ? 'COLLABORATOR' : 'MEMBER',
		memberId: member.memberId,
		userName: person.userName,
		email: person.email,
		firstName: person.firstName,
		lastName: person.lastName,
		orgRole: member.role,
		wspRole: participant.role,
	};
}

/** A page of `entries` matching `search` in any of `texts`, under `listName`, with the count of every match. */
export function listPage<T>(
	request: ApiRequest,
	listName: string,
	entries: T[],
	texts: (entry: T) => Array<string | undefined>,
	toDto: (entry: T) => Json,
) {
	const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
	const offset = integerParam(request, 'offset', 0);
	const search = (request.query.search ?? '').trim().toLowerCase();
	const matching = entries.filter((entry) => texts(entry).some((text) => (text ?? '').toLowerCase().includes(search)));
	return json({ [listName]: pageOf(matching, offset, max).map(toDto), totalSize: matching.length });
}

export function bodyOf(request: ApiRequest): Json {
	return typeof request.body === 'object' && request.body !== null ? (request.body as Json) : {};
}

function requiredText(request: ApiRequest, field: string): string {
	const value = bodyOf(request)[field];
	if (typeof value !== 'string' || value.trim() === '') throw badRequest(`Missing ${field}`);
	return value;
}

function roleIn<T extends string>(request: ApiRequest, allowed: readonly T[]): T {
	const role = bodyOf(request).role;
	const found = allowed.find((each) => each === role);
	if (!found) throw badRequest(`Invalid role '${String(role)}' - allowed: ${allowed.join(', ')}`);
	return found;
}

/** A predefined workspace role or a custom role of the workspace's organization. */
function workspaceRoleIn(request: ApiRequest, store: OrgAdminStore, orgId: number): string {
	const role = bodyOf(request).role;
	if (typeof role === 'string' && store.isWorkspaceRole(orgId, role)) return role;
	const allowed = [...WORKSPACE_ROLES, ...store.customRolesOf(orgId).map((each) => each.name)];
	throw badRequest(`Invalid role '${String(role)}' - allowed: ${allowed.join(', ')}`);
}

function optionalNumber(request: ApiRequest, field: string): number | undefined {
	const value = bodyOf(request)[field];
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'number' || !Number.isInteger(value)) throw badRequest(`Invalid ${field} '${String(value)}'`);
	return value;
}

export function orgOf(request: ApiRequest, store: OrgAdminStore, write: boolean, callerId: number): number {
	return store.orgFor(numericPathParam(request, 'orgId'), { write, callerId });
}

export function workspaceOf(
	request: ApiRequest,
	store: OrgAdminStore,
	write: boolean,
	callerId: number,
): { orgId: number; workspaceId: number } {
	const orgId = numericPathParam(request, 'orgId');
	return { orgId, workspaceId: store.workspaceFor(orgId, numericPathParam(request, 'workspaceId'), { write, callerId }) };
}

export function memberTexts(store: OrgAdminStore) {
	return (member: SimMember) => {
		const person = store.personOf(member);
		return [person.userName, person.email, person.firstName, person.lastName];
	};
}

const byUserName = (store: OrgAdminStore) => (a: SimMember, b: SimMember) =>
	store.personOf(a).userName.localeCompare(store.personOf(b).userName);

export const orgRoutes: Route[] = [
	route('GET', '/orgs/{orgId}/members', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const members = store.membersOf(orgOf(request, store, false, callerId)).sort(byUserName(store));
		return listPage(request, 'members', members, memberTexts(store), (member) => memberDto(store, member));
	}),
	route('PUT', '/orgs/{orgId}/members/add', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const member = store.addMember(orgOf(request, store, true, callerId), requiredText(request, 'user'));
		return json({ member: memberDto(store, member) });
	}),
	route('DELETE', '/orgs/{orgId}/members/{memberId}', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		store.removeMember(orgOf(request, store, true, callerId), numericPathParam(request, 'memberId'));
		return noContent();
	}),
	route('PUT', '/orgs/{orgId}/members/{memberId}/role', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const member = store.member(orgOf(request, store, true, callerId), numericPathParam(request, 'memberId'));
		member.role = roleIn<OrgRole>(request, ORG_ROLES);
		return noContent();
	}),
	route('GET', '/orgs/{orgId}/teams', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const teams = store.teamsOf(orgOf(request, store, false, callerId)).sort((a, b) => a.name.localeCompare(b.name));
		return listPage(request, 'teams', teams, (team) => [team.name, team.description], teamDto);
	}),
	route('GET', '/orgs/{orgId}/teams/{teamId}/members', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const orgId = orgOf(request, store, false, callerId);
		const team = store.team(orgId, numericPathParam(request, 'teamId'));
		const members = team.memberIds.map((memberId) => store.member(orgId, memberId)).sort(byUserName(store));
		return listPage(request, 'members', members, memberTexts(store), (member) => memberDto(store, member));
	}),
	route('POST', '/orgs/{orgId}/teams/{teamId}/members', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const member = store.addTeamMember(
			orgOf(request, store, true, callerId),
			numericPathParam(request, 'teamId'),
			requiredText(request, 'userNameOrEmail'),
		);
		return json({ member: memberDto(store, member) });
	}),
	route('DELETE', '/orgs/{orgId}/teams/{teamId}/members/{memberId}/delete', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		store.removeTeamMember(
			orgOf(request, store, true, callerId),
			numericPathParam(request, 'teamId'),
			numericPathParam(request, 'memberId'),
		);
		return noContent();
	}),
	route('GET', '/orgs/{orgId}/workspaces/{workspaceId}/participants', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const { orgId, workspaceId } = workspaceOf(request, store, false, callerId);
		const entries = store.participantsOf(workspaceId).map((participant) => participantDto(store, orgId, participant));
		const texts = (entry: Json) =>
			[entry.userName, entry.email, entry.firstName, entry.lastName, entry.teamName] as Array<string | undefined>;
		return listPage(request, 'participants', entries, texts, (entry) => entry);
	}),
	route('PUT', '/orgs/{orgId}/workspaces/{workspaceId}/participants/add', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const { orgId, workspaceId } = workspaceOf(request, store, true, callerId);
		const userNameOrEmail = bodyOf(request).userNameOrEmail;
		const participant = store.addParticipant(orgId, workspaceId, {
			memberId: optionalNumber(request, 'memberId'),
			teamId: optionalNumber(request, 'teamId'),
			userNameOrEmail: typeof userNameOrEmail === 'string' ? userNameOrEmail : undefined,
		});
		return json(store.answerParticipantAddWithoutParticipant ? {} : { participant: participantDto(store, orgId, participant) });
	}),
	route('DELETE', '/orgs/{orgId}/workspaces/{workspaceId}/participants/{participantId}', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const { workspaceId } = workspaceOf(request, store, true, callerId);
		store.removeParticipant(workspaceId, numericPathParam(request, 'participantId'));
		return noContent();
	}),
	route('PUT', '/orgs/{orgId}/workspaces/{workspaceId}/participants/{participantId}/role', (request, { data, callerId }) => {
		const store = orgAdminOf(data);
		const { orgId, workspaceId } = workspaceOf(request, store, true, callerId);
		const participant = store.participant(workspaceId, numericPathParam(request, 'participantId'));
		participant.role = workspaceRoleIn(request, store, orgId);
		return noContent();
	}),
];
