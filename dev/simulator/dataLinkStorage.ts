/**
 * The storage provider behind the data links (S3, Cloud Storage, Blob Storage), on a host of its own:
 * the platform hands out presigned URLs of this host for uploading parts and downloading objects. It
 * takes no bearer token; the signature in the URL is the only permission, as on a real bucket. Every
 * request is recorded with all its headers, so tests can prove what reached it (and what did not).
 */
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';

import type { SimulatorData } from './data';

export interface StorageRequest {
	method: string;
	/** Decoded, without the query string: `/<dataLinkId>/<path in the data link>`. */
	path: string;
	query: Record<string, string>;
	headers: IncomingHttpHeaders;
	/** 0 while the answer is under way. */
	status: number;
}

/** The next `times` requests of a method are answered with `status`, before their signature is checked. */
export interface StorageFault {
	method: 'PUT' | 'GET';
	status: number;
	times: number;
}

/** The biggest part the storage host takes, as S3's 5 GiB would be on a machine running tests. */
const MAX_PART_BYTES = 256 * 1024 * 1024;

export class DataLinkStorage {
	readonly requests: StorageRequest[] = [];
	private readonly faults: StorageFault[] = [];
	private readonly server: https.Server;

	constructor(
		private readonly data: SimulatorData,
		certPem: string,
		keyPem: string,
	) {
		this.server = https.createServer({ key: keyPem, cert: certPem }, (request, response) => {
			this.handle(request, response).catch((error: unknown) => {
				console.error('[seqera-simulator] storage: unexpected error', error);
				if (!response.headersSent) response.writeHead(500).end();
				else response.destroy();
			});
		});
	}

	/** e.g. https://localhost:43122: another host name than the platform's https://127.0.0.1:43121. */
	get origin(): string {
		return this.data.dataLinkStore.origin;
	}

	async listen(): Promise<void> {
		await new Promise<void>((resolve, reject) => {
			this.server.once('error', reject);
			this.server.listen(0, '127.0.0.1', () => {
				this.server.off('error', reject);
				resolve();
			});
		});
		this.data.dataLinkStore.origin = `https://localhost:${(this.server.address() as AddressInfo).port}`;
	}

	addFault(fault: StorageFault): void {
		this.faults.push({ ...fault });
	}

	clearFaults(): void {
		this.faults.length = 0;
	}

	async close(): Promise<void> {
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}

	/** A PUT to a presigned URL: an S3 part, an Azure block or block list, or a chunk of a resumable session. */
	private put(entry: StorageRequest, bytes: Buffer, answer: Answer): void {
		const store = this.data.dataLinkStore;
		const { query } = entry;
		if (query.uploadId !== undefined) {
			const eTag = store.receivePart(query.uploadId, Number(query.partNumber), bytes);
			return eTag ? answer(200, { ETag: eTag }) : answer(400, XML, '<Error><Code>NoSuchUpload</Code></Error>');
		}
		const session = query.session ?? '';
		if (query.comp === 'block') {
			return store.receiveBlock(session, query.blockid ?? '', bytes)
				? answer(201)
				: answer(400, XML, '<Error><Code>InvalidBlockId</Code></Error>');
		}
		if (query.comp === 'blocklist') {
			const committed = store.commitBlocks(session, blockListIds(bytes.toString('utf8')));
			if (typeof committed === 'string' && committed !== 'aborted')
				return answer(400, XML, `<Error><Code>InvalidBlockList</Code><Message>${committed}</Message></Error>`);
			if (Buffer.isBuffer(committed)) this.landed(session, committed);
			return answer(201);
		}
		// Content-Range: `bytes FIRST-LAST/TOTAL`, or `bytes */TOTAL` for an empty file.
		const range = /^bytes (?:(\d+)-(\d+)|\*)\/(\d+)$/.exec(String(entry.headers['content-range'] ?? ''));
		if (!range) return answer(400, XML, '<Error><Code>InvalidRange</Code></Error>');
		const chunk = store.receiveChunk(session, Number(range[1] ?? 0), bytes, Number(range[3]));
		if (typeof chunk === 'string') return answer(400, XML, `<Error><Code>InvalidRange</Code><Message>${chunk}</Message></Error>`);
		if (!chunk.content) return answer(308, chunk.received > 0 ? { Range: `bytes=0-${chunk.received - 1}` } : {});
		this.landed(session, chunk.content);
		return answer(200, { 'Content-Type': 'application/json' }, JSON.stringify({ size: String(chunk.content.length) }));
	}

