import { readFileSync } from 'node:fs';

import { parse as parseYaml } from 'yaml';

import { contractFilePath } from '../../dev/simulator/contract';
import { MEMBER_IDS, PARTICIPANT_IDS, TEAM_IDS, orgAdminOf } from '../../dev/simulator/orgAdmin';
import { ORG_IDS, SEED_USER } from '../../dev/simulator/seed';
import { ORGANIZATION_ROLES, WORKSPACE_ROLES } from '../../nodes/Seqera/orgAdmin/roles';
import { GENOMICS, locator, RND, SEQERA_NODE, TOKEN, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();
const ACME = ORG_IDS.acmeBio;
const COMMUNITY = ORG_IDS.community;

const organization = (id: number) => ({ organization: locator(id) });

/** `METHOD /path?query` of each request the simulator received from `before` on. */
function callsSince(before: number): string[] {
	return platform.sim.log.slice(before).map((entry) => {
		const query = new URLSearchParams(entry.query).toString();
		return `${entry.method} ${entry.path}${query ? `?${query}` : ''}`;
	});
}

const store = () => orgAdminOf(platform.sim.data);

describe('Organization → Get Many', () => {
	it('outputs each organization of the user with their role in it, and Limit cuts the list', async () => {
		const all = platform.json(await platform.run({ resource: 'organization', operation: 'getMany', returnAll: true }));
		expect(all).toEqual([
			expect.objectContaining({
				orgId: ACME,
				name: 'acme-bio',
				fullName: 'ACME Biosciences',
				memberRole: 'owner',
				memberId: MEMBER_IDS.adaAcme,
			}),
			expect.objectContaining({ orgId: COMMUNITY, name: 'community', memberRole: 'member' }),
		]);
		const limited = platform.json(await platform.run({ resource: 'organization', operation: 'getMany', returnAll: false, limit: 1 }));
		expect(limited.map((org) => org.name)).toEqual(['acme-bio']);
	});
});

describe('Organization Member', () => {
	it('Get Many lists the members in user name order, with the organization ID, and Search narrows them', async () => {
		const members = platform.json(
			await platform.run({ resource: 'organizationMember', operation: 'getMany', returnAll: true, ...organization(ACME) }),
		);
		expect(members.map((member) => [member.userName, member.role])).toEqual([
			['ada-lovelace', 'owner'],
			['alan-turing', 'member'],
			['grace-hopper', 'member'],
			['rosalind-franklin', 'collaborator'],
		]);
		expect(members[2]).toEqual({
			orgId: ACME,
			memberId: MEMBER_IDS.graceAcme,
			userId: 5203,
			userName: 'grace-hopper',
			email: 'grace.hopper@acme-bio.example',
			firstName: 'Grace',
			lastName: 'Hopper',
			avatar: expect.any(String),
			role: 'member',
		});
		const before = platform.sim.log.length;
		const found = platform.json(
			await platform.run({
				resource: 'organizationMember',
				operation: 'getMany',
				returnAll: false,
				limit: 10,
				search: 'hopper',
				...organization(ACME),
			}),
		);
		expect(found.map((member) => member.email)).toEqual(['grace.hopper@acme-bio.example']);
		expect(callsSince(before)).toEqual([`GET /orgs/${ACME}/members?search=hopper&max=10&offset=0`]);
	});

	it('Get Many pages through a large organization by max and offset: Return All reads every page, Limit stops early', async () => {
		for (let n = 0; n < 120; n++) store().addMember(COMMUNITY, `volunteer${String(n).padStart(3, '0')}@community.example`);
		const before = platform.sim.log.length;
		const all = platform.json(
			await platform.run({ resource: 'organizationMember', operation: 'getMany', returnAll: true, ...organization(COMMUNITY) }),
		);
		expect(all).toHaveLength(122);
		expect(new Set(all.map((member) => member.memberId)).size).toBe(122);
		expect(callsSince(before)).toEqual([
			`GET /orgs/${COMMUNITY}/members?max=100&offset=0`,
			`GET /orgs/${COMMUNITY}/members?max=100&offset=100`,
		]);
		const limited = platform.json(
			await platform.run({
				resource: 'organizationMember',
				operation: 'getMany',
				returnAll: false,
				limit: 3,
				...organization(COMMUNITY),
			}),
		);
		expect(limited.map((member) => member.userName)).toEqual(['ada-lovelace', 'katherine-johnson', 'volunteer000']);
	});

	it('Add invites a new email as a member; adding them again outputs the same member with alreadyMember: true', async () => {
		const add = { resource: 'organizationMember', operation: 'add', email: 'new.hire@acme-bio.example', ...organization(ACME) };
		const [added] = platform.json(await platform.run(add));
		expect(added).toEqual(
			expect.objectContaining({ orgId: ACME, email: 'new.hire@acme-bio.example', role: 'member', alreadyMember: false }),
		);

		const before = platform.sim.log.length;
		const again = await platform.run({ ...add, email: 'New.Hire@acme-bio.example' });
		expect(again.error).toBeUndefined();
		expect(platform.json(again)).toEqual([{ ...added, alreadyMember: true }]);
		expect(platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.status}`)).toEqual(['PUT 409', 'GET 200']);
		expect(
			store()
				.membersOf(ACME)
				.filter((member) => store().personOf(member).email === 'new.hire@acme-bio.example'),
		).toHaveLength(1);
	});

	it('Add without an email fails the item naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({ resource: 'organizationMember', operation: 'add', email: '  ', ...organization(ACME) });
		expect(result.error).toMatchObject({ message: 'Email is empty', description: 'Enter a value for "Email" (item 0).' });
		expect(platform.sim.log.length).toBe(before);
	});

	it('Add in an organization where you are not an owner shows the platform refusal', async () => {
		const result = await platform.run({
			resource: 'organizationMember',
			operation: 'add',
			email: 'someone@example.org',
			...organization(COMMUNITY),
		});
		expect(result.error).toMatchObject({
			message: expect.stringContaining('Forbidden'),
			description: expect.stringContaining(`PUT /orgs/${COMMUNITY}/members/add answered 403`),
		});
		expect(JSON.stringify(result.run)).not.toContain(TOKEN);
	});

	it('Add of text that is neither a user name nor an email shows the platform refusal, after checking nobody has it', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'organizationMember',
			operation: 'add',
			email: 'not an address',
			...organization(ACME),
		});
		expect(result.error).toMatchObject({
			message: "'not an address' is neither a user name nor an email address the platform knows",
			description: expect.stringContaining(`PUT /orgs/${ACME}/members/add was rejected by the platform`),
		});
		expect(platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.status}`)).toEqual(['PUT 400', 'GET 200']);
	});

	it('Change Role by email sends the role and outputs it', async () => {
		const result = await platform.run({
			resource: 'organizationMember',
			operation: 'changeRole',
			member: locator('ALAN.TURING@acme-bio.example', 'email'),
			role: 'owner',
			...organization(ACME),
		});
		expect(platform.json(result)).toEqual([
			{ orgId: ACME, memberId: MEMBER_IDS.alanAcme, email: 'alan.turing@acme-bio.example', role: 'owner' },
		]);
		expect(store().member(ACME, MEMBER_IDS.alanAcme).role).toBe('owner');
		expect(platform.sim.log.at(-1)).toMatchObject({
			method: 'PUT',
			path: `/orgs/${ACME}/members/${MEMBER_IDS.alanAcme}/role`,
			body: { role: 'owner' },
		});
	});

	it('Change Role refuses a role the platform does not know, naming the field and the roles, before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'organizationMember',
			operation: 'changeRole',
			member: locator(MEMBER_IDS.graceAcme),
			role: '={{ "superuser" }}',
			...organization(ACME),
		});
		expect(result.error).toMatchObject({
			message: 'Role "superuser" is not a role the platform knows',
			description: 'Pick one of owner, member, collaborator (item 0).',
		});
		expect(platform.sim.log.length).toBe(before);
	});

	it('Remove by email never picks someone for a partial match: an unknown email fails naming the field', async () => {
		const countBefore = store().membersOf(ACME).length;
		const result = await platform.run({
			resource: 'organizationMember',
			operation: 'remove',
			member: locator('grace@acme-bio.example', 'email'),
			...organization(ACME),
		});
		expect(result.error).toMatchObject({
			message: 'Member "grace@acme-bio.example" was not found',
			description: expect.stringContaining('Nobody in this list has that exact email address (item 0)'),
		});
		expect(store().membersOf(ACME)).toHaveLength(countBefore);
	});

	it('Remove by member ID removes that member, who leaves the workspaces and teams too', async () => {
		const { memberId } = store().addMember(ACME, 'leaver@acme-bio.example');
		store().addParticipant(ACME, RND, { memberId });
		store().addTeamMember(ACME, TEAM_IDS.wetLab, 'leaver@acme-bio.example');
		const result = await platform.run({
			resource: 'organizationMember',
			operation: 'remove',
			member: locator(memberId),
			...organization(ACME),
		});
		expect(platform.json(result)).toEqual([{ orgId: ACME, memberId, removed: true }]);
		expect(
			store()
				.membersOf(ACME)
				.some((member) => member.memberId === memberId),
		).toBe(false);
		expect(
			store()
				.participantsOf(RND)
				.some((participant) => participant.memberId === memberId),
		).toBe(false);
		expect(store().team(ACME, TEAM_IDS.wetLab).memberIds).not.toContain(memberId);
	});

	it('Remove of an unknown member ID shows the platform error', async () => {
		const result = await platform.run({
			resource: 'organizationMember',
			operation: 'remove',
			member: locator(999),
			...organization(ACME),
		});
		expect(result.error).toMatchObject({ message: 'Member 999 not found in this organization' });
	});
});

