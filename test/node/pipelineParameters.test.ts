import type { INodeParameters, ResourceMapperField } from 'n8n-workflow';

import { NODE_UNDER_TEST, type NodeRunResult, type RunNodeOptions } from '../../dev/engine/harness';
import { COMPUTE_ENV_IDS, DATASET_IDS, PIPELINE_IDS, WORKSPACE_IDS } from '../../dev/simulator/seed';
import { GENOMICS, RND, SEQERA_NODE, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 60_000 });

const launchpad = (pipelineId: number, overrides: INodeParameters = {}): INodeParameters => ({
	resource: 'pipeline',
	operation: 'launch',
	pipelineId: { __rl: true, mode: 'list', value: String(pipelineId) },
	...workspaceParameter(GENOMICS),
	...overrides,
});

/** The form's value as the editor saves it: the fields the user filled in, and the schema it showed. */
const form = (value: Record<string, string | number | boolean | null>): INodeParameters => ({
	pipelineParameters: {
		mappingMode: 'defineBelow',
		value,
		matchingColumns: [],
		schema: [],
		attemptToConvertTypes: false,
		convertFieldsToString: false,
	},
});

const savedPipelineIn = (workspaceId: number, pipelineId: number) =>
	platform.sim.data.pipelinesIn(workspaceId).find((pipeline) => pipeline.id === pipelineId)!;
const savedPipeline = (pipelineId: number) => savedPipelineIn(GENOMICS, pipelineId);
const savedParams = (pipelineId: number) => JSON.parse(savedPipeline(pipelineId).paramsText) as Record<string, unknown>;
const launchBodies = () => platform.sim.data.launches.map((launch) => (launch.request as { launch: Record<string, unknown> }).launch);
const sentParams = () => JSON.parse(launchBodies().at(-1)!.paramsText as string) as Record<string, unknown>;
const launchRequests = () => platform.sim.log.filter((entry) => entry.method === 'POST' && entry.path === '/workflow/launch');

/** Runs a launch that must fail before sending: no launch request reaches the platform. Returns the error's message and lines. */
async function refused(parameters: INodeParameters, options: Partial<RunNodeOptions> = {}) {
	const before = launchRequests().length;
	const result = await platform.run(parameters, options);
	expect(launchRequests().length).toBe(before);
	const error = result.error as { message: string; description?: string };
	expect(error).toBeDefined();
	return { message: error.message, lines: String(error.description).split('\n') };
}

async function fieldsOf(pipelineId: number) {
	return await platform.harness.resourceMapping(SEQERA_NODE, 'getPipelineParameters', platform.credentials(), launchpad(pipelineId));
}

const field = (fields: ResourceMapperField[], id: string) => fields.find((entry) => entry.id === id);

