import type { INodeParameters } from 'n8n-workflow';

import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { SECRET_IDS } from '../../dev/simulator/secretRoutes';
import { ACTION_IDS, DATASET_IDS, LABEL_IDS, PIPELINE_IDS } from '../../dev/simulator/seed';
import type { LoggedRequest } from '../../dev/simulator/server';
import { GENOMICS, SEQERA_NODE, RND, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const byName = (value: string) => ({ __rl: true, mode: 'name', value });
const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const inGenomics = workspaceParameter(GENOMICS);
const workspaceId = String(GENOMICS);

function labels(...entries: Array<['name' | 'id', string]>): INodeParameters {
	return { labels: { values: entries.map(([mode, value]) => ({ label: { __rl: true, mode, value } })) } };
}

/** What the node sent from the test's start on: method, path, query and body of each request. */
function sentSince(before: number): Array<Pick<LoggedRequest, 'method' | 'path' | 'query' | 'body'>> {
	return platform.sim.log.slice(before).map(({ method, path, query, body }) => ({ method, path, query, body }));
}

const label = (id: number) => platform.sim.data.labels.find((each) => each.id === id);

describe('the Label list of Update and Delete', () => {
	it('lists simple and resource labels, a resource label as name=value', async () => {
		const listed = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchAllLabels',
			platform.credentials(),
			undefined,
			undefined,
			workspaceParameter(RND),
		);
		expect(listed.results).toEqual([
			{ name: 'benchmark', value: String(LABEL_IDS.benchmark), description: 'Simple label' },
			{ name: 'experimental', value: String(LABEL_IDS.experimental), description: 'Simple label' },
		]);
		const inGenomicsList = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchAllLabels',
			platform.credentials(),
			'team',
			undefined,
			inGenomics,
		);
		expect(inGenomicsList.results).toEqual([
			{ name: 'team=genomics', value: String(LABEL_IDS.teamGenomics), description: 'Resource label' },
		]);
		expect(platform.sim.log.at(-1)!.query).toMatchObject({ search: 'team', type: 'all' });
	});
});

describe('Label → Update', () => {
	it('renames a simple label given by name: looked up, read, then sent with its new name', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'label',
			operation: 'update',
			labelId: byName('validation'),
			newName: 'validated',
			...inGenomics,
		});
		expect(result.error).toBeUndefined();
		const lookup = { workspaceId, type: 'all', search: 'validation', max: '100', offset: '0' };
		expect(sentSince(before)).toEqual([
			{ method: 'GET', path: '/labels', query: lookup, body: undefined },
			{ method: 'GET', path: '/labels', query: lookup, body: undefined },
			{ method: 'PUT', path: `/labels/${LABEL_IDS.validation}`, query: { workspaceId }, body: { name: 'validated' } },
		]);
		expect(platform.json(result)).toEqual([{ id: LABEL_IDS.validation, name: 'validated', isDefault: false, resource: false }]);
		expect(label(LABEL_IDS.validation)).toMatchObject({ name: 'validated', resource: false });
	});

	it("changes a resource label's value and keeps its name and default flag, which the platform would otherwise drop", async () => {
		label(LABEL_IDS.teamGenomics)!.isDefault = true;
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'label',
			operation: 'update',
			labelId: byId(LABEL_IDS.teamGenomics),
			newValue: 'oncology',
			...inGenomics,
		});
		expect(result.error).toBeUndefined();
		expect(sentSince(before)).toEqual([
			{ method: 'GET', path: '/labels', query: { workspaceId, type: 'all', max: '100', offset: '0' }, body: undefined },
			{
				method: 'PUT',
				path: `/labels/${LABEL_IDS.teamGenomics}`,
				query: { workspaceId },
				body: { name: 'team', value: 'oncology', isDefault: true },
			},
		]);
		expect(platform.json(result)).toEqual([
			{ id: LABEL_IDS.teamGenomics, name: 'team', value: 'oncology', isDefault: true, resource: true },
		]);
		expect(label(LABEL_IDS.teamGenomics)).toMatchObject({ name: 'team', value: 'oncology', isDefault: true });
	});

	it('refuses an update with nothing to change before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({ resource: 'label', operation: 'update', labelId: byName('production'), ...inGenomics });
		expect(result.error!.message).toBe('New Name and New Value are both empty');
		expect(platform.sim.log.length).toBe(before);
	});

	it('refuses a value for a simple label before changing anything', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'label',
			operation: 'update',
			labelId: byId(LABEL_IDS.production),
			newValue: 'yes',
			...inGenomics,
		});
		expect(result.error!.message).toBe('Label "production" is a simple label, which has no value');
		expect(sentSince(before).map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /labels']);
		expect(label(LABEL_IDS.production)).toMatchObject({ name: 'production', value: undefined });
	});
});

