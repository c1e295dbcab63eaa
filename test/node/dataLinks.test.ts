import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import type { BinaryDataService } from 'n8n-core';
import { NodeConnectionTypes, type IConnections, type IDataObject, type INode, type INodeParameters } from 'n8n-workflow';

import { SeqeraApi } from '../../credentials/SeqeraApi.credentials';
import { useFilesystemBinaryData } from '../../dev/engine/binaryDataMode';
import { createHarness, type Harness } from '../../dev/engine/harness';
import { ITEMS_SOURCE_TYPE, oneFileSource } from '../../dev/engine/nodeTypes';
import type { DataLinkStorage } from '../../dev/simulator/dataLinkStorage';
import { credentialsOf } from '../../dev/simulator/computeEnvRoutes';
import { fetchDataLinksSlowly } from '../../dev/simulator/dataLinkRoutes';
import { generatedContent } from '../../dev/simulator/dataLinks';
import { COMPUTE_ENV_IDS, DATA_LINK_IDS, WORKSPACE_IDS } from '../../dev/simulator/seed';
import { sleep } from '../../dev/until';
import { Seqera } from '../../nodes/Seqera/Seqera.node';
import { errorOf, GENOMICS, locator, RND, SEQERA_NODE, TOKEN, seqeraCredentials, usePlatform, workspaceParameter } from './platform';

const SHOWCASE = WORKSPACE_IDS.showcase;

const platform = usePlatform();

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const INBOX = DATA_LINK_IDS.genomicsInbox;
const RND_SCRATCH = DATA_LINK_IDS.rndScratch;
const REFERENCES = DATA_LINK_IDS.genomicsReferences;
const RESULTS = DATA_LINK_IDS.genomicsResults;
const RUN_FOLDER = 'runs/240501_A00123_0042_AHVKJ3DSX7';
/** The genomics workspace's AWS keys the sequencing inbox is read with, and those of its spot compute environment. */
const GENOMICS_AWS = `${COMPUTE_ENV_IDS.genomicsBatch.slice(0, 10)}Cred`;
const GENOMICS_SPOT_AWS = `${COMPUTE_ENV_IDS.genomicsSpot.slice(0, 10)}Cred`;
/** AWS keys of the R&D workspace, which the genomics workspace does not have. */
const RND_AWS = '9sKd2AwsRndCred';
/** Small parts, so that files of a few hundred KiB take several. */
const PART_SIZE = 64 * 1024;

let binaryData: BinaryDataService;
let binaryFolder: string;
let harness: Harness;

/** Text of `size` characters, the same for the same name, different in every part of a multipart upload. */
function fileContent(name: string, size: number): string {
	let text = '';
	for (let line = 0; text.length < size; line++) text += `${name} line ${line}\n`;
	return text.slice(0, size);
}

beforeAll(async () => {
	binaryFolder = mkdtempSync(path.join(tmpdir(), 'seqera-data-links-'));
	binaryData = await useFilesystemBinaryData(binaryFolder);
	harness = createHarness({
		nodeTypes: { [SEQERA_NODE]: new Seqera() },
		credentialTypes: { seqeraApi: new SeqeraApi() },
	});
});

afterAll(() => rmSync(binaryFolder, { recursive: true, force: true }));

afterEach(() => platform.sim.clearFaults());

beforeEach(() => {
	platform.sim.data.dataLinkStore.partSize = PART_SIZE;
	platform.sim.data.dataLinkStore.downloads = 'stream';
});

function storage(): DataLinkStorage {
	return platform.sim.storage!;
}

function dataLink(id: string, mode: 'list' | 'id' | 'url' = 'list'): INodeParameters {
	const value = mode === 'url' ? `https://cloud.seqera.io/orgs/acme/workspaces/genomics/data-explorer/${id}/browse` : id;
	return { dataLinkId: { __rl: true, mode, value } };
}

async function sha256(stream: Readable): Promise<string> {
	const hash = createHash('sha256');
	for await (const chunk of stream) hash.update(chunk as Buffer);
	return hash.digest('hex');
}

async function bytesOf(stream: Readable): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

/** The platform's requests from `index` on: method, path and query. */
function requestsSince(index: number) {
	return platform.sim.log.slice(index).map(({ method, path: requestPath, query }) => ({ method, path: requestPath, query }));
}

/** The platform's requests from `index` on, as method and path. */
function callsSince(index: number): string[] {
	return platform.sim.log.slice(index).map((entry) => `${entry.method} ${entry.path}`);
}

/** What reached the storage host must carry no trace of the platform: no token, no Authorization, none of its headers. */
function expectNothingOfThePlatform(requests: readonly { headers: Record<string, unknown> }[]): void {
	expect(requests.length).toBeGreaterThan(0);
	for (const { headers } of requests) {
		expect(Object.keys(headers)).not.toContain('authorization');
		expect(JSON.stringify(headers)).not.toContain(TOKEN);
		expect(String(headers['user-agent'] ?? '')).not.toContain('n8n-nodes-seqera');
		expect(Object.keys(headers)).not.toContain('accept-version');
	}
}

/** Runs "Test File → Seqera (Data Link: Upload File)" and returns what the Seqera node output. */
async function upload(file: { fileName: string; size: number; mimeType?: string }, parameters: INodeParameters, typeVersion = 1.1) {
	const fileParameters = { fileName: file.fileName, mimeType: file.mimeType ?? '', content: fileContent(file.fileName, file.size) };
	const nodes: INode[] = [
		{ id: 'file', name: 'File', type: ITEMS_SOURCE_TYPE, typeVersion: 1, position: [0, 0], parameters: oneFileSource(fileParameters) },
		{
			id: 'upload',
			name: 'Upload',
			type: SEQERA_NODE,
			typeVersion,
			position: [200, 0],
			parameters: {
				resource: 'dataLink',
				operation: 'uploadFile',
				...workspaceParameter(GENOMICS),
				...dataLink(INBOX),
				...parameters,
			},
			credentials: { seqeraApi: { id: '1', name: 'Seqera simulator' } },
		},
	];
	const connections: IConnections = { File: { main: [[{ node: 'Upload', type: NodeConnectionTypes.Main, index: 0 }]] } };
	const run = await harness.runWorkflow({ nodes, connections }, { seqeraApi: seqeraCredentials(platform.sim) });
	const outputs = run.data.resultData.runData.Upload?.[0]?.data?.main?.[0] ?? [];
	return { items: outputs.map((item) => item.json), error: run.data.resultData.error as (Error & { description?: string }) | undefined };
}