describe('Pipeline Parameters: the form the editor shows', () => {
	it("shows an nf-schema pipeline's parameters (2020-12, $defs) with their types, required ones, defaults and lists", async () => {
		const { fields } = await fieldsOf(PIPELINE_IDS.genomicsRnaseq);
		const saved = savedParams(PIPELINE_IDS.genomicsRnaseq);
		expect(fields.map((entry) => entry.id)).toEqual([
			'input',
			'outdir',
			'email',
			'multiqc_title',
			'genome',
			'fasta',
			'gtf',
			'igenomes_ignore',
			'aligner',
			'min_mapped_reads',
			'skip_alignment',
			'trimmer',
			'min_trimmed_reads',
			'max_cpus',
			'max_memory',
			'max_time',
			'publish_dir_mode',
			'monochrome_logs',
			'validate_params',
		]);
		// Required parameters are on the form from the start, filled with the pipeline's saved values.
		expect(field(fields, 'input')).toEqual({
			id: 'input',
			displayName: 'input — Path to comma-separated file containing information about the samples in the experiment.',
			type: 'string',
			required: true,
			removed: false,
			display: true,
			defaultMatch: false,
			canBeUsedToMatch: false,
			defaultValue: saved.input,
		});
		expect(field(fields, 'outdir')).toMatchObject({ required: true, removed: false, defaultValue: saved.outdir });
		// The others are added from the list, starting at the schema's default.
		expect(field(fields, 'aligner')).toMatchObject({
			type: 'options',
			required: false,
			removed: true,
			defaultValue: 'star_salmon',
			options: [
				{ name: 'star_salmon', value: 'star_salmon' },
				{ name: 'star_rsem', value: 'star_rsem' },
				{ name: 'hisat2', value: 'hisat2' },
			],
		});
		expect(field(fields, 'genome')).toMatchObject({ type: 'options', removed: true });
		expect(field(fields, 'genome')).not.toHaveProperty('defaultValue');
		expect(field(fields, 'min_trimmed_reads')).toMatchObject({ type: 'number', defaultValue: 10000 });
		expect(field(fields, 'min_mapped_reads')).toMatchObject({ type: 'number', defaultValue: 5 });
		expect(field(fields, 'skip_alignment')).toMatchObject({ type: 'boolean', removed: true });
		// Hidden parameters are marked as such.
		expect(field(fields, 'max_cpus')).toMatchObject({
			displayName: 'max_cpus (hidden) — Maximum number of CPUs that can be requested for any single job.',
			type: 'number',
			defaultValue: 16,
			removed: true,
		});
		expect(field(fields, 'publish_dir_mode')).toMatchObject({
			displayName: expect.stringMatching(/^publish_dir_mode \(hidden\) — /),
			type: 'options',
			defaultValue: 'copy',
		});
	});

	it("shows an nf-validation pipeline's parameters (draft-07, definitions) the same way", async () => {
		const { fields } = await fieldsOf(PIPELINE_IDS.genomicsSarek);
		expect(fields.filter((entry) => entry.required).map((entry) => entry.id)).toEqual(['step', 'outdir']);
		expect(field(fields, 'step')).toMatchObject({
			displayName: 'step — Starting step',
			type: 'options',
			required: true,
			removed: false,
			defaultValue: 'mapping',
		});
		expect(field(fields, 'step')!.options!.map((option) => option.value)).toEqual([
			'mapping',
			'markduplicates',
			'prepare_recalibration',
			'recalibrate',
			'variant_calling',
			'annotate',
		]);
		expect(field(fields, 'input')).toMatchObject({
			required: false,
			removed: true,
			defaultValue: savedParams(PIPELINE_IDS.genomicsSarek).input,
		});
		expect(field(fields, 'split_fastq')).toMatchObject({ type: 'number', defaultValue: 50000000 });
		expect(field(fields, 'wes')).toMatchObject({ type: 'boolean' });
		expect(field(fields, 'genome')).toMatchObject({ type: 'options', defaultValue: 'GATK.GRCh38' });
		expect(field(fields, 'igenomes_base')).toMatchObject({ displayName: expect.stringMatching(/^igenomes_base \(hidden\)/) });
	});

	it('says so when the pipeline has no schema (the platform answers 204), pointing at the JSON/YAML text', async () => {
		const result = await fieldsOf(PIPELINE_IDS.genomicsHello);
		expect(result.fields).toEqual([]);
		expect(result.emptyFieldsNotice).toMatch(/no parameter schema.*Launch Settings → Pipeline Parameters/);
	});
});

describe('Pipeline Parameters and dataset parameters of a pipeline shared from another workspace (1.2)', () => {
	const rnaseq = () => savedPipeline(PIPELINE_IDS.genomicsRnaseq);
	const inRnd = (pipelineId: number): INodeParameters => ({ ...launchpad(pipelineId), ...workspaceParameter(RND) });
	const editorReads = (before: number) => platform.sim.log.slice(before).map((entry) => ({ path: entry.path, query: entry.query }));

	it('reads its schema with the workspace it comes from, as its launch does: the form and the dataset list load', async () => {
		// Genomics shares its rnaseq pipeline; the editor shows it in R&D.
		rnaseq().shared = true;
		try {
			const before = platform.sim.log.length;
			const { fields } = await platform.harness.resourceMapping(
				SEQERA_NODE,
				'getPipelineParameters',
				platform.credentials(),
				inRnd(rnaseq().id),
			);
			expect(field(fields, 'input')).toMatchObject({ required: true, defaultValue: savedParams(PIPELINE_IDS.genomicsRnaseq).input });
			expect(editorReads(before)).toEqual([
				{ path: `/pipelines/${rnaseq().id}`, query: { workspaceId: String(RND) } },
				{ path: `/pipelines/${rnaseq().id}/schema`, query: { workspaceId: String(RND), sourceWorkspaceId: String(GENOMICS) } },
			]);

			const datasetParameters = await platform.harness.loadOptions(
				SEQERA_NODE,
				'getDatasetParameters',
				platform.credentials(),
				inRnd(rnaseq().id),
			);
			expect(datasetParameters.map((option) => option.value)).toEqual(['input']);
		} finally {
			delete rnaseq().shared;
		}
	});

	it("says a shared pipeline without a schema has none, rather than failing on the platform's 403", async () => {
		const result = await platform.harness.resourceMapping(
			SEQERA_NODE,
			'getPipelineParameters',
			platform.credentials(),
			launchpad(PIPELINE_IDS.rndViralreconShared),
		);
		expect(result.fields).toEqual([]);
		expect(result.emptyFieldsNotice).toMatch(/no parameter schema/);
		expect(platform.sim.log.at(-1)).toMatchObject({
			path: `/pipelines/${PIPELINE_IDS.rndViralreconShared}/schema`,
			query: { sourceWorkspaceId: String(RND) },
		});
	});

	it("reads a workspace's own pipeline without asking for a source workspace", async () => {
		await fieldsOf(PIPELINE_IDS.genomicsRnaseq);
		expect(platform.sim.log.at(-1)).toMatchObject({
			path: `/pipelines/${PIPELINE_IDS.genomicsRnaseq}/schema`,
			query: { workspaceId: String(GENOMICS) },
		});
		expect(platform.sim.log.at(-1)!.query).not.toHaveProperty('sourceWorkspaceId');
	});
});

