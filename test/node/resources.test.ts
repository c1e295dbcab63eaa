import { NodeConnectionTypes, type IConnections, type IDataObject, type INode, type INodeParameters } from 'n8n-workflow';

import { SeqeraApi } from '../../credentials/SeqeraApi.credentials';
import { Seqera } from '../../nodes/Seqera/Seqera.node';
import { createHarness, type Harness } from '../../dev/engine/harness';
import { ITEMS_SOURCE_TYPE, oneFileSource } from '../../dev/engine/nodeTypes';
import { ACTION_IDS, COMPUTE_ENV_IDS, DATASET_IDS, PIPELINE_IDS, SEED_USER } from '../../dev/simulator/seed';
import { GENOMICS, locator, RND, SEQERA_NODE, seqeraCredentials, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 100 });

/** What the simulator received from here on. */
function requestsSince(before: number) {
	return platform.sim.log.slice(before);
}

describe('Workspace → Get Many', () => {
	it('outputs one item per workspace of your memberships, from the user and their workspaces', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({ resource: 'workspace', operation: 'getMany' });
		expect(platform.json(result)).toEqual([
			{
				orgId: 215386097437409,
				orgName: 'acme-bio',
				workspaceId: GENOMICS,
				workspaceName: 'genomics',
				workspaceFullName: 'Genomics production',
				visibility: 'PRIVATE',
				roles: ['owner'],
			},
			expect.objectContaining({ workspaceId: RND, workspaceName: 'rnd', roles: ['admin'] }),
			expect.objectContaining({ orgName: 'community', workspaceName: 'showcase', visibility: 'SHARED', roles: ['launch'] }),
		]);
		expect(requestsSince(before).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			'GET /user-info',
			`GET /user/${SEED_USER.id}/workspaces`,
		]);
	});

	it('adds the organization-only entries when asked, with empty workspace fields', async () => {
		const result = await platform.run({ resource: 'workspace', operation: 'getMany', includeOrganizations: true });
		const entries = platform.json(result);
		expect(entries).toHaveLength(5);
		expect(entries.filter((entry) => entry.workspaceId === null)).toEqual([
			{
				orgId: 215386097437409,
				orgName: 'acme-bio',
				workspaceId: null,
				workspaceName: null,
				workspaceFullName: null,
				visibility: null,
				roles: ['owner'],
			},
			{
				orgId: 68279422163436,
				orgName: 'community',
				workspaceId: null,
				workspaceName: null,
				workspaceFullName: null,
				visibility: null,
				roles: ['member'],
			},
		]);
	});
});

describe('Pipeline (Launchpad)', () => {
	it("Get Many returns every pipeline of the workspace in name order, with those shared from its organization's other workspaces", async () => {
		const result = await platform.run({ resource: 'pipeline', operation: 'getMany', returnAll: true, ...workspaceParameter(GENOMICS) });
		expect(platform.json(result).map((pipeline) => pipeline.name)).toEqual([
			'fastq-qc',
			'hello',
			'rnaseq',
			'sarek',
			'viralrecon-shared',
		]);
		expect(platform.json(result)[2]).toMatchObject({
			pipelineId: PIPELINE_IDS.genomicsRnaseq,
			repository: 'https://github.com/nf-core/rnaseq',
		});
	});

	it('Get Many sends the search and pages by max and offset up to the limit', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'getMany',
			returnAll: false,
			limit: 1,
			search: 'nf-core',
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result).map((pipeline) => pipeline.name)).toEqual(['rnaseq']);
		expect(requestsSince(before)).toMatchObject([
			{ path: '/pipelines', query: { workspaceId: String(GENOMICS), search: 'nf-core', max: '1', offset: '0' } },
		]);
	});

	it('Get returns the pipeline itself', async () => {
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'get',
			pipelineId: locator(String(PIPELINE_IDS.rndAtacseq), 'list'),
			...workspaceParameter(RND),
		});
		expect(platform.json(result)).toEqual([
			expect.objectContaining({ pipelineId: PIPELINE_IDS.rndAtacseq, name: 'atacseq', workspaceName: 'rnd', orgName: 'acme-bio' }),
		]);
	});

	it("Launch sends the Launchpad's saved launch with the overrides, once, and can wait for the run", async () => {
		const saved = platform.sim.data.pipelinesIn(GENOMICS).find((pipeline) => pipeline.id === PIPELINE_IDS.genomicsSarek)!;
		const launchesBefore = platform.sim.data.launches.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'launch',
			pipelineId: locator(String(saved.id), 'list'),
			...workspaceParameter(GENOMICS),
			launchSettings: { runName: 'sarek_from_launchpad', revision: 'dev' },
			waitForCompletion: true,
			waitOptions: { pollIntervalSeconds: 1 },
		});
		expect(platform.sim.data.launches.length).toBe(launchesBefore + 1);
		const launch = platform.sim.data.launches.at(-1)!;
		expect((launch.request as { launch: IDataObject }).launch).toMatchObject({
			pipeline: saved.repository,
			computeEnvId: saved.computeEnvId,
			workDir: saved.workDir,
			paramsText: saved.paramsText,
			revision: 'dev',
			runName: 'sarek_from_launchpad',
		});
		expect(platform.json(result)).toEqual([
			expect.objectContaining({
				workflowId: launch.workflowId,
				pipelineId: saved.id,
				workspaceId: GENOMICS,
				runName: 'sarek_from_launchpad',
				status: 'SUCCEEDED',
			}),
		]);
	});
});

