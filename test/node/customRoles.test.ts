import type { INodeParameters } from 'n8n-workflow';

import { MEMBER_IDS, PARTICIPANT_IDS, PERSON_USER_IDS, orgAdminOf } from '../../dev/simulator/orgAdmin';
import { ORG_IDS } from '../../dev/simulator/seed';
import { WORKSPACE_ROLES } from '../../nodes/Seqera/orgAdmin/roles';
import { GENOMICS, RND, SEQERA_NODE, locator, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();
const ACME = ORG_IDS.acmeBio;
const CURATOR = 'pipeline-curator';
const PREDEFINED = ['owner', 'admin', 'maintain', 'launch', 'connect', 'view'];

const store = () => orgAdminOf(platform.sim.data);

/** What the simulator received from `before` on: method, path, query and body of each request. */
function sentSince(before: number) {
	return platform.sim.log.slice(before).map(({ method, path, query, body }) => ({ method, path, query, ...(body ? { body } : {}) }));
}

/** The roles the platform lists for the query, through the node's Custom API Call. */
async function listedRoles(query: Record<string, string>) {
	const result = await platform.run({
		resource: 'customApiCall',
		operation: 'request',
		method: 'GET',
		path: '/roles',
		queryParameters: { parameter: Object.entries(query).map(([name, value]) => ({ name, value })) },
	});
	expect(result.error).toBeUndefined();
	return platform.json(result)[0] as { roles: Array<{ name: string; isPredefined: boolean; description: string }>; totalSize: number };
}

const changeRole = (role: string, participantId: number = PARTICIPANT_IDS.graceGenomics, workspace = GENOMICS): INodeParameters => ({
	resource: 'workspaceParticipant',
	operation: 'changeRole',
	participant: locator(participantId),
	role,
	...workspaceParameter(workspace),
});

describe('the platform simulator serves GET /roles', () => {
	it('as ListRolesResponse: predefined roles first, then the custom roles of the organization', async () => {
		const all = await listedRoles({ orgId: String(ACME) });
		expect(all.totalSize).toBe(7);
		expect(all.roles.map((role) => [role.name, role.isPredefined])).toEqual([
			...PREDEFINED.map((name) => [name, true]),
			[CURATOR, false],
		]);
		expect(Object.keys(all.roles[6]).sort()).toEqual(['description', 'isPredefined', 'name']);
	});

	it('in max/offset pages, filtered by type and name', async () => {
		const page = await listedRoles({ orgId: String(ACME), max: '2', offset: '5' });
		expect(page).toMatchObject({ totalSize: 7, roles: [{ name: 'view' }, { name: CURATOR }] });
		const custom = await listedRoles({ orgId: String(ACME), type: 'custom' });
		expect(custom.roles.map((role) => role.name)).toEqual([CURATOR]);
		const predefined = await listedRoles({ orgId: String(ACME), type: 'predefined', name: 'MAIN' });
		expect(predefined).toEqual({ roles: [expect.objectContaining({ name: 'maintain' })], totalSize: 1 });
		// Another organization's custom roles are not this one's.
		const community = await listedRoles({ orgId: String(ORG_IDS.community), type: 'custom' });
		expect(community).toEqual({ roles: [], totalSize: 0 });
	});
});

describe('Workspace Participant roles from the platform', () => {
	it("the Role list offers the predefined roles with today's values, then the organization's custom roles", async () => {
		const before = platform.sim.log.length;
		const options = await platform.harness.loadOptions(SEQERA_NODE, 'getWorkspaceRoles', platform.credentials(), {
			resource: 'workspaceParticipant',
			operation: 'changeRole',
			...workspaceParameter(GENOMICS),
		});
		expect(options).toEqual([
			...WORKSPACE_ROLES,
			{ name: CURATOR, value: CURATOR, description: 'Curates the Launchpad: edits pipelines and launches them' },
		]);
		expect(options.slice(0, 6).map((option) => option.value)).toEqual(PREDEFINED);
		expect(sentSince(before).filter((request) => request.path === '/roles')).toEqual([
			{ method: 'GET', path: '/roles', query: { orgId: String(ACME), type: 'custom', max: '100', offset: '0' } },
		]);
	});

	it('without a workspace the Role list offers the predefined roles, asking the platform nothing', async () => {
		const before = platform.sim.log.length;
		const options = await platform.harness.loadOptions(SEQERA_NODE, 'getWorkspaceRoles', platform.credentials(), {
			resource: 'workspaceParticipant',
			operation: 'add',
			workspace: locator('', 'list'),
		});
		expect(options).toEqual(WORKSPACE_ROLES);
		expect(platform.sim.log.length).toBe(before);
	});

	it('Change Role to a custom role checks its exact name, then sends it; Get Many shows it', async () => {
		const before = platform.sim.log.length;
		const [changed] = platform.json(await platform.run(changeRole(CURATOR)));
		expect(changed).toEqual({ orgId: ACME, workspaceId: GENOMICS, participantId: PARTICIPANT_IDS.graceGenomics, wspRole: CURATOR });
		expect(sentSince(before).slice(-2)).toEqual([
			{ method: 'GET', path: '/roles', query: { orgId: String(ACME), type: 'custom', name: CURATOR, max: '100', offset: '0' } },
			{
				method: 'PUT',
				path: `/orgs/${ACME}/workspaces/${GENOMICS}/participants/${PARTICIPANT_IDS.graceGenomics}/role`,
				query: {},
				body: { role: CURATOR },
			},
		]);
		const participants = platform.json(
			await platform.run({
				resource: 'workspaceParticipant',
				operation: 'getMany',
				returnAll: true,
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(participants.find((entry) => entry.participantId === PARTICIPANT_IDS.graceGenomics)).toMatchObject({ wspRole: CURATOR });
	});

	it('a predefined role costs no extra call and is sent as before, in lower case', async () => {
		const before = platform.sim.log.length;
		const [changed] = platform.json(await platform.run(changeRole('={{ "Maintain" }}')));
		expect(changed).toMatchObject({ wspRole: 'maintain' });
		const sent = sentSince(before);
		expect(sent.some((request) => request.path === '/roles')).toBe(false);
		expect(sent.at(-1)).toEqual({
			method: 'PUT',
			path: `/orgs/${ACME}/workspaces/${GENOMICS}/participants/${PARTICIPANT_IDS.graceGenomics}/role`,
			query: {},
			body: { role: 'maintain' },
		});
	});

	it('an unknown role fails the item naming the field and the roles there are, before any change', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(changeRole('Pipeline-Curator'));
		expect(result.error).toMatchObject({
			message: `Role "Pipeline-Curator" is not a role of the workspace's organization`,
			description:
				`Pick one of owner, admin, maintain, launch, connect, view, ${CURATOR} (item 0). ` +
				'Custom role names are matched exactly.',
		});
		expect(sentSince(before).some((request) => request.method === 'PUT')).toBe(false);
		expect(store().participant(GENOMICS, PARTICIPANT_IDS.graceGenomics).role).not.toBe('Pipeline-Curator');
	});

	it('Add gives a custom role to the new participant', async () => {
		const before = platform.sim.log.length;
		const [added] = platform.json(
			await platform.run({
				resource: 'workspaceParticipant',
				operation: 'add',
				addBy: 'member',
				member: locator(MEMBER_IDS.graceAcme),
				role: CURATOR,
				...workspaceParameter(RND),
			}),
		);
		expect(added).toMatchObject({ type: 'MEMBER', memberId: MEMBER_IDS.graceAcme, wspRole: CURATOR, alreadyParticipant: false });
		const sent = sentSince(before);
		expect(sent.findIndex((request) => request.path === '/roles')).toBeLessThan(
			sent.findIndex((request) => request.path.endsWith('/participants/add')),
		);
		expect(sent.at(-1)).toEqual({
			method: 'PUT',
			path: `/orgs/${ACME}/workspaces/${RND}/participants/${String(added.participantId)}/role`,
			query: {},
			body: { role: CURATOR },
		});
		expect(store().participant(RND, Number(added.participantId)).role).toBe(CURATOR);
	});

	it('Add with an unknown role adds nobody', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'workspaceParticipant',
			operation: 'add',
			addBy: 'email',
			email: 'nobody.new@partner.example',
			role: 'curator',
			...workspaceParameter(RND),
		});
		expect(result.error?.message).toBe(`Role "curator" is not a role of the workspace's organization`);
		expect(sentSince(before).some((request) => request.method === 'PUT')).toBe(false);
	});

	it('the platform refuses a role its organization does not have with a 400', async () => {
		const result = await platform.run({
			resource: 'customApiCall',
			operation: 'request',
			method: 'PUT',
			path: `/orgs/${ACME}/workspaces/${GENOMICS}/participants/${PARTICIPANT_IDS.graceGenomics}/role`,
			bodyType: 'json',
			jsonBody: JSON.stringify({ role: 'curator' }),
		});
		expect(result.error).toMatchObject({ httpCode: '400' });
		expect(platform.sim.log.at(-1)?.status).toBe(400);
	});

	it('a participant with a custom role has the rights of View', async () => {
		expect((await platform.run(changeRole(CURATOR, PARTICIPANT_IDS.alanRnd, RND))).error).toBeUndefined();
		expect(store().participant(RND, PARTICIPANT_IDS.alanRnd).role).toBe(CURATOR);
		expect(store().workspaceRoleOf(PERSON_USER_IDS.alan, RND)).toBe('view');
	});
});
