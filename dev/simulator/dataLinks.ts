/**
 * Browsing a data link as the platform does over an object store: one folder at a time (objects whose
 * path has no further `/` are files, the next path segments of deeper ones are folders), filtered by a
 * name prefix (`search`), in pages joined by `nextPageToken`; and the storage behind it: objects' bytes,
 * multipart uploads and presigned URLs (served by dataLinkStorage.ts on another host).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';

import { badRequest } from './apiTypes';
import type { SimDataLink } from './model';

/** Entries per page when `pageSize` is not given, and the most a page holds (an object store's own page). */
export const BROWSE_PAGE_MAX = 1000;

export interface BrowseEntry {
	type: 'FOLDER' | 'FILE';
	name: string;
	size: number;
	mimeType?: string;
}

export interface BrowseRequest {
	/** Below the data link's root, without leading or trailing `/`; '' is the root. */
	folder: string;
	search: string;
	pageSize: number;
	pageToken?: string;
	/** Tokens name the generation they were made in; tokens of an older one are refused. */
	tokenGeneration: number;
}

/** Where the page after the last one handed out starts: after this entry, in listing order. */
interface PagePosition {
	generation: number;
	folder: string;
	search: string;
	after: [type: BrowseEntry['type'], name: string];
}

const MIME_TYPES: ReadonlyArray<[RegExp, string]> = [
	[/\.gz$/, 'application/gzip'],
	[/\.csv$/, 'text/csv'],
	[/\.tsv$/, 'text/tab-separated-values'],
	[/\.html$/, 'text/html'],
	[/\.(txt|fa|fai|gtf)$/, 'text/plain'],
];

/** The media type an object store would guess from the name. */
export function mimeTypeOf(path: string): string {
	return MIME_TYPES.find(([pattern]) => pattern.test(path))?.[1] ?? 'application/octet-stream';
}

/** Folders first, then files, each by name in code-unit order, as object stores list keys. */
function compareEntries(a: [BrowseEntry['type'], string], b: [BrowseEntry['type'], string]): number {
	if (a[0] !== b[0]) return a[0] === 'FOLDER' ? -1 : 1;
	return a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0;
}

function entriesOf(link: SimDataLink, folder: string, search: string): BrowseEntry[] {
	const base = folder === '' ? '' : `${folder}/`;
	const folders = new Set<string>();
	const files: BrowseEntry[] = [];
	for (const [path, object] of link.objects) {
		if (!path.startsWith(base)) continue;
		const rest = path.slice(base.length);
		if (!rest.startsWith(search)) continue;
		const slash = rest.indexOf('/');
		if (slash >= 0) folders.add(rest.slice(0, slash));
		else files.push({ type: 'FILE', name: rest, size: object.size, mimeType: object.mimeType });
	}
	const entries = [...[...folders].map((name): BrowseEntry => ({ type: 'FOLDER', name, size: 0 })), ...files];
	return entries.sort((a, b) => compareEntries([a.type, a.name], [b.type, b.name]));
}

function encodeToken(position: PagePosition): string {
	return Buffer.from(JSON.stringify(position)).toString('base64url');
}

function decodeToken(token: string, request: BrowseRequest): PagePosition {
	let position: PagePosition | undefined;
	try {
		position = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as PagePosition;
	} catch {
		position = undefined;
	}
	const fits =
		position !== undefined &&
		position.generation === request.tokenGeneration &&
		position.folder === request.folder &&
		position.search === request.search &&
		Array.isArray(position.after);
	if (!fits) throw badRequest(`Invalid nextPageToken '${token}' - it has expired or belongs to another listing`);
	return position!;
}

/**
 * One page of a folder. A page token says where the previous page ended, not how many entries came
 * before, so objects added or removed meanwhile never shift an entry into a page already read.
 */
export function browse(link: SimDataLink, request: BrowseRequest): { objects: BrowseEntry[]; nextPageToken?: string } {
	const entries = entriesOf(link, request.folder, request.search);
	const after = request.pageToken === undefined ? undefined : decodeToken(request.pageToken, request).after;
	const remaining = after ? entries.filter((entry) => compareEntries([entry.type, entry.name], after) > 0) : entries;
	const objects = remaining.slice(0, request.pageSize);
	const last = objects.at(-1);
	const nextPageToken =
		remaining.length > objects.length && last
			? encodeToken({
					generation: request.tokenGeneration,
					folder: request.folder,
					search: request.search,
					after: [last.type, last.name],
				})
			: undefined;
	return { objects, nextPageToken };
}

/** The platform hands out one upload URL per 250 MiB; tests make parts smaller to see several parts of a small file. */
export const DEFAULT_PART_SIZE = 250 * 1024 * 1024;
const PRESIGNED_URL_LIFETIME_MS = 3_600_000;
const SIGNATURE_PARAM = 'X-Sim-Signature';
const EXPIRES_PARAM = 'X-Sim-Expires';
const GENERATED_BLOCK_BYTES = 64 * 1024;

/**
 * The bytes of objects and the uploads under way, as the storage provider behind the data links keeps
 * them. Objects the seed or a test added by size alone have no stored bytes: their content is generated
 * from their path as it is read, so an object of any size can be downloaded without ever being held.
 */
export class DataLinkObjectStore {
	/** The storage host presigned URLs point at, such as `https://localhost:43122`; set when it listens. */
	origin = '';
	/** Objects larger than this are uploaded in several parts, one presigned URL each. */
	partSize = DEFAULT_PART_SIZE;
	/**
	 * How the platform serves `GET /data-links/{id}/download/{path}`: 'stream' sends the bytes itself,
	 * 'redirect' answers 302 with a presigned URL of the storage host.
	 */
	downloads: 'stream' | 'redirect' = 'stream';
	readonly uploads = new Map<string, MultipartUpload>();
	private readonly contents = new Map<string, Buffer>();
	private readonly signingKey = randomBytes(32);
	private uploadCount = 0;

