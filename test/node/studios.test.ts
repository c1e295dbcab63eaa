import type { INodeParameters } from 'n8n-workflow';

import { PERSON_USER_IDS } from '../../dev/simulator/orgAdmin';
import { COMPUTE_ENV_IDS, DATA_LINK_IDS, LABEL_IDS, ORG_IDS, STUDIO_IDS, STUDIO_TEMPLATES } from '../../dev/simulator/seed';
import { GENOMICS, locator, SEQERA_NODE, TOKEN, usePlatform, workspaceParameter } from './platform';

// A Studio started or stopped through the API takes this long to get there.
const platform = usePlatform({ runProgressMs: 300 });

afterEach(() => platform.sim.clearFaults());

const JUPYTER = 'public.cr.seqera.io/platform/data-studio-jupyter:4.2.5-0.8';
const fastChecks = { pollIntervalSeconds: 1, maxPollIntervalSeconds: 1 };

const inGenomics = (parameters: INodeParameters): INodeParameters => ({
	resource: 'studio',
	...parameters,
	...workspaceParameter(GENOMICS),
});
const studioParameter = (sessionId: string, mode = 'id') => ({ sessionId: locator(sessionId, mode) });

/** What the simulator received from here on. */
const requestsSince = (before: number) => platform.sim.log.slice(before);

/** A stopped Studio of the genomics workspace that only the test creating it touches. */
const newStoppedStudio = (name: string) => platform.sim.data.addStudio({ workspaceId: GENOMICS, name }).sessionId;

/**
 * Runs `act` while a Studio started or stopped stays starting or stopping (for an hour, not 300 ms), so
 * the status the node read back after its call is the one the platform gave at the call, however long a
 * busy machine takes between the two requests.
 */
async function whileStudiosHold<T>(act: () => Promise<T>): Promise<T> {
	const progressMs = platform.sim.data.runProgressMs;
	platform.sim.data.runProgressMs = 3_600_000;
	try {
		return await act();
	} finally {
		platform.sim.data.runProgressMs = progressMs;
	}
}

const createParameters = (name: string, overrides: INodeParameters = {}): INodeParameters =>
	inGenomics({
		operation: 'create',
		name,
		template: locator(JUPYTER, 'list'),
		computeEnvId: locator(COMPUTE_ENV_IDS.genomicsBatch, 'list'),
		autoStart: false,
		...overrides,
	});

describe('Studio → Get Many', () => {
	it('outputs every Studio of the workspace, newest first, with its status and its URL', async () => {
		const result = await platform.run(inGenomics({ operation: 'getMany', returnAll: true }));
		const studios = platform.json(result);
		expect(studios.map((studio) => [studio.name, studio.status])).toEqual([
			['rnaseq-exploration', 'running'],
			['qc-dashboard', 'errored'],
			['variant-review', 'stopped'],
			['imaging-viewer', 'starting'],
		]);
		expect(studios[0]).toMatchObject({
			sessionId: STUDIO_IDS.genomicsNotebook,
			studioUrl: `https://${STUDIO_IDS.genomicsNotebook}.connect.cloud.seqera.io`,
			statusInfo: { status: 'running' },
			template: { repository: JUPYTER },
		});
	});

	it('sends the search with the status as its status: keyword, and pages up to the limit', async () => {
		const before = platform.sim.log.length;
		const running = await platform.run(inGenomics({ operation: 'getMany', returnAll: true, search: 'rnaseq', status: 'running' }));
		expect(platform.json(running).map((studio) => studio.name)).toEqual(['rnaseq-exploration']);
		expect(requestsSince(before)[0].query).toMatchObject({ workspaceId: String(GENOMICS), search: 'rnaseq status:running' });

		const limited = await platform.run(inGenomics({ operation: 'getMany', returnAll: false, limit: 2 }));
		expect(platform.json(limited).map((studio) => studio.name)).toEqual(['rnaseq-exploration', 'qc-dashboard']);
		expect(requestsSince(before).at(-1)!.query).toMatchObject({ max: '2', offset: '0' });
	});
});

