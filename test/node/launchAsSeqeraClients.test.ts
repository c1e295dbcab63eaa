import type { INodeParameters } from 'n8n-workflow';

import { COMPUTE_ENV_IDS, DATA_LINK_IDS, PIPELINE_IDS } from '../../dev/simulator/seed';
import { GENOMICS, locator, RND, runParameter, SEQERA_NODE, usePlatform, workspaceParameter } from './platform';

// Launched runs stay SUBMITTED: never started, they cannot be resumed.
const platform = usePlatform({ runProgressMs: 60_000 });

const lastLaunch = () => platform.sim.data.launches[platform.sim.data.launches.length - 1];
const launchBody = () => (lastLaunch().request as { launch: Record<string, unknown> }).launch;
const requestsSince = (before: number) => platform.sim.log.slice(before);
const callsSince = (before: number) => requestsSince(before).map((entry) => `${entry.method} ${entry.path}`);
const savedPipeline = (id: number) => platform.sim.data.pipelines.find((pipeline) => pipeline.id === id)!;

const launchPipeline = (pipelineId: number, parameters: INodeParameters = {}): INodeParameters => ({
	resource: 'pipeline',
	operation: 'launch',
	pipelineId: locator(String(pipelineId), 'list'),
	...workspaceParameter(GENOMICS),
	...parameters,
});

describe('Launchpad launches (1.2) as tower-cli and node-red-seqera send them', () => {
	it("send the saved launch's id, by which the platform tells a Launchpad launch apart; 1.1 sends none", async () => {
		const rnaseq = savedPipeline(PIPELINE_IDS.genomicsRnaseq);
		const [launched] = platform.json(await platform.run(launchPipeline(rnaseq.id)));
		expect(launched.workflowId).toBe(lastLaunch().workflowId);
		expect(launchBody().id).toBe(rnaseq.launchId);

		await platform.run(launchPipeline(rnaseq.id), { typeVersion: 1.1 });
		expect(launchBody().id).toBeUndefined();
		expect(launchBody()).toMatchObject({ pipeline: rnaseq.repository, workDir: rnaseq.workDir });
	});

	it('on another compute environment take its work directory, and its scripts where the pipeline has none; 1.1 keeps the saved bucket', async () => {
		const rnaseq = savedPipeline(PIPELINE_IDS.genomicsRnaseq);
		const spot = platform.sim.data.computeEnvById(COMPUTE_ENV_IDS.genomicsSpot)!;
		spot.config.preRunScript = 'module load aws-cli';
		spot.config.postRunScript = 'echo spot done';
		try {
			const before = platform.sim.log.length;
			await platform.run(
				launchPipeline(rnaseq.id, { computeEnvId: locator(spot.id, 'list'), launchSettings: { postRunScript: 'echo mine' } }),
			);
			expect(callsSince(before)).toContain(`GET /compute-envs/${spot.id}`);
			expect(launchBody()).toMatchObject({
				computeEnvId: spot.id,
				workDir: spot.workDir,
				preRunScript: 'module load aws-cli',
				postRunScript: 'echo mine',
			});
			expect(platform.sim.data.findRun(lastLaunch().workflowId)!.workDir).toBe('s3://acme-genomics-work/spot');

			await platform.run(launchPipeline(rnaseq.id, { computeEnvId: locator(spot.id, 'list') }), { typeVersion: 1.1 });
			expect(launchBody()).toMatchObject({ computeEnvId: spot.id, workDir: rnaseq.workDir });
			expect(launchBody().preRunScript).toBeUndefined();
		} finally {
			delete spot.config.preRunScript;
			delete spot.config.postRunScript;
		}
	});

	it("leave out a saved launch's sessionId, resume and pipelineSchemaId; 1.1 sends them", async () => {
		const hello = savedPipeline(PIPELINE_IDS.genomicsHello);
		hello.savedWith = { sessionId: '0b1e5ac4-5f5e-4c29-9e0b-3f1c2d4a5b6c', resume: true, pipelineSchemaId: 7413 };
		try {
			await platform.run(launchPipeline(hello.id));
			expect(launchBody()).not.toHaveProperty('sessionId');
			expect(launchBody()).not.toHaveProperty('resume');
			expect(launchBody()).not.toHaveProperty('pipelineSchemaId');

			await platform.run(launchPipeline(hello.id), { typeVersion: 1.1 });
			expect(launchBody()).toMatchObject({ sessionId: '0b1e5ac4-5f5e-4c29-9e0b-3f1c2d4a5b6c', resume: true, pipelineSchemaId: 7413 });
		} finally {
			delete hello.savedWith;
		}
	});

	it("send tower-cli's launch settings: entry name, schema name, user secrets, commit ID, launch container, and optimization off", async () => {
		const sarek = savedPipeline(PIPELINE_IDS.genomicsSarek);
		sarek.savedWith = { optimizationId: 'rOYdwTnmTaRCJjUq', optimizationTargets: 'cpus, memory' };
		try {
			await platform.run(launchPipeline(sarek.id));
			expect(launchBody()).toMatchObject({ optimizationId: 'rOYdwTnmTaRCJjUq', optimizationTargets: 'cpus, memory' });

			await platform.run(
				launchPipeline(sarek.id, {
					launchSettings: {
						entryName: 'dsl2',
						schemaName: 'my_schema.json',
						userSecretNames: 'NCBI_KEY, GITHUB_TOKEN',
						commitId: '3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e',
						launchContainer: 'quay.io/seqeralabs/nf-launcher:j17-25.04.6',
						disableOptimization: true,
					},
				}),
			);
			const body = launchBody();
			expect(body).toMatchObject({
				id: sarek.launchId,
				entryName: 'dsl2',
				schemaName: 'my_schema.json',
				userSecrets: ['NCBI_KEY', 'GITHUB_TOKEN'],
				commitId: '3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e',
				launchContainer: 'quay.io/seqeralabs/nf-launcher:j17-25.04.6',
			});
			expect(body).not.toHaveProperty('optimizationId');
			expect(body).not.toHaveProperty('optimizationTargets');
			expect(body).not.toHaveProperty('disableOptimization');
		} finally {
			delete sarek.savedWith;
		}
	});
});