describe('Workspace Participant', () => {
	it("Get Many finds the workspace's organization from your memberships and lists members and teams with their roles", async () => {
		const before = platform.sim.log.length;
		const participants = platform.json(
			await platform.run({
				resource: 'workspaceParticipant',
				operation: 'getMany',
				returnAll: true,
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(
			participants.map((participant) => [participant.type, participant.userName ?? participant.teamName, participant.wspRole]),
		).toEqual([
			['MEMBER', 'ada-lovelace', 'owner'],
			['MEMBER', 'grace-hopper', 'maintain'],
			['TEAM', 'bioinformatics', 'launch'],
		]);
		expect(participants[1]).toMatchObject({
			orgId: ACME,
			workspaceId: GENOMICS,
			participantId: PARTICIPANT_IDS.graceGenomics,
			memberId: MEMBER_IDS.graceAcme,
		});
		expect(callsSince(before)).toEqual([
			'GET /user-info',
			`GET /user/${SEED_USER.id}/workspaces`,
			`GET /orgs/${ACME}/workspaces/${GENOMICS}/participants?max=100&offset=0`,
		]);
	});

	it('Get Many with several items looks up the organization once', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			{
				resource: 'workspaceParticipant',
				operation: 'getMany',
				returnAll: false,
				limit: 1,
				search: 'bioinf',
				...workspaceParameter(GENOMICS),
			},
			{ items: [{}, {}, {}] },
		);
		expect(platform.json(result).map((participant) => participant.teamName)).toEqual([
			'bioinformatics',
			'bioinformatics',
			'bioinformatics',
		]);
		expect(callsSince(before).filter((call) => call === 'GET /user-info')).toHaveLength(1);
	});

	it('a workspace that is not one of your organization workspaces fails naming it', async () => {
		const result = await platform.run({
			resource: 'workspaceParticipant',
			operation: 'getMany',
			returnAll: true,
			...workspaceParameter(999),
		});
		expect(result.error).toMatchObject({
			message: 'Workspace 999 is not one of your organization workspaces',
			description: expect.stringContaining('Pick the workspace from the list, or check its ID (item 0)'),
		});
	});

	it('without a workspace and without a default one, fails naming the field', async () => {
		const result = await platform.run({ resource: 'workspaceParticipant', operation: 'getMany', returnAll: true });
		expect(result.error).toMatchObject({
			message: 'Workspace is empty',
			description: expect.stringContaining('Pick an organization workspace'),
		});
	});

	it('Add by email brings a newcomer in as a collaborator with the role; adding again keeps their role and says so', async () => {
		const add = {
			resource: 'workspaceParticipant',
			operation: 'add',
			addBy: 'email',
			email: 'visiting.scientist@partner.example',
			role: 'maintain',
			...workspaceParameter(RND),
		};
		const before = platform.sim.log.length;
		const [added] = platform.json(await platform.run(add));
		expect(added).toEqual(
			expect.objectContaining({
				orgId: ACME,
				workspaceId: RND,
				type: 'COLLABORATOR',
				email: 'visiting.scientist@partner.example',
				wspRole: 'maintain',
				alreadyParticipant: false,
			}),
		);
		expect(callsSince(before).slice(-2)).toEqual([
			`PUT /orgs/${ACME}/workspaces/${RND}/participants/add`,
			`PUT /orgs/${ACME}/workspaces/${RND}/participants/${String(added.participantId)}/role`,
		]);

		const again = platform.json(await platform.run({ ...add, role: 'view' }));
		expect(again).toEqual([{ ...added, alreadyParticipant: true }]);
		const reset = platform.json(await platform.run({ ...add, role: 'view', ifAlreadyParticipant: 'setRole' }));
		expect(reset).toEqual([{ ...added, wspRole: 'view', alreadyParticipant: true }]);
		expect(store().participant(RND, Number(added.participantId)).role).toBe('view');
	});

	it('Add an organization member or a team by ID', async () => {
		const [member] = platform.json(
			await platform.run({
				resource: 'workspaceParticipant',
				operation: 'add',
				addBy: 'member',
				member: locator(MEMBER_IDS.graceAcme),
				role: 'launch',
				...workspaceParameter(RND),
			}),
		);
		expect(member).toMatchObject({ type: 'MEMBER', memberId: MEMBER_IDS.graceAcme, wspRole: 'launch', alreadyParticipant: false });
		const [team] = platform.json(
			await platform.run({
				resource: 'workspaceParticipant',
				operation: 'add',
				addBy: 'team',
				team: locator(TEAM_IDS.wetLab),
				role: 'view',
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(team).toMatchObject({
			type: 'TEAM',
			teamId: TEAM_IDS.wetLab,
			teamName: 'wet-lab',
			wspRole: 'view',
			alreadyParticipant: false,
		});
	});

	describe('when the add answer leaves the participant out ({}, as the contract allows)', () => {
		beforeEach(() => {
			store().answerParticipantAddWithoutParticipant = true;
		});
		afterEach(() => {
			store().answerParticipantAddWithoutParticipant = false;
			platform.sim.clearFaults();
		});

		it('finds the new participant in the list and sets the role on them, never on "undefined"', async () => {
			const before = platform.sim.log.length;
			const [added] = platform.json(
				await platform.run({
					resource: 'workspaceParticipant',
					operation: 'add',
					addBy: 'member',
					member: locator(MEMBER_IDS.rosalindAcme),
					role: 'admin',
					...workspaceParameter(GENOMICS),
				}),
			);
			const participantId = store()
				.participantsOf(GENOMICS)
				.find((participant) => participant.memberId === MEMBER_IDS.rosalindAcme)!.participantId;
			expect(added).toMatchObject({
				orgId: ACME,
				workspaceId: GENOMICS,
				participantId,
				memberId: MEMBER_IDS.rosalindAcme,
				wspRole: 'admin',
				alreadyParticipant: false,
			});
			expect(callsSince(before).slice(-3)).toEqual([
				`PUT /orgs/${ACME}/workspaces/${GENOMICS}/participants/add`,
				`GET /orgs/${ACME}/workspaces/${GENOMICS}/participants?max=100&offset=0`,
				`PUT /orgs/${ACME}/workspaces/${GENOMICS}/participants/${participantId}/role`,
			]);
			expect(store().participant(GENOMICS, participantId).role).toBe('admin');
		});

		it('fails the item clearly, sending no role change, when the list does not name them either', async () => {
			platform.sim.addFault({ method: 'GET', path: /\/participants$/, kind: 'answer', answer: { participants: [], totalSize: 0 } });
			const before = platform.sim.log.length;
			const result = await platform.run({
				resource: 'workspaceParticipant',
				operation: 'add',
				addBy: 'team',
				team: locator(TEAM_IDS.wetLab),
				role: 'maintain',
				...workspaceParameter(RND),
			});
			expect(result.error).toMatchObject({
				message: `The platform added team ${TEAM_IDS.wetLab} to the workspace but did not say as which participant`,
				description: expect.stringContaining('so the Role was not set'),
			});
			expect(callsSince(before).filter((call) => call.endsWith('/role'))).toEqual([]);
			expect(callsSince(before).some((call) => call.includes('undefined'))).toBe(false);
		});
	});

	it('Change Role by email and Remove by participant ID', async () => {
		const [changed] = platform.json(
			await platform.run({
				resource: 'workspaceParticipant',
				operation: 'changeRole',
				participant: locator('grace.hopper@acme-bio.example', 'email'),
				role: 'admin',
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(changed).toEqual({
			orgId: ACME,
			workspaceId: GENOMICS,
			participantId: PARTICIPANT_IDS.graceGenomics,
			email: 'grace.hopper@acme-bio.example',
			wspRole: 'admin',
		});
		const removed = platform.json(
			await platform.run({
				resource: 'workspaceParticipant',
				operation: 'remove',
				participant: locator(PARTICIPANT_IDS.alanRnd),
				...workspaceParameter(RND),
			}),
		);
		expect(removed).toEqual([{ orgId: ACME, workspaceId: RND, participantId: PARTICIPANT_IDS.alanRnd, removed: true }]);
		expect(
			store()
				.participantsOf(RND)
				.some((participant) => participant.participantId === PARTICIPANT_IDS.alanRnd),
		).toBe(false);
		// Leaving a workspace is not leaving the organization.
		expect(store().member(ACME, MEMBER_IDS.alanAcme)).toBeDefined();
	});

	it('Change Role refuses a bad role, naming the field', async () => {
		const result = await platform.run({
			resource: 'workspaceParticipant',
			operation: 'changeRole',
			participant: locator(PARTICIPANT_IDS.graceGenomics),
			role: '={{ "" }}',
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toMatchObject({
			message: 'Role is empty',
			description: 'Pick one of owner, admin, maintain, launch, connect, view (item 0).',
		});
	});

	it('with Continue On Fail, an unknown participant email fails its own item only', async () => {
		const result = await platform.run(
			{
				resource: 'workspaceParticipant',
				operation: 'remove',
				participant: { __rl: true, mode: 'email', value: '={{ $json.email }}' },
				...workspaceParameter(GENOMICS),
			},
			{ items: [{ email: 'nobody@acme-bio.example' }, { email: 'grace.hopper@acme-bio.example' }], continueOnFail: true },
		);
		expect(platform.json(result)).toEqual([
			{ error: 'Participant "nobody@acme-bio.example" was not found', message: expect.stringContaining('(item 0)') },
			{
				orgId: ACME,
				workspaceId: GENOMICS,
				participantId: PARTICIPANT_IDS.graceGenomics,
				email: 'grace.hopper@acme-bio.example',
				removed: true,
			},
		]);
	});
});

describe('Team', () => {
	it('Get Many and Get Members', async () => {
		const teams = platform.json(await platform.run({ resource: 'team', operation: 'getMany', returnAll: true, ...organization(ACME) }));
		expect(teams.map((team) => [team.name, team.membersCount])).toEqual([
			['bioinformatics', 2],
			['wet-lab', 0],
		]);
		expect(teams[0]).toMatchObject({ orgId: ACME, teamId: TEAM_IDS.bioinformatics });
		const members = platform.json(
			await platform.run({
				resource: 'team',
				operation: 'getMembers',
				returnAll: true,
				team: locator(TEAM_IDS.bioinformatics),
				...organization(ACME),
			}),
		);
		expect(members.map((member) => member.userName)).toEqual(['alan-turing', 'grace-hopper']);
		expect(members[0]).toMatchObject({ orgId: ACME, teamId: TEAM_IDS.bioinformatics, memberId: MEMBER_IDS.alanAcme });
	});

	it('Add Member adds an organization member; adding again outputs alreadyMember: true; Remove Member by email takes them out', async () => {
		const add = {
			resource: 'team',
			operation: 'addMember',
			team: locator(TEAM_IDS.bioinformatics),
			email: 'rosalind.franklin@kings.example',
			...organization(ACME),
		};
		const [added] = platform.json(await platform.run(add));
		expect(added).toMatchObject({
			orgId: ACME,
			teamId: TEAM_IDS.bioinformatics,
			memberId: MEMBER_IDS.rosalindAcme,
			alreadyMember: false,
		});
		expect(platform.json(await platform.run(add))).toEqual([{ ...added, alreadyMember: true }]);

		const removed = platform.json(
			await platform.run({
				resource: 'team',
				operation: 'removeMember',
				team: locator(TEAM_IDS.bioinformatics),
				teamMember: locator('rosalind.franklin@kings.example', 'email'),
				...organization(ACME),
			}),
		);
		expect(removed).toEqual([
			{
				orgId: ACME,
				teamId: TEAM_IDS.bioinformatics,
				memberId: MEMBER_IDS.rosalindAcme,
				email: 'rosalind.franklin@kings.example',
				removed: true,
			},
		]);
		expect(store().team(ACME, TEAM_IDS.bioinformatics).memberIds).not.toContain(MEMBER_IDS.rosalindAcme);
	});

	it('Add Member of someone outside the organization shows why the platform refused', async () => {
		const result = await platform.run({
			resource: 'team',
			operation: 'addMember',
			team: locator(TEAM_IDS.wetLab),
			email: 'stranger@example.org',
			...organization(ACME),
		});
		expect(result.error).toMatchObject({ message: "User 'stranger@example.org' is not a member of this organization" });
	});

	it('a team ID from an expression that is not a number fails naming the field', async () => {
		const result = await platform.run({
			resource: 'team',
			operation: 'getMembers',
			returnAll: true,
			team: locator('={{ "wet-lab" }}'),
			...organization(ACME),
		});
		expect(result.error).toMatchObject({ message: 'Team "wet-lab" is not a number' });
	});
});

describe('lists for the locators', () => {
	const credentials = () => platform.credentials();

	it('organizations, members of the chosen organization, and its teams', async () => {
		const orgs = await platform.harness.listSearch(SEQERA_NODE, 'searchOrganizations', credentials(), 'acme');
		expect(orgs.results).toEqual([{ name: 'ACME Biosciences (acme-bio)', value: String(ACME), description: 'Your role: owner' }]);
		const members = await platform.harness.listSearch(SEQERA_NODE, 'searchOrganizationMembers', credentials(), 'grace', undefined, {
			resource: 'organizationMember',
			...organization(ACME),
		});
		expect(members.results).toEqual([
			{ name: 'Grace Hopper <grace.hopper@acme-bio.example>', value: String(MEMBER_IDS.graceAcme), description: 'member' },
		]);
		const teamMembers = await platform.harness.listSearch(SEQERA_NODE, 'searchTeamMembers', credentials(), undefined, undefined, {
			resource: 'team',
			operation: 'removeMember',
			team: locator(TEAM_IDS.bioinformatics),
			...organization(ACME),
		});
		expect(teamMembers.results.map((entry) => entry.value)).toContain(String(MEMBER_IDS.graceAcme));
	});

	it("where participants are managed, members, teams and participants come from the workspace's organization", async () => {
		const parameters = { resource: 'workspaceParticipant', ...workspaceParameter(GENOMICS) };
		const teams = await platform.harness.listSearch(SEQERA_NODE, 'searchTeams', credentials(), 'wet', undefined, parameters);
		expect(teams.results).toEqual([
			{ name: 'wet-lab', value: String(TEAM_IDS.wetLab), description: expect.stringMatching(/members$/) },
		]);
		const participants = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchWorkspaceParticipants',
			credentials(),
			'bioinf',
			undefined,
			parameters,
		);
		expect(participants.results).toEqual([
			{ name: 'Team: bioinformatics', value: String(PARTICIPANT_IDS.bioinformaticsGenomics), description: 'launch' },
		]);
	});

	it('a member list without an organization picked asks for one', async () => {
		await expect(
			platform.harness.listSearch(SEQERA_NODE, 'searchOrganizationMembers', credentials(), undefined, undefined, {
				resource: 'organizationMember',
				organization: locator('', 'list'),
			}),
		).rejects.toThrow('Organization is empty');
	});
});

describe('roles', () => {
	it("are the contract's OrgRole and WspRole enums", () => {
		const contract = parseYaml(readFileSync(contractFilePath(), 'utf8')) as {
			components: { schemas: Record<string, { enum: string[] }> };
		};
		expect(ORGANIZATION_ROLES.map((role) => role.value)).toEqual(contract.components.schemas.OrgRole.enum);
		expect(WORKSPACE_ROLES.map((role) => role.value)).toEqual(contract.components.schemas.WspRole.enum);
	});
});