describe('Studio → Get', () => {
	it('outputs the Studio picked by ID, by the URL of its page, or from the list', async () => {
		const byId = platform.json(await platform.run(inGenomics({ operation: 'get', ...studioParameter(STUDIO_IDS.genomicsErrored) })));
		expect(byId).toEqual([
			expect.objectContaining({
				sessionId: STUDIO_IDS.genomicsErrored,
				name: 'qc-dashboard',
				status: 'errored',
				statusInfo: expect.objectContaining({ message: 'The Studio container exited with code 137 (out of memory)' }),
				studioUrl: `https://${STUDIO_IDS.genomicsErrored}.connect.cloud.seqera.io`,
			}),
		]);
		const pageUrl = `https://cloud.seqera.io/orgs/acme-bio/workspaces/genomics/studios/${STUDIO_IDS.genomicsRStudio}/connect`;
		const byUrl = platform.json(await platform.run(inGenomics({ operation: 'get', ...studioParameter(pageUrl, 'url') })));
		expect(byUrl[0]).toMatchObject({ sessionId: STUDIO_IDS.genomicsRStudio, name: 'variant-review' });
		const fromList = platform.json(
			await platform.run(inGenomics({ operation: 'get', ...studioParameter(STUDIO_IDS.genomicsStarting, 'list') })),
		);
		expect(fromList[0]).toMatchObject({ name: 'imaging-viewer', status: 'starting' });
	});

	it('refuses a session ID that cannot be one, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		// Typed in the ID field, the editor refuses it; an expression can still give it.
		const result = await platform.run(inGenomics({ operation: 'get', ...studioParameter('={{ "3f9a 1c7e/../" }}') }));
		expect(result.error?.message).toBe('Studio "3f9a 1c7e/../" is not a valid Studio session ID');
		expect((result.error as { description?: string }).description).toMatch(/letters and digits, like 3f9a1c7e/);
		expect(requestsSince(before)).toEqual([]);
	});

	it('a Studio of another workspace is refused by the platform, and the item says so', async () => {
		const result = await platform.run(inGenomics({ operation: 'get', ...studioParameter(STUDIO_IDS.rndNotebook) }));
		expect(result.error?.message).toMatch(/^Forbidden/);
		expect((result.error as { description?: string }).description).toMatch(`GET /studios/${STUDIO_IDS.rndNotebook} answered 403`);
	});
});

