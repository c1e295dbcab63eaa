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
		const answer = (status: number, headers: Record<string, string | number> = {}, body = '') => {
			entry.status = status;
			response.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) }).end(body);
		};

		const fault = this.faults.find((each) => each.method === method && each.times > 0);
		if (fault) {
			fault.times--;
			request.resume();
			return answer(fault.status, { 'Content-Type': 'application/xml' }, `<Error><Code>Simulated</Code><Message>HTTP ${fault.status}</Message></Error>`);
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
			const eTag = bytes && store.receivePart(entry.query.uploadId ?? '', Number(entry.query.partNumber), bytes);
			return eTag ? answer(200, { ETag: eTag }) : answer(400, { 'Content-Type': 'application/xml' }, '<Error><Code>NoSuchUpload</Code></Error>');
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