describe("Launch bodies (1.2) with tower-cli's fields, no more", () => {
	it("send a Launchpad pipeline's saved launch without its Nextflow version, output directory, syntax parser and launch container, as tower-cli's launch does; given settings still go over it; 1.1 sends them all", async () => {
		const hello = savedPipeline(PIPELINE_IDS.genomicsHello);
		hello.savedWith = {
			nextflowVersion: '24.10.4',
			outputDir: 's3://acme/results',
			syntaxParser: 'v2',
			launchContainer: 'quay.io/acme/launcher:1',
			headJobCpus: 2,
		};
		try {
			await platform.run(launchPipeline(hello.id));
			const body = launchBody();
			for (const left of [
				'nextflowVersion',
				'outputDir',
				'syntaxParser',
				'launchContainer',
				'sessionId',
				'resume',
				'pipelineSchemaId',
			])
				expect(body).not.toHaveProperty(left);
			expect(body).toMatchObject({
				id: hello.launchId,
				computeEnvId: hello.computeEnvId,
				pipeline: hello.repository,
				workDir: hello.workDir,
				headJobCpus: 2,
			});

			await platform.run(
				launchPipeline(hello.id, { launchSettings: { nextflowVersion: '25.04.6', launchContainer: 'quay.io/acme/launcher:2' } }),
			);
			expect(launchBody()).toMatchObject({ nextflowVersion: '25.04.6', launchContainer: 'quay.io/acme/launcher:2' });
			expect(launchBody()).not.toHaveProperty('outputDir');

			await platform.run(launchPipeline(hello.id), { typeVersion: 1.1 });
			expect(launchBody()).toMatchObject({
				nextflowVersion: '24.10.4',
				outputDir: 's3://acme/results',
				syntaxParser: 'v2',
				launchContainer: 'quay.io/acme/launcher:1',
			});
		} finally {
			delete hello.savedWith;
		}
	});

	it("launch a Launchpad pipeline saved without a compute environment or work directory on the workspace's primary one, in its work directory, as tower-cli does", async () => {
		const hello = savedPipeline(PIPELINE_IDS.genomicsHello);
		const saved = { computeEnvId: hello.computeEnvId, workDir: hello.workDir };
		const primary = platform.sim.data.primaryComputeEnv(GENOMICS)!;
		hello.computeEnvId = '';
		hello.workDir = '';
		try {
			const before = platform.sim.log.length;
			await platform.run(launchPipeline(hello.id));
			expect(callsSince(before)).toEqual(expect.arrayContaining(['GET /compute-envs', `GET /compute-envs/${primary.id}`]));
			expect(launchBody()).toMatchObject({ computeEnvId: primary.id, workDir: primary.workDir });

			await platform.run(launchPipeline(hello.id), { typeVersion: 1.1 });
			expect(launchBody()).not.toHaveProperty('computeEnvId');
			expect(launchBody()).not.toHaveProperty('workDir');
		} finally {
			Object.assign(hello, saved);
		}
	});

	it("relaunch with the fields tower-cli's runs relaunch sends: not the run's commit, Tower config, head job resources or Nextflow version, unless Launch Settings give them; 1.1 sends them all", async () => {
		const original = platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'FAILED' && run.start !== undefined)!;
		const savedLaunch = { ...original.launch };
		Object.assign(original.launch, {
			towerConfig: 'tower.enabled = true',
			headJobCpus: 4,
			headJobMemoryMb: 8192,
			nextflowVersion: '24.10.4',
		});
		try {
			const relaunch: INodeParameters = {
				resource: 'workflow',
				operation: 'relaunch',
				resume: false,
				...runParameter(original.id),
				...workspaceParameter(GENOMICS),
			};
			await platform.run(relaunch);
			expect(Object.keys(launchBody()).sort()).toEqual(
				// RelaunchCmd's fields, each where the run's launch has a value.
				[
					'id',
					'sessionId',
					'computeEnvId',
					'pipeline',
					'workDir',
					'revision',
					'configProfiles',
					'configText',
					'paramsText',
					'preRunScript',
					'postRunScript',
					'mainScript',
					'entryName',
					'schemaName',
					'userSecrets',
					'workspaceSecrets',
					'resume',
					'pullLatest',
					'stubRun',
				]
					.filter((field) => launchBody()[field] !== undefined)
					.sort(),
			);
			for (const left of ['commitId', 'towerConfig', 'headJobCpus', 'headJobMemoryMb', 'nextflowVersion', 'labelIds'])
				expect(launchBody()).not.toHaveProperty(left);
			expect(launchBody()).toMatchObject({
				id: original.launchId,
				sessionId: original.sessionId,
				resume: false,
				workDir: original.workDir,
			});

			await platform.run({ ...relaunch, launchSettings: { headJobCpus: 8 } });
			expect(launchBody()).toMatchObject({ headJobCpus: 8 });

			await platform.run(relaunch, { typeVersion: 1.1 });
			expect(launchBody()).toMatchObject({
				commitId: original.commitId,
				towerConfig: 'tower.enabled = true',
				headJobCpus: 4,
				headJobMemoryMb: 8192,
				nextflowVersion: '24.10.4',
			});
		} finally {
			original.launch = savedLaunch;
		}
	});

	it("relaunch afresh in the run's work directory when its launch has none, as tower-cli does", async () => {
		const original = platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'FAILED' && run.start !== undefined)!;
		const savedLaunch = { ...original.launch };
		original.launch.workDir = undefined as unknown as string;
		try {
			const before = platform.sim.log.length;
			await platform.run({
				resource: 'workflow',
				operation: 'relaunch',
				resume: false,
				...runParameter(original.id),
				...workspaceParameter(GENOMICS),
			});
			expect(callsSince(before).slice(0, 2)).toEqual([`GET /workflow/${original.id}/launch`, `GET /workflow/${original.id}`]);
			expect(launchBody()).toMatchObject({ workDir: original.workDir, resume: false });
		} finally {
			original.launch = savedLaunch;
		}
	});
});

