import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

import type { BinaryDataService } from 'n8n-core';
import { NodeConnectionTypes, type IConnections, type IDataObject, type INode, type INodeParameters } from 'n8n-workflow';

import { SeqeraApi } from '../../credentials/SeqeraApi.credentials';
import { useFilesystemBinaryData } from '../../dev/engine/binaryDataMode';
import { createHarness, type Harness } from '../../dev/engine/harness';
import { ITEMS_SOURCE_TYPE, type SourceFile } from '../../dev/engine/nodeTypes';
import { credentialsOf } from '../../dev/simulator/computeEnvRoutes';
import { COMPUTE_ENV_IDS, DATA_LINK_IDS } from '../../dev/simulator/seed';
import { Seqera } from '../../nodes/Seqera/Seqera.node';
import { GENOMICS, locator, SEQERA_NODE, seqeraCredentials, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const INBOX = DATA_LINK_IDS.genomicsInbox;
const EXPORT = 'exports/batch 1';

let binaryData: BinaryDataService;
let binaryFolder: string;
let harness: Harness;

beforeAll(async () => {
	binaryFolder = mkdtempSync(path.join(tmpdir(), 'seqera-data-link-folders-'));
	binaryData = await useFilesystemBinaryData(binaryFolder);
	harness = createHarness({ nodeTypes: { [SEQERA_NODE]: new Seqera() }, credentialTypes: { seqeraApi: new SeqeraApi() } });
});

afterAll(() => rmSync(binaryFolder, { recursive: true, force: true }));

const dataLink = { dataLinkId: { __rl: true, mode: 'id', value: INBOX } };

async function bytesOf(stream: Readable): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of stream) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

/** The platform's requests from `index` on: method, path and query. */
function requestsSince(index: number) {
	return platform.sim.log.slice(index).map(({ method, path: requestPath, query }) => ({ method, path: requestPath, query }));
}

/** Puts a file with these bytes in the inbox data link, as if written to its bucket by other means. */
function putFile(filePath: string, text: string): void {
	platform.sim.data.addDataLinkObject(INBOX, filePath, { size: Buffer.byteLength(text) });
	platform.sim.data.dataLinkStore.put(INBOX, filePath, Buffer.from(text));
}

/** Runs "Test Items (one file per item) → Seqera (Data Link: Upload Folder)" and returns what the Seqera node output. */
async function uploadFolder(files: Array<{ json: IDataObject; file: SourceFile }>, parameters: INodeParameters, continueOnFail = false) {
	const nodes: INode[] = [
		{
			id: 'files',
			name: 'Files',
			type: ITEMS_SOURCE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: {
				items: JSON.stringify(files.map(({ json }) => json)),
				files: JSON.stringify(files.map(({ file }) => ({ data: file }))),
			},
		},
		{
			id: 'upload',
			name: 'Upload',
			type: SEQERA_NODE,
			typeVersion: 1.1,
			position: [200, 0],
			parameters: { resource: 'dataLink', operation: 'uploadFolder', ...workspaceParameter(GENOMICS), ...dataLink, ...parameters },
			credentials: { seqeraApi: { id: '1', name: 'Seqera simulator' } },
			continueOnFail,
		},
	];
	const connections: IConnections = { Files: { main: [[{ node: 'Upload', type: NodeConnectionTypes.Main, index: 0 }]] } };
	const run = await harness.runWorkflow({ nodes, connections }, { seqeraApi: seqeraCredentials(platform.sim) });
	const outputs = run.data.resultData.runData.Upload?.[0]?.data?.main?.[0] ?? [];
	return { items: outputs.map((item) => item.json), error: run.data.resultData.error as (Error & { description?: string }) | undefined };
}

const file = (fileName: string, text: string, mimeType = 'text/plain'): SourceFile => ({ fileName, mimeType, text });

