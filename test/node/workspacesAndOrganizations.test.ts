import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { orgAdminOf, MEMBER_IDS, TEAM_IDS } from '../../dev/simulator/orgAdmin';
import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { ORG_IDS, SEED_USER } from '../../dev/simulator/seed';
import { GENOMICS, locator, RND, TOKEN, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();
const ACME = ORG_IDS.acmeBio;
const COMMUNITY = ORG_IDS.community;
const asLaunchRole = { credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } };
const store = () => orgAdminOf(platform.sim.data);

const organization = (id: number) => ({ organization: locator(id) });

/**
 * What the node sent from `before` on, as `METHOD /path?query` with the body. The token user's workspace list, which
 * every Workspace operation reads to find a workspace's organization, is left out where a test is about the change.
 */
function sentSince(before: number, { withLookups = false } = {}): Array<{ call: string; body?: unknown }> {
	return platform.sim.log
		.slice(before)
		.filter((entry) => withLookups || !/^\/user(-info|\/)/.test(entry.path))
		.map((entry) => {
			const query = new URLSearchParams(entry.query).toString();
			const call = `${entry.method} ${entry.path}${query ? `?${query}` : ''}`;
			return entry.body === undefined ? { call } : { call, body: entry.body };
		});
}

/** Runs the node and expects it to fail before sending anything; returns the error. */
async function refusedBeforeAnyCall(parameters: INodeParameters): Promise<IDataObject> {
	const before = platform.sim.log.length;
	const result = await platform.run(parameters);
	expect(platform.sim.log.length).toBe(before);
	return result.error as unknown as IDataObject;
}

