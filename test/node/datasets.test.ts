import {
	NodeConnectionTypes,
	type ICredentialDataDecryptedObject,
	type IConnections,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';

import { SeqeraApi } from '../../credentials/SeqeraApi.credentials';
import { Seqera } from '../../nodes/Seqera/Seqera.node';
import { createHarness, type Harness } from '../../dev/engine/harness';
import { ITEMS_SOURCE_TYPE, oneFileSource } from '../../dev/engine/nodeTypes';
import { linkDatasetVersion } from '../../dev/simulator/resourceRoutes';
import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { DATASET_IDS, DATA_LINK_IDS } from '../../dev/simulator/seed';
import { GENOMICS, RND, SEQERA_NODE, TOKEN, seqeraCredentials, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

let harness: Harness;

beforeAll(() => {
	harness = createHarness({
		nodeTypes: { [SEQERA_NODE]: new Seqera() },
		credentialTypes: { seqeraApi: new SeqeraApi() },
	});
});

afterEach(() => platform.sim.clearFaults());

function dataset(id: string, mode = 'id'): INodeParameters {
	return { datasetId: { __rl: true, mode, value: id } };
}

function requestsSince(before: number): string[] {
	return platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.path}`);
}

function simDataset(id: string) {
	return platform.sim.data.datasets.find((candidate) => candidate.id === id);
}

/** Runs "Test File → Seqera Platform (Dataset)" through the engine and returns what the Seqera node output. */
async function withFile(file: { fileName: string; content: string }, parameters: INodeParameters) {
	const nodes: INode[] = [
		{ id: 'file', name: 'File', type: ITEMS_SOURCE_TYPE, typeVersion: 1, position: [0, 0], parameters: oneFileSource(file) },
		{
			id: 'seqera',
			name: 'Seqera',
			type: SEQERA_NODE,
			typeVersion: 1,
			position: [200, 0],
			parameters: { resource: 'dataset', ...parameters },
			credentials: { seqeraApi: { id: '1', name: 'Seqera simulator' } },
		},
	];
	const connections: IConnections = { File: { main: [[{ node: 'Seqera', type: NodeConnectionTypes.Main, index: 0 }]] } };
	const run = await harness.runWorkflow({ nodes, connections }, { seqeraApi: seqeraCredentials(platform.sim) });
	const outputs = run.data.resultData.runData.Seqera?.[0]?.data?.main?.[0] ?? [];
	return { items: outputs.map((item) => item.json), error: run.data.resultData.error as (Error & { description?: string }) | undefined };
}

/** A new dataset of the workspace with these versions, made through the node. */
async function datasetWithVersions(name: string, contents: string[]): Promise<string> {
	const [first, ...rest] = contents;
	const created = await withFile(
		{ fileName: `${name}-1.csv`, content: first },
		{ operation: 'create', name, uploadFirstVersion: true, ...workspaceParameter(GENOMICS) },
	);
	const id = String(created.items[0].id);
	for (const [index, content] of rest.entries()) {
		await withFile(
			{ fileName: `${name}-${index + 2}.csv`, content },
			{ operation: 'uploadVersion', ...dataset(id), ...workspaceParameter(GENOMICS) },
		);
	}
	return id;
}

function fileText(item: INodeExecutionData): string {
	return Buffer.from(item.binary!.data.data, 'base64').toString('utf8');
}

describe('Dataset → Get', () => {
	it('outputs the dataset with its latest version, picked by ID or by the URL of its page', async () => {
		for (const locator of [
			dataset(DATASET_IDS.genomicsSarekSamples),
			dataset(`https://cloud.seqera.io/orgs/acme-bio/workspaces/genomics/datasets/${DATASET_IDS.genomicsSarekSamples}`, 'url'),
		]) {
			const before = platform.sim.log.length;
			const result = await platform.run({ resource: 'dataset', operation: 'get', ...locator, ...workspaceParameter(GENOMICS) });
			expect(result.error).toBeUndefined();
			expect(platform.json(result)).toEqual([
				expect.objectContaining({
					id: DATASET_IDS.genomicsSarekSamples,
					name: 'sarek-samples',
					version: 1,
					mediaType: 'text/tab-separated-values',
					workspaceId: GENOMICS,
					hidden: false,
				}),
			]);
			expect(requestsSince(before)).toEqual([`GET /datasets/${DATASET_IDS.genomicsSarekSamples}/metadata`]);
		}
	});

	it('fails with the platform’s answer for a dataset of another workspace', async () => {
		const result = await platform.run({
			resource: 'dataset',
			operation: 'get',
			...dataset(DATASET_IDS.rndChipSamples),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toMatchObject({ httpCode: '403' });
	});

	it('refuses a dataset ID with characters no ID has, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'dataset',
			operation: 'get',
			...dataset('={{ "a/b" }}'),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error?.message).toMatch(/^Dataset "a\/b"/);
		expect(platform.sim.log.length).toBe(before);
	});
});

