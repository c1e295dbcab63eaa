import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PERSON_USER_IDS } from '../../dev/simulator/orgAdmin';
import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { COMPUTE_ENV_IDS, DATA_LINK_IDS, LABEL_IDS, ORG_IDS } from '../../dev/simulator/seed';
import { GENOMICS, locator, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 300 });

const JUPYTER = 'public.cr.seqera.io/platform/data-studio-jupyter:4.2.5-0.8';
const RAN_AT = new Date('2025-01-28T12:49:06Z');
const STOPPED_AT = new Date('2025-01-28T14:05:07Z');

const inGenomics = (parameters: INodeParameters): INodeParameters => ({
	resource: 'studio',
	...parameters,
	...workspaceParameter(GENOMICS),
});
const requestsSince = (before: number) =>
	platform.sim.log.slice(before).map(({ method, path, query, body }) => ({ method, path, query, body }));
const errorDescription = (error: unknown) => (error as { description?: string }).description;

/**
 * A stopped Studio of the genomics workspace mounting the results archive, that has run twice: once
 * before the tests (its checkpoint `<name>_1`) and once started here (`<name>_2`).
 */
async function studioThatRanTwice(name: string): Promise<string> {
	const { sessionId } = platform.sim.data.addStudio({
		workspaceId: GENOMICS,
		name,
		description: 'Counts review',
		mountedDataLinkIds: [DATA_LINK_IDS.genomicsResults],
		lastStarted: RAN_AT,
		statusUpdated: STOPPED_AT,
	});
	const started = await platform.run(inGenomics({ operation: 'start', sessionId: locator(sessionId) }));
	expect(started.error).toBeUndefined();
	platform.sim.data.setStudioStatus(sessionId, 'stopped');
	return sessionId;
}

async function checkpointsOf(sessionId: string): Promise<IDataObject[]> {
	const result = await platform.run(inGenomics({ operation: 'getCheckpoints', sessionId: locator(sessionId), returnAll: true }));
	return platform.json(result);
}

describe('Studio → Get Checkpoints', () => {
	it('outputs the checkpoints of the Studio, newest first, paging up to the limit', async () => {
		const sessionId = await studioThatRanTwice('ckpt-list');
		const before = platform.sim.log.length;
		const all = await checkpointsOf(sessionId);
		expect(all).toEqual([
			expect.objectContaining({ name: 'ckpt-list_2', status: 'finalized', author: { id: 4187, userName: 'ada-lovelace' } }),
			expect.objectContaining({ name: 'ckpt-list_1', status: 'finalized', dateCreated: '2025-01-28T12:49:06Z' }),
		]);
		expect(all[0].id).toEqual(expect.any(Number));
		expect(requestsSince(before)).toEqual([
			{
				method: 'GET',
				path: `/studios/${sessionId}/checkpoints`,
				query: { workspaceId: String(GENOMICS), max: '100', offset: '0' },
				body: undefined,
			},
		]);

		const limitedFrom = platform.sim.log.length;
		const limited = await platform.run(
			inGenomics({ operation: 'getCheckpoints', sessionId: locator(sessionId), returnAll: false, limit: 1, search: 'ckpt-list_1' }),
		);
		expect(platform.json(limited).map((checkpoint) => checkpoint.name)).toEqual(['ckpt-list_1']);
		expect(requestsSince(limitedFrom)[0].query).toEqual({
			workspaceId: String(GENOMICS),
			search: 'ckpt-list_1',
			max: '1',
			offset: '0',
		});
	});

	it('outputs nothing for a Studio that has never run', async () => {
		const { sessionId } = platform.sim.data.addStudio({ workspaceId: GENOMICS, name: 'ckpt-never-ran' });
		expect(await checkpointsOf(sessionId)).toEqual([]);
	});
});

