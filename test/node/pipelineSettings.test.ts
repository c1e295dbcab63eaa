import type { INodeParameters } from 'n8n-workflow';

import { COMPUTE_ENV_IDS, LABEL_IDS, PIPELINE_IDS } from '../../dev/simulator/seed';
import { GENOMICS, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const COMMIT = 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2';
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const callsSince = (before: number) => platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.path}`);
const bodyOf = (before: number, method: string, path: string) =>
	platform.sim.log.slice(before).find((entry) => entry.method === method && entry.path === path)!.body;

const create = (parameters: INodeParameters) =>
	platform.run({
		resource: 'pipeline',
		operation: 'create',
		pipeline: 'https://github.com/nextflow-io/hello',
		...workspaceParameter(GENOMICS),
		...parameters,
	});

const exportLaunch = async (pipelineId: number) => {
	const result = await platform.run({
		resource: 'pipeline',
		operation: 'export',
		pipelineId: byId(pipelineId),
		...workspaceParameter(GENOMICS),
	});
	expect(result.error).toBeUndefined();
	return platform.json(result)[0].launch as Record<string, unknown>;
};

/** A pipeline schema of the workspace, made as a user makes one, for the pipeline to name. */
async function newSchemaId(): Promise<number> {
	const result = await platform.run({
		resource: 'pipeline',
		operation: 'createSchema',
		schemaContent: JSON.stringify({ $schema: 'https://json-schema.org/draft-07/schema', type: 'object' }),
		...workspaceParameter(GENOMICS),
	});
	expect(result.error).toBeUndefined();
	return platform.json(result)[0].id as number;
}

describe("Pipeline → Create with tower-cli's pipelines add options", () => {
	it('sends the commit, schema, secrets, first version name and labels by name, and the platform keeps them', async () => {
		const schemaId = await newSchemaId();
		const before = platform.sim.log.length;
		const result = await create({
			name: 'hello-pinned',
			versionName: 'v1.0',
			pipelineSettings: {
				commitId: COMMIT,
				pipelineSchemaId: String(schemaId),
				userSecretNames: 'MY_TOKEN',
				workspaceSecretNames: 'NCBI_API_KEY, SLACK_WEBHOOK',
				labelIds: String(LABEL_IDS.rnaseq),
				labels: 'production, cohort-2026, team=genomics',
			},
		});
		expect(result.error).toBeUndefined();
		expect(callsSince(before)).toEqual([
			'GET /compute-envs',
			`GET /compute-envs/${COMPUTE_ENV_IDS.genomicsBatch}`,
			'GET /labels',
			'GET /labels',
			'POST /labels',
			'GET /labels',
			'POST /pipelines',
		]);
		const cohort = platform.sim.data.labels.find((label) => label.name === 'cohort-2026')!;
		expect(cohort).toMatchObject({ resource: false });
		expect(bodyOf(before, 'POST', '/pipelines')).toEqual({
			name: 'hello-pinned',
			version: { name: 'v1.0' },
			labelIds: [LABEL_IDS.rnaseq, LABEL_IDS.production, cohort.id, LABEL_IDS.teamGenomics],
			launch: {
				computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
				pipeline: 'https://github.com/nextflow-io/hello',
				workDir: 's3://acme-genomics-work/scratch',
				resume: false,
				pullLatest: false,
				stubRun: false,
				commitId: COMMIT,
				pipelineSchemaId: schemaId,
				userSecrets: ['MY_TOKEN'],
				workspaceSecrets: ['NCBI_API_KEY', 'SLACK_WEBHOOK'],
			},
		});
		const [created] = platform.json(result);
		expect(created).toMatchObject({ name: 'hello-pinned', version: { name: 'v1.0', isDefault: true } });
		const pipelineId = created.pipelineId as number;

		expect(await exportLaunch(pipelineId)).toMatchObject({
			commitId: COMMIT,
			pipelineSchemaId: schemaId,
			userSecrets: ['MY_TOKEN'],
			workspaceSecrets: ['NCBI_API_KEY', 'SLACK_WEBHOOK'],
		});
		const versions = await platform.run({
			resource: 'pipelineVersion',
			operation: 'getMany',
			returnAll: true,
			pipelineId: byId(pipelineId),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(versions).map(({ name, isDefault }) => ({ name, isDefault }))).toEqual([{ name: 'v1.0', isDefault: true }]);
		const pipeline = platform.sim.data.pipelines.find((each) => each.id === pipelineId)!;
		expect([...pipeline.labelIds].sort()).toEqual([LABEL_IDS.rnaseq, LABEL_IDS.production, cohort.id, LABEL_IDS.teamGenomics].sort());
	});

	it('sends what it sent before when the new settings are empty', async () => {
		const before = platform.sim.log.length;
		const result = await create({
			name: 'hello-plain',
			versionName: '',
			pipelineSettings: { commitId: '', pipelineSchemaId: '', userSecretNames: '', workspaceSecretNames: ' , ', labels: '' },
		});
		expect(result.error).toBeUndefined();
		expect(callsSince(before)).toEqual(['GET /compute-envs', `GET /compute-envs/${COMPUTE_ENV_IDS.genomicsBatch}`, 'POST /pipelines']);
		expect(bodyOf(before, 'POST', '/pipelines')).toEqual({
			name: 'hello-plain',
			launch: {
				computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
				pipeline: 'https://github.com/nextflow-io/hello',
				workDir: 's3://acme-genomics-work/scratch',
				resume: false,
				pullLatest: false,
				stubRun: false,
			},
		});
		expect(platform.json(result)[0]).not.toHaveProperty('version');
	});

	it.each([
		[{ versionName: '!invalid!' }, 'Version Name "!invalid!" is not a valid version name'],
		[{ pipelineSettings: { commitId: 'main branch' } }, 'Commit ID "main branch" is not a Git commit hash'],
		[{ pipelineSettings: { pipelineSchemaId: 'rnaseq-schema' } }, 'Pipeline Schema ID "rnaseq-schema" is not a number'],
	])('fails the item before any call on %j', async (parameters, message) => {
		const before = platform.sim.log.length;
		const result = await create({ name: 'hello-refused', ...parameters });
		expect((result.error as Error).message).toBe(message);
		expect(callsSince(before)).toEqual([]);
		expect(platform.sim.data.pipelines.some((pipeline) => pipeline.name === 'hello-refused')).toBe(false);
	});
});

describe("Pipeline → Update with tower-cli's pipelines update options", () => {
	it('lays the commit, schema and secrets over the saved launch, and the platform keeps them', async () => {
		const schemaId = await newSchemaId();
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'update',
			pipelineId: byId(PIPELINE_IDS.genomicsSarek),
			pipelineSettings: {
				commitId: COMMIT,
				pipelineSchemaId: String(schemaId),
				userSecretNames: 'MY_TOKEN',
				workspaceSecretNames: 'NCBI_API_KEY',
			},
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		const sent = bodyOf(before, 'PUT', `/pipelines/${PIPELINE_IDS.genomicsSarek}`) as { launch: Record<string, unknown> };
		expect(sent.launch).toMatchObject({
			commitId: COMMIT,
			pipelineSchemaId: schemaId,
			userSecrets: ['MY_TOKEN'],
			workspaceSecrets: ['NCBI_API_KEY'],
		});
		expect(platform.json(result)[0]).toMatchObject({ pipelineId: PIPELINE_IDS.genomicsSarek });
		expect(await exportLaunch(PIPELINE_IDS.genomicsSarek)).toMatchObject({
			commitId: COMMIT,
			pipelineSchemaId: schemaId,
			userSecrets: ['MY_TOKEN'],
			workspaceSecrets: ['NCBI_API_KEY'],
		});

		// Not given again, they stay: the saved launch goes back with them.
		const again = await platform.run({
			resource: 'pipeline',
			operation: 'update',
			pipelineId: byId(PIPELINE_IDS.genomicsSarek),
			updateFields: { description: 'Pinned' },
			...workspaceParameter(GENOMICS),
		});
		expect(again.error).toBeUndefined();
		expect(await exportLaunch(PIPELINE_IDS.genomicsSarek)).toMatchObject({ commitId: COMMIT, userSecrets: ['MY_TOKEN'] });
	});

	it('fails the item before any call on a bad Commit ID', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'update',
			pipelineId: byId(PIPELINE_IDS.genomicsSarek),
			pipelineSettings: { commitId: 'HEAD~1' },
			...workspaceParameter(GENOMICS),
		});
		expect((result.error as Error).message).toBe('Commit ID "HEAD~1" is not a Git commit hash');
		expect(callsSince(before)).toEqual([]);
	});
});