describe('Dataset → Create with its first version', () => {
	const samplesheet = 'sample,fastq_1\nA,a.fq.gz\nB,b.fq.gz\n';

	it('creates the dataset and uploads the item’s file as version 1 in one step', async () => {
		const before = platform.sim.log.length;
		const { items, error } = await withFile(
			{ fileName: 'atac.csv', content: samplesheet },
			{
				operation: 'create',
				name: 'atac-samples',
				description: 'ATAC-seq inputs',
				uploadFirstVersion: true,
				...workspaceParameter(GENOMICS),
			},
		);
		expect(error).toBeUndefined();
		expect(items).toEqual([
			expect.objectContaining({
				name: 'atac-samples',
				description: 'ATAC-seq inputs',
				version: 1,
				mediaType: 'text/csv',
				workspaceId: GENOMICS,
			}),
		]);
		const created = simDataset(String(items[0].id))!;
		expect(created.versions).toMatchObject([{ version: 1, fileName: 'atac.csv', hasHeader: true, rowCount: 2, content: samplesheet }]);
		expect(requestsSince(before)).toEqual(['POST /datasets', `POST /datasets/${created.id}/upload`]);
	});

	it('still creates an empty dataset by default, with one call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'dataset',
			operation: 'create',
			name: 'empty-by-default',
			...workspaceParameter(RND),
		});
		const [created] = platform.json(result);
		expect(simDataset(String(created.id))?.versions).toEqual([]);
		expect(requestsSince(before)).toEqual(['POST /datasets']);
	});

	it('refuses a file that is not CSV or TSV before creating anything', async () => {
		const before = platform.sim.log.length;
		const { error } = await withFile(
			{ fileName: 'samples.json', content: '[]' },
			{ operation: 'create', name: 'json-samples', uploadFirstVersion: true, ...workspaceParameter(GENOMICS) },
		);
		expect(error?.message).toBe('The file in "Input Binary Field" is not a CSV or TSV file');
		expect(platform.sim.log.length).toBe(before);
		expect(platform.sim.data.datasetsIn(GENOMICS).some((candidate) => candidate.name === 'json-samples')).toBe(false);
	});

	it('says the dataset exists when its upload fails, so the user uploads rather than creating it again', async () => {
		platform.sim.addFault({ method: 'POST', path: /^\/datasets\/\w+\/upload$/, kind: 'status', status: 500 });
		const { error } = await withFile(
			{ fileName: 'half.csv', content: samplesheet },
			{ operation: 'create', name: 'half-made', uploadFirstVersion: true, ...workspaceParameter(GENOMICS) },
		);
		const created = platform.sim.data.datasetsIn(GENOMICS).find((candidate) => candidate.name === 'half-made')!;
		expect(error?.message).toBe('The Seqera Platform failed with 500');
		expect(error?.description).toMatch(
			new RegExp(
				`^The dataset "half-made" \\(ID ${created.id}\\) was created without a version: upload the file with Upload Version rather than creating the dataset again\\. POST /datasets/${created.id}/upload answered 500`,
			),
		);
		expect(created.versions).toEqual([]);
	});
});