describe('Studio → Create From Checkpoint', () => {
	const createParameters = (parent: string, name: string, overrides: INodeParameters = {}): INodeParameters =>
		inGenomics({ operation: 'createFromCheckpoint', sessionId: locator(parent), name, autoStart: false, ...overrides });

	it("sends the parent's template, compute environment and configuration with the overrides, from its latest checkpoint", async () => {
		const parent = await studioThatRanTwice('ckpt-parent');
		const [latest] = await checkpointsOf(parent);
		const computeEnvId = platform.sim.data.studioById(parent).computeEnvId;
		const before = platform.sim.log.length;
		const result = await platform.run(createParameters(parent, 'ckpt-child', { overrides: { cpu: 4 } }));
		expect(result.error).toBeUndefined();
		const sent = requestsSince(before);
		expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([
			`GET /studios/${parent}`,
			`GET /studios/${parent}/checkpoints`,
			'POST /studios',
		]);
		expect(sent[1].query).toEqual({ workspaceId: String(GENOMICS), max: '1', offset: '0' });
		expect(sent[2].query).toEqual({ workspaceId: String(GENOMICS), autoStart: 'false' });
		expect(sent[2].body).toEqual({
			name: 'ckpt-child',
			description: 'Started from studio ckpt-parent',
			dataStudioToolUrl: JUPYTER,
			computeEnvId,
			configuration: {
				cpu: 4,
				memory: 8192,
				gpu: 0,
				lifespanHours: 8,
				mountDataV2: [{ dataLinkId: DATA_LINK_IDS.genomicsResults, path: null }],
				mountData: [DATA_LINK_IDS.genomicsResults],
			},
			initialCheckpointId: latest.id,
		});
		expect(platform.json(result)).toEqual([
			expect.objectContaining({
				name: 'ckpt-child',
				status: 'stopped',
				description: 'Started from studio ckpt-parent',
				configuration: expect.objectContaining({ cpu: 4, memory: 8192 }),
				mountedDataLinks: [expect.objectContaining({ id: DATA_LINK_IDS.genomicsResults })],
				parentCheckpoint: {
					checkpointId: latest.id,
					checkpointName: 'ckpt-parent_2',
					sessionId: parent,
					studioName: 'ckpt-parent',
				},
			}),
		]);
	});

	it('starts from the checkpoint picked by ID, which it reads, or by name', async () => {
		const parent = await studioThatRanTwice('ckpt-picked');
		const [, first] = await checkpointsOf(parent);
		const byIdFrom = platform.sim.log.length;
		const byId = await platform.run(
			createParameters(parent, 'ckpt-by-id', { checkpoint: 'id', checkpointId: String(first.id), description: 'From the first' }),
		);
		const byIdSent = requestsSince(byIdFrom);
		expect(byIdSent[1]).toMatchObject({ method: 'GET', path: `/studios/${parent}/checkpoints/${String(first.id)}` });
		expect(byIdSent[2].body).toMatchObject({ description: 'From the first', initialCheckpointId: first.id });
		expect(platform.json(byId)[0]).toMatchObject({ parentCheckpoint: { checkpointName: 'ckpt-picked_1' } });

		const byNameFrom = platform.sim.log.length;
		const byName = await platform.run(
			createParameters(parent, 'ckpt-by-name', { checkpoint: 'name', checkpointName: 'ckpt-picked_1' }),
		);
		const byNameSent = requestsSince(byNameFrom);
		expect(byNameSent[1].query).toMatchObject({ search: 'ckpt-picked_1' });
		expect(byNameSent[2].body).toMatchObject({ initialCheckpointId: first.id });
		expect(platform.json(byName)[0]).toMatchObject({ name: 'ckpt-by-name', parentCheckpoint: { checkpointId: first.id } });
	});

	it('refuses a Studio without checkpoints, or a checkpoint name it does not have, and creates nothing', async () => {
		const { sessionId } = platform.sim.data.addStudio({ workspaceId: GENOMICS, name: 'ckpt-unrun' });
		const none = await platform.run(createParameters(sessionId, 'ckpt-from-nothing'));
		expect(none.error?.message).toBe('Studio ckpt-unrun has no checkpoint yet');
		const parent = await studioThatRanTwice('ckpt-named');
		const unknown = await platform.run(
			createParameters(parent, 'ckpt-unknown', { checkpoint: 'name', checkpointName: 'ckpt-named_9' }),
		);
		expect(unknown.error?.message).toBe('Studio ckpt-named has no checkpoint named "ckpt-named_9"');
		expect(platform.sim.data.studiosIn(GENOMICS).map((studio) => studio.name)).not.toContain('ckpt-unknown');
	});

	it('refuses an empty name, a checkpoint ID that is not a number and a bad override, naming the field, before any call', async () => {
		const parent = await studioThatRanTwice('ckpt-bad-input');
		const before = platform.sim.log.length;
		expect((await platform.run(createParameters(parent, '  '))).error?.message).toBe('Name is empty');
		const notNumber = await platform.run(createParameters(parent, 'ok', { checkpoint: 'id', checkpointId: 'latest' }));
		expect(notNumber.error?.message).toBe('Checkpoint ID "latest" is not a number');
		const noName = await platform.run(createParameters(parent, 'ok', { checkpoint: 'name', checkpointName: ' ' }));
		expect(noName.error?.message).toBe('Checkpoint Name is empty');
		const noCpu = await platform.run(createParameters(parent, 'ok', { overrides: { cpu: 0 } }));
		expect(noCpu.error?.message).toBe('CPUs must be a whole number of at least 1');
		expect(requestsSince(before)).toEqual([]);
	});

	it('sends the variables, labels and allowed user given, as tw studios add-as-new does; the new Studio keeps them', async () => {
		const parent = await studioThatRanTwice('ckpt-tw-options');
		const [latest] = await checkpointsOf(parent);
		const before = platform.sim.log.length;
		const result = await platform.run(
			createParameters(parent, 'ckpt-tw-child', {
				overrides: { environment: { variables: [{ name: 'PROJECT', value: 'rnaseq' }] } },
				additionalFields: {
					allowedUser: 'grace.hopper@acme-bio.example',
					labelIds: String(LABEL_IDS.production),
					labels: 'rnaseq',
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const sent = requestsSince(before);
		expect(sent.find((entry) => entry.path === `/orgs/${ORG_IDS.acmeBio}/members`)?.query).toEqual({
			search: 'grace.hopper@acme-bio.example',
		});
		expect(sent.find((entry) => entry.method === 'POST' && entry.path === '/studios')?.body).toEqual({
			name: 'ckpt-tw-child',
			description: 'Started from studio ckpt-tw-options',
			dataStudioToolUrl: JUPYTER,
			computeEnvId: platform.sim.data.studioById(parent).computeEnvId,
			configuration: {
				cpu: 2,
				memory: 8192,
				gpu: 0,
				lifespanHours: 8,
				mountDataV2: [{ dataLinkId: DATA_LINK_IDS.genomicsResults, path: null }],
				mountData: [DATA_LINK_IDS.genomicsResults],
				environment: { PROJECT: 'rnaseq' },
			},
			initialCheckpointId: latest.id,
			allowedUserIds: [PERSON_USER_IDS.grace],
			labelIds: [LABEL_IDS.production, LABEL_IDS.rnaseq],
		});
		const [created] = platform.json(result);
		expect(created).toMatchObject({
			name: 'ckpt-tw-child',
			configuration: { environment: { PROJECT: 'rnaseq' } },
			allowedUsers: [{ id: PERSON_USER_IDS.grace }],
		});
		const [read] = platform.json(await platform.run(inGenomics({ operation: 'get', sessionId: locator(String(created.sessionId)) })));
		expect(read).toMatchObject({
			configuration: { environment: { PROJECT: 'rnaseq' } },
			allowedUsers: [{ id: PERSON_USER_IDS.grace }],
		});
		expect(platform.sim.data.studioById(String(created.sessionId)).labelIds).toEqual([LABEL_IDS.production, LABEL_IDS.rnaseq]);
	});

	it('refuses a bad variable name, a bad allowed user and a bad label ID, naming the field, before any call', async () => {
		const parent = await studioThatRanTwice('ckpt-tw-bad-input');
		const before = platform.sim.log.length;
		const badVariable = await platform.run(
			createParameters(parent, 'ok', { overrides: { environment: { variables: [{ name: 'MY-VAR', value: 'x' }] } } }),
		);
		expect(badVariable.error?.message).toBe('Environment Variables: "MY-VAR" is not a variable name');
		const badUser = await platform.run(createParameters(parent, 'ok', { additionalFields: { allowedUser: 'grace hopper' } }));
		expect(badUser.error?.message).toBe('Allowed User "grace hopper" is not a user ID, user name or email');
		const badLabel = await platform.run(createParameters(parent, 'ok', { additionalFields: { labelIds: 'production' } }));
		expect(badLabel.error?.message).toBe('Label IDs "production" is not a number');
		expect(requestsSince(before)).toEqual([]);
	});
});

describe('Studio → Update', () => {
	const updateParameters = (sessionId: string, updateFields: INodeParameters): INodeParameters =>
		inGenomics({ operation: 'update', sessionId: locator(sessionId), updateFields });

	it('reads the Studio, then sends what it changes over all it keeps, and outputs the Studio updated', async () => {
		const sessionId = await studioThatRanTwice('upd-source');
		const before = platform.sim.log.length;
		const result = await platform.run(updateParameters(sessionId, { name: 'upd-renamed', memory: 16384, lifespanHours: 2 }));
		expect(result.error).toBeUndefined();
		const sent = requestsSince(before);
		expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual([`GET /studios/${sessionId}`, `PUT /studios/${sessionId}`]);
		expect(sent[1].query).toEqual({ workspaceId: String(GENOMICS) });
		expect(sent[1].body).toEqual({
			name: 'upd-renamed',
			description: 'Counts review',
			configuration: {
				cpu: 2,
				memory: 16384,
				gpu: 0,
				lifespanHours: 2,
				mountDataV2: [{ dataLinkId: DATA_LINK_IDS.genomicsResults, path: null }],
				mountData: [DATA_LINK_IDS.genomicsResults],
			},
		});
		expect(platform.json(result)).toEqual([
			expect.objectContaining({
				sessionId,
				name: 'upd-renamed',
				description: 'Counts review',
				status: 'stopped',
				configuration: expect.objectContaining({ cpu: 2, memory: 16384, lifespanHours: 2 }),
				mountedDataLinks: [expect.objectContaining({ id: DATA_LINK_IDS.genomicsResults })],
			}),
		]);
		// What it was not told to change, the platform still has.
		expect(platform.sim.data.studioById(sessionId)).toMatchObject({
			description: 'Counts review',
			cpu: 2,
			gpu: 0,
			mountedDataLinkIds: [DATA_LINK_IDS.genomicsResults],
		});
	});

	it('replaces the mounts and the description when given them, and leaves the name out when not', async () => {
		const sessionId = await studioThatRanTwice('upd-mounts');
		const before = platform.sim.log.length;
		const result = await platform.run(
			updateParameters(sessionId, { description: 'Now on the inbox', dataLinkIds: [DATA_LINK_IDS.genomicsInbox] }),
		);
		const [, put] = requestsSince(before);
		expect(put.body).toMatchObject({
			description: 'Now on the inbox',
			configuration: { mountDataV2: [{ dataLinkId: DATA_LINK_IDS.genomicsInbox }], mountData: [DATA_LINK_IDS.genomicsInbox] },
		});
		expect(put.body).not.toHaveProperty('name');
		expect(platform.json(result)[0]).toMatchObject({
			name: 'upd-mounts',
			description: 'Now on the inbox',
			mountedDataLinks: [expect.objectContaining({ id: DATA_LINK_IDS.genomicsInbox })],
		});
	});

	it("hands on the platform's refusal to update a running Studio, and leaves it as it was", async () => {
		const sessionId = await studioThatRanTwice('upd-running');
		platform.sim.data.setStudioStatus(sessionId, 'running');
		const result = await platform.run(updateParameters(sessionId, { cpu: 8 }));
		expect(result.error?.message).toMatch(/only a Studio that is not running can be updated/);
		expect(errorDescription(result.error)).toMatch(`PUT /studios/${sessionId} was rejected by the platform`);
		expect(platform.sim.data.studioById(sessionId).cpu).toBe(2);
	});

	it('is refused to a user with the Launch role, with the bare 403', async () => {
		const sessionId = await studioThatRanTwice('upd-launch-role');
		const result = await platform.run(updateParameters(sessionId, { cpu: 8 }), {
			credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN },
		});
		expect(result.error?.message).toMatch(/^Forbidden/);
		expect(platform.sim.data.studioById(sessionId).cpu).toBe(2);
	});

	it('refuses an empty name, a name too long and a bad count, naming the field, before any call', async () => {
		const sessionId = await studioThatRanTwice('upd-bad-input');
		const before = platform.sim.log.length;
		expect((await platform.run(updateParameters(sessionId, { name: ' ' }))).error?.message).toBe('Name is empty');
		const long = await platform.run(updateParameters(sessionId, { name: 'x'.repeat(81) }));
		expect(long.error?.message).toBe('Name is longer than 80 characters');
		const noMemory = await platform.run(updateParameters(sessionId, { memory: 0 }));
		expect(noMemory.error?.message).toBe('Memory (MiB) must be a whole number of at least 1');
		expect(requestsSince(before)).toEqual([]);
	});

	it('moves the Studio to another compute environment and sets SSH, variables and labels, as tw studios update does', async () => {
		const sessionId = await studioThatRanTwice('upd-tw-options');
		expect(platform.sim.data.studioById(sessionId).computeEnvId).toBe(COMPUTE_ENV_IDS.genomicsBatch);
		const before = platform.sim.log.length;
		const result = await platform.run({
			...updateParameters(sessionId, {
				environment: { variables: [{ name: 'MODE', value: 'qc' }] },
				sshEnabled: true,
				labelIds: String(LABEL_IDS.production),
				labels: 'rnaseq',
			}),
			computeEnvId: locator(COMPUTE_ENV_IDS.genomicsSpot),
		});
		expect(result.error).toBeUndefined();
		const put = requestsSince(before).find((entry) => entry.method === 'PUT')!;
		expect(put.path).toBe(`/studios/${sessionId}`);
		expect(put.body).toEqual({
			description: 'Counts review',
			configuration: {
				cpu: 2,
				memory: 8192,
				gpu: 0,
				lifespanHours: 8,
				mountDataV2: [{ dataLinkId: DATA_LINK_IDS.genomicsResults, path: null }],
				mountData: [DATA_LINK_IDS.genomicsResults],
				environment: { MODE: 'qc' },
				sshEnabled: true,
			},
			computeEnvId: COMPUTE_ENV_IDS.genomicsSpot,
			labelIds: [LABEL_IDS.production, LABEL_IDS.rnaseq],
		});
		expect(platform.json(result)[0]).toMatchObject({
			computeEnv: { id: COMPUTE_ENV_IDS.genomicsSpot },
			configuration: { environment: { MODE: 'qc' }, sshEnabled: true },
		});
		const [read] = platform.json(await platform.run(inGenomics({ operation: 'get', sessionId: locator(sessionId) })));
		expect(read).toMatchObject({
			computeEnv: { id: COMPUTE_ENV_IDS.genomicsSpot },
			configuration: { environment: { MODE: 'qc' }, sshEnabled: true },
			mountedDataLinks: [expect.objectContaining({ id: DATA_LINK_IDS.genomicsResults })],
		});
		expect(platform.sim.data.studioById(sessionId).labelIds).toEqual([LABEL_IDS.production, LABEL_IDS.rnaseq]);
	});

	it("hands on the platform's refusal of a compute environment incompatible with the Studio's, which stays where it was", async () => {
		const sessionId = await studioThatRanTwice('upd-incompatible');
		const batch = platform.sim.data.computeEnvs.find((each) => each.id === COMPUTE_ENV_IDS.genomicsBatch)!;
		platform.sim.data.computeEnvs.push({
			...batch,
			id: '6tGoogleGenomicsStudio',
			name: 'gcp-batch-genomics',
			platform: 'google-batch',
			region: 'europe-west2',
			primary: false,
		});
		const result = await platform.run({ ...updateParameters(sessionId, { cpu: 4 }), computeEnvId: locator('6tGoogleGenomicsStudio') });
		expect(result.error?.message).toMatch(/is not compatible with the Studio's current compute environment/);
		expect(platform.sim.data.studioById(sessionId)).toMatchObject({ computeEnvId: COMPUTE_ENV_IDS.genomicsBatch, cpu: 2 });
	});

	it('refuses a bad variable name, a bad label ID and a bad compute environment ID, naming the field, before any call', async () => {
		const sessionId = await studioThatRanTwice('upd-tw-bad-input');
		const before = platform.sim.log.length;
		const badVariable = await platform.run(updateParameters(sessionId, { environment: { variables: [{ name: '', value: 'x' }] } }));
		expect(badVariable.error?.message).toBe('Environment Variables: "" is not a variable name');
		const badLabel = await platform.run(updateParameters(sessionId, { labelIds: '12, twelve' }));
		expect(badLabel.error?.message).toBe('Label IDs "twelve" is not a number');
		const badComputeEnv = await platform.run({ ...updateParameters(sessionId, {}), computeEnvId: locator('={{ "not an id" }}') });
		expect(badComputeEnv.error?.message).toBe('Compute Environment "not an id" is not a valid ID');
		expect(requestsSince(before)).toEqual([]);
	});
});