describe('Pipeline Parameters: what is launched', () => {
	it("lays the JSON/YAML text over the pipeline's saved parameters, and the form's fields over both", async () => {
		const result = await platform.run(
			launchpad(PIPELINE_IDS.genomicsRnaseq, {
				...form({ genome: 'GRCh38', min_trimmed_reads: '500', skip_alignment: 'true', outdir: null, email: '' }),
				launchSettings: { paramsText: 'outdir: s3://from-text/results\ngenome: GRCm39\nmultiqc_title: from the text\n' },
			}),
		);
		expect(result.error).toBeUndefined();
		expect(sentParams()).toEqual({
			input: savedParams(PIPELINE_IDS.genomicsRnaseq).input,
			outdir: 's3://from-text/results',
			genome: 'GRCh38',
			multiqc_title: 'from the text',
			// n8n's text became the schema's types; fields left empty are not given.
			min_trimmed_reads: 500,
			skip_alignment: true,
		});
	});

	it('takes field values from expressions, per item, and reads the schema once for the whole batch', async () => {
		const schemaReads = () =>
			platform.sim.log.filter((entry) => entry.path === `/pipelines/${PIPELINE_IDS.genomicsRnaseq}/schema`).length;
		const before = { reads: schemaReads(), launches: launchBodies().length };
		const result = await platform.run(
			{
				...launchpad(PIPELINE_IDS.genomicsRnaseq, form({ input: '={{ $json.samplesheet }}', max_cpus: '={{ $json.cpus }}' })),
				resource: 'workflow',
				operation: 'launch',
				source: 'launchpad',
			},
			{
				items: [
					{ samplesheet: 's3://lab/run1.csv', cpus: 8 },
					{ samplesheet: 's3://lab/run2.csv', cpus: '32' },
				],
			},
		);
		expect(result.error).toBeUndefined();
		const bodies = launchBodies().slice(before.launches);
		expect(bodies.map((body) => JSON.parse(body.paramsText as string))).toEqual([
			{ ...savedParams(PIPELINE_IDS.genomicsRnaseq), input: 's3://lab/run1.csv', max_cpus: 8 },
			{ ...savedParams(PIPELINE_IDS.genomicsRnaseq), input: 's3://lab/run2.csv', max_cpus: 32 },
		]);
		expect(schemaReads() - before.reads).toBe(1);
	});

	it('sends the saved parameters as they were saved when neither the text nor the form gives any', async () => {
		await platform.run(launchpad(PIPELINE_IDS.genomicsSarek, form({})));
		expect(launchBodies().at(-1)!.paramsText).toBe(savedPipeline(PIPELINE_IDS.genomicsSarek).paramsText);
	});

	it('launches a pipeline without a schema with the JSON/YAML text', async () => {
		const result = await platform.run(
			launchpad(PIPELINE_IDS.genomicsHello, { launchSettings: { paramsText: 'greeting: Bonjour\ntimes: 3\n' } }),
		);
		expect(result.error).toBeUndefined();
		expect(sentParams()).toEqual({ greeting: 'Bonjour', times: 3 });
	});
});

