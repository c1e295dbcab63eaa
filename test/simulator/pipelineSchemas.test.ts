import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';

import { Contract } from '../../dev/simulator/contract';
import { DATASET_IDS, PIPELINE_IDS, WORKSPACE_IDS } from '../../dev/simulator/seed';
import { startSimulator, type Simulator } from '../../dev/simulator/server';
import { call, get, stop } from './testClient';

const contract = Contract.loadIfPresent();
const withContract = contract ? it : it.skip;

const ws = `workspaceId=${WORKSPACE_IDS.genomics}`;
const schemaPath = (pipelineId: number, query = '') => `/pipelines/${pipelineId}/schema?${ws}${query}`;

interface SchemaReply {
	schema: string;
	params?: string;
}
interface Group {
	required?: string[];
	properties: Record<string, Record<string, unknown>>;
}
interface InfoReply {
	pipelineInfo: {
		revisions: string[];
		profiles: string[];
		configFiles: string[];
		workDirs: string[];
		projectName: string;
		revisionName: string | null;
	};
}

describe('simulator: pipeline schemas, repository details and dataset versions', () => {
	let sim: Simulator;

	beforeAll(async () => {
		sim = await startSimulator({ perSecond: 10_000 });
	});

	afterAll(() => stop(sim));

	it("serves nf-core/rnaseq's schema in the nf-schema dialect (2020-12, $defs), as a JSON string, with the saved params", async () => {
		const reply = await get(sim, schemaPath(PIPELINE_IDS.genomicsRnaseq));
		expect(reply.status).toBe(200);
		const { schema: text, params } = reply.json as SchemaReply;
		const schema = JSON.parse(text) as { $schema: string; $defs: Record<string, Group>; allOf: Array<{ $ref: string }> };
		expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
		expect(schema.allOf.map((part) => part.$ref)).toEqual(Object.keys(schema.$defs).map((name) => `#/$defs/${name}`));
		const io = schema.$defs.input_output_options;
		expect(io.required).toEqual(['input', 'outdir']);
		expect(io.properties.input).toMatchObject({ type: 'string', format: 'file-path', mimetype: 'text/csv', pattern: '^\\S+\\.csv$' });
		expect(io.properties.outdir).toMatchObject({ format: 'directory-path' });
		expect(schema.$defs.reference_genome_options.properties.genome.enum).toContain('GRCh38');
		expect(schema.$defs.max_job_request_options.properties.max_cpus).toMatchObject({
			type: 'integer',
			minimum: 1,
			maximum: 256,
			hidden: true,
		});
		expect(schema.$defs.generic_options.properties.publish_dir_mode).toMatchObject({ default: 'copy', hidden: true });
		const pipeline = sim.data.pipelinesIn(WORKSPACE_IDS.genomics).find((p) => p.id === PIPELINE_IDS.genomicsRnaseq)!;
		expect(params).toBe(pipeline.paramsText);

		const only = (await get(sim, schemaPath(PIPELINE_IDS.genomicsRnaseq, '&attributes=schema'))).json as SchemaReply;
		expect(only).toEqual({ schema: text });
	});

	it("serves nf-core/sarek's schema in the nf-validation dialect (draft-07, definitions)", async () => {
		const { schema: text } = (await get(sim, schemaPath(PIPELINE_IDS.genomicsSarek))).json as SchemaReply;
		const schema = JSON.parse(text) as { $schema: string; definitions: Record<string, Group>; allOf: Array<{ $ref: string }> };
		expect(schema.$schema).toBe('http://json-schema.org/draft-07/schema');
		expect(schema.allOf.map((part) => part.$ref)).toContain('#/definitions/main_options');
		expect(schema.definitions.input_output_options.required).toEqual(['step', 'outdir']);
		expect(schema.definitions.input_output_options.properties.step).toMatchObject({ default: 'mapping' });
	});

	it('serves the schema of fastq-qc, a workspace pipeline whose input is one gzipped FASTQ file, and no saved params', async () => {
		const reply = (await get(sim, schemaPath(PIPELINE_IDS.genomicsFastqQc))).json as SchemaReply;
		expect(reply.params).toBeUndefined();
		const schema = JSON.parse(reply.schema) as { $schema: string; $defs: Record<string, Group>; allOf: Array<{ $ref: string }> };
		expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
		expect(schema.allOf.map((part) => part.$ref)).toEqual(Object.keys(schema.$defs).map((name) => `#/$defs/${name}`));
		const io = schema.$defs.input_output_options;
		expect(io.required).toEqual(['input', 'outdir']);
		expect(io.properties.input).toMatchObject({ type: 'string', format: 'file-path', pattern: '^\\S+\\.f(ast)?q\\.gz$' });
		expect(io.properties.outdir).toMatchObject({ format: 'directory-path' });

		const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schema);
		const file = 's3://acme-sequencing-inbox/runs/240501_A/fastq/S1_L001_R1_001.fastq.gz';
		expect(validate({ input: file, outdir: 's3://acme-results/qc' })).toBe(true);
		expect(validate({ input: file.replace('.fastq.gz', '.fq.gz'), outdir: 's3://acme-results/qc', quality_cutoff: 30 })).toBe(true);
		expect(validate({ input: 's3://acme-sequencing-inbox/runs/240501_A/SampleSheet.csv', outdir: 's3://acme-results/qc' })).toBe(false);
		expect(validate({ input: file, outdir: 's3://acme-results/qc', quality_cutoff: 60 })).toBe(false);
		expect(validate({ outdir: 's3://acme-results/qc' })).toBe(false);
	});

	it('writes schemas that a JSON Schema validator accepts, and that the saved params satisfy', async () => {
		for (const [pipelineId, Validator] of [
			[PIPELINE_IDS.genomicsRnaseq, Ajv2020],
			[PIPELINE_IDS.genomicsSarek, Ajv],
		] as const) {
			const { schema, params } = (await get(sim, schemaPath(pipelineId))).json as SchemaReply;
			const validate = new Validator({ strict: false, validateFormats: false }).compile(JSON.parse(schema) as object);
			expect(validate({ ...(JSON.parse(params!) as object), step: 'mapping' })).toBe(true);
			expect(validate({})).toBe(false);
		}
	});

	it('seeds Launchpad pipelines that leave required parameters to a profile or to their config text, and launches them as the platform does', async () => {
		const showcase = `workspaceId=${WORKSPACE_IDS.showcase}`;
		const savedLaunch = async (pipelineId: number) =>
			((await get(sim, `/pipelines/${pipelineId}/launch?${showcase}`)).json as { launch: Record<string, unknown> }).launch;
		expect(await savedLaunch(PIPELINE_IDS.showcaseRnaseqTest)).toMatchObject({ configProfiles: ['test'], paramsText: '' });
		expect(await savedLaunch(PIPELINE_IDS.showcaseRnaseqByHand)).toMatchObject({
			configProfiles: [],
			paramsText: expect.stringContaining('"outdir"'),
		});
		const configured = await savedLaunch(PIPELINE_IDS.showcaseRnaseqConfigured);
		expect(configured).toMatchObject({ configProfiles: [], configText: expect.stringMatching(/^params \{\n\s+outdir = /) });
		expect(JSON.parse(configured.paramsText as string)).toEqual({ input: expect.stringMatching(/\.csv$/) });
		// The same schema as every nf-core/rnaseq pipeline: input and outdir required.
		const { schema } = (await get(sim, `/pipelines/${PIPELINE_IDS.showcaseRnaseqTest}/schema?${showcase}`)).json as SchemaReply;
		expect((JSON.parse(schema) as { $defs: Record<string, Group> }).$defs.input_output_options.required).toEqual(['input', 'outdir']);

		// The platform checks no parameters against the schema: a launch without its required ones is taken.
		const launched = await call(sim, 'POST', `/workflow/launch?${showcase}`, {
			body: { launch: { pipeline: 'https://github.com/nf-core/rnaseq', configProfiles: ['test'] } },
		});
		expect(launched.status).toBe(200);
		expect(launched.json).toEqual({ workflowId: expect.any(String) });
	});

	it('answers 204 with no body for a pipeline without a schema, and 403 for a pipeline of another workspace', async () => {
		const none = await get(sim, schemaPath(PIPELINE_IDS.genomicsHello));
		expect(none.status).toBe(204);
		expect(none.text).toBe('');
		expect((await get(sim, schemaPath(PIPELINE_IDS.rndAtacseq))).status).toBe(403);
	});

	it("describes a repository: its branches and tags, config profiles, config files and the workspace's work directories", async () => {
		const reply = await get(sim, `/pipelines/info?${ws}&name=${encodeURIComponent('https://github.com/nf-core/rnaseq')}`);
		expect(reply.status).toBe(200);
		const { pipelineInfo } = reply.json as InfoReply;
		expect(pipelineInfo.projectName).toBe('nf-core/rnaseq');
		expect(pipelineInfo.revisions).toEqual(['master', 'dev', '3.14.0', '3.13.2', '3.12.0']);
		expect(pipelineInfo.profiles).toEqual(expect.arrayContaining(['docker', 'singularity', 'test', 'test_full']));
		expect(pipelineInfo.configFiles[0]).toBe('https://github.com/nf-core/rnaseq/blob/master/nextflow.config');
		expect(pipelineInfo.workDirs).toEqual([...new Set(sim.data.computeEnvsIn(WORKSPACE_IDS.genomics).map((ce) => ce.workDir))]);

		const atTag = (await get(sim, `/pipelines/info?${ws}&name=nf-core/rnaseq&revision=3.13.2`)).json as InfoReply;
		expect(atTag.pipelineInfo.revisionName).toBe('3.13.2');
		expect((await get(sim, `/pipelines/info?${ws}&name=nf-core/rnaseq&revision=9.9.9`)).status).toBe(400);
		expect((await get(sim, `/pipelines/info?${ws}&name=acme/unknown`)).status).toBe(400);
	});

	it("lists a dataset's versions with the URL a launch reads them from, filtered by media type", async () => {
		const path = `/datasets/${DATASET_IDS.genomicsSamplesheet}/versions?${ws}`;
		const reply = (await get(sim, path)).json as {
			versions: Array<{ version: number; url: string; mediaType: string }>;
			totalSize: number;
		};
		expect(reply.totalSize).toBe(1);
		expect(reply.versions[0]).toMatchObject({
			version: 1,
			mediaType: 'text/csv',
			url: `/datasets/${DATASET_IDS.genomicsSamplesheet}/v/1/n/samplesheet.csv`,
		});
		expect(((await get(sim, `${path}&mimeType=text/tab-separated-values`)).json as { versions: unknown[] }).versions).toEqual([]);
		expect((await get(sim, `/datasets/${DATASET_IDS.rndChipSamples}/versions?${ws}`)).status).toBe(403);
	});

	withContract('sends schema and repository answers that match the contract', async () => {
		const paths = [
			schemaPath(PIPELINE_IDS.genomicsRnaseq),
			schemaPath(PIPELINE_IDS.genomicsSarek, '&attributes=schema,params'),
			schemaPath(PIPELINE_IDS.genomicsFastqQc),
			schemaPath(PIPELINE_IDS.genomicsHello),
			`/pipelines/info?${ws}&name=nextflow-io/hello&revision=v1.0`,
			`/datasets/${DATASET_IDS.genomicsSamplesheet}/versions?${ws}`,
		];
		const problems: string[] = [];
		for (const path of paths) {
			const reply = await get(sim, path);
			problems.push(
				...contract!.checkResponse('GET', path.split('?')[0], reply.status, reply.json).map((problem) => `${path}: ${problem}`),
			);
		}
		expect(problems).toEqual([]);
		expect(sim.contractViolations).toEqual([]);
	});
});