describe('Download Folder', () => {
	beforeAll(() => {
		putFile(`${EXPORT}/SampleSheet.csv`, 'sample,fastq\nS1,R1.fastq.gz\n');
		putFile(`${EXPORT}/sample1/R1.txt`, 'first read of sample 1');
		putFile(`${EXPORT}/sample1/deeper/R2.txt`, 'second read of sample 1');
		// A folder placeholder, as object stores keep for an empty folder: not a file.
		platform.sim.data.addDataLinkObject(INBOX, `${EXPORT}/empty/`, { size: 0 });
		// A sibling whose name starts like the folder's: not below it.
		putFile('exports/batch 10/other.txt', 'not this one');
	});

	it('reads the tree in one call, then downloads each file: one item per file, with its bytes and its path in the folder', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'dataLink',
			operation: 'downloadFolder',
			folder: `/${EXPORT}/`,
			...dataLink,
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		const workspace = { workspaceId: String(GENOMICS) };
		const credentialsId = platform.sim.data.dataLinkById(INBOX).credentials[0]?.id;
		const query = credentialsId === undefined ? workspace : { ...workspace, credentialsId };
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: `/data-links/${INBOX}`, query: workspace },
			{ method: 'GET', path: `/data-links/${INBOX}/browse-tree`, query: { ...query, paths: `${EXPORT}/` } },
			{ method: 'GET', path: `/data-links/${INBOX}/download/exports/batch%201/SampleSheet.csv`, query },
			{ method: 'GET', path: `/data-links/${INBOX}/download/exports/batch%201/sample1/R1.txt`, query },
			{ method: 'GET', path: `/data-links/${INBOX}/download/exports/batch%201/sample1/deeper/R2.txt`, query },
		]);
		const items = result.outputs[0];
		expect(items.map((item) => item.json)).toEqual([
			{
				dataLinkId: INBOX,
				folder: EXPORT,
				path: `${EXPORT}/SampleSheet.csv`,
				relativePath: 'SampleSheet.csv',
				fileName: 'SampleSheet.csv',
				size: 28,
				mimeType: 'text/csv',
			},
			{
				dataLinkId: INBOX,
				folder: EXPORT,
				path: `${EXPORT}/sample1/R1.txt`,
				relativePath: 'sample1/R1.txt',
				fileName: 'R1.txt',
				size: 22,
				mimeType: 'text/plain',
			},
			{
				dataLinkId: INBOX,
				folder: EXPORT,
				path: `${EXPORT}/sample1/deeper/R2.txt`,
				relativePath: 'sample1/deeper/R2.txt',
				fileName: 'R2.txt',
				size: 23,
				mimeType: 'text/plain',
			},
		]);
		const texts = await Promise.all(
			items.map(async (item) => (await bytesOf(await binaryData.getAsStream(item.binary!.data.id!))).toString()),
		);
		expect(texts).toEqual(['sample,fastq\nS1,R1.fastq.gz\n', 'first read of sample 1', 'second read of sample 1']);
		expect(items.map((item) => item.binary!.data.fileName)).toEqual(['SampleSheet.csv', 'R1.txt', 'R2.txt']);
	});

	it('fails naming Max Files or Max Total Size when the folder holds more, before any file is downloaded', async () => {
		const run = async (options: INodeParameters) => {
			const before = platform.sim.log.length;
			const result = await platform.run({
				resource: 'dataLink',
				operation: 'downloadFolder',
				folder: EXPORT,
				options,
				...dataLink,
				...workspaceParameter(GENOMICS),
			});
			expect(requestsSince(before).map((request) => request.path)).toEqual([
				`/data-links/${INBOX}`,
				`/data-links/${INBOX}/browse-tree`,
			]);
			expect(result.outputs[0] ?? []).toEqual([]);
			return result.error as Error & { description?: string };
		};
		const tooMany = await run({ maxFiles: 2 });
		expect(tooMany.message).toBe(`Folder "${EXPORT}" holds 3 files, more than Max Files (2)`);
		expect(tooMany.description).toContain('Raise "Max Files" in Options');
		platform.sim.data.addDataLinkObject(INBOX, `${EXPORT}/big.bam`, { size: 3 * 1024 * 1024 });
		try {
			const tooBig = await run({ maxTotalMiB: 2 });
			expect(tooBig.message).toBe(`Folder "${EXPORT}" holds 3.0 MiB, more than Max Total Size (MiB) (2)`);
			expect(tooBig.description).toContain('Raise "Max Total Size (MiB)" in Options');
		} finally {
			platform.sim.data.removeDataLinkObject(INBOX, `${EXPORT}/big.bam`);
		}
	});

	it('fails naming the folder when it holds no files, and refuses an unsafe folder before any call', async () => {
		const run = async (folder: string) =>
			(
				await platform.run({
					resource: 'dataLink',
					operation: 'downloadFolder',
					folder,
					...dataLink,
					...workspaceParameter(GENOMICS),
				})
			).error!;
		expect((await run('exports/nothing here')).message).toBe(
			'Folder "exports/nothing here" holds no files in data link "sequencing-inbox"',
		);
		const before = platform.sim.log.length;
		expect((await run('exports/../runs')).message).toBe('Folder "exports/../runs" is not a path in the data link');
		expect((await run('exports//batch 1')).message).toBe('Folder "exports//batch 1" holds an empty folder name');
		expect((await run('a,b')).message).toBe('Folder "a,b" holds a comma');
		expect((await run(' / ')).message).toBe('Folder is empty');
		expect(platform.sim.log.length).toBe(before);
	});

	it('with Continue On Fail, only the item with the unsafe path fails; the others are uploaded', async () => {
		const { items, error } = await uploadFolder(
			[
				{ json: { relativePath: 'kept/a.txt' }, file: file('a.txt', 'kept') },
				{ json: { relativePath: '../b.txt' }, file: file('b.txt', 'refused') },
			],
			{ folder: 'uploads/continued', options: { pathField: 'relativePath' } },
			true,
		);
		expect(error).toBeUndefined();
		expect(items).toMatchObject([
			{ path: 'uploads/continued/kept/a.txt', relativePath: 'kept/a.txt', size: 4 },
			{ error: 'The path in Path Field "relativePath", "../b.txt", holds a . or .. step' },
		]);
		const objects = [...platform.sim.data.dataLinkById(INBOX).objects.keys()];
		expect(objects.filter((key) => key.startsWith('uploads/continued/'))).toEqual(['uploads/continued/kept/a.txt']);
	});
});

