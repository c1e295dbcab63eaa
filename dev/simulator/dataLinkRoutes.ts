/**
 * Data links: the list, one data link, browsing its folders (`/browse` for the root, `/browse/{path}`
 * below it) or every file below some (`/browse-tree`), downloading a file (streamed, or redirected to
 * the storage host), a presigned download URL, and uploads: presigned part URLs, then finish
 * (complete, or abort with `withError`). A path below the data link's root comes a segment at a time or
 * as one segment with its `/` encoded (see pathTemplate.ts). The list answers 202 Accepted, with what it
 * has so far, while the platform is still fetching a workspace's data links from its cloud credentials;
 * narrowed to one credentials of the workspace, it answers 404 for credentials the workspace does not
 * have. A data link's calls named with credentials that are not the data link's are refused (403).
 *
 * Creating, updating and deleting a data link: a new one's bucket must be written as its provider
 * writes buckets (`s3://`, `gs://`, `az://`), and its credentials must be the workspace's, of its
 * provider; without credentials it must be public. An update saves the name, description and
 * credentials it is sent and nothing else: what it is not given is lost, as the platform does.
 */
import { ApiError, badRequest, forbidden, json, withErrorId, type ApiRequest, type ApiResult } from './apiTypes';
import { credentialsOf } from './computeEnvRoutes';
import type { SimulatorData } from './data';
import { BROWSE_PAGE_MAX, browse, mimeTypeOf } from './dataLinks';
import { dataLinkDto } from './dto';
import type { DataLinkProvider, SimDataLink, SimDataLinkObject, WorkspaceRef } from './model';
import { DEFAULT_PAGE, MAX_PAGE, enumParam, integerParam, pageOf, workspaceOf } from './params';
import { SeededRandom, hashString } from './random';
import { route, type Route } from './router';

/** How long a workspace's data links are still being fetched: for so many more lists, or until a time (performance.now()). */
interface Fetching {
	listsLeft?: number;
	until?: number;
}
const fetchingOf = new WeakMap<SimulatorData, Map<WorkspaceRef, Fetching>>();

/**
 * From now on, the platform is still fetching the workspace's data links, as it does the first time
 * they are listed: `GET /data-links` in it answers 202 with an empty list for the next `lists` calls,
 * or for the next `ms` milliseconds, then 200 with the list.
 */
export function fetchDataLinksSlowly(data: SimulatorData, workspace: WorkspaceRef, still: { lists: number } | { ms: number }): void {
	const fetching = fetchingOf.get(data) ?? new Map<WorkspaceRef, Fetching>();
	fetchingOf.set(data, fetching);
	fetching.set(workspace, 'lists' in still ? { listsLeft: still.lists } : { until: performance.now() + still.ms });
}

/** Whether this list finds the workspace's data links still being fetched; each such list counts. */
function stillFetching(data: SimulatorData, workspace: WorkspaceRef): boolean {
	const fetching = fetchingOf.get(data)?.get(workspace);
	if (!fetching) return false;
	if (fetching.until !== undefined) return performance.now() < fetching.until;
	if ((fetching.listsLeft ?? 0) <= 0) return false;
	fetching.listsLeft = (fetching.listsLeft ?? 0) - 1;
	return true;
}

/** A data link of the request's workspace; credentials, when named, must be the data link's own. */
function findDataLink(request: ApiRequest, data: SimulatorData): SimDataLink {
	const link = data.dataLinksIn(workspaceOf(request, data)).find((each) => each.id === request.pathParams.dataLinkId);
	const credentialsId = request.query.credentialsId;
	if (!link || (credentialsId !== undefined && !link.credentials.some((credential) => credential.id === credentialsId))) {
		throw forbidden();
	}
	return link;
}

/** Free text matches the name; `provider:` and `region:` match exactly. */
function matchesSearch(link: SimDataLink, search: string): boolean {
	return search
		.split(/\s+/)
		.filter((term) => term !== '')
		.every((term) => {
			const [keyword, value] = term.includes(':')
				? [term.slice(0, term.indexOf(':')), term.slice(term.indexOf(':') + 1)]
				: ['', term];
			if (keyword === 'provider') return link.provider === value.toLowerCase();
			if (keyword === 'region') return link.region === value.toLowerCase();
			return link.name.toLowerCase().includes(term.toLowerCase());
		});
}