describe('Studio → Create', () => {
	it('creates a Studio from a template with the chosen compute environment, mounts and resources, stopped when told', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			createParameters('counts-review', {
				description: 'Reviewing the counts',
				dataLinkIds: [DATA_LINK_IDS.genomicsInbox, DATA_LINK_IDS.genomicsResults],
				cpu: 4,
				memory: 16384,
				gpu: 1,
				additionalFields: { lifespanHours: 2 },
			}),
		);
		const [studio] = platform.json(result);
		expect(studio).toMatchObject({
			name: 'counts-review',
			description: 'Reviewing the counts',
			status: 'stopped',
			template: { repository: JUPYTER, tool: 'jupyter' },
			computeEnv: { id: COMPUTE_ENV_IDS.genomicsBatch },
			configuration: { cpu: 4, memory: 16384, gpu: 1, lifespanHours: 2 },
			mountedDataLinks: [expect.objectContaining({ name: 'sequencing-inbox' }), expect.objectContaining({ name: 'results-archive' })],
			studioUrl: `https://${String(studio.sessionId)}.connect.cloud.seqera.io`,
		});
		const [sent] = requestsSince(before).filter((entry) => entry.method === 'POST');
		expect(sent.query).toEqual({ workspaceId: String(GENOMICS), autoStart: 'false' });
		expect(sent.body).toEqual({
			name: 'counts-review',
			description: 'Reviewing the counts',
			dataStudioToolUrl: JUPYTER,
			computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
			configuration: {
				cpu: 4,
				memory: 16384,
				gpu: 1,
				lifespanHours: 2,
				mountData: [DATA_LINK_IDS.genomicsInbox, DATA_LINK_IDS.genomicsResults],
				mountDataV2: [{ dataLinkId: DATA_LINK_IDS.genomicsInbox }, { dataLinkId: DATA_LINK_IDS.genomicsResults }],
			},
		});
	});

	it('takes an image of your own and data link IDs from an expression, and starts the Studio by default', async () => {
		const result = await whileStudiosHold(
			async () =>
				await platform.run(
					createParameters('custom-image', {
						template: locator('cr.example.com/team/my-studio:1.0', 'image'),
						dataLinkIds: `={{ "${DATA_LINK_IDS.genomicsReferences}" }}`,
						autoStart: true,
					}),
				),
		);
		expect(platform.json(result)[0]).toMatchObject({
			name: 'custom-image',
			status: 'starting',
			customImage: true,
			template: { repository: 'cr.example.com/team/my-studio:1.0' },
			mountedDataLinks: [expect.objectContaining({ id: DATA_LINK_IDS.genomicsReferences })],
		});
	});

	it('refuses an empty name, a template with spaces and a bad CPU count, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const noName = await platform.run(createParameters('  '));
		expect(noName.error?.message).toBe('Name is empty');
		const spaced = await platform.run(createParameters('spaced', { template: locator('my image:1', 'image') }));
		expect(spaced.error?.message).toBe('Template is not a container image');
		const noCpu = await platform.run(createParameters('no-cpu', { cpu: 0 }));
		expect(noCpu.error?.message).toBe('CPUs must be a whole number of at least 1');
		const badMount = await platform.run(createParameters('bad-mount', { dataLinkIds: '={{ ["ok-id", "not an id"] }}' }));
		expect(badMount.error?.message).toBe('Data Links to Mount "not an id" is not a valid ID');
		expect(requestsSince(before)).toEqual([]);
	});

	it("hands on the platform's refusal of a name already taken", async () => {
		const result = await platform.run(createParameters('variant-review'));
		expect(result.error?.message).toBe("A Studio named 'variant-review' already exists in this workspace");
		expect((result.error as { description?: string }).description).toMatch(/^POST \/studios answered 409\./);
	});
});