describe('Workflow → Launch from a repository URL (1.2) as tower-cli sends it', () => {
	const fromRepository = (parameters: INodeParameters = {}): INodeParameters => ({
		resource: 'workflow',
		operation: 'launch',
		source: 'repository',
		pipeline: 'https://github.com/nextflow-io/hello',
		...workspaceParameter(GENOMICS),
		...parameters,
	});

	it('on a chosen compute environment takes its work directory and pre-/post-run scripts, under any given in Launch Settings; 1.1 sends only its ID', async () => {
		const spot = platform.sim.data.computeEnvById(COMPUTE_ENV_IDS.genomicsSpot)!;
		spot.config.preRunScript = 'module load aws-cli';
		spot.config.postRunScript = 'echo spot done';
		spot.config.nextflowConfig = 'process.executor = "awsbatch"';
		try {
			const before = platform.sim.log.length;
			await platform.run(fromRepository({ computeEnvId: locator(spot.id, 'list'), launchSettings: { postRunScript: 'echo mine' } }));
			expect(callsSince(before)).toEqual([`GET /compute-envs/${spot.id}`, 'POST /workflow/launch']);
			expect(launchBody()).toEqual({
				pipeline: 'https://github.com/nextflow-io/hello',
				computeEnvId: spot.id,
				workDir: spot.workDir,
				preRunScript: 'module load aws-cli',
				postRunScript: 'echo mine',
			});

			await platform.run(fromRepository({ computeEnvId: locator(spot.id, 'list') }), { typeVersion: 1.1 });
			expect(launchBody()).toEqual({ pipeline: 'https://github.com/nextflow-io/hello', computeEnvId: spot.id });
		} finally {
			delete spot.config.preRunScript;
			delete spot.config.postRunScript;
			delete spot.config.nextflowConfig;
		}
	});

	it("without one takes the workspace's primary compute environment and its work directory; a workspace with none fails the item before launching", async () => {
		const primary = platform.sim.data.primaryComputeEnv(GENOMICS)!;
		const before = platform.sim.log.length;
		await platform.run(fromRepository({ launchSettings: { workDir: 's3://acme-genomics-work/mine' } }));
		expect(callsSince(before)).toEqual(['GET /compute-envs', `GET /compute-envs/${primary.id}`, 'POST /workflow/launch']);
		expect(requestsSince(before)[0].query).toMatchObject({ status: 'AVAILABLE' });
		expect(launchBody()).toEqual({
			pipeline: 'https://github.com/nextflow-io/hello',
			computeEnvId: primary.id,
			workDir: 's3://acme-genomics-work/mine',
		});

		primary.primary = false;
		try {
			const launches = platform.sim.data.launches.length;
			const result = await platform.run(fromRepository());
			expect(result.error!.message).toBe('No compute environment: choose one, or make one of the workspace primary');
			expect(platform.sim.data.launches.length).toBe(launches);
		} finally {
			primary.primary = true;
		}
	});
	it('reads the primary compute environment and its defaults once per execution, however many items launch', async () => {
		const primary = platform.sim.data.primaryComputeEnv(GENOMICS)!;
		const before = platform.sim.log.length;
		const result = await platform.run(fromRepository(), { items: [{ run: 1 }, { run: 2 }, { run: 3 }, { run: 4 }] });
		expect(platform.json(result)).toHaveLength(4);
		const calls = callsSince(before);
		expect(calls.filter((call) => call === 'GET /compute-envs')).toHaveLength(1);
		expect(calls.filter((call) => call === `GET /compute-envs/${primary.id}`)).toHaveLength(1);
		expect(calls.filter((call) => call === 'POST /workflow/launch')).toHaveLength(4);
	});
});