describe('Pipeline Parameters: checked against the schema before anything is sent', () => {
	const launchesSent = () => platform.sim.data.launches.length;

	it("names each parameter of the wrong type after converting the form text, in the schema's order", async () => {
		const { message, lines } = await refused(
			launchpad(
				PIPELINE_IDS.genomicsRnaseq,
				form({ max_cpus: 'lots', min_mapped_reads: '7.5%', skip_alignment: 'yes', min_trimmed_reads: '2.5' }),
			),
		);
		expect(message).toBe(
			"Pipeline parameters do not match the pipeline's schema: min_mapped_reads, skip_alignment, min_trimmed_reads, max_cpus",
		);
		expect(lines).toEqual(
			expect.arrayContaining([
				'max_cpus: expects an integer, got "lots"',
				'min_mapped_reads: expects a number, got "7.5%"',
				'skip_alignment: expects true or false, got "yes"',
				'min_trimmed_reads: expects an integer, got 2.5',
			]),
		);
	});

	it('names a value outside the list, one not matching the pattern, and ones out of bounds', async () => {
		const { message, lines } = await refused(
			launchpad(PIPELINE_IDS.genomicsRnaseq, {
				...form({ genome: 'hg19', max_cpus: 0, min_mapped_reads: 150 }),
				launchSettings: { paramsText: '{"input": "s3://lab/samples.txt", "email": "not-an-address"}' },
			}),
		);
		expect(message).toBe("Pipeline parameters do not match the pipeline's schema: input, email, genome, min_mapped_reads, max_cpus");
		expect(lines).toEqual(
			expect.arrayContaining([
				'genome: expects one of GRCh38, GRCh37, GRCm39, GRCm38, R64-1-1, got "hg19"',
				'input: expects text matching ^\\S+\\.csv$, got "s3://lab/samples.txt"',
				'email: expects text matching ^([a-zA-Z0-9_\\-\\.]+)@([a-zA-Z0-9_\\-\\.]+)\\.([a-zA-Z]{2,5})$, got "not-an-address"',
				'max_cpus: expects a number >= 1, got 0',
				'min_mapped_reads: expects a number <= 100, got 150',
			]),
		);
	});

	it('checks draft-07 schemas too, defaults standing in for parameters not given', async () => {
		const { message, lines } = await refused(
			launchpad(PIPELINE_IDS.genomicsSarek, form({ step: 'align', tools: 'haplotypecaller,deepvariant' })),
		);
		expect(message).toBe("Pipeline parameters do not match the pipeline's schema: step, tools");
		expect(lines[0]).toMatch(/^step: expects one of mapping, markduplicates, .*, got "align"$/);
		expect(lines[1]).toMatch(/^tools: expects text matching .*, got "haplotypecaller,deepvariant"$/);
	});

	it('fails only the items whose parameters fail; the others launch', async () => {
		const before = launchesSent();
		const result = await platform.run(launchpad(PIPELINE_IDS.genomicsRnaseq, form({ genome: '={{ $json.genome }}' })), {
			items: [{ genome: 'GRCm39' }, { genome: 'mm10' }],
			continueOnFail: true,
		});
		expect(launchesSent()).toBe(before + 1);
		const [good, bad] = result.outputs[0];
		expect(good.json.workflowId).toBe(platform.sim.data.launches.at(-1)!.workflowId);
		expect(bad.json.error).toBe("Pipeline parameters do not match the pipeline's schema: genome");
		expect(sentParams().genome).toBe('GRCm39');
	});
});