describe('Get Many', () => {
	it('lists the data links of the workspace by name, filtered by provider and region', async () => {
		const all = platform.json(
			await platform.run({ resource: 'dataLink', operation: 'getMany', returnAll: true, ...workspaceParameter(GENOMICS) }),
		);
		expect(all.map((link) => link.name)).toEqual(['reference-genomes', 'results-archive', 'sequencing-inbox']);

		const before = platform.sim.log.length;
		const aws = platform.json(
			await platform.run({
				resource: 'dataLink',
				operation: 'getMany',
				returnAll: true,
				provider: 'aws',
				region: 'eu-west-1',
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(aws).toEqual([
			expect.objectContaining({
				id: INBOX,
				name: 'sequencing-inbox',
				provider: 'aws',
				region: 'eu-west-1',
				resourceRef: 's3://acme-sequencing-inbox',
			}),
		]);
		expect(platform.sim.log[before].query.search).toBe('provider:aws region:eu-west-1');

		const searched = platform.json(
			await platform.run({
				resource: 'dataLink',
				operation: 'getMany',
				returnAll: false,
				limit: 1,
				search: 'e',
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(searched.map((link) => link.name)).toEqual(['reference-genomes']);
	});
});

describe('Get Many by Visibility and Workspace Credentials, as tw data-links list sends them', () => {
	const getMany = (parameters: INodeParameters) =>
		platform.run({ resource: 'dataLink', operation: 'getMany', returnAll: true, ...workspaceParameter(GENOMICS), ...parameters });
	const names = (items: IDataObject[]) => items.map((link) => link.name);

	it('lists the hidden data links, or all, and only those the platform reads with the credentials given', async () => {
		const before = platform.sim.log.length;
		const hidden = platform.json(await getMany({ visibility: 'hidden' }));
		expect(hidden).toEqual([
			expect.objectContaining({ id: DATA_LINK_IDS.genomicsOldInbox, name: 'old-sequencing-inbox', hidden: true }),
		]);
		const allOfTheKeys = platform.json(await getMany({ visibility: 'all', credentialsId: locator(GENOMICS_AWS, 'list') }));
		expect(names(allOfTheKeys)).toEqual(['old-sequencing-inbox', 'sequencing-inbox']);
		const visibleOfTheKeys = platform.json(await getMany({ credentialsId: locator(GENOMICS_AWS) }));
		expect(names(visibleOfTheKeys)).toEqual(['sequencing-inbox']);
		const page = { workspaceId: String(GENOMICS), max: '100', offset: '0' };
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: '/data-links', query: { ...page, visibility: 'hidden' } },
			{ method: 'GET', path: '/data-links', query: { ...page, credentialsId: GENOMICS_AWS, visibility: 'all' } },
			{ method: 'GET', path: '/data-links', query: { ...page, credentialsId: GENOMICS_AWS } },
		]);
	});

	it('sends neither when both are left empty, and lists the visible data links of every credentials', async () => {
		const before = platform.sim.log.length;
		const listed = platform.json(await getMany({ visibility: '', credentialsId: locator('', 'list') }));
		expect(names(listed)).toEqual(['reference-genomes', 'results-archive', 'sequencing-inbox']);
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: '/data-links', query: { workspaceId: String(GENOMICS), max: '100', offset: '0' } },
		]);
	});

	it("fails with the platform's 404 for credentials the workspace does not have", async () => {
		const result = await getMany({ credentialsId: locator(RND_AWS) });
		expect(errorOf(result)?.message).toContain(`Credentials '${RND_AWS}' not found`);
		expect(platform.sim.log.at(-1)).toMatchObject({ path: '/data-links', status: 404, query: { credentialsId: RND_AWS } });
	});

	it('refuses a Visibility the platform does not take and a credentials ID that is none, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const unknown = await getMany({ visibility: '={{ "archived" }}' });
		expect(errorOf(unknown)?.message).toBe('Visibility "archived" is not one the platform takes');
		expect(errorOf(unknown)?.description).toContain('Give visible, hidden or all');
		const malformed = await getMany({ credentialsId: locator('={{ "aws keys" }}') });
		expect(errorOf(malformed)?.message).toBe('Workspace Credentials "aws keys" is not a valid ID');
		expect(platform.sim.log.length).toBe(before);
	});
});