describe('Upload Folder', () => {
	it('uploads every item below the folder at its relative path, and the bucket holds the same bytes', async () => {
		const before = platform.sim.log.length;
		const { items, error } = await uploadFolder(
			[
				{ json: { relativePath: 'sample1/R1.fastq' }, file: file('R1.fastq', '@read1\nACGT\n+\nIIII\n') },
				{ json: { relativePath: 'sample1/R2.fastq' }, file: file('R2.fastq', '@read2\nTTGA\n+\nIIII\n') },
				{ json: { relativePath: 'SampleSheet.csv' }, file: file('sheet.csv', 'sample\nsample1\n', 'text/csv') },
			],
			{ folder: 'uploads/240601', options: { pathField: 'relativePath' } },
		);
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				dataLinkId: INBOX,
				path: 'uploads/240601/sample1/R1.fastq',
				relativePath: 'sample1/R1.fastq',
				uri: 's3://acme-sequencing-inbox/uploads/240601/sample1/R1.fastq',
				size: 19,
				mimeType: 'text/plain',
				parts: 1,
			},
			{
				dataLinkId: INBOX,
				path: 'uploads/240601/sample1/R2.fastq',
				relativePath: 'sample1/R2.fastq',
				uri: 's3://acme-sequencing-inbox/uploads/240601/sample1/R2.fastq',
				size: 19,
				mimeType: 'text/plain',
				parts: 1,
			},
			{
				dataLinkId: INBOX,
				path: 'uploads/240601/SampleSheet.csv',
				relativePath: 'SampleSheet.csv',
				uri: 's3://acme-sequencing-inbox/uploads/240601/SampleSheet.csv',
				size: 15,
				mimeType: 'text/csv',
				parts: 1,
			},
		]);
		const sent = requestsSince(before).map(({ method, path: requestPath }) => `${method} ${requestPath}`);
		// Items run side by side; each item's own calls come in order.
		for (const [folder, fileName, size, contentType] of [
			['uploads/240601/sample1', 'R1.fastq', 19, 'text/plain'],
			['uploads/240601/sample1', 'R2.fastq', 19, 'text/plain'],
			['uploads/240601', 'SampleSheet.csv', 15, 'text/csv'],
		] as const) {
			const start = platform.sim.log.findIndex(
				(request, index) =>
					index >= before &&
					request.path === `/data-links/${INBOX}/upload/${folder}` &&
					(request.body as IDataObject).fileName === fileName,
			);
			expect(platform.sim.log[start].body).toEqual({ fileName, contentType, contentLength: size });
			expect(platform.sim.log[start].method).toBe('POST');
			const finish = platform.sim.log.findIndex(
				(request, index) =>
					index > start &&
					request.path === `/data-links/${INBOX}/upload/finish/${folder}` &&
					(request.body as IDataObject).fileName === fileName,
			);
			expect(finish).toBeGreaterThan(start);
		}
		expect(sent.filter((call) => call === `GET /data-links/${INBOX}`)).toHaveLength(3);
		expect(sent).toHaveLength(9);
		const store = platform.sim.data.dataLinkStore;
		const stored = async (filePath: string) => {
			const object = platform.sim.data.dataLinkById(INBOX).objects.get(filePath);
			expect(object).toBeDefined();
			return (await bytesOf(store.read(INBOX, filePath, object!.size))).toString();
		};
		expect(await stored('uploads/240601/sample1/R1.fastq')).toBe('@read1\nACGT\n+\nIIII\n');
		expect(await stored('uploads/240601/sample1/R2.fastq')).toBe('@read2\nTTGA\n+\nIIII\n');
		expect(await stored('uploads/240601/SampleSheet.csv')).toBe('sample\nsample1\n');
	});

	it("uses each binary data's file name without a Path Field, into the root when Folder is empty", async () => {
		const before = platform.sim.log.length;
		const { items, error } = await uploadFolder([{ json: {}, file: file('notes-240601.txt', 'hello') }], {});
		expect(error).toBeUndefined();
		expect(items).toMatchObject([{ path: 'notes-240601.txt', relativePath: 'notes-240601.txt', size: 5 }]);
		expect(requestsSince(before).map(({ method, path: requestPath }) => `${method} ${requestPath}`)).toEqual([
			`GET /data-links/${INBOX}`,
			`POST /data-links/${INBOX}/upload`,
			`POST /data-links/${INBOX}/upload/finish`,
		]);
	});

	it('refuses an unsafe relative path, naming the field, before any call for any item', async () => {
		const before = platform.sim.log.length;
		const refused = async (relativePath: string | undefined, folder = 'uploads') => {
			const { items, error } = await uploadFolder(
				[
					{ json: { relativePath: 'fine/a.txt' }, file: file('a.txt', 'a') },
					{ json: { relativePath }, file: file('b.txt', 'b') },
				],
				{ folder, options: { pathField: 'relativePath' } },
			);
			expect(items).toEqual([]);
			return error!;
		};
		expect((await refused('../escape.txt')).message).toBe(
			'The path in Path Field "relativePath", "../escape.txt", holds a . or .. step',
		);
		expect((await refused('/etc/passwd')).message).toBe('The path in Path Field "relativePath", "/etc/passwd", is absolute');
		expect((await refused('sample1//R1.fastq')).message).toBe(
			'The path in Path Field "relativePath", "sample1//R1.fastq", holds an empty folder name',
		);
		expect((await refused('sample1/')).message).toBe('The path in Path Field "relativePath", "sample1/", holds an empty folder name');
		expect((await refused('sample1\\R1.fastq')).message).toBe('The path in Path Field "relativePath", "sample1\\R1.fastq", holds a \\');
		expect((await refused('')).message).toBe('The path in Path Field "relativePath", "", is empty');
		const missing = await refused(undefined);
		expect(missing.message).toBe('The item has no text in Path Field "relativePath"');
		expect(missing.description).toContain('this item has no such field');
		expect((await refused('finish/a.txt', '')).message).toBe('The file would go into a top folder named finish: "finish"');
		expect((await refused('b.txt', 'a/../b')).message).toBe('Folder "a/../b" is not a path in the data link');
		expect(platform.sim.log.length).toBe(before);
	});
});

