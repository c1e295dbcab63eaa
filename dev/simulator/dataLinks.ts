/**
 * Browsing a data link as the platform does over an object store: one folder at a time (objects whose
 * path has no further `/` are files, the next path segments of deeper ones are folders), filtered by a
 * name prefix (`search`), in pages joined by `nextPageToken`.
 */
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