describe('Datasets as inputs', () => {
	const dataset = (parameter: string, datasetId: string, version = 0) => ({
		datasetInputs: { input: [{ parameter, dataset: { __rl: true, mode: 'list', value: datasetId }, version }] },
	});
	const versionUrl = (datasetId: string) => {
		const found = platform.sim.data.datasets.find((entry) => entry.id === datasetId)!;
		const latest = found.versions.at(-1)!;
		return `/datasets/${datasetId}/v/${latest.version}/n/${latest.fileName}`;
	};

	it("offers the pipeline's CSV and TSV file parameters", async () => {
		const parameters = { ...launchpad(PIPELINE_IDS.genomicsRnaseq) };
		expect(await platform.harness.loadOptions(SEQERA_NODE, 'getDatasetParameters', platform.credentials(), parameters)).toEqual([
			{
				name: 'input',
				value: 'input',
				description: 'Path to comma-separated file containing information about the samples in the experiment.',
			},
		]);
	});

	it('resolves a dataset to the URL of its latest version, laid over the form and the text, and checked', async () => {
		const result = await platform.run(
			launchpad(PIPELINE_IDS.genomicsRnaseq, {
				...form({ input: 's3://lab/other.csv' }),
				...dataset('input', DATASET_IDS.genomicsSamplesheet),
			}),
		);
		expect(result.error).toBeUndefined();
		expect(sentParams()).toEqual({ ...savedParams(PIPELINE_IDS.genomicsRnaseq), input: versionUrl(DATASET_IDS.genomicsSamplesheet) });
		const read = platform.sim.log.filter((entry) => entry.path === `/datasets/${DATASET_IDS.genomicsSamplesheet}/versions`).at(-1)!;
		expect(read.query).toEqual({ workspaceId: String(GENOMICS) });
	});

	it('refuses a parameter that is not a CSV or TSV file, and a version the dataset lacks; nothing is launched', async () => {
		const before = platform.sim.data.launches.length;
		const wrongParameter = await platform.run(
			launchpad(PIPELINE_IDS.genomicsRnaseq, dataset('outdir', DATASET_IDS.genomicsSamplesheet)),
		);
		expect(wrongParameter.error?.message).toBe('Parameter "outdir" does not take a dataset');
		const missingVersion = await platform.run(
			launchpad(PIPELINE_IDS.genomicsRnaseq, dataset('input', DATASET_IDS.genomicsSamplesheet, 7)),
		);
		expect(missingVersion.error?.message).toBe(`Dataset ${DATASET_IDS.genomicsSamplesheet} has no version 7`);
		expect(platform.sim.data.launches.length).toBe(before);
	});
});

describe('Pipeline Parameters text built by an expression', () => {
	it('takes an object as well as text, on a Launchpad launch and on a launch from a repository', async () => {
		await platform.run(launchpad(PIPELINE_IDS.genomicsRnaseq, { launchSettings: { paramsText: '={{ { genome: "GRCm39" } }}' } }));
		expect(sentParams()).toEqual({ ...savedParams(PIPELINE_IDS.genomicsRnaseq), genome: 'GRCm39' });
		const fromRepository = { resource: 'workflow', operation: 'launch', source: 'repository', pipeline: 'nextflow-io/hello' };
		await platform.run({
			...fromRepository,
			...workspaceParameter(GENOMICS),
			launchSettings: { paramsText: '={{ { greeting: "Hola" } }}' },
		});
		expect(launchBodies().at(-1)!.paramsText).toBe('{"greeting":"Hola"}');
	});
});