describe('Get Many while the platform is still fetching the data links (202 Accepted)', () => {
	afterEach(() => fetchDataLinksSlowly(platform.sim.data, SHOWCASE, { lists: 0 }));

	it('asks again, waiting longer each time, and outputs the list once the platform has it', async () => {
		fetchDataLinksSlowly(platform.sim.data, SHOWCASE, { lists: 2 });
		const before = platform.sim.log.length;
		const links = platform.json(
			await platform.run({ resource: 'dataLink', operation: 'getMany', returnAll: true, ...workspaceParameter(SHOWCASE) }),
		);
		expect(links.map((link) => link.name)).toEqual(['nf-core-test-datasets']);
		const lists = platform.sim.log.slice(before);
		expect(lists.map((entry) => `${entry.status} ${entry.method} ${entry.path}`)).toEqual([
			'202 GET /data-links',
			'202 GET /data-links',
			'200 GET /data-links',
		]);
		// Every ask is a call of the token's budget; the waits between them grow, 1 s then 2 s.
		expect(lists.every((entry) => entry.tokenHash !== null)).toBe(true);
		const waits = lists.slice(1).map((entry, index) => entry.at - lists[index].at);
		expect(waits[0]).toBeGreaterThanOrEqual(1000);
		expect(waits[1]).toBeGreaterThanOrEqual(2000);
	});

	it("fails the item naming the workspace once the credential's timeout has passed in waits", async () => {
		fetchDataLinksSlowly(platform.sim.data, SHOWCASE, { ms: 60_000 });
		const before = platform.sim.log.length;
		const result = await platform.run(
			{ resource: 'dataLink', operation: 'getMany', returnAll: true, ...workspaceParameter(SHOWCASE) },
			{ credentialOverrides: { timeoutSeconds: 3 } },
		);
		expect(result.error!.message).toBe(`The platform is still fetching the data links of workspace ${SHOWCASE}`);
		expect((result.error as { description?: string }).description).toContain('answered 202 Accepted for 3 s');
		// Waits of 1 s and 2 s fill the 3 s: three asks.
		expect(platform.sim.log.slice(before).map((entry) => entry.status)).toEqual([202, 202, 202]);
	});

	it('stops waiting when the execution is cancelled', async () => {
		fetchDataLinksSlowly(platform.sim.data, SHOWCASE, { ms: 60_000 });
		const before = platform.sim.log.length;
		// Cancelled once the third 202 has left the platform: the node then waits 4 s before it asks again.
		const thirdAnswer = platform.sim.logged(() => platform.sim.log.slice(before).filter((entry) => entry.status === 202).length >= 3, {
			answered: true,
		});
		const result = await platform.run(
			{ resource: 'dataLink', operation: 'getMany', returnAll: true, ...workspaceParameter(SHOWCASE) },
			{ cancelWhen: thirdAnswer },
		);
		const cancelledAt = result.cancelledAt!;
		expect(result.error?.message ?? '').toMatch(/cancel/i);
		// The run did not sit out the 4 s wait. The 3 s bound leaves a margin no busy machine takes up: a
		// machine running both test lanes delays a timer by well under a second.
		expect(performance.now() - cancelledAt).toBeLessThan(3000);
		// No ask after the cancel, up to when the wait would have ended.
		const asked = platform.sim.log.length;
		expect(asked - before).toBe(3);
		// Nothing marks an ask that is never made: wait past the 4 s the next one would have come after, then count.
		await sleep(cancelledAt + 5000 - performance.now());
		expect(platform.sim.log.length).toBe(asked);
	});

	it("waits it out for the Data Link field's list too", async () => {
		fetchDataLinksSlowly(platform.sim.data, SHOWCASE, { lists: 1 });
		const found = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchDataLinks',
			platform.credentials(),
			undefined,
			undefined,
			workspaceParameter(SHOWCASE),
		);
		expect(found.results.map((result) => result.name)).toEqual(['nf-core-test-datasets']);
		expect(platform.sim.log.slice(-2).map((entry) => entry.status)).toEqual([202, 200]);
	});
});

describe("Paths a segment at a time (version 1.1), as Seqera's own clients send them", () => {
	const sampleSheet = `${RUN_FOLDER}/SampleSheet.csv`;

	afterEach(() => {
		platform.sim.refuseEncodedSlashes = false;
	});

	it('browses, downloads and uploads below the root a segment at a time', async () => {
		const before = platform.sim.log.length;
		await platform.run({
			resource: 'dataLink',
			operation: 'browse',
			returnAll: true,
			path: `${RUN_FOLDER}/fastq`,
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		});
		await platform.run({
			resource: 'dataLink',
			operation: 'downloadFile',
			filePath: sampleSheet,
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		});
		expect(callsSince(before).filter((call) => !call.endsWith(INBOX))).toEqual([
			`GET /data-links/${INBOX}/browse/runs/240501_A00123_0042_AHVKJ3DSX7/fastq`,
			`GET /data-links/${INBOX}/download/runs/240501_A00123_0042_AHVKJ3DSX7/SampleSheet.csv`,
		]);
		// Each segment is encoded on its own: a space or a # stays in its folder name.
		platform.sim.data.addDataLinkObject(INBOX, 'runs/odd #1/notes v2.txt', { size: 5 });
		const odd = await platform.run({
			resource: 'dataLink',
			operation: 'downloadFile',
			filePath: 'runs/odd #1/notes v2.txt',
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		});
		expect(odd.outputs[0][0].json).toMatchObject({ path: 'runs/odd #1/notes v2.txt', size: 5 });
		expect(platform.sim.log.at(-1)!.path).toBe(`/data-links/${INBOX}/download/runs/odd%20%231/notes%20v2.txt`);
	});

	it('works behind a proxy that refuses %2F; version 1, which sends the path as one segment, does not', async () => {
		platform.sim.refuseEncodedSlashes = true;
		const browse = {
			resource: 'dataLink',
			operation: 'browse',
			returnAll: true,
			path: RUN_FOLDER,
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		};
		const download = {
			resource: 'dataLink',
			operation: 'downloadFile',
			filePath: sampleSheet,
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		};
		const url = {
			resource: 'dataLink',
			operation: 'generateDownloadUrl',
			filePath: sampleSheet,
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		};

		expect(platform.json(await platform.run(browse)).map((entry) => entry.name)).toEqual([
			'fastq',
			'RTAComplete.txt',
			'SampleSheet.csv',
		]);
		expect(platform.json(await platform.run(download))).toEqual([expect.objectContaining({ path: sampleSheet, size: 2388 })]);
		expect(platform.json(await platform.run(url))).toEqual([expect.objectContaining({ resolvedPath: sampleSheet })]);
		const uploaded = await upload({ fileName: 'behind-proxy.csv', size: 100, mimeType: 'text/csv' }, { folder: 'runs/240602_proxy' });
		expect(uploaded.error).toBeUndefined();
		expect(uploaded.items).toEqual([expect.objectContaining({ path: 'runs/240602_proxy/behind-proxy.csv' })]);

		for (const parameters of [browse, download]) {
			const old = await platform.run(parameters, { typeVersion: 1 });
			expect(old.error).toMatchObject({ httpCode: '404' });
		}
		const oldUpload = await upload(
			{ fileName: 'behind-proxy.csv', size: 100, mimeType: 'text/csv' },
			{ folder: 'runs/240602_proxy' },
			1,
		);
		expect(oldUpload.error).toMatchObject({ httpCode: '404' });
		expect(platform.sim.log.at(-1)!.path).toBe(`/data-links/${INBOX}/upload/runs%2F240602_proxy`);
	});

	it('version 1 still sends the path as one segment, its / encoded', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			{ resource: 'dataLink', operation: 'downloadFile', filePath: sampleSheet, ...dataLink(INBOX), ...workspaceParameter(GENOMICS) },
			{ typeVersion: 1 },
		);
		expect(result.outputs[0][0].json).toMatchObject({ size: 2388 });
		const { items } = await upload({ fileName: 'v1.csv', size: 10, mimeType: 'text/csv' }, { folder: 'runs/240603_v1' }, 1);
		expect(items).toEqual([expect.objectContaining({ path: 'runs/240603_v1/v1.csv' })]);
		expect(callsSince(before).filter((call) => call.includes('/download/') || call.includes('/upload'))).toEqual([
			`GET /data-links/${INBOX}/download/runs%2F240501_A00123_0042_AHVKJ3DSX7%2FSampleSheet.csv`,
			`POST /data-links/${INBOX}/upload/runs%2F240603_v1`,
			`POST /data-links/${INBOX}/upload/finish/runs%2F240603_v1`,
		]);
	});

	it('refuses a path holding a . or .. step (%2e%2e too) or an empty folder name, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const run = async (parameters: INodeParameters, typeVersion?: number) =>
			(
				await platform.run(
					{ resource: 'dataLink', ...dataLink(INBOX), ...workspaceParameter(GENOMICS), ...parameters },
					{ typeVersion },
				)
			).error!;
		expect((await run({ operation: 'downloadFile', filePath: 'runs/../README.txt' })).message).toBe(
			'File Path "runs/../README.txt" is not a path in the data link',
		);
		expect((await run({ operation: 'downloadFile', filePath: 'runs/%2e%2e/README.txt' })).message).toBe(
			'File Path "runs/%2e%2e/README.txt" is not a path in the data link',
		);
		expect((await run({ operation: 'browse', returnAll: true, path: 'runs/./fastq' })).message).toBe(
			'Path "runs/./fastq" is not a path in the data link',
		);
		expect((await run({ operation: 'generateDownloadUrl', filePath: 'runs//README.txt' })).message).toBe(
			'File Path "runs//README.txt" holds an empty folder name',
		);
		// Version 1 sends the path as one segment: a path that is itself a step is refused, and now names its field.
		const encodedDots = await run({ operation: 'downloadFile', filePath: '%2e%2e' }, 1);
		expect(encodedDots.message).toBe('File Path "%2e%2e" is not a path in the data link');
		expect((encodedDots as { description?: string }).description).toContain('steps in a URL');
		const { error } = await upload({ fileName: 'a.txt', size: 10 }, { folder: 'runs/%2E%2E' });
		expect(error!.message).toBe('Folder "runs/%2E%2E" is not a path in the data link');
		expect(platform.sim.log.length).toBe(before);
	});

	it('refuses to upload into a folder named finish, which the platform reads as the end of an upload', async () => {
		const before = platform.sim.log.length;
		const { error } = await upload({ fileName: 'a.txt', size: 10 }, { folder: 'finish/batch1' });
		expect(error!.message).toBe('Folder "finish/batch1" starts with a folder named finish');
		expect(platform.sim.log.length).toBe(before);
	});
});