describe('Organization', () => {
	let created: number;

	it('Create sends the name, full name and details, and outputs the organization as the platform describes it', async () => {
		const before = platform.sim.log.length;
		const [org] = platform.json(
			await platform.run({
				resource: 'organization',
				operation: 'create',
				name: 'sample-lab',
				fullName: 'Sample Lab',
				description: 'Sequencing for the sample project',
				location: 'Lisbon, Portugal',
				website: ' https://sample-lab.example ',
			}),
		);
		expect(sentSince(before, { withLookups: true })).toEqual([
			{
				call: 'POST /orgs',
				body: {
					organization: {
						name: 'sample-lab',
						fullName: 'Sample Lab',
						description: 'Sequencing for the sample project',
						location: 'Lisbon, Portugal',
						website: 'https://sample-lab.example',
					},
				},
			},
		]);
		created = org.orgId as number;
		expect(org).toEqual({
			orgId: expect.any(Number),
			name: 'sample-lab',
			fullName: 'Sample Lab',
			description: 'Sequencing for the sample project',
			location: 'Lisbon, Portugal',
			website: 'https://sample-lab.example',
			logoId: null,
			logoUrl: null,
			memberId: null,
			memberRole: null,
		});
		expect(store().memberOf(created, SEED_USER.id)?.role).toBe('owner');
	});

	it('Get outputs the organization; details never set are null', async () => {
		const before = platform.sim.log.length;
		const [org] = platform.json(await platform.run({ resource: 'organization', operation: 'get', ...organization(COMMUNITY) }));
		expect(sentSince(before, { withLookups: true })).toEqual([{ call: `GET /orgs/${COMMUNITY}` }]);
		expect(org).toEqual(expect.objectContaining({ orgId: COMMUNITY, name: 'community', fullName: 'Seqera Community' }));

		await platform.run({ resource: 'organization', operation: 'create', name: 'bare-lab', fullName: 'Bare Lab' });
		expect(platform.sim.log.at(-1)?.body).toEqual({ organization: { name: 'bare-lab', fullName: 'Bare Lab' } });
		const bare = platform.sim.data.orgs.find((each) => each.name === 'bare-lab')!;
		const [described] = platform.json(await platform.run({ resource: 'organization', operation: 'get', ...organization(bare.id) }));
		expect(described).toMatchObject({ name: 'bare-lab', description: null, location: null, website: null });
	});

	it('Update reads the organization and sends back everything it was not told to change', async () => {
		const before = platform.sim.log.length;
		const [updated] = platform.json(
			await platform.run({
				resource: 'organization',
				operation: 'update',
				...organization(created),
				updateFields: { description: 'Sequencing and imaging' },
			}),
		);
		const sent = {
			name: 'sample-lab',
			fullName: 'Sample Lab',
			description: 'Sequencing and imaging',
			location: 'Lisbon, Portugal',
			website: 'https://sample-lab.example',
		};
		expect(sentSince(before, { withLookups: true })).toEqual([
			{ call: `GET /orgs/${created}` },
			{ call: `PUT /orgs/${created}`, body: sent },
		]);
		expect(updated).toEqual({ orgId: created, ...sent, updated: true });
		expect(platform.sim.data.orgById(created)).toMatchObject({ location: 'Lisbon, Portugal', description: 'Sequencing and imaging' });
	});

	it('Update with nothing to change, or a bad new name, fails naming the field before any call', async () => {
		expect(
			await refusedBeforeAnyCall({ resource: 'organization', operation: 'update', ...organization(created), updateFields: {} }),
		).toMatchObject({
			message: 'Update Fields is empty',
			description: 'Add at least one field to change under Update Fields (item 0).',
		});
		expect(
			await refusedBeforeAnyCall({
				resource: 'organization',
				operation: 'update',
				...organization(created),
				updateFields: { name: 'sample lab' },
			}),
		).toMatchObject({
			message: 'New Name "sample lab" is not a valid organization name',
			description: expect.stringContaining('2 to 39 letters, digits, - and _'),
		});
	});

	it('Create refuses a name the platform would refuse, and a full name over 100 characters, before any call', async () => {
		for (const name of ['-lab', 'a', 'lab--one', 'x'.repeat(40)]) {
			const error = await refusedBeforeAnyCall({ resource: 'organization', operation: 'create', name, fullName: 'Lab' });
			expect(error.message).toBe(`Name "${name}" is not a valid organization name`);
		}
		expect(
			await refusedBeforeAnyCall({ resource: 'organization', operation: 'create', name: 'lab', fullName: 'L'.repeat(101) }),
		).toMatchObject({ message: 'Full Name is longer than 100 characters' });
		expect(await refusedBeforeAnyCall({ resource: 'organization', operation: 'create', name: 'lab', fullName: ' ' })).toMatchObject({
			message: 'Full Name is empty',
		});
	});

	it('Get Collaborators lists the outside users of the organization, paged, with its ID', async () => {
		const before = platform.sim.log.length;
		const collaborators = platform.json(
			await platform.run({ resource: 'organization', operation: 'getCollaborators', returnAll: true, ...organization(ACME) }),
		);
		expect(sentSince(before, { withLookups: true })).toEqual([{ call: `GET /orgs/${ACME}/collaborators?max=100&offset=0` }]);
		expect(collaborators).toEqual([
			{
				orgId: ACME,
				memberId: MEMBER_IDS.rosalindAcme,
				userName: 'rosalind-franklin',
				email: 'rosalind.franklin@kings.example',
				firstName: 'Rosalind',
				lastName: 'Franklin',
				avatar: expect.any(String),
				role: 'collaborator',
			},
		]);
	});

	it('a member who is not an owner is refused updating or deleting the organization, with the bare 403', async () => {
		const before = platform.sim.log.length;
		const update = await platform.run({
			resource: 'organization',
			operation: 'update',
			...organization(COMMUNITY),
			updateFields: { fullName: 'Taken over' },
		});
		expect(update.error).toMatchObject({
			message: expect.stringContaining('Forbidden'),
			description: expect.stringContaining(`PUT /orgs/${COMMUNITY} answered 403`),
		});
		expect(JSON.stringify(update.run)).not.toContain(TOKEN);
		const remove = await platform.run({ resource: 'organization', operation: 'delete', ...organization(COMMUNITY) });
		expect(remove.error).toMatchObject({ description: expect.stringContaining(`DELETE /orgs/${COMMUNITY} answered 403`) });
		expect(platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.status}`)).toEqual([
			'GET 200',
			'PUT 403',
			'DELETE 403',
		]);
		expect(platform.sim.data.orgById(COMMUNITY)).toMatchObject({ fullName: 'Seqera Community' });
	});

	it('Delete removes an organization the user owns', async () => {
		const before = platform.sim.log.length;
		const result = platform.json(await platform.run({ resource: 'organization', operation: 'delete', ...organization(created) }));
		expect(sentSince(before)).toEqual([{ call: `DELETE /orgs/${created}` }]);
		expect(result).toEqual([{ orgId: created, deleted: true }]);
		expect(platform.sim.data.orgById(created)).toBeUndefined();
	});

	const createTwice = (overwrite: boolean) =>
		platform.run({ resource: 'organization', operation: 'create', name: 'twice-lab', fullName: 'Twice Lab', options: { overwrite } });

	it("Create with Overwrite deletes the user's organization of that name first, as tw organizations add --overwrite does", async () => {
		let before = platform.sim.log.length;
		const first = await createTwice(true);
		expect(first.error).toBeUndefined();
		expect(sentSince(before).map(({ call }) => call)).toEqual(['GET /orgs', 'POST /orgs']);
		const firstId = platform.json(first)[0].orgId as number;
		expect((await createTwice(false)).error?.message).toMatch(/already exists/);
		before = platform.sim.log.length;
		const second = await createTwice(true);
		expect(second.error).toBeUndefined();
		const organizationBody = { organization: { name: 'twice-lab', fullName: 'Twice Lab' } };
		expect(sentSince(before)).toEqual([
			{ call: 'GET /orgs' },
			{ call: `DELETE /orgs/${firstId}` },
			{ call: 'POST /orgs', body: organizationBody },
		]);
		const named = platform.sim.data.orgs.filter((org) => org.name === 'twice-lab').map((org) => org.id);
		expect(named).toEqual([platform.json(second)[0].orgId]);
		expect(named[0]).not.toBe(firstId);
	});

	it('Create with Overwrite by a member who is not an owner is refused the delete, with the bare 403, and adds nothing', async () => {
		const before = platform.sim.log.length;
		const count = platform.sim.data.orgs.length;
		const result = await platform.run({
			resource: 'organization',
			operation: 'create',
			name: 'community',
			fullName: 'Taken over',
			options: { overwrite: true },
		});
		expect(result.error).toMatchObject({ description: expect.stringContaining(`DELETE /orgs/${COMMUNITY} answered 403`) });
		expect(sentSince(before).map(({ call }) => call)).toEqual(['GET /orgs', `DELETE /orgs/${COMMUNITY}`]);
		expect(platform.sim.data.orgs.length).toBe(count);
		expect(platform.sim.data.orgById(COMMUNITY)).toMatchObject({ fullName: 'Seqera Community' });
	});
});

describe('Workspace', () => {
	let created: number;

	it('Create sends the workspace to the organization and outputs it with its ID and its organization ID', async () => {
		const before = platform.sim.log.length;
		const [workspace] = platform.json(
			await platform.run({
				resource: 'workspace',
				operation: 'create',
				...organization(ACME),
				name: 'rnaseq-prod',
				fullName: 'RNA-seq production',
				description: 'Bulk RNA-seq for the clinic',
				visibility: 'SHARED',
			}),
		);
		expect(sentSince(before, { withLookups: true })).toEqual([
			{
				call: `POST /orgs/${ACME}/workspaces`,
				body: {
					workspace: {
						name: 'rnaseq-prod',
						fullName: 'RNA-seq production',
						description: 'Bulk RNA-seq for the clinic',
						visibility: 'SHARED',
					},
				},
			},
		]);
		created = workspace.id as number;
		expect(workspace).toEqual({
			orgId: ACME,
			workspaceId: created,
			id: created,
			name: 'rnaseq-prod',
			fullName: 'RNA-seq production',
			description: 'Bulk RNA-seq for the clinic',
			visibility: 'SHARED',
			dateCreated: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
			lastUpdated: expect.any(String),
		});
	});

	it('Get finds the organization of the workspace among the user’s workspaces and outputs the workspace', async () => {
		const before = platform.sim.log.length;
		const [workspace] = platform.json(await platform.run({ resource: 'workspace', operation: 'get', ...workspaceParameter(created) }));
		expect(sentSince(before)).toEqual([{ call: `GET /orgs/${ACME}/workspaces/${created}` }]);
		expect(workspace).toMatchObject({ orgId: ACME, workspaceId: created, name: 'rnaseq-prod', visibility: 'SHARED' });

		const [byName] = platform.json(
			await platform.run({ resource: 'workspace', operation: 'get', workspace: locator('acme-bio/genomics', 'name') }),
		);
		expect(byName).toMatchObject({ orgId: ACME, workspaceId: GENOMICS, name: 'genomics', fullName: 'Genomics production' });
	});

	it('Update reads the workspace and keeps its name, description and visibility when only the full name changes', async () => {
		const before = platform.sim.log.length;
		const [updated] = platform.json(
			await platform.run({
				resource: 'workspace',
				operation: 'update',
				...workspaceParameter(created),
				updateFields: { fullName: 'RNA-seq (production)' },
			}),
		);
		expect(sentSince(before)).toEqual([
			{ call: `GET /orgs/${ACME}/workspaces/${created}` },
			{
				call: `PUT /orgs/${ACME}/workspaces/${created}`,
				body: {
					name: 'rnaseq-prod',
					fullName: 'RNA-seq (production)',
					description: 'Bulk RNA-seq for the clinic',
					visibility: 'SHARED',
				},
			},
		]);
		expect(updated).toMatchObject({ orgId: ACME, workspaceId: created, fullName: 'RNA-seq (production)', visibility: 'SHARED' });
		expect(platform.sim.data.workspaceById(created)).toMatchObject({
			description: 'Bulk RNA-seq for the clinic',
			visibility: 'SHARED',
		});
	});

	it('Update refuses nothing to change and a bad visibility, and every operation refuses an empty Workspace, before any call', async () => {
		const update = { resource: 'workspace', operation: 'update', ...workspaceParameter(created) };
		expect(await refusedBeforeAnyCall({ ...update, updateFields: {} })).toMatchObject({ message: 'Update Fields is empty' });
		expect(await refusedBeforeAnyCall({ ...update, updateFields: { visibility: '={{ "PUBLIC" }}' } })).toMatchObject({
			message: 'Visibility "PUBLIC" is not one the platform knows',
			description: 'Pick PRIVATE or SHARED (item 0).',
		});
		// An expression that gives nothing passes the editor's check; even with a default workspace in the credential, a
		// Delete must never fall back to it.
		const before = platform.sim.log.length;
		const result = await platform.run(
			{ resource: 'workspace', operation: 'delete', workspace: locator('={{ $json.workspaceId ?? "" }}', 'list') },
			{ credentialOverrides: { workspaceId: String(GENOMICS) } },
		);
		expect(result.error).toMatchObject({ message: 'Workspace is empty' });
		expect(platform.sim.log.length).toBe(before);
		expect(platform.sim.data.workspaceById(GENOMICS)).toBeDefined();
	});

	it('Create refuses a name longer than the platform allows before any call', async () => {
		const error = await refusedBeforeAnyCall({
			resource: 'workspace',
			operation: 'create',
			...organization(ACME),
			name: 'w'.repeat(40),
			fullName: 'Too long',
			visibility: 'PRIVATE',
		});
		expect(error).toMatchObject({ message: `Name "${'w'.repeat(40)}" is not a valid workspace name` });
	});

	it('a member with the Launch role is refused creating, updating and deleting workspaces, with the bare 403', async () => {
		const before = platform.sim.log.length;
		const create = await platform.run(
			{ resource: 'workspace', operation: 'create', ...organization(ACME), name: 'mine', fullName: 'Mine', visibility: 'PRIVATE' },
			asLaunchRole,
		);
		expect(create.error).toMatchObject({ description: expect.stringContaining(`POST /orgs/${ACME}/workspaces answered 403`) });
		const update = await platform.run(
			{ resource: 'workspace', operation: 'update', ...workspaceParameter(GENOMICS), updateFields: { description: 'Mine now' } },
			asLaunchRole,
		);
		expect(update.error).toMatchObject({
			description: expect.stringContaining(`PUT /orgs/${ACME}/workspaces/${GENOMICS} answered 403`),
		});
		const remove = await platform.run({ resource: 'workspace', operation: 'delete', ...workspaceParameter(RND) }, asLaunchRole);
		expect(remove.error).toMatchObject({ description: expect.stringContaining(`DELETE /orgs/${ACME}/workspaces/${RND} answered 403`) });
		const refused = platform.sim.log.slice(before).filter((entry) => entry.status === 403);
		expect(refused.map((entry) => entry.method)).toEqual(['POST', 'PUT', 'DELETE']);
		expect(refused.every((entry) => entry.path.startsWith('/orgs/'))).toBe(true);
		expect(platform.sim.data.workspaceById(GENOMICS)?.description).toBe('Production sequencing analyses');
		expect(platform.sim.data.workspaceById(RND)).toBeDefined();
	});

	it('Get Studios Settings outputs the settings; Update changes only what it is given and keeps the rest', async () => {
		const [initial] = platform.json(
			await platform.run({ resource: 'workspace', operation: 'getStudiosSettings', ...workspaceParameter(GENOMICS) }),
		);
		expect(initial).toEqual({
			containerRepository: null,
			lifespanHours: 8,
			nameStrategy: null,
			privateStudioByDefault: false,
			orgId: ACME,
			wspId: GENOMICS,
		});
		const update = (updateFields: INodeParameters) =>
			platform.run({ resource: 'workspace', operation: 'updateStudiosSettings', ...workspaceParameter(GENOMICS), updateFields });
		await update({ containerRepository: 'cr.seqera.io/acme/studios', nameStrategy: 'tagPrefix' });

		const before = platform.sim.log.length;
		const [updated] = platform.json(await update({ lifespanHours: 24 }));
		const kept = {
			containerRepository: 'cr.seqera.io/acme/studios',
			lifespanHours: 24,
			nameStrategy: 'tagPrefix',
			privateStudioByDefault: false,
		};
		expect(sentSince(before)).toEqual([
			{ call: `GET /orgs/${ACME}/workspaces/${GENOMICS}/settings/studios` },
			{ call: `PUT /orgs/${ACME}/workspaces/${GENOMICS}/settings/studios`, body: kept },
		]);
		expect(updated).toEqual({ orgId: ACME, wspId: GENOMICS, ...kept, updated: true });

		await update({ containerRepository: '', nameStrategy: 'platformDefault' });
		expect(platform.sim.log.at(-1)?.body).toEqual({ ...kept, containerRepository: null, nameStrategy: null });
	});

	it('Update Studios Settings with the Launch role reads them but is refused the change', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			{ resource: 'workspace', operation: 'updateStudiosSettings', ...workspaceParameter(RND), updateFields: { lifespanHours: 0 } },
			asLaunchRole,
		);
		expect(result.error).toMatchObject({ description: expect.stringContaining('settings/studios answered 403') });
		expect(sentSince(before).map((sent) => sent.call)).toEqual([
			`GET /orgs/${ACME}/workspaces/${RND}/settings/studios`,
			`PUT /orgs/${ACME}/workspaces/${RND}/settings/studios`,
		]);
		const [settings] = platform.json(
			await platform.run({ resource: 'workspace', operation: 'getStudiosSettings', ...workspaceParameter(RND) }),
		);
		expect(settings.lifespanHours).toBe(8);
	});

	const createWorkspaceTwice = (overwrite: boolean, extra = {}) =>
		platform.run(
			{
				resource: 'workspace',
				operation: 'create',
				...organization(ACME),
				name: 'twice-ws',
				fullName: 'Twice',
				visibility: 'PRIVATE',
				options: { overwrite },
			},
			extra,
		);
	const workspacesNamed = (name: string) =>
		platform.sim.data.workspaces.filter((each) => each.orgId === ACME && each.name === name).map((each) => each.id);

	it("Create with Overwrite deletes the organization's workspace of that name first, as tw workspaces add --overwrite does", async () => {
		let before = platform.sim.log.length;
		const first = await createWorkspaceTwice(true);
		expect(first.error).toBeUndefined();
		expect(sentSince(before).map(({ call }) => call)).toEqual([`GET /orgs/${ACME}/workspaces`, `POST /orgs/${ACME}/workspaces`]);
		const firstId = platform.json(first)[0].workspaceId as number;
		expect((await createWorkspaceTwice(false)).error?.message).toMatch(/already exists/);
		before = platform.sim.log.length;
		const second = await createWorkspaceTwice(true);
		expect(second.error).toBeUndefined();
		expect(sentSince(before)).toEqual([
			{ call: `GET /orgs/${ACME}/workspaces` },
			{ call: `DELETE /orgs/${ACME}/workspaces/${firstId}` },
			{
				call: `POST /orgs/${ACME}/workspaces`,
				body: { workspace: { name: 'twice-ws', fullName: 'Twice', description: '', visibility: 'PRIVATE' } },
			},
		]);
		expect(workspacesNamed('twice-ws')).toEqual([platform.json(second)[0].workspaceId]);
		expect(workspacesNamed('twice-ws')).not.toContain(firstId);
	});

	it('Create with Overwrite and the Launch role is refused the delete, with the bare 403, and adds nothing', async () => {
		const before = platform.sim.log.length;
		const count = platform.sim.data.workspaces.length;
		const result = await platform.run(
			{
				resource: 'workspace',
				operation: 'create',
				...organization(ACME),
				name: 'rnd',
				fullName: 'Mine',
				visibility: 'PRIVATE',
				options: { overwrite: true },
			},
			asLaunchRole,
		);
		expect(result.error).toMatchObject({ description: expect.stringContaining(`DELETE /orgs/${ACME}/workspaces/${RND} answered 403`) });
		expect(sentSince(before).map(({ call }) => call)).toEqual([
			`GET /orgs/${ACME}/workspaces`,
			`DELETE /orgs/${ACME}/workspaces/${RND}`,
		]);
		expect(platform.sim.data.workspaces.length).toBe(count);
		expect(workspacesNamed('rnd')).toEqual([RND]);
	});

	it('Delete removes the workspace', async () => {
		const before = platform.sim.log.length;
		const result = platform.json(await platform.run({ resource: 'workspace', operation: 'delete', ...workspaceParameter(created) }));
		expect(sentSince(before)).toEqual([{ call: `DELETE /orgs/${ACME}/workspaces/${created}` }]);
		expect(result).toEqual([{ orgId: ACME, workspaceId: created, deleted: true }]);
		expect(platform.sim.data.workspaceById(created)).toBeUndefined();
	});

	it('Leave takes the user out of the workspace participants', async () => {
		const before = platform.sim.log.length;
		const result = platform.json(await platform.run({ resource: 'workspace', operation: 'leave', ...workspaceParameter(RND) }));
		expect(sentSince(before)).toEqual([{ call: `DELETE /orgs/${ACME}/workspaces/${RND}/participants` }]);
		expect(result).toEqual([{ orgId: ACME, workspaceId: RND, left: true }]);
		expect(store().workspaceRoleOf(SEED_USER.id, RND)).toBeUndefined();
	});
});

describe('Team', () => {
	let created: number;

	it('Create sends the name and description and outputs the new team with its organization ID', async () => {
		const before = platform.sim.log.length;
		const [team] = platform.json(
			await platform.run({
				resource: 'team',
				operation: 'create',
				...organization(ACME),
				name: 'qc_team',
				description: 'Quality control',
			}),
		);
		expect(sentSince(before, { withLookups: true })).toEqual([
			{ call: `POST /orgs/${ACME}/teams`, body: { team: { name: 'qc_team', description: 'Quality control' } } },
		]);
		created = team.teamId as number;
		expect(team).toEqual({
			orgId: ACME,
			teamId: expect.any(Number),
			name: 'qc_team',
			description: 'Quality control',
			avatarUrl: null,
			membersCount: 0,
		});
	});

	it('Update by name reads the team and keeps its name when only the description changes', async () => {
		const before = platform.sim.log.length;
		const [updated] = platform.json(
			await platform.run({
				resource: 'team',
				operation: 'update',
				...organization(ACME),
				team: locator('qc_team', 'name'),
				updateFields: { description: 'Quality control and release' },
			}),
		);
		expect(sentSince(before).slice(-2)).toEqual([
			{ call: `GET /orgs/${ACME}/teams/${created}` },
			{ call: `PUT /orgs/${ACME}/teams/${created}`, body: { name: 'qc_team', description: 'Quality control and release' } },
		]);
		expect(updated).toEqual({
			orgId: ACME,
			teamId: created,
			name: 'qc_team',
			description: 'Quality control and release',
			updated: true,
		});
		expect(store().team(ACME, created).description).toBe('Quality control and release');
	});

	it('Create refuses a bad name and a description over 250 characters before any call', async () => {
		const create = { resource: 'team', operation: 'create', ...organization(ACME) };
		expect(await refusedBeforeAnyCall({ ...create, name: 'qc team' })).toMatchObject({
			message: 'Name "qc team" is not a valid team name',
		});
		expect(await refusedBeforeAnyCall({ ...create, name: 'qc', description: 'd'.repeat(251) })).toMatchObject({
			message: 'Description is longer than 250 characters',
		});
	});

	it('a member who is not an owner is refused creating or deleting a team, with the bare 403', async () => {
		const create = await platform.run(
			{ resource: 'team', operation: 'create', ...organization(ACME), name: 'launchers' },
			asLaunchRole,
		);
		expect(create.error).toMatchObject({ description: expect.stringContaining(`POST /orgs/${ACME}/teams answered 403`) });
		const remove = await platform.run(
			{ resource: 'team', operation: 'delete', ...organization(ACME), team: locator(TEAM_IDS.bioinformatics) },
			asLaunchRole,
		);
		expect(remove.error).toMatchObject({
			description: expect.stringContaining(`DELETE /orgs/${ACME}/teams/${TEAM_IDS.bioinformatics} answered 403`),
		});
		expect(
			store()
				.teamsOf(ACME)
				.map((team) => team.name),
		).not.toContain('launchers');
		expect(store().team(ACME, TEAM_IDS.bioinformatics)).toBeDefined();
	});

	const createTeamTwice = (overwrite: boolean) =>
		platform.run({ resource: 'team', operation: 'create', ...organization(ACME), name: 'twice_team', options: { overwrite } });
	const teamsNamed = (name: string) =>
		store()
			.teamsOf(ACME)
			.filter((team) => team.name === name)
			.map((team) => team.teamId);

	it("Create with Overwrite deletes the organization's team of that name first, as tw teams add --overwrite does", async () => {
		let before = platform.sim.log.length;
		const first = await createTeamTwice(true);
		expect(first.error).toBeUndefined();
		const teamsSearch = `GET /orgs/${ACME}/teams?search=twice_team&max=100&offset=0`;
		expect(sentSince(before).map(({ call }) => call)).toEqual([teamsSearch, `POST /orgs/${ACME}/teams`]);
		const firstId = platform.json(first)[0].teamId as number;
		expect((await createTeamTwice(false)).error?.message).toMatch(/already exists/);
		before = platform.sim.log.length;
		const second = await createTeamTwice(true);
		expect(second.error).toBeUndefined();
		expect(sentSince(before)).toEqual([
			{ call: teamsSearch },
			{ call: `DELETE /orgs/${ACME}/teams/${firstId}` },
			{ call: `POST /orgs/${ACME}/teams`, body: { team: { name: 'twice_team' } } },
		]);
		expect(teamsNamed('twice_team')).toEqual([platform.json(second)[0].teamId]);
		expect(teamsNamed('twice_team')).not.toContain(firstId);
	});

	it('Create with Overwrite by a member who is not an owner is refused the delete, with the bare 403, and adds nothing', async () => {
		const before = platform.sim.log.length;
		const count = store().teamsOf(ACME).length;
		const result = await platform.run(
			{ resource: 'team', operation: 'create', ...organization(ACME), name: 'bioinformatics', options: { overwrite: true } },
			asLaunchRole,
		);
		const remove = `DELETE /orgs/${ACME}/teams/${TEAM_IDS.bioinformatics}`;
		expect(result.error).toMatchObject({ description: expect.stringContaining(`${remove} answered 403`) });
		expect(sentSince(before).map(({ call }) => call)).toEqual([
			`GET /orgs/${ACME}/teams?search=bioinformatics&max=100&offset=0`,
			remove,
		]);
		expect(store().teamsOf(ACME).length).toBe(count);
		expect(teamsNamed('bioinformatics')).toEqual([TEAM_IDS.bioinformatics]);
	});

	it('Delete removes the team; its members stay in the organization', async () => {
		const before = platform.sim.log.length;
		const result = platform.json(
			await platform.run({ resource: 'team', operation: 'delete', ...organization(ACME), team: locator(created) }),
		);
		expect(sentSince(before)).toEqual([{ call: `DELETE /orgs/${ACME}/teams/${created}` }]);
		expect(result).toEqual([{ orgId: ACME, teamId: created, deleted: true }]);
		expect(
			store()
				.teamsOf(ACME)
				.some((team) => team.teamId === created),
		).toBe(false);
	});
});

describe('Organization → Leave', () => {
	it('takes the user out of the organization and its workspaces', async () => {
		const before = platform.sim.log.length;
		const result = platform.json(await platform.run({ resource: 'organization', operation: 'leave', ...organization(COMMUNITY) }));
		expect(sentSince(before)).toEqual([{ call: `DELETE /orgs/${COMMUNITY}/members/leave` }]);
		expect(result).toEqual([{ orgId: COMMUNITY, left: true }]);
		expect(store().memberOf(COMMUNITY, SEED_USER.id)).toBeUndefined();
	});
});