describe('Studio → Start, Stop and Wait', () => {
	it('starts a Studio, waits until it is running, stops it and waits until it is stopped', async () => {
		const sessionId = newStoppedStudio('round-trip');
		const started = platform.json(
			await whileStudiosHold(async () => await platform.run(inGenomics({ operation: 'start', ...studioParameter(sessionId) }))),
		);
		expect(started).toEqual([
			expect.objectContaining({
				sessionId,
				status: 'starting',
				jobSubmitted: true,
				studioUrl: `https://${sessionId}.connect.cloud.seqera.io`,
			}),
		]);
		// The platform finishes the start.
		platform.sim.data.setStudioStatus(sessionId, 'running');

		const running = platform.json(
			await platform.run(
				inGenomics({ operation: 'wait', waitUntil: 'running', waitOptions: fastChecks, ...studioParameter(sessionId) }),
			),
		);
		expect(running).toEqual([expect.objectContaining({ sessionId, status: 'running', waitChecks: 1 })]);

		const stopped = platform.json(
			await whileStudiosHold(async () => await platform.run(inGenomics({ operation: 'stop', ...studioParameter(sessionId) }))),
		);
		expect(stopped[0]).toMatchObject({ sessionId, status: 'stopping', jobSubmitted: true });
		platform.sim.data.setStudioStatus(sessionId, 'stopped');

		const waited = platform.json(
			await platform.run(
				inGenomics({ operation: 'wait', waitUntil: 'stopped', waitOptions: fastChecks, ...studioParameter(sessionId) }),
			),
		);
		expect(waited[0]).toMatchObject({ sessionId, status: 'stopped', studioUrl: `https://${sessionId}.connect.cloud.seqera.io` });
	});

	it("Start (1.1) sends the Studio's configuration, mounts included, with the overrides, as tower-cli does; the mounts stay", async () => {
		const mounts = [DATA_LINK_IDS.genomicsInbox, DATA_LINK_IDS.genomicsResults];
		const sessionId = platform.sim.data.addStudio({
			workspaceId: GENOMICS,
			name: 'mounted',
			description: 'QC notebook',
			cpu: 2,
			mountedDataLinkIds: mounts,
		}).sessionId;
		const before = platform.sim.log.length;
		const [started] = platform.json(
			await whileStudiosHold(
				async () =>
					await platform.run(
						inGenomics({ operation: 'start', overrides: { cpu: 8, lifespanHours: 2 }, ...studioParameter(sessionId) }),
						{ typeVersion: 1.1 },
					),
			),
		);
		expect(started).toMatchObject({
			sessionId,
			status: 'starting',
			jobSubmitted: true,
			configuration: { cpu: 8, lifespanHours: 2, memory: 8192 },
		});
		expect((started.mountedDataLinks as Array<{ id: string }>).map((link) => link.id).sort()).toEqual([...mounts].sort());
		const calls = requestsSince(before);
		expect(calls.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`GET /studios/${sessionId}`,
			`PUT /studios/${sessionId}/start`,
			`GET /studios/${sessionId}`,
		]);
		expect(calls[1].body).toEqual({
			configuration: {
				cpu: 8,
				memory: 8192,
				gpu: 0,
				lifespanHours: 2,
				mountDataV2: mounts.map((dataLinkId) => ({ dataLinkId, path: null })),
			},
			description: 'QC notebook',
		});
		const studio = platform.sim.data.studios.find((each) => each.sessionId === sessionId)!;
		expect(studio).toMatchObject({ cpu: 8, lifespanHours: 2, mountedDataLinkIds: mounts });
	});

	it('Start (1.1) replaces the mounts when told, refusing an ID that cannot be one, naming the field', async () => {
		const sessionId = platform.sim.data.addStudio({
			workspaceId: GENOMICS,
			name: 'remounted',
			mountedDataLinkIds: [DATA_LINK_IDS.genomicsInbox],
		}).sessionId;
		await platform.run(
			inGenomics({
				operation: 'start',
				overrides: { dataLinkIds: [DATA_LINK_IDS.genomicsReferences] },
				...studioParameter(sessionId),
			}),
		);
		expect(platform.sim.data.studios.find((each) => each.sessionId === sessionId)!.mountedDataLinkIds).toEqual([
			DATA_LINK_IDS.genomicsReferences,
		]);
		const other = newStoppedStudio('badly-remounted');
		const result = await platform.run(
			inGenomics({ operation: 'start', overrides: { dataLinkIds: 'not an id!' }, ...studioParameter(other) }),
		);
		expect(result.error!.message).toBe('Data Links to Mount "not an id!" is not a valid ID');
	});

	it('Start at version 1 still sends no configuration, {}, which starts the Studio as it is', async () => {
		const mounts = [DATA_LINK_IDS.genomicsInbox];
		const sessionId = platform.sim.data.addStudio({
			workspaceId: GENOMICS,
			name: 'mounted-v1',
			cpu: 4,
			mountedDataLinkIds: mounts,
		}).sessionId;
		const before = platform.sim.log.length;
		const [started] = platform.json(
			await whileStudiosHold(
				async () => await platform.run(inGenomics({ operation: 'start', ...studioParameter(sessionId) }), { typeVersion: 1 }),
			),
		);
		expect(started).toMatchObject({ sessionId, status: 'starting', jobSubmitted: true, configuration: { cpu: 4 } });
		const calls = requestsSince(before);
		expect(calls.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`PUT /studios/${sessionId}/start`,
			`GET /studios/${sessionId}`,
		]);
		expect(calls[0].body).toEqual({});
		expect(platform.sim.data.studios.find((each) => each.sessionId === sessionId)!.mountedDataLinkIds).toEqual(mounts);
	});

	it('a Start of a running Studio submits nothing and outputs it as it is', async () => {
		const result = platform.json(
			await platform.run(inGenomics({ operation: 'start', ...studioParameter(STUDIO_IDS.genomicsNotebook) })),
		);
		expect(result[0]).toMatchObject({ sessionId: STUDIO_IDS.genomicsNotebook, status: 'running', jobSubmitted: false });
	});

	it('Wait keeps checking through failed checks', async () => {
		const sessionId = newStoppedStudio('bumpy-start');
		await platform.run(inGenomics({ operation: 'start', ...studioParameter(sessionId) }));
		// More failures than the transport retries a call: the first check fails as a whole.
		platform.sim.addFault({ method: 'GET', path: new RegExp(`^/studios/${sessionId}$`), kind: 'status', status: 503, times: 5 });
		const before = platform.sim.log.length;
		const result = await platform.run(inGenomics({ operation: 'wait', waitOptions: fastChecks, ...studioParameter(sessionId) }));
		expect(platform.json(result)[0]).toMatchObject({ sessionId, status: 'running', waitChecks: 2 });
		expect(requestsSince(before).filter((entry) => entry.status === 503)).toHaveLength(5);
	});

	it('Wait until running fails the item for a stopped or errored Studio, saying why, or hands it on when told', async () => {
		const stopped = await platform.run(
			inGenomics({ operation: 'wait', waitOptions: fastChecks, ...studioParameter(STUDIO_IDS.genomicsRStudio) }),
		);
		expect(stopped.error?.message).toBe(`Studio ${STUDIO_IDS.genomicsRStudio} is stopped, so it will not be running`);
		expect((stopped.error as { description?: string }).description).toMatch(/use Start first/);

		const errored = await platform.run(
			inGenomics({ operation: 'wait', waitOptions: fastChecks, ...studioParameter(STUDIO_IDS.genomicsErrored) }),
		);
		expect(errored.error?.message).toBe(`Studio ${STUDIO_IDS.genomicsErrored} is errored, so it will not be running`);
		expect((errored.error as { description?: string }).description).toMatch(/^The Studio container exited with code 137/);

		const handedOn = await platform.run(
			inGenomics({
				operation: 'wait',
				waitOptions: { ...fastChecks, failOnStudioFailure: false },
				...studioParameter(STUDIO_IDS.genomicsErrored),
			}),
		);
		expect(platform.json(handedOn)).toEqual([expect.objectContaining({ sessionId: STUDIO_IDS.genomicsErrored, status: 'errored' })]);
	});

	it('Wait gives up after its timeout, naming the last status; the Studio is left as it is', async () => {
		// The seed's imaging-viewer is starting and, never started through the API, stays so.
		const result = await platform.run(
			inGenomics({
				operation: 'wait',
				waitOptions: { ...fastChecks, timeoutMinutes: 0.03 },
				...studioParameter(STUDIO_IDS.genomicsStarting),
			}),
		);
		expect(result.error?.message).toBe(`Studio ${STUDIO_IDS.genomicsStarting} was not running in time (last status starting)`);
		expect((result.error as { description?: string }).description).toMatch(/raise "Timeout \(Minutes\)"/);
	});

	it('cancelling the execution stops the wait at once', async () => {
		// Without the cancel this wait would last its default timeout of a day.
		const result = await platform.run(
			inGenomics({ operation: 'wait', waitOptions: { pollIntervalSeconds: 1 }, ...studioParameter(STUDIO_IDS.genomicsStarting) }),
			{ cancelAfterMs: 1500 },
		);
		expect(result.run.status).toBe('canceled');
	});
});