describe('Browse', () => {
	it('lists a folder, folders first, and narrows it to the names a glob matches', async () => {
		const root = platform.json(
			await platform.run({
				resource: 'dataLink',
				operation: 'browse',
				returnAll: true,
				...dataLink(INBOX),
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(root).toEqual([
			{ name: 'runs', type: 'FOLDER', path: 'runs', size: 0, mimeType: null, dataLinkId: INBOX },
			{ name: 'README.txt', type: 'FILE', path: 'README.txt', size: 1204, mimeType: 'text/plain', dataLinkId: INBOX },
		]);

		const before = platform.sim.log.length;
		const fastq = platform.json(
			await platform.run({
				resource: 'dataLink',
				operation: 'browse',
				returnAll: true,
				path: `/${RUN_FOLDER}/fastq/`,
				glob: 'S*_R1_*.fastq.gz',
				...dataLink(INBOX, 'url'),
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(fastq.map((entry) => entry.path)).toEqual([
			`${RUN_FOLDER}/fastq/S1_L001_R1_001.fastq.gz`,
			`${RUN_FOLDER}/fastq/S2_L001_R1_001.fastq.gz`,
		]);
		// The glob's literal start narrows the listing on the platform's side.
		const browseCall = platform.sim.log.slice(before).find((entry) => entry.path.includes('/browse/'))!;
		expect(browseCall.query).toMatchObject({ search: 'S', credentialsId: expect.any(String) });
	});

	it('follows page tokens for Return All, and stops at the limit', async () => {
		for (let index = 0; index < 1203; index++)
			platform.sim.data.addDataLinkObject(RND_SCRATCH, `bulk/object-${String(index).padStart(4, '0')}.txt`, { size: index });
		const before = platform.sim.log.length;
		const all = platform.json(
			await platform.run({
				resource: 'dataLink',
				operation: 'browse',
				returnAll: true,
				path: 'bulk',
				...dataLink(RND_SCRATCH, 'id'),
				...workspaceParameter(RND),
			}),
		);
		expect(all).toHaveLength(1203);
		expect(new Set(all.map((entry) => entry.name)).size).toBe(1203);
		const pages = platform.sim.log.slice(before).filter((entry) => entry.path.includes('/browse/'));
		expect(pages.map((entry) => entry.query.nextPageToken === undefined)).toEqual([true, false]);

		const limited = platform.json(
			await platform.run({
				resource: 'dataLink',
				operation: 'browse',
				returnAll: false,
				limit: 3,
				path: 'bulk',
				...dataLink(RND_SCRATCH, 'id'),
				...workspaceParameter(RND),
			}),
		);
		expect(limited.map((entry) => entry.name)).toEqual(['object-0000.txt', 'object-0001.txt', 'object-0002.txt']);
		expect(platform.sim.log.at(-1)!.query.pageSize).toBe('3');
	});

	it('refuses a glob with a folder in it, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'dataLink',
			operation: 'browse',
			returnAll: true,
			glob: 'runs/*.csv',
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error!.message).toBe('Name Glob "runs/*.csv" holds a /');
		expect((result.error as { description?: string }).description).toContain('Put the folders in "Path"');
		expect(platform.sim.log.length).toBe(before);
	});

	it('says which data link was not found', async () => {
		const result = await platform.run({
			resource: 'dataLink',
			operation: 'browse',
			returnAll: true,
			...dataLink('v1-user-000000000000dead', 'id'),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error!.message).toBe('Data Link "v1-user-000000000000dead" was not found, or the access token was refused');
	});
});

describe('Download File', () => {
	const sampleSheet = `${RUN_FOLDER}/SampleSheet.csv`;

	it('gives the file as binary data, streamed by the platform; the storage host is not involved', async () => {
		const storageRequests = storage().requests.length;
		const result = await platform.run({
			resource: 'dataLink',
			operation: 'downloadFile',
			filePath: sampleSheet,
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		const [item] = result.outputs[0];
		expect(item.json).toEqual({ dataLinkId: INBOX, path: sampleSheet, fileName: 'SampleSheet.csv', size: 2388, mimeType: 'text/csv' });
		expect(item.binary!.data).toMatchObject({ fileName: 'SampleSheet.csv', mimeType: 'text/csv' });
		const downloaded = await bytesOf(await binaryData.getAsStream(item.binary!.data.id!));
		expect(downloaded.equals(await bytesOf(generatedContent(sampleSheet, 2388)))).toBe(true);
		expect(storage().requests.length).toBe(storageRequests);
	});

	it('follows the platform to a presigned URL on the storage host without the token or any platform header', async () => {
		platform.sim.data.dataLinkStore.downloads = 'redirect';
		const storageRequests = storage().requests.length;
		const result = await platform.run({
			resource: 'dataLink',
			operation: 'downloadFile',
			filePath: sampleSheet,
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		const [item] = result.outputs[0];
		expect(item.json).toMatchObject({ size: 2388 });
		const downloaded = await bytesOf(await binaryData.getAsStream(item.binary!.data.id!));
		expect(downloaded.equals(await bytesOf(generatedContent(sampleSheet, 2388)))).toBe(true);
		const sent = storage().requests.slice(storageRequests);
		expect(sent).toMatchObject([{ method: 'GET', path: `/${INBOX}/${sampleSheet}`, status: 200 }]);
		expectNothingOfThePlatform(sent);
	});

	it('streams a large object to n8n binary data on disk without holding it in memory', async () => {
		const size = 256 * 1024 * 1024;
		const SAMPLE_EVERY = 16 * 1024 * 1024;
		const bigFile = `${RUN_FOLDER}/fastq/big_R1_001.fastq.gz`;
		platform.sim.data.addDataLinkObject(INBOX, bigFile, { size });
		// Memory still reachable, garbage collected first: what the download holds, not what it has let go.
		const held = () => {
			// V8 frees dead buffers' memory on a background sweep that the next collection finishes.
			collectGarbage();
			collectGarbage();
			const now = process.memoryUsage();
			return now.heapUsed + now.arrayBuffers;
		};
		const baseline = held();
		// Sampled as the platform sends the file, every 16 MiB, however fast the machine is.
		let peak = 0;
		let samples = 0;
		const store = platform.sim.data.dataLinkStore;
		const read = store.read.bind(store);
		const reading = jest.spyOn(store, 'read').mockImplementation((dataLinkId, objectPath, objectSize) => {
			let sent = 0;
			return read(dataLinkId, objectPath, objectSize).pipe(
				new Transform({
					transform(chunk: Buffer, _encoding, done) {
						if (Math.floor((sent + chunk.length) / SAMPLE_EVERY) > Math.floor(sent / SAMPLE_EVERY)) {
							peak = Math.max(peak, held() - baseline);
							samples++;
						}
						sent += chunk.length;
						done(null, chunk);
					},
				}),
			);
		});
		let result;
		try {
			result = await platform.run({
				resource: 'dataLink',
				operation: 'downloadFile',
				filePath: bigFile,
				...dataLink(INBOX),
				...workspaceParameter(GENOMICS),
			});
		} finally {
			reading.mockRestore();
		}
		expect(result.error).toBeUndefined();
		const [item] = result.outputs[0];
		expect(item.json).toMatchObject({ size, fileName: 'big_R1_001.fastq.gz' });
		expect(await sha256(await binaryData.getAsStream(item.binary!.data.id!))).toBe(await sha256(generatedContent(bigFile, size)));
		expect(samples).toBe(size / SAMPLE_EVERY);
		// The whole object would be 256 MiB; what the download holds at once is a few chunks.
		expect(peak).toBeLessThan(size / 8);
	}, 180_000);

	it('tries the download again when the platform answers 503 before sending the file', async () => {
		platform.sim.addFault({ method: 'GET', path: /\/download\//, kind: 'status', status: 503 });
		const result = await platform.run({
			resource: 'dataLink',
			operation: 'downloadFile',
			filePath: `${RUN_FOLDER}/RTAComplete.txt`,
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		expect(result.outputs[0][0].json).toMatchObject({ size: 52 });
		expect(
			platform.sim.log
				.filter((entry) => entry.path.includes('/download/'))
				.slice(-2)
				.map((entry) => entry.status),
		).toEqual([503, 200]);
	});

	it('says which file the platform does not have', async () => {
		const result = await platform.run({
			resource: 'dataLink',
			operation: 'downloadFile',
			filePath: 'runs/missing.csv',
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toMatchObject({ httpCode: '404' });
		expect(result.error!.message).toContain("Path 'runs/missing.csv' not found");
	});

	it('refuses an empty File Path, or one that is no path, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const empty = await platform.run({
			resource: 'dataLink',
			operation: 'downloadFile',
			filePath: ' / ',
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		});
		expect(empty.error!.message).toBe('File Path is empty');
		const dots = await platform.run({
			resource: 'dataLink',
			operation: 'downloadFile',
			filePath: '../',
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		});
		expect(dots.error!.message).toBe('File Path ".." is not a path in the data link');
		// A list value set by an expression is not checked by the editor.
		const badId = await platform.run({
			resource: 'dataLink',
			operation: 'downloadFile',
			filePath: 'README.txt',
			...dataLink('s3://acme-sequencing-inbox', 'list'),
			...workspaceParameter(GENOMICS),
		});
		expect(badId.error!.message).toBe('Data Link "s3://acme-sequencing-inbox" is not a valid ID');
		expect(platform.sim.log.length).toBe(before);
	});
});

describe('Generate Download URL', () => {
	it('gives a presigned URL of the storage host that downloads the file without a token', async () => {
		const filePath = `${RUN_FOLDER}/RTAComplete.txt`;
		const [item] = platform.json(
			await platform.run({
				resource: 'dataLink',
				operation: 'generateDownloadUrl',
				filePath,
				...dataLink(INBOX),
				...workspaceParameter(GENOMICS),
			}),
		);
		expect(item).toMatchObject({ dataLinkId: INBOX, path: filePath, resolvedPath: filePath, resolvedMimeType: 'text/plain' });
		const url = new URL(String(item.url));
		expect(url.origin).toBe(storage().origin);
		const body = await new Promise<Buffer>((resolve, reject) => {
			https.get(url, { rejectUnauthorized: false }, (response) => bytesOf(response).then(resolve, reject)).on('error', reject);
		});
		expect(body.equals(await bytesOf(generatedContent(filePath, 52)))).toBe(true);
	});
});

describe('Upload File', () => {
	afterEach(() => storage().clearFaults());

	it('sends a small file as one part to the storage host, without the token, and finishes the upload', async () => {
		const storageRequests = storage().requests.length;
		const before = platform.sim.log.length;
		const { items, error } = await upload(
			{ fileName: 'SampleSheet.csv', size: 10_000, mimeType: 'text/csv' },
			{ folder: 'runs/240601_new' },
		);
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				dataLinkId: INBOX,
				path: 'runs/240601_new/SampleSheet.csv',
				uri: 's3://acme-sequencing-inbox/runs/240601_new/SampleSheet.csv',
				size: 10_000,
				mimeType: 'text/csv',
				parts: 1,
			},
		]);
		expect(callsSince(before)).toEqual([
			`GET /data-links/${INBOX}`,
			// The folder a segment at a time, as Seqera's own clients send paths.
			`POST /data-links/${INBOX}/upload/runs/240601_new`,
			`POST /data-links/${INBOX}/upload/finish/runs/240601_new`,
		]);
		expect(platform.sim.log[before + 1].body).toEqual({ fileName: 'SampleSheet.csv', contentType: 'text/csv', contentLength: 10_000 });
		const sent = storage().requests.slice(storageRequests);
		expect(sent).toMatchObject([
			{ method: 'PUT', path: `/${INBOX}/runs/240601_new/SampleSheet.csv`, query: { partNumber: '1' }, status: 200 },
		]);
		expectNothingOfThePlatform(sent);
		expect(platform.sim.data.dataLinkById(INBOX).objects.get('runs/240601_new/SampleSheet.csv')).toEqual({
			size: 10_000,
			mimeType: 'text/csv',
		});
	});

	it('sends a larger file in parts, each to its own presigned URL, and the storage host reassembles the original bytes', async () => {
		const size = 3 * PART_SIZE + 12_345;
		const storageRequests = storage().requests.length;
		const before = platform.sim.log.length;
		const { items, error } = await upload(
			{ fileName: 'reads.bam', size, mimeType: 'application/octet-stream' },
			{ fileName: 'sample-7.bam' },
		);
		expect(error).toBeUndefined();
		expect(items).toEqual([expect.objectContaining({ path: 'sample-7.bam', size, parts: 4, mimeType: 'application/octet-stream' })]);
		const sent = storage().requests.slice(storageRequests);
		// Four URLs for four parts of the platform's size; the file is cut into four equal parts, the last one smaller.
		expect(sent.map((request) => [request.method, request.query.partNumber, request.headers['content-length']])).toEqual([
			['PUT', '1', '52239'],
			['PUT', '2', '52239'],
			['PUT', '3', '52239'],
			['PUT', '4', '52236'],
		]);
		expectNothingOfThePlatform(sent);
		const finish = platform.sim.log.slice(before).find((entry) => entry.path.endsWith('/upload/finish'))!;
		expect(finish.body).toMatchObject({
			fileName: 'sample-7.bam',
			tags: [1, 2, 3, 4].map((partNumber) => ({ partNumber, eTag: expect.any(String) })),
		});
		const stored = await bytesOf(platform.sim.data.dataLinkStore.read(INBOX, 'sample-7.bam', size));
		expect(stored.toString('utf8')).toBe(fileContent('reads.bam', size));
	});

	it('tries a part again when the storage host fails once', async () => {
		storage().addFault({ method: 'PUT', status: 503, times: 1 });
		const { items, error } = await upload({ fileName: 'retry.txt', size: 1000 }, {});
		expect(error).toBeUndefined();
		expect(items).toEqual([expect.objectContaining({ path: 'retry.txt', parts: 1 })]);
		expect(
			storage()
				.requests.slice(-2)
				.map((request) => request.status),
		).toEqual([503, 200]);
	});

	it('aborts the upload through finish with the error flag when a part keeps failing, and says which part', async () => {
		const size = 2 * PART_SIZE;
		storage().addFault({ method: 'PUT', status: 500, times: 100 });
		const before = platform.sim.log.length;
		const { items, error } = await upload({ fileName: 'doomed.bin', size }, {});
		expect(items).toEqual([]);
		expect(error!.message).toBe('The storage provider answered 500 to part 1 of 2 of "doomed.bin" after 4 attempts');
		expect(error!.message).not.toContain('X-Sim-Signature');
		const finish = platform.sim.log.slice(before).find((entry) => entry.path.endsWith('/upload/finish'))!;
		expect(finish.body).toMatchObject({ fileName: 'doomed.bin', withError: true });
		const upload_ = platform.sim.data.dataLinkStore.uploads.get(String((finish.body as IDataObject).uploadId))!;
		expect(upload_.state).toBe('aborted');
		expect(platform.sim.data.dataLinkById(INBOX).objects.has('doomed.bin')).toBe(false);
	});

	it('names the part that found no storage host, without the signed URL, and aborts the upload', async () => {
		const store = platform.sim.data.dataLinkStore;
		const origin = store.origin;
		// Port 9 (discard) has no server here: the presigned URLs lead nowhere.
		store.origin = 'https://localhost:9';
		let result;
		try {
			result = await upload({ fileName: 'nowhere.txt', size: 100 }, {});
		} finally {
			store.origin = origin;
		}
		expect(result.error!.message).toBe('part 1 of 1 of "nowhere.txt" got no answer from the storage provider');
		expect(result.error!.description).toMatch(
			/^PUT https:\/\/localhost:9\/v1-user-2f8a6c41d9e07b35\/nowhere\.txt failed after 4 attempt\(s\) \(ECONNREFUSED\)/,
		);
		expect(JSON.stringify(result.error)).not.toContain('X-Sim-Signature');
		expect((platform.sim.log.at(-1)!.body as IDataObject).withError).toBe(true);
	});

	it('aborts the upload when the platform refuses to complete it', async () => {
		platform.sim.addFault({ method: 'POST', path: /\/upload\/finish$/, kind: 'status', status: 400 });
		const before = platform.sim.log.length;
		const { error } = await upload({ fileName: 'refused.txt', size: 100 }, {});
		expect(error).toMatchObject({ httpCode: '400' });
		const finishes = platform.sim.log.slice(before).filter((entry) => entry.path.endsWith('/upload/finish'));
		expect(finishes.map((entry) => [entry.status, (entry.body as IDataObject | undefined)?.withError])).toEqual([
			[400, undefined],
			[200, true],
		]);
		expect(platform.sim.data.dataLinkById(INBOX).objects.has('refused.txt')).toBe(false);
	});

	it('sends a file to a Google Cloud Storage data link in chunks to its resumable session URL, without the token', async () => {
		const size = 8 * 1024 * 1024 + 1000;
		const storageRequests = storage().requests.length;
		const before = platform.sim.log.length;
		const { items, error } = await upload(
			{ fileName: 'genome.fa.fai', size, mimeType: 'text/plain' },
			{ ...dataLink(REFERENCES), folder: 'GRCh39' },
		);
		expect(error).toBeUndefined();
		expect(items).toEqual([
			expect.objectContaining({ path: 'GRCh39/genome.fa.fai', uri: 'gs://acme-references/GRCh39/genome.fa.fai', size, parts: 2 }),
		]);
		// Google Cloud Storage completes the upload itself: nothing to finish on the platform.
		expect(callsSince(before)).toEqual([`GET /data-links/${REFERENCES}`, `POST /data-links/${REFERENCES}/upload/GRCh39`]);
		const sent = storage().requests.slice(storageRequests);
		expect(sent.map((request) => [request.method, request.headers['content-range'], request.status])).toEqual([
			['PUT', `bytes 0-8388607/${size}`, 308],
			['PUT', `bytes 8388608-${size - 1}/${size}`, 200],
		]);
		expectNothingOfThePlatform(sent);
		const stored = await bytesOf(platform.sim.data.dataLinkStore.read(REFERENCES, 'GRCh39/genome.fa.fai', size));
		expect(stored.toString('utf8')).toBe(fileContent('genome.fa.fai', size));
		expect(platform.sim.data.dataLinkById(REFERENCES).objects.get('GRCh39/genome.fa.fai')).toEqual({ size, mimeType: 'text/plain' });
	});

	it('cancels the Google Cloud Storage session with DELETE when a chunk keeps failing', async () => {
		storage().addFault({ method: 'PUT', status: 500, times: 100 });
		const storageRequests = storage().requests.length;
		const { error } = await upload({ fileName: 'doomed.fa', size: 100, mimeType: 'text/plain' }, dataLink(REFERENCES));
		expect(error!.message).toBe('The storage provider answered 500 to the upload of "doomed.fa" after 4 attempts');
		const sent = storage().requests.slice(storageRequests);
		expect(sent.at(-1)).toMatchObject({ method: 'DELETE', status: 499 });
		expectNothingOfThePlatform(sent);
		expect(platform.sim.data.dataLinkById(REFERENCES).objects.has('doomed.fa')).toBe(false);
	});

	it('sends a file to an Azure data link as blocks, then commits the block list, without the token', async () => {
		const size = 2 * PART_SIZE + 10;
		const storageRequests = storage().requests.length;
		const before = platform.sim.log.length;
		const { items, error } = await upload({ fileName: 'counts.tsv', size, mimeType: 'text/tab-separated-values' }, dataLink(RESULTS));
		expect(error).toBeUndefined();
		expect(items).toEqual([expect.objectContaining({ path: 'counts.tsv', uri: 'az://acme-results/counts.tsv', size, parts: 3 })]);
		expect(callsSince(before)).toEqual([`GET /data-links/${RESULTS}`, `POST /data-links/${RESULTS}/upload`]);
		const sent = storage().requests.slice(storageRequests);
		expect(sent.map((request) => [request.method, request.query.comp, request.status])).toEqual([
			['PUT', 'block', 201],
			['PUT', 'block', 201],
			['PUT', 'block', 201],
			['PUT', 'blocklist', 201],
		]);
		expectNothingOfThePlatform(sent);
		const stored = await bytesOf(platform.sim.data.dataLinkStore.read(RESULTS, 'counts.tsv', size));
		expect(stored.toString('utf8')).toBe(fileContent('counts.tsv', size));
	});

	it('drops the Azure blocks with an empty block list when a block keeps failing', async () => {
		// The first block's four attempts fail; the block list that follows gets through.
		storage().addFault({ method: 'PUT', status: 500, times: 4 });
		const storageRequests = storage().requests.length;
		const { error } = await upload({ fileName: 'doomed.tsv', size: 2 * PART_SIZE }, dataLink(RESULTS));
		expect(error!.message).toBe('The storage provider answered 500 to part 1 of 2 of "doomed.tsv" after 4 attempts');
		const sent = storage().requests.slice(storageRequests);
		expect(sent.at(-1)).toMatchObject({ method: 'PUT', query: { comp: 'blocklist' }, status: 201 });
		const aborted = [...platform.sim.data.dataLinkStore.uploads.values()].find((each) => each.path === 'doomed.tsv')!;
		expect(aborted.state).toBe('aborted');
		expect(platform.sim.data.dataLinkById(RESULTS).objects.has('doomed.tsv')).toBe(false);
	});

	it('refuses a file name with a folder in it, naming the fields, before any call', async () => {
		const before = platform.sim.log.length;
		const { error } = await upload({ fileName: 'a.txt', size: 10 }, { fileName: 'runs/a.txt' });
		expect(error!.message).toBe('File Name "runs/a.txt" is not a file name');
		expect(error!.description).toContain('put them in "Folder"');
		expect(platform.sim.log.length).toBe(before);
	});
});

describe("Workspace Credentials of a data link that several of the workspace's credentials reach (tw's -c)", () => {
	const SAMPLE_SHEET = `${RUN_FOLDER}/SampleSheet.csv`;
	const SECOND_RUN = 'runs/240508_A00123_0043_BHWLM2DSX7';
	const withSpotKeys = { credentialsId: locator(GENOMICS_SPOT_AWS, 'list') };
	const query = (credentialsId: string) => ({ workspaceId: String(GENOMICS), credentialsId });

	// The platform lists a bucket once, with every credentials of the workspace that reach it.
	beforeAll(() => {
		const spot = credentialsOf(platform.sim.data).find((credential) => credential.id === GENOMICS_SPOT_AWS)!;
		platform.sim.data.dataLinkById(INBOX).credentials.push({ id: spot.id, name: spot.name });
	});
	afterAll(() => {
		const link = platform.sim.data.dataLinkById(INBOX);
		link.credentials = link.credentials.filter((credential) => credential.id !== GENOMICS_SPOT_AWS);
	});

	it('browses with the credentials given, from describing the data link on', async () => {
		const before = platform.sim.log.length;
		const entries = platform.json(
			await platform.run({
				resource: 'dataLink',
				operation: 'browse',
				returnAll: true,
				path: SECOND_RUN,
				...dataLink(INBOX),
				...workspaceParameter(GENOMICS),
				...withSpotKeys,
			}),
		);
		expect(entries.map((entry) => entry.path)).toEqual([`${SECOND_RUN}/fastq`, `${SECOND_RUN}/SampleSheet.csv`]);
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: `/data-links/${INBOX}`, query: query(GENOMICS_SPOT_AWS) },
			{ method: 'GET', path: `/data-links/${INBOX}/browse/${SECOND_RUN}`, query: query(GENOMICS_SPOT_AWS) },
		]);
	});

	it("without them still sends the data link's first credentials, and describes it with none", async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'dataLink',
			operation: 'browse',
			returnAll: true,
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: `/data-links/${INBOX}`, query: { workspaceId: String(GENOMICS) } },
			{ method: 'GET', path: `/data-links/${INBOX}/browse`, query: query(GENOMICS_AWS) },
		]);
	});

	it('downloads a file and generates its download URL with the credentials given', async () => {
		const before = platform.sim.log.length;
		const downloaded = await platform.run({
			resource: 'dataLink',
			operation: 'downloadFile',
			filePath: SAMPLE_SHEET,
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
			...withSpotKeys,
		});
		expect(downloaded.error).toBeUndefined();
		const [file] = downloaded.outputs[0];
		expect(file.json).toEqual({ dataLinkId: INBOX, path: SAMPLE_SHEET, fileName: 'SampleSheet.csv', size: 2388, mimeType: 'text/csv' });
		expect(
			(await bytesOf(await binaryData.getAsStream(file.binary!.data.id!))).equals(
				await bytesOf(generatedContent(SAMPLE_SHEET, 2388)),
			),
		).toBe(true);
		const [url] = platform.json(
			await platform.run({
				resource: 'dataLink',
				operation: 'generateDownloadUrl',
				filePath: SAMPLE_SHEET,
				...dataLink(INBOX),
				...workspaceParameter(GENOMICS),
				...withSpotKeys,
			}),
		);
		expect(url).toMatchObject({ dataLinkId: INBOX, path: SAMPLE_SHEET, resolvedPath: SAMPLE_SHEET, resolvedMimeType: 'text/csv' });
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: `/data-links/${INBOX}`, query: query(GENOMICS_SPOT_AWS) },
			{ method: 'GET', path: `/data-links/${INBOX}/download/${SAMPLE_SHEET}`, query: query(GENOMICS_SPOT_AWS) },
			{ method: 'GET', path: `/data-links/${INBOX}`, query: query(GENOMICS_SPOT_AWS) },
			{
				method: 'GET',
				path: `/data-links/${INBOX}/generate-download-url`,
				query: { ...query(GENOMICS_SPOT_AWS), filePath: SAMPLE_SHEET, preview: 'false' },
			},
		]);
	});

	it('uploads a file with the credentials given, and the bucket holds it', async () => {
		const before = platform.sim.log.length;
		const { items, error } = await upload(
			{ fileName: 'keys.csv', size: 1_000, mimeType: 'text/csv' },
			{ folder: 'spot', ...withSpotKeys },
		);
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				dataLinkId: INBOX,
				path: 'spot/keys.csv',
				uri: 's3://acme-sequencing-inbox/spot/keys.csv',
				size: 1_000,
				mimeType: 'text/csv',
				parts: 1,
			},
		]);
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: `/data-links/${INBOX}`, query: query(GENOMICS_SPOT_AWS) },
			{ method: 'POST', path: `/data-links/${INBOX}/upload/spot`, query: query(GENOMICS_SPOT_AWS) },
			{ method: 'POST', path: `/data-links/${INBOX}/upload/finish/spot`, query: query(GENOMICS_SPOT_AWS) },
		]);
		expect(platform.sim.data.dataLinkById(INBOX).objects.get('spot/keys.csv')).toEqual({ size: 1_000, mimeType: 'text/csv' });
	});

	it("fails naming the credentials when they are not among the data link's, which the platform refuses", async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'dataLink',
			operation: 'browse',
			returnAll: true,
			...dataLink(REFERENCES),
			...workspaceParameter(GENOMICS),
			credentialsId: locator(GENOMICS_AWS),
		});
		expect(errorOf(result)?.message).toBe(
			`Data Link "${REFERENCES}" was not found, or Workspace Credentials "${GENOMICS_AWS}" are not among its credentials`,
		);
		expect(errorOf(result)?.description).toContain("leave Workspace Credentials empty for the data link's first");
		expect(requestsSince(before)).toEqual([{ method: 'GET', path: `/data-links/${REFERENCES}`, query: query(GENOMICS_AWS) }]);
	});

	it('refuses a credentials ID that is none, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'dataLink',
			operation: 'generateDownloadUrl',
			filePath: SAMPLE_SHEET,
			...dataLink(INBOX),
			...workspaceParameter(GENOMICS),
			credentialsId: locator('={{ "../keys" }}'),
		});
		expect(errorOf(result)?.message).toBe('Workspace Credentials "../keys" is not a valid ID');
		expect(platform.sim.log.length).toBe(before);
	});
});