function browseFolder(request: ApiRequest, data: SimulatorData, folder: string): ApiResult {
	const link = findDataLink(request, data);
	const page = browse(link, {
		folder,
		search: request.query.search ?? '',
		pageSize: integerParam(request, 'pageSize', BROWSE_PAGE_MAX, { min: 1, max: BROWSE_PAGE_MAX }),
		pageToken: request.query.nextPageToken || undefined,
		tokenGeneration: data.dataLinkPageTokenGeneration,
	});
	return json({ objects: page.objects, nextPageToken: page.nextPageToken, originalPath: folder === '' ? undefined : folder });
}

/**
 * Every object below the given folders (`paths`, comma-joined), its path from the data link's root, in
 * path order: tw's `data-links download` reads a folder so. A path is a folder prefix, so a file's own
 * path finds nothing, as tw expects; a folder placeholder object (`a/b/`) is listed as the bucket holds it.
 */
function browseTree(request: ApiRequest, data: SimulatorData): ApiResult {
	const link = findDataLink(request, data);
	const folders = (request.query.paths ?? '')
		.split(',')
		.map(trimSlashes)
		.filter((folder) => folder !== '')
		.map((folder) => `${folder}/`);
	const items = [...link.objects]
		.filter(([path]) => folders.length === 0 || folders.some((folder) => path.startsWith(folder)))
		.map(([path, object]) => ({ path, size: object.size }))
		.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
	return json({ items });
}

const notFound = (what: string): ApiError => new ApiError(404, { message: withErrorId(`${what} not found`) });

/** A path below the data link's root, without the slashes around it. */
const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, '');

function findObject(request: ApiRequest, data: SimulatorData, path: string): { link: SimDataLink; object: SimDataLinkObject } {
	const link = findDataLink(request, data);
	const object = link.objects.get(path);
	if (!object) throw notFound(`Path '${path}'`);
	return { link, object };
}

function download(request: ApiRequest, data: SimulatorData): ApiResult {
	const path = trimSlashes(request.pathParams.filePath);
	const { link, object } = findObject(request, data, path);
	const store = data.dataLinkStore;
	if (store.downloads === 'redirect')
		return { kind: 'stream', status: 302, headers: { Location: store.downloadUrl(link.id, path), 'Content-Length': 0 } };
	const fileName = path.slice(path.lastIndexOf('/') + 1);
	return {
		kind: 'stream',
		status: 200,
		headers: {
			'Content-Type': object.mimeType,
			'Content-Length': object.size,
			'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
		},
		body: store.read(link.id, path, object.size),
	};
}

function startUpload(request: ApiRequest, data: SimulatorData, folder: string): ApiResult {
	const link = findDataLink(request, data);
	const body = (request.body ?? {}) as { fileName?: unknown; contentType?: unknown; contentLength?: unknown };
	const fileName = typeof body.fileName === 'string' ? body.fileName.trim() : '';
	if (fileName === '' || fileName.includes('/')) throw badRequest(`Invalid fileName '${String(body.fileName ?? '')}'`);
	if (typeof body.contentLength !== 'number' || !Number.isInteger(body.contentLength) || body.contentLength < 0) {
		throw badRequest('Missing or invalid contentLength');
	}
	const contentType = typeof body.contentType === 'string' && body.contentType !== '' ? body.contentType : mimeTypeOf(fileName);
	const path = folder === '' ? fileName : `${folder}/${fileName}`;
	return json(data.dataLinkStore.startUpload(link, path, contentType, body.contentLength));
}