describe('Label → Delete', () => {
	it('deletes a label given by name; the pipeline that carried it loses it', async () => {
		const doomed = platform.sim.data.createLabel(GENOMICS, { name: 'short-lived' });
		const hello = platform.sim.data.pipelinesIn(GENOMICS).find((pipeline) => pipeline.id === PIPELINE_IDS.genomicsHello)!;
		hello.labelIds = [LABEL_IDS.production, doomed.id];
		const before = platform.sim.log.length;
		const result = await platform.run({ resource: 'label', operation: 'delete', labelId: byName('short-lived'), ...inGenomics });
		expect(result.error).toBeUndefined();
		expect(sentSince(before).at(-1)).toEqual({
			method: 'DELETE',
			path: `/labels/${doomed.id}`,
			query: { workspaceId },
			body: undefined,
		});
		expect(platform.json(result)).toEqual([{ id: doomed.id, deleted: true }]);
		expect(label(doomed.id)).toBeUndefined();
		expect(hello.labelIds).toEqual([LABEL_IDS.production]);
	});

	it('a Launch role may not delete labels: the platform refuses and the label stays', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			{ resource: 'label', operation: 'delete', labelId: byId(LABEL_IDS.rnaseq), ...inGenomics },
			{ credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } },
		);
		expect(result.error).toBeDefined();
		expect(platform.sim.log.slice(before).filter((entry) => entry.method === 'DELETE')).toMatchObject([
			{ path: `/labels/${LABEL_IDS.rnaseq}`, status: 403 },
		]);
		expect(label(LABEL_IDS.rnaseq)).toBeDefined();
	});

	it('refuses a label ID from an expression that is not a number before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({ resource: 'label', operation: 'delete', labelId: byId('={{ "rnaseq" }}'), ...inGenomics });
		expect(result.error!.message).toBe('Label "rnaseq" is not a number');
		expect(platform.sim.log.length).toBe(before);
	});
});

describe('Secret → Get', () => {
	it("outputs the secret's ID, name and dates, never its value", async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({ resource: 'secret', operation: 'get', secretId: byName('NCBI_API_KEY'), ...inGenomics });
		expect(result.error).toBeUndefined();
		expect(sentSince(before)).toEqual([
			{ method: 'GET', path: '/pipeline-secrets', query: { workspaceId }, body: undefined },
			{ method: 'GET', path: `/pipeline-secrets/${SECRET_IDS.genomicsNcbiKey}`, query: { workspaceId }, body: undefined },
		]);
		expect(platform.json(result)).toEqual([
			{
				id: SECRET_IDS.genomicsNcbiKey,
				name: 'NCBI_API_KEY',
				dateCreated: '2024-02-12T09:30:00Z',
				lastUpdated: '2024-02-12T09:30:00Z',
			},
		]);
		expect(JSON.stringify(result.outputs)).not.toContain('seed-value-of');
	});
});