describe('Studio items', () => {
	it('with Continue On Fail, each item gets its own Studio or its own error, in order, and the token appears nowhere', async () => {
		const sessionId = newStoppedStudio('per-item');
		const result = await whileStudiosHold(
			async () =>
				await platform.run(inGenomics({ operation: 'start', sessionId: locator('={{ $json.studio }}') }), {
					items: [{ studio: sessionId }, { studio: 'not/a/studio' }, { studio: STUDIO_IDS.rndNotebook }],
					continueOnFail: true,
				}),
		);
		const items = result.outputs[0];
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json).toMatchObject({ sessionId, status: 'starting', jobSubmitted: true });
		expect(items[1].json.error).toBe('Studio "not/a/studio" is not a valid Studio session ID');
		expect(String(items[2].json.error)).toMatch(/^Forbidden/);
		expect(JSON.stringify(result.run)).not.toContain(TOKEN);
	});

	it("Create hands on the platform's refusal of a compute environment of another workspace", async () => {
		const result = await platform.run(createParameters('elsewhere', { computeEnvId: locator(COMPUTE_ENV_IDS.rndGoogle) }));
		expect(result.error?.message).toBe(`Compute environment '${COMPUTE_ENV_IDS.rndGoogle}' not found`);
		expect((result.error as { description?: string }).description).toMatch(/^POST \/studios answered 404\./);
	});
});