describe('Compute Environment', () => {
	it('Get Many lists the compute environments of the workspace, optionally only in one status', async () => {
		const all = await platform.run({ resource: 'computeEnv', operation: 'getMany', ...workspaceParameter(RND) });
		expect(platform.json(all).map((computeEnv) => computeEnv.name)).toEqual(['gcp-batch-rnd', 'hpc-slurm-legacy']);

		const before = platform.sim.log.length;
		const errored = await platform.run({ resource: 'computeEnv', operation: 'getMany', status: 'ERRORED', ...workspaceParameter(RND) });
		expect(platform.json(errored)).toEqual([
			expect.objectContaining({
				id: COMPUTE_ENV_IDS.rndSlurmErrored,
				status: 'ERRORED',
				message: expect.stringContaining('Connection timed out'),
			}),
		]);
		expect(platform.sim.log[before].query).toEqual({ workspaceId: String(RND), status: 'ERRORED' });
	});

	it('Get returns the compute environment with its configuration', async () => {
		const result = await platform.run({
			resource: 'computeEnv',
			operation: 'get',
			computeEnvId: locator(COMPUTE_ENV_IDS.genomicsSpot, 'list'),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)).toEqual([
			expect.objectContaining({
				id: COMPUTE_ENV_IDS.genomicsSpot,
				name: 'aws-batch-spot-genomics',
				platform: 'aws-batch',
				config: expect.objectContaining({ workDir: 's3://acme-genomics-work/spot', region: 'eu-west-1' }),
			}),
		]);
	});
});