describe('Dataset → Create with Overwrite', () => {
	const createOverwriting = (overwrite: boolean, credentialOverrides?: ICredentialDataDecryptedObject) =>
		platform.run(
			{ resource: 'dataset', operation: 'create', name: 'overwritten-samples', ...workspaceParameter(RND), options: { overwrite } },
			{ credentialOverrides },
		);
	const namedInRnd = () => platform.sim.data.datasetsIn(RND).filter((candidate) => candidate.name === 'overwritten-samples');
	const sentSince = (before: number) => platform.sim.log.slice(before).map(({ method, path, query }) => ({ method, path, query }));
	const lookup = {
		method: 'GET',
		path: '/datasets',
		query: { workspaceId: String(RND), visibility: 'all', search: 'overwritten-samples', max: '100', offset: '0' },
	};

	it("deletes the workspace's dataset of that name first, hidden or not, as tw datasets add --overwrite does", async () => {
		const before = platform.sim.log.length;
		const first = await createOverwriting(true);
		expect(first.error).toBeUndefined();
		expect(sentSince(before)).toEqual([lookup, { method: 'POST', path: '/datasets', query: { workspaceId: String(RND) } }]);
		const firstId = String(platform.json(first)[0].id);

		const refused = await createOverwriting(false);
		expect(refused.error?.message).toMatch(/^A dataset named 'overwritten-samples' already exists in this workspace/);

		// A hidden dataset still holds its name.
		await platform.run({ resource: 'dataset', operation: 'hide', ...dataset(firstId), ...workspaceParameter(RND) });
		const beforeSecond = platform.sim.log.length;
		const second = await createOverwriting(true);
		expect(second.error).toBeUndefined();
		expect(sentSince(beforeSecond)).toEqual([
			lookup,
			{ method: 'DELETE', path: `/datasets/${firstId}`, query: { workspaceId: String(RND) } },
			{ method: 'POST', path: '/datasets', query: { workspaceId: String(RND) } },
		]);
		expect(platform.sim.log.at(-1)?.body).toEqual({ name: 'overwritten-samples' });
		expect(namedInRnd().map((candidate) => candidate.id)).toEqual([platform.json(second)[0].id]);
		expect(namedInRnd()[0].id).not.toBe(firstId);
	});

	it('deletes nothing when the item fails its checks', async () => {
		const [kept] = namedInRnd();
		const before = platform.sim.log.length;
		const { error } = await withFile(
			{ fileName: 'samples.json', content: '[]' },
			{
				operation: 'create',
				name: 'overwritten-samples',
				uploadFirstVersion: true,
				...workspaceParameter(RND),
				options: { overwrite: true },
			},
		);
		expect(error?.message).toBe('The file in "Input Binary Field" is not a CSV or TSV file');
		expect(platform.sim.log.length).toBe(before);
		expect(namedInRnd()).toEqual([kept]);
	});

	it('with a role that may not delete datasets, is refused the delete and creates nothing', async () => {
		const [kept] = namedInRnd();
		const before = platform.sim.log.length;
		const result = await createOverwriting(true, { accessToken: LAUNCH_ROLE_TOKEN });
		expect(result.error?.message).toBe("Forbidden: your role in workspace 'acme-bio/rnd' (Launch) does not allow deleting datasets");
		// After the refusal only reads, to name the role in the error: nothing is created.
		const changes = platform.sim.log.slice(before).filter(({ method }) => method !== 'GET');
		expect(changes.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([`DELETE /datasets/${kept.id} 403`]);
		expect(namedInRnd()).toEqual([kept]);
	});
});

describe('Dataset → Get Versions and Download', () => {
	let datasetId: string;
	const versions = ['id,reads\nS1,10\n', 'id,reads\nS1,10\nS2,20\n', 'id,reads\nS1,10\nS2,20\nS3,30\n'];

	beforeAll(async () => {
		datasetId = await datasetWithVersions('three-versions', versions);
	});

	it('Get Versions lists every version, newest first, with the URL a launch takes', async () => {
		const result = await platform.run({
			resource: 'dataset',
			operation: 'getVersions',
			returnAll: true,
			...dataset(datasetId),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result).map((version) => [version.version, version.fileName])).toEqual([
			[3, 'three-versions-3.csv'],
			[2, 'three-versions-2.csv'],
			[1, 'three-versions-1.csv'],
		]);
		expect(platform.json(result)[0]).toMatchObject({
			datasetId,
			mediaType: 'text/csv',
			url: `/datasets/${datasetId}/v/3/n/three-versions-3.csv`,
		});
	});

	it('Get Versions stops at the limit', async () => {
		const result = await platform.run({
			resource: 'dataset',
			operation: 'getVersions',
			limit: 2,
			...dataset(datasetId),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result).map((version) => version.version)).toEqual([3, 2]);
	});

	it('Download gives the latest version’s file as binary data by default', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'dataset',
			operation: 'download',
			...dataset(datasetId),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		const [item] = result.outputs[0];
		expect(item.json).toMatchObject({ datasetId, version: 3, fileName: 'three-versions-3.csv' });
		expect(item.binary!.data).toMatchObject({ fileName: 'three-versions-3.csv', mimeType: 'text/csv' });
		expect(fileText(item)).toBe(versions[2]);
		expect(requestsSince(before)).toEqual([
			`GET /datasets/${datasetId}/versions`,
			`GET /datasets/${datasetId}/v/3/n/three-versions-3.csv`,
		]);
	});

	it('Download gives the version asked for, in the field asked for', async () => {
		const result = await platform.run({
			resource: 'dataset',
			operation: 'download',
			latestVersion: false,
			version: 1,
			binaryPropertyName: 'samplesheet',
			...dataset(datasetId),
			...workspaceParameter(GENOMICS),
		});
		const [item] = result.outputs[0];
		expect(item.json).toMatchObject({ version: 1 });
		expect(Buffer.from(item.binary!.samplesheet.data, 'base64').toString('utf8')).toBe(versions[0]);
	});

	it('Download of a version the dataset does not have names the versions it has', async () => {
		const result = await platform.run({
			resource: 'dataset',
			operation: 'download',
			latestVersion: false,
			version: 7,
			...dataset(datasetId),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error?.message).toBe(`The dataset ${datasetId} has no version 7`);
		expect((result.error as { description?: string }).description).toBe('Set "Version" to one it has: 1, 2, 3 (item 0).');
	});

	it("Download of a linked dataset follows the platform's 307 to its source without the token or any platform header", async () => {
		const linked = simDataset(DATASET_IDS.genomicsSarekSamples)!;
		const [version] = linked.versions;
		linkDatasetVersion(platform.sim.data, version, { dataLinkId: DATA_LINK_IDS.genomicsInbox, path: 'samplesheets/sarek-samples.tsv' });
		const storage = platform.sim.storage!;
		const storageRequests = storage.requests.length;
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'dataset',
			operation: 'download',
			...dataset(linked.id),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		const [item] = result.outputs[0];
		expect(item.json).toMatchObject({ datasetId: linked.id, version: 1, fileName: version.fileName });
		expect(item.binary!.data).toMatchObject({ fileName: version.fileName });
		expect(fileText(item)).toBe(version.content);
		expect(platform.sim.log.slice(before).map((entry) => entry.status)).toEqual([200, 307]);
		const sent = storage.requests.slice(storageRequests);
		expect(sent).toMatchObject([
			{ method: 'GET', path: `/${DATA_LINK_IDS.genomicsInbox}/samplesheets/sarek-samples.tsv`, status: 200 },
		]);
		for (const { headers } of sent) {
			expect(Object.keys(headers)).not.toContain('authorization');
			expect(JSON.stringify(headers)).not.toContain(TOKEN);
			expect(Object.keys(headers)).not.toContain('accept-version');
		}
	});

	it('Download of a dataset without versions says to upload one', async () => {
		const result = await platform.run({
			resource: 'dataset',
			operation: 'download',
			...dataset(DATASET_IDS.rndChipSamples),
			...workspaceParameter(RND),
		});
		expect(result.error?.message).toBe(`The dataset ${DATASET_IDS.rndChipSamples} has no version yet`);
	});

	it('keeps each item’s file with its item, with Continue On Fail for the one that fails', async () => {
		const result = await platform.run(
			{
				resource: 'dataset',
				operation: 'download',
				datasetId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				...workspaceParameter(GENOMICS),
			},
			{ items: [{ id: datasetId }, { id: 'noSuchDataset' }, { id: DATASET_IDS.genomicsSamplesheet }], continueOnFail: true },
		);
		const [first, second, third] = result.outputs[0];
		expect(fileText(first)).toBe(versions[2]);
		expect(second.json.error).toBeDefined();
		expect(third.json).toMatchObject({ datasetId: DATASET_IDS.genomicsSamplesheet });
		expect(result.outputs[0].map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});
});

describe('Dataset → Hide, Show and Delete', () => {
	it('Hide leaves the dataset out of Get Many; Get still finds it, marked hidden', async () => {
		const id = await datasetWithVersions('to-hide', ['a,b\n1,2\n']);
		const before = platform.sim.log.length;
		const hidden = await platform.run({ resource: 'dataset', operation: 'hide', ...dataset(id), ...workspaceParameter(GENOMICS) });
		expect(platform.json(hidden)).toEqual([{ id, hidden: true }]);
		expect(platform.sim.log[before]).toMatchObject({ method: 'POST', path: '/datasets/hide', body: { datasetIds: [id] } });

		const listed = await platform.run({ resource: 'dataset', operation: 'getMany', returnAll: true, ...workspaceParameter(GENOMICS) });
		expect(platform.json(listed).map((each) => each.id)).not.toContain(id);
		const got = await platform.run({ resource: 'dataset', operation: 'get', ...dataset(id), ...workspaceParameter(GENOMICS) });
		expect(platform.json(got)).toEqual([expect.objectContaining({ id, hidden: true, version: 1 })]);
	});

	it('Get Many lists hidden datasets when asked, and Show brings one back', async () => {
		const id = await datasetWithVersions('to-show', ['a,b\n1,2\n']);
		await platform.run({ resource: 'dataset', operation: 'hide', ...dataset(id), ...workspaceParameter(GENOMICS) });
		const listIds = async (visibility: string) =>
			platform
				.json(
					await platform.run({
						resource: 'dataset',
						operation: 'getMany',
						returnAll: true,
						visibility,
						...workspaceParameter(GENOMICS),
					}),
				)
				.map((each) => each.id);
		expect(await listIds('hidden')).toContain(id);
		expect(await listIds('all')).toEqual(expect.arrayContaining([id, DATASET_IDS.genomicsSamplesheet]));

		const shown = await platform.run({ resource: 'dataset', operation: 'show', ...dataset(id), ...workspaceParameter(GENOMICS) });
		expect(platform.json(shown)).toEqual([{ id, hidden: false }]);
		expect(await listIds('visible')).toContain(id);
		expect(await listIds('hidden')).not.toContain(id);
	});

	it('Delete removes the dataset and its versions', async () => {
		const id = await datasetWithVersions('to-delete', ['a,b\n1,2\n']);
		const deleted = await platform.run({
			resource: 'dataset',
			operation: 'delete',
			...dataset(id, 'list'),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(deleted)).toEqual([{ id, deleted: true }]);
		expect(simDataset(id)).toBeUndefined();
		const got = await platform.run({ resource: 'dataset', operation: 'get', ...dataset(id), ...workspaceParameter(GENOMICS) });
		expect(got.error).toMatchObject({ httpCode: '403' });
	});
});