describe('Action → Get and its labels', () => {
	const nightly = () => platform.sim.data.actions.find((action) => action.id === ACTION_IDS.genomicsNightly)!;
	const changeLabels = async (operation: string, parameters: INodeParameters) =>
		await platform.run({ resource: 'action', operation, actionId: byName('nightly-rnaseq'), ...inGenomics, ...parameters });

	it('Add Labels, Replace Labels and Remove Labels change only the action named, as asked', async () => {
		nightly().labelIds = [LABEL_IDS.rnaseq];
		let before = platform.sim.log.length;
		const added = await changeLabels('addLabels', labels(['name', 'production']));
		expect(added.error).toBeUndefined();
		expect(sentSince(before).at(-1)).toEqual({
			method: 'POST',
			path: '/actions/labels/add',
			query: { workspaceId },
			body: { actionIds: [ACTION_IDS.genomicsNightly], labelIds: [LABEL_IDS.production] },
		});
		expect(platform.json(added)).toEqual([
			{ actionId: ACTION_IDS.genomicsNightly, labelIds: [LABEL_IDS.production], createdLabels: [] },
		]);
		expect(nightly().labelIds).toEqual([LABEL_IDS.rnaseq, LABEL_IDS.production]);

		before = platform.sim.log.length;
		const replaced = await changeLabels('replaceLabels', { ...labels(['name', 'nightly']), createMissingLabels: true });
		const created = platform.sim.data.labelsIn(GENOMICS).find((each) => each.name === 'nightly')!;
		expect(sentSince(before).at(-1)).toMatchObject({
			path: '/actions/labels/apply',
			body: { actionIds: [ACTION_IDS.genomicsNightly], labelIds: [created.id] },
		});
		expect(platform.json(replaced)).toEqual([
			{ actionId: ACTION_IDS.genomicsNightly, labelIds: [created.id], createdLabels: [{ id: created.id, name: 'nightly' }] },
		]);
		expect(nightly().labelIds).toEqual([created.id]);

		const removed = await changeLabels('removeLabels', labels(['id', String(created.id)]));
		expect(platform.sim.log.at(-1)).toMatchObject({
			path: '/actions/labels/remove',
			body: { actionIds: [ACTION_IDS.genomicsNightly], labelIds: [created.id] },
		});
		expect(platform.json(removed)).toEqual([{ actionId: ACTION_IDS.genomicsNightly, labelIds: [created.id], createdLabels: [] }]);
		expect(nightly().labelIds).toEqual([]);
	});

	it('Get outputs the action as the platform describes it, labels asked for', async () => {
		nightly().labelIds = [LABEL_IDS.production];
		const before = platform.sim.log.length;
		const result = await platform.run({ resource: 'action', operation: 'get', actionId: byName('nightly-rnaseq'), ...inGenomics });
		expect(result.error).toBeUndefined();
		expect(sentSince(before)).toEqual([
			{ method: 'GET', path: '/actions', query: { workspaceId }, body: undefined },
			{
				method: 'GET',
				path: `/actions/${ACTION_IDS.genomicsNightly}`,
				query: { workspaceId, attributes: 'labels' },
				body: undefined,
			},
		]);
		const [action] = platform.json(result);
		expect(action).toMatchObject({
			id: ACTION_IDS.genomicsNightly,
			name: 'nightly-rnaseq',
			source: 'tower',
			status: 'ACTIVE',
			launch: { pipeline: 'https://github.com/nf-core/rnaseq' },
			labels: [{ id: LABEL_IDS.production, name: 'production', resource: false }],
		});
		expect(platform.json(result)).toHaveLength(1);
	});

	it('Remove Labels with no labels fails the item before any change', async () => {
		const before = platform.sim.log.length;
		const result = await changeLabels('removeLabels', {});
		expect(result.error!.message).toBe('Labels is empty');
		expect(sentSince(before).filter(({ method }) => method === 'POST')).toEqual([]);
	});
});