describe('Studio → Delete', () => {
	it('deletes the Studio and outputs its session ID', async () => {
		const sessionId = newStoppedStudio('to-delete');
		const result = await platform.run(inGenomics({ operation: 'delete', ...studioParameter(sessionId) }));
		expect(platform.json(result)).toEqual([{ sessionId, deleted: true }]);
		expect(platform.sim.data.studiosIn(GENOMICS).some((studio) => studio.sessionId === sessionId)).toBe(false);
	});
});

describe('Studio lists in the editor', () => {
	it('lists the Studios of the chosen workspace with their status, searchable', async () => {
		const parameters = workspaceParameter(GENOMICS);
		const found = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchStudios',
			platform.credentials(),
			'qc-dash',
			undefined,
			parameters,
		);
		expect(found.results).toEqual([
			{
				name: 'qc-dashboard · errored',
				value: STUDIO_IDS.genomicsErrored,
				url: `https://${STUDIO_IDS.genomicsErrored}.connect.cloud.seqera.io`,
			},
		]);
	});

	it("lists the platform's templates by image, marking the ones it no longer recommends", async () => {
		const parameters = workspaceParameter(GENOMICS);
		const templates = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchStudioTemplates',
			platform.credentials(),
			'jupyter',
			undefined,
			parameters,
		);
		expect(templates.results).toEqual([
			{ name: JUPYTER, value: JUPYTER },
			{
				name: 'public.cr.seqera.io/platform/data-studio-jupyter:4.1.5-0.7 (deprecated)',
				value: 'public.cr.seqera.io/platform/data-studio-jupyter:4.1.5-0.7',
			},
		]);
	});

	it('offers the data links of the workspace to mount, by name', async () => {
		const options = await platform.harness.loadOptions(
			SEQERA_NODE,
			'getMountableDataLinks',
			platform.credentials(),
			workspaceParameter(GENOMICS),
		);
		expect(options.map((option) => option.name)).toEqual(['reference-genomes', 'results-archive', 'sequencing-inbox']);
		expect(options.find((option) => option.name === 'sequencing-inbox')).toEqual({
			name: 'sequencing-inbox',
			value: DATA_LINK_IDS.genomicsInbox,
			description: 's3://acme-sequencing-inbox',
		});
	});
});

