import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { COMPUTE_ENV_IDS, LABEL_IDS, PIPELINE_IDS } from '../../dev/simulator/seed';
import { GENOMICS, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const pipelineParameter = (id: number) => ({ pipelineId: { __rl: true, mode: 'id', value: String(id) } });
const callsSince = (before: number) => platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.path}`);
const lastBody = (method: string) =>
	platform.sim.log.filter((entry) => entry.method === method && entry.path.startsWith('/pipelines')).at(-1)!.body;

describe('Pipeline → Create', () => {
	it("adds a pipeline as tower-cli does: the workspace's primary compute environment and its work directory when none is given", async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'create',
			name: 'hello-world',
			pipeline: 'https://github.com/nextflow-io/hello',
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		const [created] = platform.json(result);
		expect(created).toMatchObject({
			name: 'hello-world',
			repository: 'https://github.com/nextflow-io/hello',
			pipelineId: expect.any(Number),
		});
		expect(callsSince(before)).toEqual(['GET /compute-envs', `GET /compute-envs/${COMPUTE_ENV_IDS.genomicsBatch}`, 'POST /pipelines']);
		expect(lastBody('POST')).toEqual({
			name: 'hello-world',
			launch: {
				computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
				pipeline: 'https://github.com/nextflow-io/hello',
				workDir: 's3://acme-genomics-work/scratch',
				resume: false,
				pullLatest: false,
				stubRun: false,
			},
		});
		const listed = platform.json(
			await platform.run({ resource: 'pipeline', operation: 'getMany', returnAll: true, ...workspaceParameter(GENOMICS) }),
		);
		expect(listed.map((pipeline) => pipeline.name)).toContain('hello-world');
	});

	it('version 1.3 adds a pipeline without a compute environment where the workspace has no primary one, as tower-cli does; 1.2 fails the item', async () => {
		const primary = platform.sim.data.computeEnvs.find((ce) => ce.id === COMPUTE_ENV_IDS.genomicsBatch)!;
		primary.primary = false;
		try {
			const create = (name: string, typeVersion: number) =>
				platform.run(
					{
						resource: 'pipeline',
						operation: 'create',
						name,
						pipeline: 'https://github.com/nextflow-io/hello',
						...workspaceParameter(GENOMICS),
					},
					{ typeVersion },
				);
			let before = platform.sim.log.length;
			const earlier = await create('hello-no-primary-1-2', 1.2);
			expect(earlier.error?.message).toBe('No compute environment: choose one, or make one of the workspace primary');
			expect(callsSince(before)).toEqual(['GET /compute-envs']);

			before = platform.sim.log.length;
			const result = await create('hello-no-primary', 1.3);
			expect(result.error).toBeUndefined();
			expect(callsSince(before)).toEqual(['GET /compute-envs', 'POST /pipelines']);
			expect(lastBody('POST')).toEqual({
				name: 'hello-no-primary',
				launch: { pipeline: 'https://github.com/nextflow-io/hello', resume: false, pullLatest: false, stubRun: false },
			});
			expect(platform.json(result)).toMatchObject([{ name: 'hello-no-primary', pipelineId: expect.any(Number) }]);
		} finally {
			primary.primary = true;
		}
	});

	it('sends the chosen compute environment, description, labels and every launch setting given', async () => {
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'create',
			name: 'rnaseq-spot',
			pipeline: 'https://github.com/nf-core/rnaseq',
			computeEnvId: { __rl: true, mode: 'id', value: COMPUTE_ENV_IDS.genomicsSpot },
			description: 'RNA-seq on spot instances',
			pipelineSettings: {
				revision: '3.14.0',
				workDir: 's3://acme-genomics-work/rnaseq',
				configProfiles: 'docker, test',
				paramsText: 'outdir: s3://acme-genomics-work/results\n',
				configText: 'process.cpus = 2',
				preRunScript: 'echo start',
				postRunScript: 'echo done',
				pullLatest: true,
				labelIds: `${LABEL_IDS.production}, ${LABEL_IDS.rnaseq}`,
			},
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		expect(lastBody('POST')).toEqual({
			name: 'rnaseq-spot',
			description: 'RNA-seq on spot instances',
			labelIds: [LABEL_IDS.production, LABEL_IDS.rnaseq],
			launch: {
				computeEnvId: COMPUTE_ENV_IDS.genomicsSpot,
				pipeline: 'https://github.com/nf-core/rnaseq',
				workDir: 's3://acme-genomics-work/rnaseq',
				revision: '3.14.0',
				configProfiles: ['docker', 'test'],
				paramsText: 'outdir: s3://acme-genomics-work/results\n',
				configText: 'process.cpus = 2',
				preRunScript: 'echo start',
				postRunScript: 'echo done',
				resume: false,
				pullLatest: true,
				stubRun: false,
			},
		});
	});

	it("fails the item with the platform's message when the name is taken, and refuses bad parameters before sending", async () => {
		const taken = await platform.run({
			resource: 'pipeline',
			operation: 'create',
			name: 'hello-world',
			pipeline: 'https://github.com/nextflow-io/hello',
			...workspaceParameter(GENOMICS),
		});
		expect(taken.error).toMatchObject({ httpCode: '409', message: "A pipeline with name 'hello-world' already exists" });

		const before = platform.sim.log.length;
		const bad = await platform.run({
			resource: 'pipeline',
			operation: 'create',
			name: 'broken',
			pipeline: 'https://github.com/nextflow-io/hello',
			pipelineSettings: { paramsText: 'outdir: [unclosed' },
			...workspaceParameter(GENOMICS),
		});
		expect((bad.error as Error).message).toMatch(/^Pipeline Parameters is not valid JSON or YAML/);
		expect(callsSince(before)).toEqual([]);
	});

	it('gets the role error with the Launch role', async () => {
		const result = await platform.run(
			{
				resource: 'pipeline',
				operation: 'create',
				name: 'not-allowed',
				pipeline: 'https://github.com/nextflow-io/hello',
				...workspaceParameter(GENOMICS),
			},
			{ credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } },
		);
		expect((result.error as Error).message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow adding pipelines to the Launchpad",
		);
	});
});

describe('Pipeline → Update', () => {
	it("sends the saved launch again with only the given settings changed, as tower-cli's pipelines update does", async () => {
		const saved = platform.sim.data.pipelinesIn(GENOMICS).find((pipeline) => pipeline.id === PIPELINE_IDS.genomicsSarek)!;
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'update',
			...pipelineParameter(PIPELINE_IDS.genomicsSarek),
			updateFields: { description: 'Germline variant calling' },
			pipelineSettings: { revision: '3.5.0' },
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		expect(callsSince(before)).toEqual([
			`GET /pipelines/${PIPELINE_IDS.genomicsSarek}`,
			// Version 1.3 looks for the default version; sarek has none, as on an install without versioning.
			`GET /pipelines/${PIPELINE_IDS.genomicsSarek}/versions`,
			`GET /pipelines/${PIPELINE_IDS.genomicsSarek}/launch`,
			`PUT /pipelines/${PIPELINE_IDS.genomicsSarek}`,
		]);
		const body = lastBody('PUT') as { name: string; description: string; launch: Record<string, unknown> };
		expect(body).toMatchObject({ name: saved.name, description: 'Germline variant calling' });
		expect(body.launch).toMatchObject({
			computeEnvId: saved.computeEnvId,
			pipeline: saved.repository,
			workDir: saved.workDir,
			paramsText: saved.paramsText,
			revision: '3.5.0',
		});
		expect(platform.json(result)[0]).toMatchObject({ pipelineId: PIPELINE_IDS.genomicsSarek, description: 'Germline variant calling' });
		expect(saved.revision).toBe('3.5.0');
	});

	it('renames the pipeline', async () => {
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'update',
			...pipelineParameter(PIPELINE_IDS.genomicsSarek),
			updateFields: { newName: 'sarek-germline' },
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)[0]).toMatchObject({ name: 'sarek-germline' });
	});
});

describe('Pipeline → Update keeps what it is not given', () => {
	const labelsOf = (pipelineId: number) =>
		platform.sim.data.pipelinesIn(GENOMICS).find((pipeline) => pipeline.id === pipelineId)!.labelIds;
	const update = async (pipelineId: number, parameters: Record<string, unknown>, typeVersion?: number) =>
		await platform.run(
			{ resource: 'pipeline', operation: 'update', ...pipelineParameter(pipelineId), ...parameters, ...workspaceParameter(GENOMICS) },
			{ typeVersion },
		);

	it('a labelled pipeline whose description is changed keeps its labels', async () => {
		expect(labelsOf(PIPELINE_IDS.genomicsRnaseq)).toEqual([LABEL_IDS.rnaseq]);
		const before = platform.sim.log.length;
		const result = await update(PIPELINE_IDS.genomicsRnaseq, { updateFields: { description: 'RNA-seq for the genomics team' } });
		expect(result.error).toBeUndefined();
		expect(platform.sim.log.slice(before)[0]).toMatchObject({
			path: `/pipelines/${PIPELINE_IDS.genomicsRnaseq}`,
			query: { attributes: 'labels' },
		});
		expect(lastBody('PUT')).toMatchObject({
			description: 'RNA-seq for the genomics team',
			labelIds: [LABEL_IDS.rnaseq],
			icon: 'https://github.com/nf-core.png',
		});
		expect(labelsOf(PIPELINE_IDS.genomicsRnaseq)).toEqual([LABEL_IDS.rnaseq]);
	});

	it('Label IDs given replace the labels', async () => {
		const result = await update(PIPELINE_IDS.genomicsRnaseq, { pipelineSettings: { labelIds: String(LABEL_IDS.production) } });
		expect(result.error).toBeUndefined();
		expect(labelsOf(PIPELINE_IDS.genomicsRnaseq)).toEqual([LABEL_IDS.production]);
	});

	it("keeps the saved launch's other fields, which the platform replaces with the launch sent; version 1.2 loses them", async () => {
		const sarek = platform.sim.data.pipelinesIn(GENOMICS).find((pipeline) => pipeline.id === PIPELINE_IDS.genomicsSarek)!;
		const savedWith = {
			optimizationId: 'rOYdwTnmTaRCJjUq',
			optimizationTargets: 'cpus, memory',
			headJobCpus: 4,
			nextflowVersion: '24.10.4',
		};
		sarek.savedWith = { ...savedWith };
		try {
			expect((await update(PIPELINE_IDS.genomicsSarek, { updateFields: { description: 'Variant calling' } })).error).toBeUndefined();
			expect((lastBody('PUT') as { launch: Record<string, unknown> }).launch).toMatchObject(savedWith);
			expect(sarek.savedWith).toMatchObject(savedWith);

			expect(
				(await update(PIPELINE_IDS.genomicsSarek, { updateFields: { description: 'Variant calling' } }, 1.2)).error,
			).toBeUndefined();
			expect(sarek.savedWith).toBeUndefined();
		} finally {
			delete sarek.savedWith;
		}
	});

	it('version 1.2 sends what it sent, without labelIds, and the platform removes the labels', async () => {
		const result = await update(PIPELINE_IDS.genomicsRnaseq, { updateFields: { description: 'RNA-seq' } }, 1.2);
		expect(result.error).toBeUndefined();
		expect(lastBody('PUT')).not.toHaveProperty('labelIds');
		expect(labelsOf(PIPELINE_IDS.genomicsRnaseq)).toEqual([]);
	});
});

describe('Pipeline → Delete', () => {
	it('deletes the pipeline; Get then fails naming its ID', async () => {
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'delete',
			...pipelineParameter(PIPELINE_IDS.genomicsHello),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)).toEqual([{ pipelineId: PIPELINE_IDS.genomicsHello, deleted: true }]);
		const gone = await platform.run({
			resource: 'pipeline',
			operation: 'get',
			...pipelineParameter(PIPELINE_IDS.genomicsHello),
			...workspaceParameter(GENOMICS),
		});
		expect((gone.error as Error).message).toMatch(
			new RegExp(`^Forbidden: pipelineId "${PIPELINE_IDS.genomicsHello}" does not exist in workspace ${GENOMICS}`),
		);
	});
});

describe('Pipeline → Create, Update and Delete by name', () => {
	const byName = (parameter: string, value: string) => ({ [parameter]: { __rl: true, mode: 'name', value } });

	it('Create takes the compute environment by name, with its work directory', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'create',
			name: 'named-pipeline',
			pipeline: 'https://github.com/nextflow-io/hello',
			...byName('computeEnvId', 'aws-batch-spot-genomics'),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		expect(callsSince(before)).toEqual(['GET /compute-envs', `GET /compute-envs/${COMPUTE_ENV_IDS.genomicsSpot}`, 'POST /pipelines']);
		expect((lastBody('POST') as { launch: Record<string, unknown> }).launch).toMatchObject({
			computeEnvId: COMPUTE_ENV_IDS.genomicsSpot,
			workDir: 's3://acme-genomics-work/spot',
		});
	});

	it('Create fails naming the field and the compute environments there are when the name is unknown, and sends nothing', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'create',
			name: 'never-made',
			pipeline: 'https://github.com/nextflow-io/hello',
			...byName('computeEnvId', 'aws-batch'),
			...workspaceParameter(GENOMICS),
		});
		expect((result.error as Error).message).toMatch(
			/^Compute Environment 'aws-batch' was not found\. Compute environments you can use: .*aws-batch-genomics/,
		);
		expect(callsSince(before)).toEqual(['GET /compute-envs']);
	});

	it('Update finds the pipeline and the compute environment by name', async () => {
		const named = platform.sim.data.pipelinesIn(GENOMICS).find((pipeline) => pipeline.name === 'named-pipeline')!;
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'update',
			...byName('pipelineId', 'named-pipeline'),
			...byName('computeEnvId', 'aws-batch-genomics'),
			updateFields: { description: 'Found by name' },
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		expect(callsSince(before)).toEqual([
			'GET /pipelines',
			`GET /pipelines/${named.id}`,
			`GET /pipelines/${named.id}/versions`,
			`GET /pipelines/${named.id}/launch`,
			'GET /compute-envs',
			`PUT /pipelines/${named.id}`,
		]);
		expect(platform.sim.log.slice(before)[0].query.search).toBe('"named-pipeline"');
		expect((lastBody('PUT') as { launch: Record<string, unknown> }).launch).toMatchObject({
			computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
		});
		expect(platform.json(result)).toEqual([
			expect.objectContaining({ pipelineId: named.id, name: 'named-pipeline', description: 'Found by name' }),
		]);
	});

	it('Delete finds the pipeline by name; once it is gone, the name fails naming the field', async () => {
		const named = platform.sim.data.pipelinesIn(GENOMICS).find((pipeline) => pipeline.name === 'named-pipeline')!;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'delete',
			...byName('pipelineId', 'named-pipeline'),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)).toEqual([{ pipelineId: named.id, deleted: true }]);

		const before = platform.sim.log.length;
		const again = await platform.run({
			resource: 'pipeline',
			operation: 'delete',
			...byName('pipelineId', 'named-pipeline'),
			...workspaceParameter(GENOMICS),
		});
		expect((again.error as Error).message).toMatch(/^Launchpad Pipeline 'named-pipeline' was not found\. Pipelines you can use: /);
		expect(callsSince(before).filter((entry) => entry.startsWith('DELETE'))).toEqual([]);
	});
});

describe('Pipeline pre- and post-run scripts', () => {
	it('Update keeps the scripts saved with the pipeline, which its saved launch then holds', async () => {
		const created = await platform.run({
			resource: 'pipeline',
			operation: 'create',
			name: 'scripted',
			pipeline: 'https://github.com/nextflow-io/hello',
			pipelineSettings: { preRunScript: 'module load java', postRunScript: 'aws s3 sync results s3://acme-genomics-work/done' },
			...workspaceParameter(GENOMICS),
		});
		const [{ pipelineId }] = platform.json(created);
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'update',
			...pipelineParameter(pipelineId as number),
			pipelineSettings: { revision: 'master' },
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		expect((lastBody('PUT') as { launch: Record<string, unknown> }).launch).toMatchObject({
			revision: 'master',
			preRunScript: 'module load java',
			postRunScript: 'aws s3 sync results s3://acme-genomics-work/done',
		});
		// The saved launch holds them: a launch of the pipeline runs them.
		const launched = await platform.run({
			resource: 'pipeline',
			operation: 'launch',
			...pipelineParameter(pipelineId as number),
			...workspaceParameter(GENOMICS),
		});
		expect(launched.error).toBeUndefined();
		expect(platform.sim.log.filter((entry) => entry.path === '/workflow/launch').at(-1)!.body).toMatchObject({
			launch: {
				revision: 'master',
				preRunScript: 'module load java',
				postRunScript: 'aws s3 sync results s3://acme-genomics-work/done',
			},
		});
	});
});
