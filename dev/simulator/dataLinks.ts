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
const DEFAULT_PART_SIZE = 250 * 1024 * 1024;
const PRESIGNED_URL_LIFETIME_MS = 3_600_000;
const SIGNATURE_PARAM = 'X-Sim-Signature';
const EXPIRES_PARAM = 'X-Sim-Expires';
const METHODS_PARAM = 'X-Sim-Methods';
const SIGNED_PARAM = 'X-Sim-Signed';
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

	/**
	 * Opens an upload of `contentLength` bytes the way the data link's provider takes it, as the platform
	 * does: for S3 a multipart upload, its ID and one presigned PUT URL per part; for Google Cloud Storage
	 * one resumable session URL, the file sent to it in chunks; for Azure one URL per block, the block list
	 * then sent to the blob. Only S3 uploads have an ID and are finished through the platform.
	 */
	startUpload(link: SimDataLink, path: string, contentType: string, contentLength: number): { uploadId?: string; uploadUrls: string[] } {
		const uploadId = `sim-upload-${++this.uploadCount}-${randomBytes(6).toString('hex')}`;
		const flow = uploadFlowOf(link.provider);
		const partCount = flow === 'resumable' ? 1 : Math.max(1, Math.ceil(contentLength / this.partSize));
		this.uploads.set(uploadId, {
			uploadId,
			flow,
			dataLinkId: link.id,
			path,
			contentType,
			contentLength,
			partCount,
			parts: new Map(),
			state: 'open',
		});
		const key = objectKey(link.id, path);
		if (flow === 'resumable') return { uploadUrls: [this.presign(['PUT', 'DELETE'], key, { session: uploadId })] };
		if (flow === 'blocks') {
			return {
				uploadUrls: Array.from({ length: partCount }, (_, index) =>
					this.presign(['PUT'], key, { session: uploadId }, { comp: 'block', blockid: blockIdOf(index + 1) }),
				),
			};
		}
		const uploadUrls = Array.from({ length: partCount }, (_, index) =>
			this.presign(['PUT'], key, { uploadId, partNumber: String(index + 1) }),
		);
		return { uploadId, uploadUrls };
	}

	/** An S3 part arrived at its presigned URL: kept, and its ETag returned; undefined when the upload is not open. */
	receivePart(uploadId: string, partNumber: number, bytes: Buffer): string | undefined {
		const upload = this.openUpload(uploadId, 'multipart');
		if (!upload || partNumber < 1 || partNumber > upload.partCount) return undefined;
		const eTag = `"${createHash('md5').update(bytes).digest('hex')}"`;
		upload.parts.set(partNumber, { bytes, eTag });
		return eTag;
	}

	/** Completes an S3 upload from the parts' ETags; the problem when they do not fit. */
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
		return this.complete(upload, Buffer.concat(ordered));
	}

	/** An Azure block arrived; false when the upload is not open or the block is not one of its URLs'. */
	receiveBlock(session: string, blockId: string, bytes: Buffer): boolean {
		const upload = this.openUpload(session, 'blocks');
		const index = Array.from({ length: upload?.partCount ?? 0 }, (_, each) => each + 1).find((each) => blockIdOf(each) === blockId);
		if (!upload || index === undefined) return false;
		upload.parts.set(index, { bytes, eTag: blockId });
		return true;
	}

	/** Azure's block list: the blob becomes the listed blocks in order; an empty list drops the blocks. */
	commitBlocks(session: string, blockIds: readonly string[]): string | Buffer | 'aborted' {
		const upload = this.openUpload(session, 'blocks');
		if (!upload) return `No open upload '${session}'`;
		if (blockIds.length === 0) {
			this.abortUpload(upload);
			return 'aborted';
		}
		const blocks = [...upload.parts.values()];
		const ordered = blockIds.map((blockId) => blocks.find((block) => block.eTag === blockId)?.bytes);
		if (ordered.some((bytes) => bytes === undefined)) return 'A listed block was never uploaded';
		return this.complete(upload, Buffer.concat(ordered as Buffer[]));
	}

	/**
	 * A chunk of a Google Cloud Storage resumable upload, at `start` of `total` bytes: what the session
	 * holds afterwards, and the whole content once it holds `total` bytes. A chunk that overlaps what it
	 * holds adds only the rest, as the real service does.
	 */
	receiveChunk(session: string, start: number, bytes: Buffer, total: number): { received: number; content?: Buffer } | string {
		const upload = this.openUpload(session, 'resumable');
		if (!upload) return `No open upload '${session}'`;
		if (total !== upload.contentLength) return `The upload is of ${upload.contentLength} bytes, not ${total}`;
		const received = [...upload.parts.values()].reduce((sum, part) => sum + part.bytes.length, 0);
		if (start > received) return `Bytes from ${received} are missing`;
		const fresh = bytes.subarray(received - start);
		if (fresh.length > 0) upload.parts.set(upload.parts.size + 1, { bytes: fresh, eTag: '' });
		const now = received + fresh.length;
		if (now < total) return { received: now };
		return {
			received: now,
			content: this.complete(upload, Buffer.concat([...upload.parts.values()].map((part) => part.bytes))) as Buffer,
		};
	}

	/** A Google Cloud Storage upload cancelled with DELETE on its session URL. */
	cancelSession(session: string): boolean {
		const upload = this.openUpload(session, 'resumable');
		if (upload) this.abortUpload(upload);
		return upload !== undefined;
	}

	abortUpload(upload: MultipartUpload): void {
		upload.state = 'aborted';
		upload.parts.clear();
	}

	private openUpload(id: string, flow: UploadFlow): MultipartUpload | undefined {
		const upload = this.uploads.get(id);
		return upload?.state === 'open' && upload.flow === flow ? upload : undefined;
	}

	private complete(upload: MultipartUpload, content: Buffer): string | Buffer {
		if (content.length !== upload.contentLength)
			return `The upload holds ${content.length} bytes, not the ${upload.contentLength} announced`;
		upload.state = 'completed';
		upload.parts.clear();
		this.contents.set(objectKey(upload.dataLinkId, upload.path), content);
		return content;
	}

	/** Keeps these bytes as the object's content, as a file put in the bucket by other means than an upload. */
	put(dataLinkId: string, path: string, content: Buffer): void {
		this.contents.set(objectKey(dataLinkId, path), content);
	}

	/** A presigned GET URL of an object on the storage host. */
	downloadUrl(dataLinkId: string, path: string): string {
		return this.presign(['GET'], objectKey(dataLinkId, path), {});
	}

	/** The object's bytes as a stream: stored ones, or generated from its path. */
	read(dataLinkId: string, path: string, size: number): Readable {
		const stored = this.contents.get(objectKey(dataLinkId, path));
		return stored ? Readable.from([stored]) : generatedContent(path, size);
	}

	/**
	 * Whether a URL the storage host received carries a valid signature: over the methods it allows, its
	 * path, expiry and the query fields signed with it. Other fields are the client's to set, as Azure's
	 * `comp` and `blockid` are.
	 */
	verify(method: string, url: URL): boolean {
		const signature = url.searchParams.get(SIGNATURE_PARAM) ?? '';
		const expires = Number(url.searchParams.get(EXPIRES_PARAM));
		const methods = (url.searchParams.get(METHODS_PARAM) ?? '').split(',');
		const signedNames = (url.searchParams.get(SIGNED_PARAM) ?? '').split(',').filter((name) => name !== '');
		const fields = Object.fromEntries(signedNames.map((name) => [name, url.searchParams.get(name) ?? '']));
		const expected = this.signatureOf(methods, url.pathname, fields, expires);
		return (
			methods.includes(method) &&
			expires > Date.now() &&
			signature.length === expected.length &&
			timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
		);
	}

	private presign(methods: string[], key: string, signed: Record<string, string>, unsigned: Record<string, string> = {}): string {
		const expires = Date.now() + PRESIGNED_URL_LIFETIME_MS;
		const path = `/${key.split('/').map(encodeURIComponent).join('/')}`;
		const query = new URLSearchParams({
			...unsigned,
			...signed,
			[METHODS_PARAM]: methods.join(','),
			[SIGNED_PARAM]: Object.keys(signed).join(','),
			[EXPIRES_PARAM]: String(expires),
			[SIGNATURE_PARAM]: this.signatureOf(methods, path, signed, expires),
		});
		return `${this.origin}${path}?${query.toString()}`;
	}

	private signatureOf(methods: string[], path: string, fields: Record<string, string>, expires: number): string {
		const canonical = JSON.stringify([methods, path, Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1)), expires]);
		return createHmac('sha256', this.signingKey).update(canonical).digest('hex');
	}
}

/** How a provider takes an upload: S3 multipart, a Google Cloud Storage resumable session, Azure blocks. */
export type UploadFlow = 'multipart' | 'resumable' | 'blocks';

function uploadFlowOf(provider: SimDataLink['provider']): UploadFlow {
	if (provider === 'google') return 'resumable';
	return provider === 'azure' ? 'blocks' : 'multipart';
}

/** Azure block IDs are base64, all of the same length within a blob. */
function blockIdOf(index: number): string {
	return Buffer.from(`block-${String(index).padStart(6, '0')}`).toString('base64');
}

export interface MultipartUpload {
	uploadId: string;
	flow: UploadFlow;
	dataLinkId: string;
	/** Below the data link's root. */
	path: string;
	contentType: string;
	contentLength: number;
	/** S3 parts or Azure blocks; a resumable session has one URL and takes its chunks in order. */
	partCount: number;
	/** By part number (S3), block index (Azure, the block ID as `eTag`) or arrival (resumable chunks). */
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