	/** An upload the storage host completed itself (Google, Azure): the object appears in its data link. */
	private landed(session: string, content: Buffer): void {
		const upload = this.data.dataLinkStore.uploads.get(session)!;
		this.data.dataLinkById(upload.dataLinkId).objects.set(upload.path, { size: content.length, mimeType: upload.contentType });
	}

	private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
		const url = new URL(`https://storage.invalid${request.url ?? '/'}`);
		const method = (request.method ?? 'GET').toUpperCase();
		const entry: StorageRequest = {
			method,
			path: decodeURIComponent(url.pathname),
			query: Object.fromEntries(url.searchParams),
			headers: { ...request.headers },
			status: 0,
		};
		this.requests.push(entry);
		const answer: Answer = (status, headers = {}, body = '') => {
			entry.status = status;
			response.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) }).end(body);
		};

		const fault = this.faults.find((each) => each.method === method && each.times > 0);
		if (fault) {
			fault.times--;
			request.resume();
			return answer(
				fault.status,
				{ 'Content-Type': 'application/xml' },
				`<Error><Code>Simulated</Code><Message>HTTP ${fault.status}</Message></Error>`,
			);
		}
		const store = this.data.dataLinkStore;
		if (!store.verify(method, url)) {
			request.resume();
			return answer(403, { 'Content-Type': 'application/xml' }, '<Error><Code>SignatureDoesNotMatch</Code></Error>');
		}
		const slash = entry.path.indexOf('/', 1);
		const dataLinkId = entry.path.slice(1, slash);
		const objectPath = entry.path.slice(slash + 1);

		if (method === 'PUT') {
			const bytes = await readPart(request);
			if (!bytes) return answer(400, XML, '<Error><Code>EntityTooLarge</Code></Error>');
			return this.put(entry, bytes, answer);
		}
		if (method === 'DELETE') {
			request.resume();
			// Google Cloud Storage answers a cancelled resumable upload with 499.
			return store.cancelSession(entry.query.session ?? '')
				? answer(499)
				: answer(404, XML, '<Error><Code>NoSuchUpload</Code></Error>');
		}
		if (method === 'GET') {
			const object = this.data.dataLinks.find((link) => link.id === dataLinkId)?.objects.get(objectPath);
			if (!object) return answer(404, { 'Content-Type': 'application/xml' }, '<Error><Code>NoSuchKey</Code></Error>');
			entry.status = 200;
			response.writeHead(200, { 'Content-Type': object.mimeType, 'Content-Length': object.size });
			await pipeline(store.read(dataLinkId, objectPath, object.size), response);
			return;
		}
		request.resume();
		return answer(405);
	}
}

type Answer = (status: number, headers?: Record<string, string | number>, body?: string) => void;

const XML = { 'Content-Type': 'application/xml' };

/** The block IDs of an Azure block list, in order. */
function blockListIds(xml: string): string[] {
	return [...xml.matchAll(/<(Uncommitted|Latest|Committed)>([^<]*)<\/\1>/g)].map((match) => match[2]);
}

async function readPart(request: IncomingMessage): Promise<Buffer | undefined> {
	const chunks: Buffer[] = [];
	let size = 0;
	for await (const chunk of request as AsyncIterable<Buffer>) {
		size += chunk.length;
		if (size > MAX_PART_BYTES) return undefined;
		chunks.push(chunk);
	}
	return Buffer.concat(chunks);
}

export async function startDataLinkStorage(data: SimulatorData, certPem: string, keyPem: string): Promise<DataLinkStorage> {
	const storage = new DataLinkStorage(data, certPem, keyPem);
	await storage.listen();
	return storage;
}