describe('Pipelines shared from another workspace (1.2)', () => {
	const shared = () => savedPipeline(PIPELINE_IDS.rndViralreconShared);

	it("Get Many and the pipeline list show them (visibility=all); 1.1 lists only the workspace's own", async () => {
		const before = platform.sim.log.length;
		const listed = platform.json(
			await platform.run({ resource: 'pipeline', operation: 'getMany', returnAll: true, ...workspaceParameter(GENOMICS) }),
		);
		expect(listed.find((pipeline) => pipeline.name === 'viralrecon-shared')).toMatchObject({
			pipelineId: shared().id,
			workspaceId: RND,
		});
		expect(requestsSince(before)[0].query).toMatchObject({ visibility: 'all' });

		const own = platform.json(
			await platform.run(
				{ resource: 'pipeline', operation: 'getMany', returnAll: true, ...workspaceParameter(GENOMICS) },
				{ typeVersion: 1.1 },
			),
		);
		expect(own.map((pipeline) => pipeline.name)).toEqual(['fastq-qc', 'hello', 'rnaseq', 'sarek']);

		const search = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchPipelines',
			platform.credentials({ workspaceId: String(GENOMICS) }),
			'viral',
		);
		expect(search.results).toEqual([{ name: 'viralrecon-shared', value: String(shared().id), description: shared().repository }]);
	});

	it('launch with sourceWorkspaceId on the saved launch, the schema and the launch, as tower-cli sends it; 1.1 cannot launch one', async () => {
		const spot = COMPUTE_ENV_IDS.genomicsSpot;
		const before = platform.sim.log.length;
		const [launched] = platform.json(await platform.run(launchPipeline(shared().id, { computeEnvId: locator(spot, 'list') })));
		expect(launched).toMatchObject({ workflowId: lastLaunch().workflowId, pipelineId: shared().id });
		const sent = requestsSince(before);
		const source = { workspaceId: String(GENOMICS), sourceWorkspaceId: String(RND) };
		expect(sent.find((entry) => entry.path === `/pipelines/${shared().id}/launch`)!.query).toEqual(source);
		expect(sent.find((entry) => entry.path === `/pipelines/${shared().id}/schema`)!.query).toMatchObject(source);
		expect(sent.find((entry) => entry.path === '/workflow/launch')!.query).toEqual(source);
		expect(launchBody()).toMatchObject({
			id: shared().launchId,
			pipeline: shared().repository,
			computeEnvId: spot,
			workDir: 's3://acme-genomics-work/spot',
		});

		const old = await platform.run(launchPipeline(shared().id, { computeEnvId: locator(spot, 'list') }), { typeVersion: 1.1 });
		expect(old.error).toMatchObject({ httpCode: '403' });
	});
});