describe('Studio → Get Templates', () => {
	it('lists the templates the workspace may start, one item each, following pages', async () => {
		const before = platform.sim.log.length;
		const all = platform.json(await platform.run(inGenomics({ operation: 'getTemplates', returnAll: true })));
		const recommended = Object.entries(STUDIO_TEMPLATES).map(([tool, repository]) => ({ repository, tool, status: 'recommended' }));
		expect(all).toEqual([
			...recommended,
			{ repository: expect.stringContaining('data-studio-jupyter'), tool: 'jupyter', status: 'deprecated' },
		]);
		expect(requestsSince(before).map(({ method, path, query }) => ({ method, path, query }))).toEqual([
			{ method: 'GET', path: '/studios/templates', query: { workspaceId: String(GENOMICS), max: '100', offset: '0' } },
		]);

		const two = platform.json(await platform.run(inGenomics({ operation: 'getTemplates', returnAll: false, limit: 2 })));
		expect(two).toEqual(all.slice(0, 2));
		expect(requestsSince(before).at(-1)!.query).toEqual({ workspaceId: String(GENOMICS), max: '2', offset: '0' });
	});
});

describe("Studio → Create and Start: tw's other options", () => {
	const access = {
		labelIds: String(LABEL_IDS.production),
		labels: 'rnaseq, team=genomics',
		spot: true,
	};

	it('Create sends Conda, variables, SSH, spot, labels, the allowed user and a Git repository; the Studio keeps them', async () => {
		const conda = 'channels:\n  - conda-forge\ndependencies:\n  - numpy';
		const before = platform.sim.log.length;
		const result = await platform.run(
			createParameters('tw-options', {
				additionalFields: {
					condaEnvironment: conda,
					environment: { variables: [{ name: 'PROJECT', value: 'rnaseq' }] },
					sshEnabled: true,
					allowedUser: 'grace.hopper@acme-bio.example',
					repository: 'https://github.com/acme/studio-config',
					revision: 'v2',
					...access,
				},
			}),
		);
		const calls = requestsSince(before);
		expect(calls.find((entry) => entry.path === `/orgs/${ORG_IDS.acmeBio}/members`)?.query).toEqual({
			search: 'grace.hopper@acme-bio.example',
		});
		const sent = calls.find((entry) => entry.method === 'POST' && entry.path === '/studios')!;
		expect(sent.body).toEqual({
			name: 'tw-options',
			dataStudioToolUrl: JUPYTER,
			computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
			configuration: {
				cpu: 2,
				memory: 8192,
				gpu: 0,
				mountDataV2: [],
				condaEnvironment: conda,
				environment: { PROJECT: 'rnaseq' },
				sshEnabled: true,
			},
			remoteConfig: { repository: 'https://github.com/acme/studio-config', revision: 'v2' },
			allowedUserIds: [PERSON_USER_IDS.grace],
			labelIds: [LABEL_IDS.production, LABEL_IDS.rnaseq, LABEL_IDS.teamGenomics],
			spot: true,
		});
		expect(platform.json(result)[0]).toMatchObject({
			name: 'tw-options',
			configuration: { condaEnvironment: conda, environment: { PROJECT: 'rnaseq' }, sshEnabled: true },
			allowedUsers: [{ id: PERSON_USER_IDS.grace }],
			remoteConfig: { repository: 'https://github.com/acme/studio-config', revision: 'v2' },
		});
		const studio = platform.sim.data.studios.find((each) => each.name === 'tw-options')!;
		expect(studio).toMatchObject({ spot: true, labelIds: [LABEL_IDS.production, LABEL_IDS.rnaseq, LABEL_IDS.teamGenomics] });
	});

	it('Create refuses a bad variable name, a bad allowed user, Conda with an image of your own and a revision alone, before any call', async () => {
		const before = platform.sim.log.length;
		const badVariable = await platform.run(
			createParameters('bad-variable', { additionalFields: { environment: { variables: [{ name: '1PROJECT', value: 'x' }] } } }),
		);
		expect(badVariable.error?.message).toBe('Environment Variables: "1PROJECT" is not a variable name');
		const badUser = await platform.run(createParameters('bad-user', { additionalFields: { allowedUser: 'alice smith' } }));
		expect(badUser.error?.message).toBe('Allowed User "alice smith" is not a user ID, user name or email');
		const condaOnImage = await platform.run(
			createParameters('conda-image', {
				template: locator('cr.example.com/team/my-studio:1.0', 'image'),
				additionalFields: { condaEnvironment: 'dependencies:\n  - numpy' },
			}),
		);
		expect(condaOnImage.error?.message).toBe("Conda Environment needs one of the platform's templates");
		const revisionAlone = await platform.run(createParameters('revision-alone', { additionalFields: { revision: 'v2' } }));
		expect(revisionAlone.error?.message).toBe('Git Revision needs Git Repository');
		expect(requestsSince(before)).toEqual([]);
	});

	it('Start (1.1) sends the description, variables, SSH, spot, labels and allowed user given over the configuration', async () => {
		const sessionId = platform.sim.data.addStudio({ workspaceId: GENOMICS, name: 'tw-start', description: 'Old', cpu: 4 }).sessionId;
		const before = platform.sim.log.length;
		const overrides = {
			description: 'New',
			environment: { variables: [{ name: 'MODE', value: 'qc' }] },
			sshEnabled: true,
			allowedUser: String(PERSON_USER_IDS.alan),
			...access,
		};
		const [started] = platform.json(
			await whileStudiosHold(
				async () =>
					await platform.run(inGenomics({ operation: 'start', overrides, ...studioParameter(sessionId) }), { typeVersion: 1.1 }),
			),
		);
		const start = requestsSince(before).find((entry) => entry.method === 'PUT')!;
		expect(start.path).toBe(`/studios/${sessionId}/start`);
		expect(start.body).toEqual({
			configuration: {
				cpu: 4,
				memory: 8192,
				gpu: 0,
				lifespanHours: 8,
				mountDataV2: [],
				environment: { MODE: 'qc' },
				sshEnabled: true,
			},
			description: 'New',
			allowedUserIds: [PERSON_USER_IDS.alan],
			labelIds: [LABEL_IDS.production, LABEL_IDS.rnaseq, LABEL_IDS.teamGenomics],
			spot: true,
		});
		expect(started).toMatchObject({
			description: 'New',
			configuration: { cpu: 4, environment: { MODE: 'qc' }, sshEnabled: true },
			allowedUsers: [{ id: PERSON_USER_IDS.alan }],
		});
	});

	it('Start (1.1) refuses a bad label ID, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			inGenomics({ operation: 'start', overrides: { labelIds: '12, twelve' }, ...studioParameter(STUDIO_IDS.genomicsRStudio) }),
			{ typeVersion: 1.1 },
		);
		expect(result.error?.message).toBe('Label IDs "twelve" is not a number');
		expect(requestsSince(before)).toEqual([]);
	});

	it('an allowed user the organization does not have fails the item before the start, saying so', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			inGenomics({
				operation: 'start',
				overrides: { allowedUser: 'nobody@example.org' },
				...studioParameter(STUDIO_IDS.genomicsRStudio),
			}),
			{ typeVersion: 1.1 },
		);
		expect(result.error?.message).toBe('Allowed User "nobody@example.org" is not a member or collaborator of the organization');
		const lookups = requestsSince(before).filter((entry) => entry.path.startsWith(`/orgs/${ORG_IDS.acmeBio}/`));
		expect(lookups.map((entry) => [entry.path, entry.query])).toEqual([
			[`/orgs/${ORG_IDS.acmeBio}/members`, { search: 'nobody@example.org' }],
			[`/orgs/${ORG_IDS.acmeBio}/collaborators`, { search: 'nobody@example.org' }],
		]);
		expect(requestsSince(before).some((entry) => entry.method === 'PUT')).toBe(false);
	});
});