function finishUpload(request: ApiRequest, data: SimulatorData, folder: string): ApiResult {
	const link = findDataLink(request, data);
	const body = (request.body ?? {}) as { uploadId?: unknown; fileName?: unknown; tags?: unknown; withError?: unknown };
	const upload = data.dataLinkStore.uploads.get(String(body.uploadId ?? ''));
	const path = folder === '' ? String(body.fileName ?? '') : `${folder}/${String(body.fileName ?? '')}`;
	if (!upload || upload.flow !== 'multipart' || upload.dataLinkId !== link.id || upload.path !== path)
		throw badRequest(`No upload '${String(body.uploadId ?? '')}' of '${path}' in this data link`);
	if (upload.state !== 'open') throw badRequest(`Upload '${upload.uploadId}' is already ${upload.state}`);
	if (body.withError === true) {
		data.dataLinkStore.abortUpload(upload);
		return json({});
	}
	const content = data.dataLinkStore.completeUpload(
		upload,
		Array.isArray(body.tags) ? (body.tags as Array<{ partNumber?: unknown; eTag?: unknown }>) : [],
	);
	if (typeof content === 'string') throw badRequest(content);
	link.objects.set(upload.path, { size: content.length, mimeType: upload.contentType });
	return json({});
}

/** How each provider writes a bucket, the region the simulator puts a new bucket in, and the credentials' providers it takes. */
const PROVIDERS: Record<DataLinkProvider, { scheme: string; region: string; credentials: readonly string[] }> = {
	aws: { scheme: 's3://', region: 'us-east-1', credentials: ['aws'] },
	google: { scheme: 'gs://', region: 'us', credentials: ['google'] },
	azure: { scheme: 'az://', region: 'eastus', credentials: ['azure', 'azure_entra'] },
};

/** New data link IDs; a stream of its own, so creating one never changes other seeded data. */
const newIdsOf = new WeakMap<SimulatorData, SeededRandom>();

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The workspace's credentials of that ID, of a provider the data link's takes: 404 for unknown ones, as the contract says. */
function credentialsFor(data: SimulatorData, workspace: WorkspaceRef, credentialsId: string, provider: DataLinkProvider) {
	const credential = credentialsOf(data).find((each) => each.id === credentialsId && each.workspaceId === workspace);
	if (!credential) throw notFound(`Credentials '${credentialsId}'`);
	if (!PROVIDERS[provider].credentials.includes(credential.provider)) {
		throw badRequest(
			`Credentials '${credential.name}' are ${credential.provider} credentials, but the data link's provider is ${provider}`,
		);
	}
	return { id: credential.id, name: credential.name };
}

function createDataLink(request: ApiRequest, data: SimulatorData): ApiResult {
	const workspace = workspaceOf(request, data);
	const body = isRecord(request.body) ? request.body : {};
	const name = text(body.name);
	if (name === '') throw badRequest('Missing data-link name');
	const provider = text(body.provider) as DataLinkProvider;
	if (!Object.hasOwn(PROVIDERS, provider)) throw badRequest(`Unsupported data-link provider '${provider}'`);
	if (body.type !== 'bucket') throw badRequest(`Unsupported data-link type '${String(body.type)}'`);
	const resourceRef = text(body.resourceRef);
	const { scheme, region } = PROVIDERS[provider];
	if (!resourceRef.startsWith(scheme) || resourceRef.slice(scheme.length).split('/')[0] === '') {
		throw badRequest(`Invalid resource reference '${resourceRef}' for a ${provider} data link: expected ${scheme}<bucket>`);
	}
	const credentialsId = text(body.credentialsId);
	const publicAccessible = body.publicAccessible === true;
	if (credentialsId === '' && !publicAccessible) throw badRequest('A private data link needs credentials');
	let random = newIdsOf.get(data);
	if (!random) {
		random = new SeededRandom(hashString('data-links'));
		newIdsOf.set(data, random);
	}
	const link: SimDataLink = {
		id: `v1-user-${random.hex(32)}`,
		workspaceId: workspace,
		name,
		description: text(body.description) || undefined,
		provider,
		region,
		resourceRef,
		publicAccessible,
		hidden: false,
		credentials: credentialsId === '' ? [] : [credentialsFor(data, workspace, credentialsId, provider)],
		objects: new Map(),
	};
	data.dataLinks.push(link);
	return json(dataLinkDto(link));
}