describe('Workflow → Relaunch (1.2) as tower-cli sends it', () => {
	const failedRun = () => platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'FAILED' && run.start !== undefined)!;
	const relaunch = (workflowId: string, parameters: INodeParameters = {}): INodeParameters => ({
		resource: 'workflow',
		operation: 'relaunch',
		...runParameter(workflowId),
		...workspaceParameter(GENOMICS),
		...parameters,
	});

	it("resumes with the run's own session and the commit it ran as the revision, in its work directory", async () => {
		const original = failedRun();
		const before = platform.sim.log.length;
		const [output] = platform.json(await platform.run(relaunch(original.id)));
		expect(output).toMatchObject({ sourceWorkflowId: original.id, resume: true });
		expect(callsSince(before).slice(0, 2)).toEqual([`GET /workflow/${original.id}/launch`, `GET /workflow/${original.id}`]);
		const body = launchBody();
		expect(body).toMatchObject({
			id: original.launchId,
			resume: true,
			sessionId: original.sessionId,
			revision: original.commitId,
			workDir: original.workDir,
		});
		expect(body).not.toHaveProperty('commitId');
	});

	it('version 1.1 still resumes with the saved revision and the commit as commitId', async () => {
		const original = failedRun();
		await platform.run(relaunch(original.id), { typeVersion: 1.1 });
		expect(launchBody()).toMatchObject({ resume: true, revision: original.launch.revision, commitId: original.commitId });
		expect(launchBody()).not.toHaveProperty('id');
	});

	it("starts a run that never started afresh: no resume, its launch's session to say which run it relaunches", async () => {
		const cancelledEarly = platform.sim.data.addRun({ workspaceId: GENOMICS, status: 'CANCELLED' });
		// Cancelled while it was still submitted: it never ran a commit.
		cancelledEarly.start = undefined;
		const [output] = platform.json(await platform.run(relaunch(cancelledEarly.id)));
		expect(output).toMatchObject({ sourceWorkflowId: cancelledEarly.id, resume: false });
		expect(launchBody()).toMatchObject({
			resume: false,
			revision: cancelledEarly.launch.revision,
			sessionId: cancelledEarly.sessionId,
		});
		expect(platform.sim.data.findRun(lastLaunch().workflowId)!.sessionId).not.toBe(cancelledEarly.sessionId);
	});

	it('refuses a changed work directory on resume, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(relaunch(failedRun().id, { launchSettings: { workDir: 's3://elsewhere/work' } }));
		expect(result.error!.message).toBe('Work Directory cannot change when resuming');
		expect(platform.sim.log.length).toBe(before);
	});
});

