import type { INodeParameters } from 'n8n-workflow';

import { MEMBER_IDS, TEAM_IDS, orgAdminOf } from '../../dev/simulator/orgAdmin';
import { ORG_IDS } from '../../dev/simulator/seed';
import { GENOMICS, SEQERA_NODE, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();
const ACME = ORG_IDS.acmeBio;

const byName = (value: string): INodeParameters[string] => ({ __rl: true, mode: 'name', value });
const acme = { organization: { __rl: true, mode: 'id', value: String(ACME) } };
const sentSince = (before: number) =>
	platform.sim.log.slice(before).map((entry) => ({ method: entry.method, path: entry.path, query: entry.query }));

describe('teams by name', () => {
	it("gets the members of a team named exactly, the name looked up once for all items through the platform's search", async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			{ resource: 'team', operation: 'getMembers', ...acme, team: byName('bioinformatics'), returnAll: true },
			{ items: [{}, {}, {}] },
		);
		expect(result.error).toBeUndefined();
		expect(platform.json(result).map((member) => member.userName)).toEqual(Array(3).fill(['alan-turing', 'grace-hopper']).flat());
		const lookups = sentSince(before).filter((entry) => entry.path === `/orgs/${ACME}/teams`);
		expect(lookups).toEqual([expect.objectContaining({ method: 'GET', query: expect.objectContaining({ search: 'bioinformatics' }) })]);
		expect(sentSince(before).filter((entry) => entry.path === `/orgs/${ACME}/teams/${TEAM_IDS.bioinformatics}/members`)).toHaveLength(
			3,
		);
	});

	it('fails a name no team has exactly, naming the field and the teams there are, and changes nothing', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'team',
			operation: 'addMember',
			...acme,
			team: byName('Bioinformatics'),
			email: 'rosalind-franklin',
		});
		expect(result.error?.message).toBe("Team 'Bioinformatics' was not found. Teams you can use: bioinformatics, wet-lab");
		expect(sentSince(before).filter((entry) => entry.method !== 'GET')).toEqual([]);
	});

	it("adds a team named in Workspace Participant → Add, in the workspace's organization", async () => {
		const result = await platform.run({
			resource: 'workspaceParticipant',
			operation: 'add',
			...workspaceParameter(GENOMICS),
			addBy: 'team',
			team: byName('wet-lab'),
			role: 'view',
		});
		expect(result.error).toBeUndefined();
		expect(platform.json(result)[0]).toMatchObject({ teamId: TEAM_IDS.wetLab, wspRole: 'view', alreadyParticipant: false });
	});

	it("lists a named team's members in the editor", async () => {
		const search = await platform.harness.listSearch(SEQERA_NODE, 'searchTeamMembers', platform.credentials(), undefined, undefined, {
			resource: 'team',
			operation: 'removeMember',
			...acme,
			team: byName('bioinformatics'),
		});
		expect(search.results.map((entry) => entry.value)).toEqual([String(MEMBER_IDS.alanAcme), String(MEMBER_IDS.graceAcme)]);
	});
});

describe('organization members by name', () => {
	it('changes the role of a member named by user name, and of one named by email in any case', async () => {
		const changed = await platform.run(
			{ resource: 'organizationMember', operation: 'changeRole', ...acme, member: byName('={{ $json.who }}'), role: 'collaborator' },
			{ items: [{ who: 'grace-hopper' }, { who: 'Alan.Turing@ACME-bio.example' }] },
		);
		expect(changed.error).toBeUndefined();
		expect(platform.json(changed).map((entry) => entry.memberId)).toEqual([MEMBER_IDS.graceAcme, MEMBER_IDS.alanAcme]);
		const store = orgAdminOf(platform.sim.data);
		expect(store.memberNamed(ACME, 'grace-hopper')?.role).toBe('collaborator');
		expect(store.memberNamed(ACME, 'alan-turing')?.role).toBe('collaborator');
	});

	it('fails a user name that is only part of one, naming the field and the user names there are, and changes nothing', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({ resource: 'organizationMember', operation: 'remove', ...acme, member: byName('grace') });
		expect(result.error?.message).toMatch(/^Member 'grace' was not found\. User names you can use: .*grace-hopper/);
		expect(sentSince(before).filter((entry) => entry.method !== 'GET')).toEqual([]);
	});
});