describe('Dataset → Update and its labels', () => {
	const dataset = (id: string) => platform.sim.data.datasets.find((each) => each.id === id)!;

	it('renames a dataset and keeps its description, which the platform would otherwise clear', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'dataset',
			operation: 'update',
			datasetId: byId(DATASET_IDS.genomicsSamplesheet),
			newName: 'rnaseq-samples',
			...inGenomics,
		});
		expect(result.error).toBeUndefined();
		const description = 'Samples of the RNA-seq production runs';
		expect(sentSince(before)).toEqual([
			{ method: 'GET', path: `/datasets/${DATASET_IDS.genomicsSamplesheet}/metadata`, query: { workspaceId }, body: undefined },
			{
				method: 'PUT',
				path: `/datasets/${DATASET_IDS.genomicsSamplesheet}`,
				query: { workspaceId },
				body: { name: 'rnaseq-samples', description },
			},
		]);
		expect(platform.json(result)).toEqual([
			{ id: DATASET_IDS.genomicsSamplesheet, name: 'rnaseq-samples', description, updated: true },
		]);
		expect(dataset(DATASET_IDS.genomicsSamplesheet)).toMatchObject({ name: 'rnaseq-samples', description });
	});

	it('gives a dataset without a description one, keeping its name', async () => {
		const result = await platform.run({
			resource: 'dataset',
			operation: 'update',
			datasetId: byId(DATASET_IDS.genomicsSarekSamples),
			newDescription: 'Tumour/normal pairs',
			...inGenomics,
		});
		expect(platform.sim.log.at(-1)!.body).toEqual({ name: 'sarek-samples', description: 'Tumour/normal pairs' });
		expect(platform.json(result)).toEqual([
			{ id: DATASET_IDS.genomicsSarekSamples, name: 'sarek-samples', description: 'Tumour/normal pairs', updated: true },
		]);
	});

	it('refuses an update with nothing to change before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'dataset',
			operation: 'update',
			datasetId: byId(DATASET_IDS.genomicsSarekSamples),
			...inGenomics,
		});
		expect(result.error!.message).toBe('New Name and New Description are both empty');
		expect(platform.sim.log.length).toBe(before);
	});

	it('Add Labels, Replace Labels and Remove Labels change the dataset labels as asked', async () => {
		const sarek = dataset(DATASET_IDS.genomicsSarekSamples);
		const change = async (operation: string, parameters: INodeParameters) =>
			await platform.run({ resource: 'dataset', operation, datasetId: byId(sarek.id), ...inGenomics, ...parameters });

		const added = await change('addLabels', labels(['name', 'production'], ['id', String(LABEL_IDS.rnaseq)]));
		expect(platform.sim.log.at(-1)).toMatchObject({
			method: 'POST',
			path: '/datasets/labels/add',
			query: { workspaceId },
			body: { datasetIds: [sarek.id], labelIds: [LABEL_IDS.production, LABEL_IDS.rnaseq] },
		});
		expect(platform.json(added)).toEqual([
			{ datasetId: sarek.id, labelIds: [LABEL_IDS.production, LABEL_IDS.rnaseq], createdLabels: [] },
		]);
		expect(sarek.labelIds).toEqual([LABEL_IDS.production, LABEL_IDS.rnaseq]);

		await change('removeLabels', labels(['name', 'production']));
		expect(platform.sim.log.at(-1)).toMatchObject({ path: '/datasets/labels/remove', body: { labelIds: [LABEL_IDS.production] } });
		expect(sarek.labelIds).toEqual([LABEL_IDS.rnaseq]);

		const cleared = await change('replaceLabels', {});
		expect(platform.sim.log.at(-1)).toMatchObject({ path: '/datasets/labels/apply', body: { datasetIds: [sarek.id], labelIds: [] } });
		expect(platform.json(cleared)).toEqual([{ datasetId: sarek.id, labelIds: [], createdLabels: [] }]);
		expect(sarek.labelIds).toEqual([]);
	});
});

describe('Pipeline → Replace Labels', () => {
	const fastqQc = () => platform.sim.data.pipelinesIn(GENOMICS).find((pipeline) => pipeline.id === PIPELINE_IDS.genomicsFastqQc)!;

	it("makes the given labels the pipeline's only ones; none clears them", async () => {
		fastqQc().labelIds = [LABEL_IDS.rnaseq];
		const replace = async (parameters: INodeParameters) =>
			await platform.run({
				resource: 'pipeline',
				operation: 'replaceLabels',
				pipelineId: byName('fastq-qc'),
				...inGenomics,
				...parameters,
			});
		const before = platform.sim.log.length;
		const result = await replace(labels(['name', 'production']));
		expect(result.error).toBeUndefined();
		expect(sentSince(before).map(({ method, path }) => `${method} ${path}`)).toEqual([
			'GET /pipelines',
			'GET /labels',
			'POST /pipelines/labels/apply',
		]);
		expect(platform.sim.log.at(-1)).toMatchObject({
			query: { workspaceId },
			body: { pipelineIds: [PIPELINE_IDS.genomicsFastqQc], labelIds: [LABEL_IDS.production] },
		});
		expect(platform.json(result)).toEqual([
			{ pipelineId: PIPELINE_IDS.genomicsFastqQc, labelIds: [LABEL_IDS.production], createdLabels: [] },
		]);
		expect(fastqQc().labelIds).toEqual([LABEL_IDS.production]);

		await replace({});
		expect(platform.sim.log.at(-1)!.body).toEqual({ pipelineIds: [PIPELINE_IDS.genomicsFastqQc], labelIds: [] });
		expect(fastqQc().labelIds).toEqual([]);
	});
});