describe('Studios (1.2) send mountData beside mountDataV2, as tower-cli does', () => {
	const mounts = [DATA_LINK_IDS.genomicsInbox, DATA_LINK_IDS.genomicsResults];
	const studioBody = (before: number, method: string) =>
		requestsSince(before).find((entry) => entry.method === method)!.body as { configuration: Record<string, unknown> };

	it('Create sends the data link IDs in mountData too; 1.1 only mountDataV2', async () => {
		const create = (name: string): INodeParameters => ({
			resource: 'studio',
			operation: 'create',
			name,
			template: locator('public.cr.seqera.io/platform/data-studio-jupyter:4.2.5-0.8', 'list'),
			computeEnvId: locator(COMPUTE_ENV_IDS.genomicsBatch, 'list'),
			dataLinkIds: mounts,
			autoStart: false,
			...workspaceParameter(GENOMICS),
		});
		let before = platform.sim.log.length;
		await platform.run(create('mounts-both'));
		expect(studioBody(before, 'POST').configuration).toMatchObject({
			mountData: mounts,
			mountDataV2: mounts.map((dataLinkId) => ({ dataLinkId })),
		});

		before = platform.sim.log.length;
		await platform.run(create('mounts-v2-only'), { typeVersion: 1.1 });
		expect(studioBody(before, 'POST').configuration).not.toHaveProperty('mountData');
	});

	it("Start sends the Studio's mounts in mountData too, and the overriding ones when replaced", async () => {
		const sessionId = platform.sim.data.addStudio({ workspaceId: GENOMICS, name: 'mounted-12', mountedDataLinkIds: mounts }).sessionId;
		let before = platform.sim.log.length;
		await platform.run({ resource: 'studio', operation: 'start', sessionId: locator(sessionId), ...workspaceParameter(GENOMICS) });
		expect(studioBody(before, 'PUT').configuration).toMatchObject({ mountData: mounts });

		await platform.run({ resource: 'studio', operation: 'stop', sessionId: locator(sessionId), ...workspaceParameter(GENOMICS) });
		before = platform.sim.log.length;
		const references = [DATA_LINK_IDS.genomicsReferences];
		await platform.run({
			resource: 'studio',
			operation: 'start',
			overrides: { dataLinkIds: references },
			sessionId: locator(sessionId),
			...workspaceParameter(GENOMICS),
		});
		expect(studioBody(before, 'PUT').configuration).toMatchObject({
			mountData: references,
			mountDataV2: [{ dataLinkId: references[0] }],
		});
	});
});