/** The platform saves what the update names: a description or credentials left out are gone. */
function updateDataLink(request: ApiRequest, data: SimulatorData): ApiResult {
	const link = findDataLink(request, data);
	const body = isRecord(request.body) ? request.body : {};
	const name = text(body.name);
	if (name === '') throw badRequest('Missing data-link name');
	const credentialsId = text(body.credentialsId);
	const credentials = credentialsId === '' ? [] : [credentialsFor(data, link.workspaceId, credentialsId, link.provider)];
	link.name = name;
	link.description = text(body.description) || undefined;
	link.credentials = credentials;
	return json(dataLinkDto(link));
}

export const dataLinkRoutes: Route[] = [
	route('POST', '/data-links', (request, { data }) => createDataLink(request, data)),
	route('PUT', '/data-links/{dataLinkId}', (request, { data }) => updateDataLink(request, data)),
	// The platform answers 200 without a body (tower-cli's DataLinksCmdTest).
	route('DELETE', '/data-links/{dataLinkId}', (request, { data }) => {
		const link = findDataLink(request, data);
		data.dataLinks.splice(data.dataLinks.indexOf(link), 1);
		return { kind: 'empty', status: 200 };
	}),
	route('GET', '/data-links', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		const visibility = enumParam(request, 'visibility', ['visible', 'hidden', 'all'], 'visible');
		const { credentialsId } = request.query;
		const workspaceHas = (id: string) => credentialsOf(data).some((each) => each.id === id && each.workspaceId === workspace);
		// The contract's 404: "workspace or credentials not found".
		if (credentialsId !== undefined && !workspaceHas(credentialsId)) throw notFound(`Credentials '${credentialsId}'`);
		if (stillFetching(data, workspace)) return json({ dataLinks: [], totalSize: 0 }, 202);
		const matching = data
			.dataLinksIn(workspace)
			.filter((link) => visibility === 'all' || link.hidden === (visibility === 'hidden'))
			.filter((link) => credentialsId === undefined || link.credentials.some((credential) => credential.id === credentialsId))
			.filter((link) => matchesSearch(link, request.query.search ?? ''))
			.sort((a, b) => a.name.localeCompare(b.name));
		return json({ dataLinks: pageOf(matching, offset, max).map(dataLinkDto), totalSize: matching.length });
	}),
	route('GET', '/data-links/{dataLinkId}', (request, { data }) => json({ dataLink: dataLinkDto(findDataLink(request, data)) })),
	route('GET', '/data-links/{dataLinkId}/browse', (request, { data }) => browseFolder(request, data, '')),
	route('GET', '/data-links/{dataLinkId}/browse/{path}', (request, { data }) =>
		browseFolder(request, data, trimSlashes(request.pathParams.path)),
	),
	route('GET', '/data-links/{dataLinkId}/browse-tree', (request, { data }) => browseTree(request, data)),
	route('GET', '/data-links/{dataLinkId}/download/{filePath}', (request, { data }) => download(request, data)),
	route('GET', '/data-links/{dataLinkId}/generate-download-url', (request, { data }) => {
		const path = trimSlashes(request.query.filePath ?? '');
		if (path === '') throw badRequest('Missing filePath');
		const { link, object } = findObject(request, data, path);
		return json({ url: data.dataLinkStore.downloadUrl(link.id, path), resolvedPath: path, resolvedMimeType: object.mimeType });
	}),
	route('POST', '/data-links/{dataLinkId}/upload', (request, { data }) => startUpload(request, data, '')),
	route('POST', '/data-links/{dataLinkId}/upload/{dirPath}', (request, { data }) =>
		startUpload(request, data, trimSlashes(request.pathParams.dirPath)),
	),
	route('POST', '/data-links/{dataLinkId}/upload/finish', (request, { data }) => finishUpload(request, data, '')),
	route('POST', '/data-links/{dataLinkId}/upload/finish/{dirPath}', (request, { data }) =>
		finishUpload(request, data, trimSlashes(request.pathParams.dirPath)),
	),
];