describe('Required parameters: a launch the platform would take is never refused', () => {
	const SHOWCASE = WORKSPACE_IDS.showcase;
	const fromLaunchpad = (pipelineId: number, launchSettings: INodeParameters = {}, overrides: INodeParameters = {}): INodeParameters => ({
		resource: 'workflow',
		operation: 'launch',
		source: 'launchpad',
		pipelineId: { __rl: true, mode: 'list', value: String(pipelineId) },
		...workspaceParameter(SHOWCASE),
		launchSettings,
		...overrides,
	});
	const lastLaunch = () => launchRequests().at(-1)!.body as { launch: Record<string, unknown> };
	const hintsOf = (result: NodeRunResult) =>
		(result.run.data.resultData.runData[NODE_UNDER_TEST]?.at(-1)?.hints ?? []).map((hint) => hint.message);

	it('launches a node saved by the earlier release (typeVersion 1, only a run name) and sends what that release sent', async () => {
		// rnaseq-test saves no parameters; its config profile test is left to give input and outdir.
		const saved = fromLaunchpad(PIPELINE_IDS.showcaseRnaseqTest, { runName: 'nightly-rnaseq-test' });
		const result = await platform.run(saved, { typeVersion: 1 });
		expect(result.error).toBeUndefined();
		// The earlier release sent the pipeline's saved launch, empty values left out, with the run name.
		const sentByEarlierRelease = {
			launch: {
				pipeline: 'https://github.com/nf-core/rnaseq',
				workDir: 's3://nf-showcase-work/scratch',
				revision: '3.14.0',
				configProfiles: ['test'],
				mainScript: 'main.nf',
				pullLatest: false,
				stubRun: false,
				userSecrets: [],
				workspaceSecrets: [],
				resume: false,
				computeEnvId: COMPUTE_ENV_IDS.showcaseBatch,
				runName: 'nightly-rnaseq-test',
			},
		};
		expect(JSON.stringify(lastLaunch())).toBe(JSON.stringify(sentByEarlierRelease));
		expect(platform.json(result)).toEqual([
			{
				workflowId: platform.sim.data.launches.at(-1)!.workflowId,
				workspaceId: SHOWCASE,
				pipeline: 'https://github.com/nf-core/rnaseq',
				runName: 'nightly-rnaseq-test',
				requiredParametersLeftToPipeline: ['input', 'outdir'],
			},
		]);
		expect(hintsOf(result)).toEqual([
			'Required pipeline parameters not sent: input, outdir. The launch leaves them to config profile test (saved with the pipeline); ' +
				'if that does not set them, the run fails when the pipeline checks its parameters.',
		]);

		// Version 1.1 sends the same; 1.2 sends it as tower-cli does, with the saved launch's id and without its resume flag.
		await platform.run(saved, { typeVersion: 1.1 });
		expect(JSON.stringify(lastLaunch())).toBe(JSON.stringify(sentByEarlierRelease));
		await platform.run(saved);
		const { resume: _savedResume, ...sentByTowerCli } = sentByEarlierRelease.launch;
		expect(lastLaunch()).toEqual({
			launch: {
				id: platform.sim.data.pipelines.find((each) => each.id === PIPELINE_IDS.showcaseRnaseqTest)!.launchId,
				...sentByTowerCli,
			},
		});
	});

	it('launches with config profile test chosen in the node and no input given; one hint for the batch', async () => {
		const before = launchRequests().length;
		const result = await platform.run(
			{
				...fromLaunchpad(PIPELINE_IDS.showcaseRnaseqByHand, { configProfiles: 'test', runName: '={{ $json.name }}' }),
				resource: 'pipeline',
			},
			{ items: [{ name: 'first' }, { name: 'second' }] },
		);
		expect(result.error).toBeUndefined();
		expect(launchRequests().length).toBe(before + 2);
		expect(lastLaunch().launch).toMatchObject({
			configProfiles: ['test'],
			paramsText: savedPipelineIn(SHOWCASE, PIPELINE_IDS.showcaseRnaseqByHand).paramsText,
		});
		expect(platform.json(result).map((item) => item.requiredParametersLeftToPipeline)).toEqual([['input'], ['input']]);
		expect(hintsOf(result)).toEqual([expect.stringContaining('leaves them to config profile test (chosen in Launch Settings)')]);
	});

	it("launches with params.input in the node's Nextflow config text, in each way Nextflow's config sets it", async () => {
		const configTexts = [
			"params.input = 's3://lab/samples.csv'",
			'params {\n  // the lab\'s samplesheet\n  input = "s3://lab/samples.csv"\n  skip_alignment = true\n}',
			"params['input'] = 's3://lab/samples.csv'",
			"process.executor = 'awsbatch'\nparams {\n  genomes { GRCh38 { fasta = 's3://refs/GRCh38.fa' } }\n  input = 's3://lab/samples.csv'\n}",
		];
		const before = launchRequests().length;
		const result = await platform.run(fromLaunchpad(PIPELINE_IDS.showcaseRnaseqByHand, { configText: '={{ $json.config }}' }), {
			items: configTexts.map((config) => ({ config })),
		});
		expect(result.error).toBeUndefined();
		expect(
			launchRequests()
				.slice(before)
				.map((entry) => (entry.body as { launch: { configText: string } }).launch.configText),
		).toEqual(configTexts);
		// Nothing was left to the pipeline: the config text sets input, the saved parameters outdir.
		expect(platform.json(result).map((item) => item.requiredParametersLeftToPipeline)).toEqual([
			undefined,
			undefined,
			undefined,
			undefined,
		]);
		expect(hintsOf(result)).toEqual([]);
	});

	it('launches a pipeline whose saved parameters and saved config text give what it requires, with nothing left', async () => {
		const result = await platform.run(fromLaunchpad(PIPELINE_IDS.showcaseRnaseqConfigured, { runName: 'configured' }), {
			typeVersion: 1,
		});
		expect(result.error).toBeUndefined();
		const saved = savedPipelineIn(SHOWCASE, PIPELINE_IDS.showcaseRnaseqConfigured);
		expect(lastLaunch().launch).toMatchObject({ paramsText: saved.paramsText, configText: saved.configText });
		expect(platform.json(result)[0]).not.toHaveProperty('requiredParametersLeftToPipeline');
		expect(hintsOf(result)).toEqual([]);
	});

	it('leaves a required parameter to a config file that the config text includes', async () => {
		const result = await platform.run(
			fromLaunchpad(PIPELINE_IDS.showcaseRnaseqByHand, { configText: "includeConfig 's3://lab/configs/samples.config'" }),
		);
		expect(result.error).toBeUndefined();
		expect(platform.json(result)[0].requiredParametersLeftToPipeline).toEqual(['input']);
		expect(hintsOf(result)).toEqual([expect.stringContaining('leaves them to a config file the Nextflow config text includes;')]);
	});

	it('does not judge the saved parameters the node does not change', async () => {
		const savedWrong = {
			...savedPipelineIn(SHOWCASE, PIPELINE_IDS.showcaseRnaseqByHand),
			id: 4_000_000_002,
			name: 'rnaseq-saved-txt',
			paramsText: JSON.stringify({ input: 's3://lab/samples.txt', outdir: 's3://lab/results', max_cpus: 0 }),
		};
		platform.sim.data.pipelines.push(savedWrong);
		const result = await platform.run(fromLaunchpad(savedWrong.id, { runName: 'saved-as-is' }));
		expect(result.error).toBeUndefined();
		expect(lastLaunch().launch.paramsText).toBe(savedWrong.paramsText);
	});

	it('fails before sending when nothing can give a required parameter, naming it and saying what to do', async () => {
		const { message, lines } = await refused(fromLaunchpad(PIPELINE_IDS.showcaseRnaseqByHand, { runName: 'no-samples' }), {
			typeVersion: 1,
		});
		expect(message).toBe("Pipeline parameters do not match the pipeline's schema: input");
		expect(lines).toEqual([
			'input: required, not given (Path to comma-separated file containing information about the samples in the experiment.) You will need to create a design file with information about the samples in your experiment before running the pipeline.',
			'To give a required parameter: fill it in Pipeline Parameters or Launch Settings → Pipeline Parameters, set params.<name> in Launch Settings → Nextflow Config, or choose a config profile that sets it.',
			'(item 0). Nothing was launched.',
		]);
	});

	it('fails when the only params.input in the config text is commented out, or is a comparison', async () => {
		const before = launchRequests().length;
		const result = await platform.run(fromLaunchpad(PIPELINE_IDS.showcaseRnaseqByHand, { configText: '={{ $json.config }}' }), {
			items: [
				{ config: "// params.input = 's3://lab/samples.csv'" },
				{ config: "/* params { input = 'x.csv' } */" },
				{ config: 'if (params.input == null) { process.cpus = 2 }' },
			],
			continueOnFail: true,
		});
		expect(launchRequests().length).toBe(before);
		expect(platform.json(result).map((item) => item.error)).toEqual(
			Array(3).fill("Pipeline parameters do not match the pipeline's schema: input"),
		);
	});

	it('still refuses a value given in the node that the schema refuses, when a profile is left the required ones', async () => {
		const { message, lines } = await refused(
			fromLaunchpad(
				PIPELINE_IDS.showcaseRnaseqTest,
				{ paramsText: 'max_cpus: 0\ngenome: hg19' },
				form({ input: 's3://lab/samples.tsv', min_mapped_reads: '7.5%' }),
			),
		);
		// input is given (and wrong); outdir, not given, is left to the profile and not named.
		expect(message).toBe("Pipeline parameters do not match the pipeline's schema: input, genome, min_mapped_reads, max_cpus");
		expect(lines).toEqual([
			'input: expects text matching ^\\S+\\.csv$, got "s3://lab/samples.tsv"',
			'genome: expects one of GRCh38, GRCh37, GRCm39, GRCm38, R64-1-1, got "hg19"',
			'min_mapped_reads: expects a number, got "7.5%"',
			'max_cpus: expects a number >= 1, got 0',
			'(item 0). Nothing was launched.',
		]);
	});
});