describe('Label', () => {
	it('Get Many lists the labels of one type, in name order', async () => {
		const simple = await platform.run({
			resource: 'label',
			operation: 'getMany',
			returnAll: true,
			type: 'simple',
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(simple).map((label) => label.name)).toEqual(['production', 'rnaseq', 'validation']);
		const resource = await platform.run({
			resource: 'label',
			operation: 'getMany',
			returnAll: true,
			type: 'resource',
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(resource)).toEqual([expect.objectContaining({ name: 'team', value: 'genomics', resource: true })]);
	});

	it('Create makes a simple label, and a resource label with its value', async () => {
		const simple = await platform.run({ resource: 'label', operation: 'create', name: 'nightly', ...workspaceParameter(RND) });
		const [created] = platform.json(simple);
		expect(created).toMatchObject({ name: 'nightly', resource: false });
		expect(platform.sim.data.labelsIn(RND).find((label) => label.id === created.id)).toMatchObject({
			name: 'nightly',
			resource: false,
		});
		expect(platform.sim.log.at(-1)!.body).toEqual({ name: 'nightly', resource: false });

		const resource = await platform.run({
			resource: 'label',
			operation: 'create',
			name: 'cost-centre',
			resourceLabel: true,
			value: 'rnd-42',
			isDefault: true,
			...workspaceParameter(RND),
		});
		expect(platform.json(resource)).toEqual([
			expect.objectContaining({ name: 'cost-centre', value: 'rnd-42', resource: true, isDefault: true }),
		]);
	});

	it('Create shows why the platform refused a name', async () => {
		const result = await platform.run({
			resource: 'label',
			operation: 'create',
			name: 'no spaces allowed',
			...workspaceParameter(RND),
		});
		expect(result.error).toMatchObject({ httpCode: '400' });
		expect(result.error!.message).toContain("Invalid label name 'no spaces allowed'");
	});
});

describe('Dataset', () => {
	let harness: Harness;

	beforeAll(() => {
		harness = createHarness({
			nodeTypes: { [SEQERA_NODE]: new Seqera() },
			credentialTypes: { seqeraApi: new SeqeraApi() },
		});
	});

	/** Runs "Test File → Upload Version" through the engine and returns what the Seqera node output. */
	async function upload(file: { fileName: string; mimeType?: string; content: string }, parameters: INodeParameters) {
		const nodes: INode[] = [
			{ id: 'file', name: 'File', type: ITEMS_SOURCE_TYPE, typeVersion: 1, position: [0, 0], parameters: oneFileSource(file) },
			{
				id: 'upload',
				name: 'Upload',
				type: SEQERA_NODE,
				typeVersion: 1,
				position: [200, 0],
				parameters: { resource: 'dataset', operation: 'uploadVersion', ...parameters },
				credentials: { seqeraApi: { id: '1', name: 'Seqera simulator' } },
			},
		];
		const connections: IConnections = { File: { main: [[{ node: 'Upload', type: NodeConnectionTypes.Main, index: 0 }]] } };
		const run = await harness.runWorkflow({ nodes, connections }, { seqeraApi: seqeraCredentials(platform.sim) });
		const outputs = run.data.resultData.runData.Upload?.[0]?.data?.main?.[0] ?? [];
		return { items: outputs.map((item) => item.json), error: run.data.resultData.error };
	}

	const samplesheet = [
		'sample,fastq_1,fastq_2',
		'A,a_1.fq.gz,a_2.fq.gz',
		'"B, batch 2",b_1.fq.gz,b_2.fq.gz',
		'C,c_1.fq.gz,c_2.fq.gz',
		'D,d_1.fq.gz,d_2.fq.gz',
		'',
	].join('\n');

	it('Get Many lists the datasets of the workspace with their latest version', async () => {
		const result = await platform.run({ resource: 'dataset', operation: 'getMany', returnAll: true, ...workspaceParameter(GENOMICS) });
		expect(platform.json(result)).toEqual([
			expect.objectContaining({ id: DATASET_IDS.genomicsSamplesheet, name: 'rnaseq-samplesheet', mediaType: 'text/csv', version: 1 }),
			expect.objectContaining({
				id: DATASET_IDS.genomicsSarekSamples,
				name: 'sarek-samples',
				mediaType: 'text/tab-separated-values',
			}),
		]);
	});

	it('Create makes an empty dataset; a second one of the same name is refused', async () => {
		const parameters = {
			resource: 'dataset',
			operation: 'create',
			name: 'atac-samples',
			description: 'ATAC-seq inputs',
			...workspaceParameter(RND),
		};
		const [created] = platform.json(await platform.run(parameters));
		expect(created).toMatchObject({ name: 'atac-samples', description: 'ATAC-seq inputs', workspaceId: RND });
		expect(platform.sim.data.datasetsIn(RND).find((dataset) => dataset.id === created.id)?.versions).toEqual([]);

		const again = await platform.run(parameters);
		expect(again.error).toMatchObject({ httpCode: '409' });
	});

	it('Upload Version sends the CSV from binary data as multipart, and the platform reads its rows after the header', async () => {
		const dataset = platform.sim.data.datasets.find((candidate) => candidate.id === DATASET_IDS.genomicsSamplesheet)!;
		const before = platform.sim.log.length;
		const { items, error } = await upload(
			{ fileName: 'samplesheet-2024-05.csv', content: samplesheet },
			{ datasetId: locator(dataset.id, 'list'), ...workspaceParameter(GENOMICS) },
		);
		expect(error).toBeUndefined();
		expect(items).toEqual([
			expect.objectContaining({
				datasetId: dataset.id,
				version: 2,
				fileName: 'samplesheet-2024-05.csv',
				mediaType: 'text/csv',
				hasHeader: true,
			}),
		]);
		expect(dataset.versions.at(-1)).toMatchObject({ version: 2, hasHeader: true, rowCount: 4, content: samplesheet });
		expect(requestsSince(before)).toMatchObject([
			{
				method: 'POST',
				path: `/datasets/${dataset.id}/upload`,
				query: { workspaceId: String(GENOMICS), header: 'true' },
				form: { file: { fileName: 'samplesheet-2024-05.csv', contentType: 'text/csv', content: samplesheet } },
			},
		]);
	});

	it('Upload Version of a TSV without a header counts every row', async () => {
		const dataset = platform.sim.data.datasets.find((candidate) => candidate.id === DATASET_IDS.rndChipSamples)!;
		const { items } = await upload(
			{ fileName: 'chip.tsv', content: 'S1\tchip_1.fq.gz\nS2\tchip_2.fq.gz\n' },
			{ datasetId: locator(dataset.id), header: false, ...workspaceParameter(RND) },
		);
		expect(items).toEqual([expect.objectContaining({ version: 1, mediaType: 'text/tab-separated-values', hasHeader: false })]);
		expect(dataset.versions).toMatchObject([{ version: 1, rowCount: 2 }]);
		expect(platform.sim.log.at(-1)!.query.header).toBe('false');
	});

	it('Upload Version refuses a file that is neither CSV nor TSV before calling the platform', async () => {
		const before = platform.sim.log.length;
		const { error } = await upload(
			{ fileName: 'samples.json', content: '[{"sample": "A"}]' },
			{ datasetId: locator(DATASET_IDS.genomicsSamplesheet), ...workspaceParameter(GENOMICS) },
		);
		expect(error!.message).toBe('The file in "Input Binary Field" is not a CSV or TSV file');
		expect((error as { description?: string }).description).toContain('"samples.json" has type application/json');
		expect(platform.sim.log.length).toBe(before);
	});
});

describe('Action', () => {
	it('Get Many lists the actions of the workspace, whatever starts them', async () => {
		const result = await platform.run({ resource: 'action', operation: 'getMany', ...workspaceParameter(GENOMICS) });
		expect(platform.json(result).map((action) => [action.name, action.source, action.status])).toEqual([
			['nightly-rnaseq', 'tower', 'ACTIVE'],
			['sarek-on-push', 'github', 'ACTIVE'],
			['hello-paused', 'tower', 'PAUSED'],
		]);
	});

	it('Trigger launches one run with the parameters given as key/value pairs laid over the action’s own', async () => {
		const runsBefore = platform.sim.data.runsIn(GENOMICS).length;
		const result = await platform.run({
			resource: 'action',
			operation: 'trigger',
			actionId: locator(ACTION_IDS.genomicsNightly, 'list'),
			paramsSource: 'keyValue',
			params: { parameter: [{ name: 'input', value: 's3://acme-genomics-work/inputs/2024-05-02.csv' }] },
			...workspaceParameter(GENOMICS),
		});
		const [output] = platform.json(result);
		expect(platform.sim.data.actionLaunches.at(-1)).toEqual({
			actionId: ACTION_IDS.genomicsNightly,
			workflowId: output.workflowId,
			params: { input: 's3://acme-genomics-work/inputs/2024-05-02.csv' },
		});
		expect(output).toEqual({ actionId: ACTION_IDS.genomicsNightly, workflowId: expect.any(String), workspaceId: GENOMICS });
		expect(platform.sim.data.runsIn(GENOMICS)).toHaveLength(runsBefore + 1);
		expect(platform.sim.data.findRun(String(output.workflowId))!.params).toEqual({
			input: 's3://acme-genomics-work/inputs/2024-05-02.csv',
			outdir: 's3://acme-genomics-work/scratch/results',
		});
	});

	it('Trigger takes parameters as JSON and can wait for the run to finish', async () => {
		const result = await platform.run({
			resource: 'action',
			operation: 'trigger',
			actionId: locator(ACTION_IDS.rndAtacseq),
			paramsSource: 'json',
			paramsJson: '{"outdir": "gs://acme-rnd-work/out", "replicates": 3}',
			waitForCompletion: true,
			waitOptions: { pollIntervalSeconds: 1 },
			...workspaceParameter(RND),
		});
		expect(platform.sim.data.actionLaunches.at(-1)!.params).toEqual({ outdir: 'gs://acme-rnd-work/out', replicates: 3 });
		expect(platform.json(result)).toEqual([expect.objectContaining({ actionId: ACTION_IDS.rndAtacseq, status: 'SUCCEEDED' })]);
	});

	it('Trigger checks the JSON before calling the platform', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'action',
			operation: 'trigger',
			actionId: locator(ACTION_IDS.genomicsNightly),
			paramsSource: 'json',
			paramsJson: '["input"]',
			...workspaceParameter(GENOMICS),
		});
		expect(result.error!.message).toBe('Parameters (JSON) must be a set of name/value pairs');
		expect(platform.sim.log.length).toBe(before);
	});

	it("Trigger of an action that GitHub pushes start shows the platform's reason and launches nothing", async () => {
		const launchesBefore = platform.sim.data.actionLaunches.length;
		const result = await platform.run({
			resource: 'action',
			operation: 'trigger',
			actionId: locator(ACTION_IDS.genomicsSarekOnPush),
			paramsSource: 'keyValue',
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toMatchObject({ httpCode: '400' });
		expect(result.error!.message).toBe("Action 'sarek-on-push' is started by github events and cannot be launched");
		expect(platform.sim.data.actionLaunches.length).toBe(launchesBefore);
	});
});