describe("Workspace Credentials of a data link that several of the workspace's credentials reach (tw's -c)", () => {
	const SPOT_AWS = `${COMPUTE_ENV_IDS.genomicsSpot.slice(0, 10)}Cred`;
	const query = { workspaceId: String(GENOMICS), credentialsId: SPOT_AWS };

	// The platform lists a bucket once, with every credentials of the workspace that reach it.
	beforeAll(() => {
		const spot = credentialsOf(platform.sim.data).find((credential) => credential.id === SPOT_AWS)!;
		platform.sim.data.dataLinkById(INBOX).credentials.push({ id: spot.id, name: spot.name });
		putFile('spot/a.txt', 'read with the spot keys');
	});
	afterAll(() => {
		const link = platform.sim.data.dataLinkById(INBOX);
		link.credentials = link.credentials.filter((credential) => credential.id !== SPOT_AWS);
	});

	it('uploads a folder and downloads it again with the credentials given, every call with them', async () => {
		const before = platform.sim.log.length;
		const { items, error } = await uploadFolder([{ json: { relativePath: 'b/c.txt' }, file: file('c.txt', 'uploaded with them') }], {
			folder: 'spot',
			credentialsId: locator(SPOT_AWS, 'list'),
			options: { pathField: 'relativePath' },
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([expect.objectContaining({ dataLinkId: INBOX, path: 'spot/b/c.txt', relativePath: 'b/c.txt' })]);
		const downloaded = await platform.run({
			resource: 'dataLink',
			operation: 'downloadFolder',
			folder: 'spot',
			credentialsId: locator(SPOT_AWS),
			...dataLink,
			...workspaceParameter(GENOMICS),
		});
		expect(downloaded.error).toBeUndefined();
		const texts = await Promise.all(
			downloaded.outputs[0].map(async (item) => (await bytesOf(await binaryData.getAsStream(item.binary!.data.id!))).toString()),
		);
		expect(downloaded.outputs[0].map((item) => item.json.relativePath)).toEqual(['a.txt', 'b/c.txt']);
		expect(texts).toEqual(['read with the spot keys', 'uploaded with them']);
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: `/data-links/${INBOX}`, query },
			{ method: 'POST', path: `/data-links/${INBOX}/upload/spot/b`, query },
			{ method: 'POST', path: `/data-links/${INBOX}/upload/finish/spot/b`, query },
			{ method: 'GET', path: `/data-links/${INBOX}`, query },
			{ method: 'GET', path: `/data-links/${INBOX}/browse-tree`, query: { ...query, paths: 'spot/' } },
			{ method: 'GET', path: `/data-links/${INBOX}/download/spot/a.txt`, query },
			{ method: 'GET', path: `/data-links/${INBOX}/download/spot/b/c.txt`, query },
		]);
	});
});
