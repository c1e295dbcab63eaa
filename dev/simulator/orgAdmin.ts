/**
 * Organization administration: the people the platform knows, the members of each organization, its
 * teams, and the participants of each workspace. The seed agrees with seed.ts: the token's user is an
 * owner of acme-bio and a member of community, with the same memberId /orgs reports, and takes part in
 * each workspace with the role /user/{userId}/workspaces reports. Tests reach the store through
 * `orgAdminOf(sim.data)`.
 */
import { ApiError, badRequest, forbidden, withErrorId } from './apiTypes';
import type { SimulatorData } from './data';
import type { SimUser } from './model';
import { ORG_IDS, SEED_USER, WORKSPACE_IDS } from './seed';

export const ORG_ROLES = ['owner', 'member', 'collaborator'] as const;
export const WORKSPACE_ROLES = ['owner', 'admin', 'maintain', 'launch', 'connect', 'view'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** A platform user, invited or signed up. */
export interface SimPerson {
	userId: number;
	userName: string;
	email: string;
	firstName?: string;
	lastName?: string;
}

export interface SimMember {
	memberId: number;
	orgId: number;
	userId: number;
	role: OrgRole;
}

export interface SimTeam {
	teamId: number;
	orgId: number;
	name: string;
	description: string;
	memberIds: number[];
}

/** A member (or collaborator) or a whole team taking part in a workspace. */
export interface SimParticipant {
	participantId: number;
	workspaceId: number;
	memberId?: number;
	teamId?: number;
	/** A predefined WorkspaceRole, or the name of a custom role of the workspace's organization. */
	role: string;
}

/** A role an organization defines beside the predefined ones, as `GET /roles/{roleName}` describes it. */
export interface SimCustomRole {
	orgId: number;
	name: string;
	description: string;
	permissions: string[];
}

export const PERSON_USER_IDS = { ada: SEED_USER.id, grace: 5203, alan: 6110, rosalind: 7342, katherine: 8015 } as const;

/** The token user's memberId, as organizationDto reports it in every organization. */
const OWN_MEMBER_ID = SEED_USER.id * 10 + 1;

export const MEMBER_IDS = {
	adaAcme: OWN_MEMBER_ID,
	graceAcme: 52031,
	alanAcme: 61101,
	rosalindAcme: 73421,
	adaCommunity: OWN_MEMBER_ID,
	katherineCommunity: 80152,
} as const;

export const TEAM_IDS = { bioinformatics: 277140351402171, wetLab: 139624017760384 } as const;

export const PARTICIPANT_IDS = {
	adaGenomics: 180377012345671,
	graceGenomics: 180377012345672,
	bioinformaticsGenomics: 180377012345673,
	adaRnd: 180377012345674,
	alanRnd: 180377012345675,
	adaShowcase: 180377012345676,
	rosalindRnd: 180377012345677,
} as const;

const SEED_PEOPLE: SimPerson[] = [
	{
		userId: PERSON_USER_IDS.ada,
		userName: SEED_USER.userName,
		email: SEED_USER.email,
		firstName: SEED_USER.firstName,
		lastName: SEED_USER.lastName,
	},
	{
		userId: PERSON_USER_IDS.grace,
		userName: 'grace-hopper',
		email: 'grace.hopper@acme-bio.example',
		firstName: 'Grace',
		lastName: 'Hopper',
	},
	{ userId: PERSON_USER_IDS.alan, userName: 'alan-turing', email: 'alan.turing@acme-bio.example', firstName: 'Alan', lastName: 'Turing' },
	{
		userId: PERSON_USER_IDS.rosalind,
		userName: 'rosalind-franklin',
		email: 'rosalind.franklin@kings.example',
		firstName: 'Rosalind',
		lastName: 'Franklin',
	},
	{
		userId: PERSON_USER_IDS.katherine,
		userName: 'katherine-johnson',
		email: 'katherine.johnson@nasa.example',
		firstName: 'Katherine',
		lastName: 'Johnson',
	},
];

const SEED_MEMBERS: SimMember[] = [
	{ memberId: MEMBER_IDS.adaAcme, orgId: ORG_IDS.acmeBio, userId: PERSON_USER_IDS.ada, role: 'owner' },
	{ memberId: MEMBER_IDS.graceAcme, orgId: ORG_IDS.acmeBio, userId: PERSON_USER_IDS.grace, role: 'member' },
	{ memberId: MEMBER_IDS.alanAcme, orgId: ORG_IDS.acmeBio, userId: PERSON_USER_IDS.alan, role: 'member' },
	{ memberId: MEMBER_IDS.rosalindAcme, orgId: ORG_IDS.acmeBio, userId: PERSON_USER_IDS.rosalind, role: 'collaborator' },
	{ memberId: MEMBER_IDS.adaCommunity, orgId: ORG_IDS.community, userId: PERSON_USER_IDS.ada, role: 'member' },
	{ memberId: MEMBER_IDS.katherineCommunity, orgId: ORG_IDS.community, userId: PERSON_USER_IDS.katherine, role: 'owner' },
];

const SEED_TEAMS: SimTeam[] = [
	{
		teamId: TEAM_IDS.bioinformatics,
		orgId: ORG_IDS.acmeBio,
		name: 'bioinformatics',
		description: 'Pipeline developers and analysts',
		memberIds: [MEMBER_IDS.graceAcme, MEMBER_IDS.alanAcme],
	},
	{ teamId: TEAM_IDS.wetLab, orgId: ORG_IDS.acmeBio, name: 'wet-lab', description: 'Sequencing core staff', memberIds: [] },
];

const SEED_PARTICIPANTS: SimParticipant[] = [
	{ participantId: PARTICIPANT_IDS.adaGenomics, workspaceId: WORKSPACE_IDS.genomics, memberId: MEMBER_IDS.adaAcme, role: 'owner' },
	{ participantId: PARTICIPANT_IDS.graceGenomics, workspaceId: WORKSPACE_IDS.genomics, memberId: MEMBER_IDS.graceAcme, role: 'maintain' },
	{
		participantId: PARTICIPANT_IDS.bioinformaticsGenomics,
		workspaceId: WORKSPACE_IDS.genomics,
		teamId: TEAM_IDS.bioinformatics,
		role: 'launch',
	},
	{ participantId: PARTICIPANT_IDS.adaRnd, workspaceId: WORKSPACE_IDS.rnd, memberId: MEMBER_IDS.adaAcme, role: 'admin' },
	{ participantId: PARTICIPANT_IDS.alanRnd, workspaceId: WORKSPACE_IDS.rnd, memberId: MEMBER_IDS.alanAcme, role: 'launch' },
	{ participantId: PARTICIPANT_IDS.adaShowcase, workspaceId: WORKSPACE_IDS.showcase, memberId: MEMBER_IDS.adaCommunity, role: 'launch' },
	{ participantId: PARTICIPANT_IDS.rosalindRnd, workspaceId: WORKSPACE_IDS.rnd, memberId: MEMBER_IDS.rosalindAcme, role: 'view' },
];

const SEED_CUSTOM_ROLES: SimCustomRole[] = [
	{
		orgId: ORG_IDS.acmeBio,
		name: 'pipeline-curator',
		description: 'Curates the Launchpad: edits pipelines and launches them',
		permissions: ['pipeline:read', 'pipeline:write', 'workflow:read', 'workflow:launch'],
	},
];

/** What the platform gives a participant added without a role. */
const DEFAULT_PARTICIPANT_ROLE: WorkspaceRole = 'launch';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The predefined role whose rights a participant's role gives. The contract lists a custom role's permissions
 * only as names, without saying which routes each allows, so a custom role counts as View: it reads.
 */
function rightsOfRole(role: string): WorkspaceRole {
	return WORKSPACE_ROLES.find((each) => each === role) ?? 'view';
}

const conflict = (text: string): ApiError => new ApiError(409, { message: withErrorId(text) });

export class OrgAdminStore {
	readonly people: SimPerson[] = SEED_PEOPLE.map((person) => ({ ...person }));
	readonly members: SimMember[] = SEED_MEMBERS.map((member) => ({ ...member }));
	readonly teams: SimTeam[] = SEED_TEAMS.map((team) => ({ ...team, memberIds: [...team.memberIds] }));
	readonly participants: SimParticipant[] = SEED_PARTICIPANTS.map((participant) => ({ ...participant }));
	readonly customRoles: SimCustomRole[] = SEED_CUSTOM_ROLES.map((role) => ({ ...role, permissions: [...role.permissions] }));
	/** Answer a participant's addition with `{}`, which the contract allows, instead of `{participant}`. */
	answerParticipantAddWithoutParticipant = false;
	private nextId = 900_000_001;

	constructor(private readonly data: SimulatorData) {}

	personOf(member: SimMember): SimPerson {
		return this.people.find((person) => person.userId === member.userId)!;
	}

	membersOf(orgId: number): SimMember[] {
		return this.members.filter((member) => member.orgId === orgId);
	}

	/** The caller's membership of the organization, if they belong to it. */
	memberOf(orgId: number, userId: number): SimMember | undefined {
		return this.membersOf(orgId).find((member) => member.userId === userId);
	}

	/** The organization, when the caller (`callerId`) belongs to it; writes need them to be its owner. */
	orgFor(orgId: number, { write, callerId }: { write: boolean; callerId: number }): number {
		const own = this.memberOf(orgId, callerId);
		if (!this.data.orgById(orgId) || !own || (write && own.role !== 'owner')) throw forbidden();
		return orgId;
	}

	/** A workspace of the organization; managing it or its participants needs an org owner or a workspace owner or admin. */
	workspaceFor(orgId: number, workspaceId: number, { write, callerId }: { write: boolean; callerId: number }): number {
		this.orgFor(orgId, { write: false, callerId });
		if (this.data.workspaceById(workspaceId)?.orgId !== orgId) throw forbidden();
		if (write) {
			const ownMember = this.memberOf(orgId, callerId)!;
			const ownRole = this.participantsOf(workspaceId).find((participant) => participant.memberId === ownMember.memberId)?.role;
			if (ownMember.role !== 'owner' && ownRole !== 'owner' && ownRole !== 'admin') throw forbidden();
		}
		return workspaceId;
	}

	member(orgId: number, memberId: number): SimMember {
		const found = this.membersOf(orgId).find((member) => member.memberId === memberId);
		if (!found) throw badRequest(`Member ${memberId} not found in this organization`);
		return found;
	}

	/** A member named by email (any case) or user name. */
	memberNamed(orgId: number, userNameOrEmail: string): SimMember | undefined {
		const person = this.personNamed(userNameOrEmail);
		return person && this.membersOf(orgId).find((member) => member.userId === person.userId);
	}

	/** Adds a known user by name or email, or invites a new one by email; a member already there is a conflict. */
	addMember(orgId: number, userNameOrEmail: string, role: OrgRole = 'member'): SimMember {
		if (this.memberNamed(orgId, userNameOrEmail)) {
			throw conflict(`User '${userNameOrEmail}' is already a member of this organization`);
		}
		const person = this.personNamed(userNameOrEmail) ?? this.invite(userNameOrEmail);
		const member: SimMember = { memberId: this.newId(), orgId, userId: person.userId, role };
		this.members.push(member);
		return member;
	}

	/** Leaving an organization also leaves its teams and workspaces. */
	removeMember(orgId: number, memberId: number): void {
		const member = this.member(orgId, memberId);
		this.members.splice(this.members.indexOf(member), 1);
		for (const team of this.teams) team.memberIds = team.memberIds.filter((id) => id !== memberId);
		for (const participant of this.participants.filter((each) => each.memberId === memberId)) {
			this.participants.splice(this.participants.indexOf(participant), 1);
		}
	}

	teamsOf(orgId: number): SimTeam[] {
		return this.teams.filter((team) => team.orgId === orgId);
	}

	team(orgId: number, teamId: number): SimTeam {
		const found = this.teamsOf(orgId).find((team) => team.teamId === teamId);
		if (!found) throw badRequest(`Team ${teamId} not found in this organization`);
		return found;
	}

	/** Only members of the organization can join its teams; one already in the team is refused. */
	addTeamMember(orgId: number, teamId: number, userNameOrEmail: string): SimMember {
		const team = this.team(orgId, teamId);
		const member = this.memberNamed(orgId, userNameOrEmail);
		if (!member) throw badRequest(`User '${userNameOrEmail}' is not a member of this organization`);
		if (team.memberIds.includes(member.memberId))
			throw badRequest(`User '${userNameOrEmail}' is already a member of team '${team.name}'`);
		team.memberIds.push(member.memberId);
		return member;
	}

	removeTeamMember(orgId: number, teamId: number, memberId: number): void {
		const team = this.team(orgId, teamId);
		if (!team.memberIds.includes(memberId)) throw badRequest(`Member ${memberId} is not in team '${team.name}'`);
		team.memberIds = team.memberIds.filter((id) => id !== memberId);
	}

	customRolesOf(orgId: number): SimCustomRole[] {
		return this.customRoles.filter((role) => role.orgId === orgId);
	}

	/** Whether a participant of the organization's workspaces may be given the role: a predefined one or one of its custom roles. */
	isWorkspaceRole(orgId: number, role: string): boolean {
		return WORKSPACE_ROLES.some((each) => each === role) || this.customRolesOf(orgId).some((each) => each.name === role);
	}

	participantsOf(workspaceId: number): SimParticipant[] {
		return this.participants.filter((participant) => participant.workspaceId === workspaceId);
	}

	/** The platform user a token belongs to: the seed user, or one of the people. */
	userOf(userId: number): SimUser {
		if (userId === this.data.user.id) return this.data.user;
		const person = this.people.find((each) => each.userId === userId)!;
		return {
			id: person.userId,
			userName: person.userName,
			email: person.email,
			firstName: person.firstName ?? '',
			lastName: person.lastName ?? '',
			organization: '',
			dateCreated: SEED_USER.dateCreated,
		};
	}

	/** The user's role in the workspace: their own as a participant, or a team's they are in; the highest counts. */
	workspaceRoleOf(userId: number, workspaceId: number): WorkspaceRole | undefined {
		const orgId = this.data.workspaceById(workspaceId)?.orgId;
		const member = this.members.find((each) => each.orgId === orgId && each.userId === userId);
		if (!member) return undefined;
		const teamIds = this.teamsOf(member.orgId)
			.filter((team) => team.memberIds.includes(member.memberId))
			.map((team) => team.teamId);
		const roles = this.participantsOf(workspaceId)
			.filter((each) => each.memberId === member.memberId || (each.teamId !== undefined && teamIds.includes(each.teamId)))
			.map((each) => rightsOfRole(each.role));
		// WORKSPACE_ROLES goes from the highest role down.
		return WORKSPACE_ROLES.find((role) => roles.includes(role));
	}

	participant(workspaceId: number, participantId: number): SimParticipant {
		const found = this.participantsOf(workspaceId).find((participant) => participant.participantId === participantId);
		if (!found) throw badRequest(`Participant ${participantId} not found in this workspace`);
		return found;
	}

	/**
	 * Adds a member, a team, or a user by name or email: someone outside the organization joins it as a
	 * collaborator. Whoever takes part already is a conflict.
	 */
	addParticipant(
		orgId: number,
		workspaceId: number,
		request: { memberId?: number; teamId?: number; userNameOrEmail?: string },
	): SimParticipant {
		const entry: SimParticipant = { participantId: 0, workspaceId, role: DEFAULT_PARTICIPANT_ROLE };
		if (request.teamId !== undefined) entry.teamId = this.team(orgId, request.teamId).teamId;
		else if (request.memberId !== undefined) entry.memberId = this.member(orgId, request.memberId).memberId;
		else if (request.userNameOrEmail) {
			const member =
				this.memberNamed(orgId, request.userNameOrEmail) ?? this.addMember(orgId, request.userNameOrEmail, 'collaborator');
			entry.memberId = member.memberId;
		} else throw badRequest('Give a memberId, a teamId or a userNameOrEmail');
		const existing = this.participantsOf(workspaceId).find(
			(participant) =>
				(entry.memberId !== undefined && participant.memberId === entry.memberId) ||
				(entry.teamId !== undefined && participant.teamId === entry.teamId),
		);
		if (existing) throw conflict('The user or team is already a participant of this workspace');
		entry.participantId = this.newId();
		this.participants.push(entry);
		return entry;
	}

	removeParticipant(workspaceId: number, participantId: number): void {
		this.participants.splice(this.participants.indexOf(this.participant(workspaceId, participantId)), 1);
	}

	private personNamed(userNameOrEmail: string): SimPerson | undefined {
		const wanted = userNameOrEmail.trim().toLowerCase();
		return this.people.find((person) => person.email.toLowerCase() === wanted || person.userName.toLowerCase() === wanted);
	}

	/** An email the platform does not know gets an invitation: a user whose name comes from the address. */
	private invite(email: string): SimPerson {
		if (!EMAIL.test(email.trim())) throw badRequest(`'${email}' is neither a user name nor an email address the platform knows`);
		const address = email.trim().toLowerCase();
		const person: SimPerson = { userId: this.newId(), userName: address.split('@')[0].replace(/[^a-z0-9-]/g, '-'), email: address };
		this.people.push(person);
		return person;
	}

	/** A new ID for anything the simulator creates: member, team, participant, organization or workspace. */
	newId(): number {
		return this.nextId++;
	}
}

const stores = new WeakMap<SimulatorData, OrgAdminStore>();

/** The organization administration state of a simulator, created with its seed on first use. */
export function orgAdminOf(data: SimulatorData): OrgAdminStore {
	let store = stores.get(data);
	if (!store) {
		store = new OrgAdminStore(data);
		stores.set(data, store);
	}
	return store;
}