	/** Opens a multipart upload of `contentLength` bytes: its ID and one presigned PUT URL per part. */
	startUpload(link: SimDataLink, path: string, contentType: string, contentLength: number): { uploadId: string; uploadUrls: string[] } {
		const uploadId = `sim-upload-${++this.uploadCount}-${randomBytes(6).toString('hex')}`;
		const partCount = Math.max(1, Math.ceil(contentLength / this.partSize));
		this.uploads.set(uploadId, { uploadId, dataLinkId: link.id, path, contentType, contentLength, partCount, parts: new Map(), state: 'open' });
		const uploadUrls = Array.from({ length: partCount }, (_, index) =>
			this.presign('PUT', objectKey(link.id, path), { uploadId, partNumber: String(index + 1) }),
		);
		return { uploadId, uploadUrls };
	}

	/** A part arrived at its presigned URL: kept, and its ETag returned; undefined when the upload is not open. */
	receivePart(uploadId: string, partNumber: number, bytes: Buffer): string | undefined {
		const upload = this.uploads.get(uploadId);
		if (!upload || upload.state !== 'open' || partNumber < 1 || partNumber > upload.partCount) return undefined;
		const eTag = `"${createHash('md5').update(bytes).digest('hex')}"`;
		upload.parts.set(partNumber, { bytes, eTag });
		return eTag;
	}

	/** Completes an upload from the parts' ETags, as S3 does; the problem when they do not fit. */
	completeUpload(upload: MultipartUpload, tags: ReadonlyArray<{ partNumber?: unknown; eTag?: unknown }>): string | Buffer {
		if (tags.length !== upload.partCount) return `Expected ${upload.partCount} part tags but got ${tags.length}`;
		const ordered: Buffer[] = [];
		for (let partNumber = 1; partNumber <= upload.partCount; partNumber++) {
			const tag = tags.find((each) => each.partNumber === partNumber);
			const part = upload.parts.get(partNumber);
			if (!part) return `Part ${partNumber} was never uploaded`;
			if (!tag || tag.eTag !== part.eTag) return `Part ${partNumber} has no matching ETag`;
			ordered.push(part.bytes);
		}
		const content = Buffer.concat(ordered);
		if (content.length !== upload.contentLength) return `The parts hold ${content.length} bytes, not the ${upload.contentLength} announced`;
		upload.state = 'completed';
		upload.parts.clear();
		this.contents.set(objectKey(upload.dataLinkId, upload.path), content);
		return content;
	}

	abortUpload(upload: MultipartUpload): void {
		upload.state = 'aborted';
		upload.parts.clear();
	}

	/** A presigned GET URL of an object on the storage host. */
	downloadUrl(dataLinkId: string, path: string): string {
		return this.presign('GET', objectKey(dataLinkId, path), {});
	}

	/** The object's bytes as a stream: stored ones, or generated from its path. */
	read(dataLinkId: string, path: string, size: number): Readable {
		const stored = this.contents.get(objectKey(dataLinkId, path));
		return stored ? Readable.from([stored]) : generatedContent(path, size);
	}

	/** Whether a URL the storage host received carries a valid signature for its method, path and query. */
	verify(method: string, url: URL): boolean {
		const signature = url.searchParams.get(SIGNATURE_PARAM) ?? '';
		const expires = Number(url.searchParams.get(EXPIRES_PARAM));
		const fields = Object.fromEntries([...url.searchParams].filter(([name]) => name !== SIGNATURE_PARAM && name !== EXPIRES_PARAM));
		const expected = this.signatureOf(method, url.pathname, fields, expires);
		return expires > Date.now() && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
	}

	private presign(method: string, key: string, fields: Record<string, string>): string {
		const expires = Date.now() + PRESIGNED_URL_LIFETIME_MS;
		const path = `/${key.split('/').map(encodeURIComponent).join('/')}`;
		const query = new URLSearchParams({ ...fields, [EXPIRES_PARAM]: String(expires), [SIGNATURE_PARAM]: this.signatureOf(method, path, fields, expires) });
		return `${this.origin}${path}?${query.toString()}`;
	}

	private signatureOf(method: string, path: string, fields: Record<string, string>, expires: number): string {
		const canonical = JSON.stringify([method, path, Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1)), expires]);
		return createHmac('sha256', this.signingKey).update(canonical).digest('hex');
	}
}

export interface MultipartUpload {
	uploadId: string;
	dataLinkId: string;
	/** Below the data link's root. */
	path: string;
	contentType: string;
	contentLength: number;
	partCount: number;
	parts: Map<number, { bytes: Buffer; eTag: string }>;
	state: 'open' | 'completed' | 'aborted';
}

/** Where an object is on the storage host: its data link, then its path. */
function objectKey(dataLinkId: string, path: string): string {
	return `${dataLinkId}/${path}`;
}

/**
 * The content of an object that has no stored bytes: a 64 KiB block derived from its path, repeated up
 * to its size. Tests generate the same stream to know what a download must give.
 */
export function generatedContent(path: string, size: number): Readable {
	const block = Buffer.alloc(GENERATED_BLOCK_BYTES);
	let seed = createHash('sha256').update(path).digest();
	for (let offset = 0; offset < block.length; offset += seed.length) {
		seed.copy(block, offset);
		seed = createHash('sha256').update(seed).digest();
	}
	let sent = 0;
	return new Readable({
		read() {
			if (sent >= size) {
				this.push(null);
				return;
			}
			const length = Math.min(block.length, size - sent);
			sent += length;
			this.push(length === block.length ? Buffer.from(block) : block.subarray(0, length));
		},
	});
}
