import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { seqeraPlatform } from '../nodeVersions';
import { apiRequest, type SeqeraFunctions } from '../transport';
import type { DataLinkInfo, FolderEntry, FolderPage } from './dataLinkApi';

/**
 * How a path below the data link's root goes into a URL. Seqera's node-red-seqera encodes each segment
 * and joins them with `/` (`nodes/datalink-utils.js`), and the platform takes that; node version 1 sent
 * the whole path as one segment, its `/` encoded as `%2F`, which many servers and proxies refuse or decode.
 */
export type PathEncoding = 'perSegment' | 'oneSegment';

/** Version 1.1 of both nodes sends data-link paths a segment at a time; version 1 keeps what it sent. */
export function pathEncodingOf(context: SeqeraFunctions): PathEncoding {
	return seqeraPlatform.brings(context, 'perSegmentDataLinkPaths') ? 'perSegment' : 'oneSegment';
}

/** Where a data link's calls go: its workspace (none for the personal one), how paths go out, and, for errors, the input item. */
export interface DataLinkScope {
	workspaceId: string | undefined;
	pathEncoding: PathEncoding;
	itemIndex?: number;
}

/**
 * The data link, with the credentials the platform reads its bucket with: the given ones, sent as tw's
 * `-c` sends them, or else the data link's first. A refusal names the data link and says where to look:
 * the platform answers 403 alike for a data link of another workspace, a mistyped ID, a token without
 * access and credentials that are not among the data link's.
 */
export async function describeDataLink(
	context: SeqeraFunctions,
	scope: DataLinkScope,
	dataLinkId: string,
	credentialsId?: string,
): Promise<DataLinkInfo> {
	let dataLink: IDataObject;
	try {
		const response = await apiRequest<{ dataLink?: IDataObject }>(context, {
			method: 'GET',
			path: ['data-links', dataLinkId],
			query: { workspaceId: scope.workspaceId, credentialsId },
			itemIndex: scope.itemIndex,
		});
		dataLink = response.dataLink ?? {};
	} catch (error) {
		if (error instanceof NodeApiError && ['403', '404'].includes(String(error.httpCode))) {
			const refusal = `HTTP ${String(error.httpCode)}`;
			const node = context.getNode();
			const itemIndex = scope.itemIndex;
			if (credentialsId === undefined) {
				throw new NodeOperationError(node, `Data Link "${dataLinkId}" was not found, or the access token was refused`, {
					itemIndex,
					description:
						`The platform refused to describe this data link (${refusal}). Pick it from the list, which shows the data ` +
						"links of the chosen workspace, check the Workspace field, and check that the credential's access token is valid.",
				});
			}
			throw new NodeOperationError(
				node,
				`Data Link "${dataLinkId}" was not found, or Workspace Credentials "${credentialsId}" are not among its credentials`,
				{
					itemIndex,
					description:
						`The platform refused to describe this data link with these credentials (${refusal}). Pick credentials the ` +
						'data link lists (Data Link → Get Many outputs them in credentials), or leave Workspace Credentials empty ' +
						"for the data link's first. Check the Workspace field too.",
				},
			);
		}
		// Already the transport's NodeApiError or cancellation; wrapping would hide its HTTP code
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
		throw error;
	}
	const [firstCredentials] = (dataLink.credentials as IDataObject[] | undefined) ?? [];
	return {
		id: dataLinkId,
		name: String(dataLink.name ?? dataLinkId),
		resourceRef: String(dataLink.resourceRef ?? ''),
		credentialsId: credentialsId ?? (typeof firstCredentials?.id === 'string' ? firstCredentials.id : undefined),
		provider: typeof dataLink.provider === 'string' ? dataLink.provider : undefined,
	};
}

/** A path below the data link's root as calls take it, without `/` at either end; '' is the root. */
export function dataLinkPath(path: string): string {
	return path.replace(/^\/+|\/+$/g, '');
}

// URL parsers resolve "." and ".." as path steps, percent-encoded too, so no encoding makes them safe.
const isDotSegment = (segment: string) => /^(\.|%2e){1,2}$/i.test(segment);

/**
 * What keeps a path below the data link's root (no `/` at either end) from going into a URL: a segment
 * that is a step (`..`, `%2e%2e`), or, sent a segment at a time, an empty folder name (`a//b`).
 */
export function pathProblem(path: string, encoding: PathEncoding): { problem: string; why: string } | undefined {
	const segments = pathSegments(path, encoding);
	if (segments.some(isDotSegment))
		return { problem: 'is not a path in the data link', why: 'Folders named . or .. (or %2e%2e) are steps in a URL, not folders.' };
	if (segments.includes('')) return { problem: 'holds an empty folder name', why: 'Write one / between folders.' };
	return undefined;
}

/** The URL path segments of a path below the data link's root: none for the root. */
export function pathSegments(path: string, encoding: PathEncoding): string[] {
	if (path === '') return [];
	return encoding === 'perSegment' ? path.split('/') : [path];
}

/**
 * One page of a folder's listing, names narrowed to those starting with `search`. The platform's page
 * tokens say where the previous page ended; a refused token is the platform's 400.
 */
export async function browseFolderPage(
	context: SeqeraFunctions,
	scope: DataLinkScope,
	dataLink: DataLinkInfo,
	folder: string,
	options: { search?: string; pageToken?: string; pageSize?: number } = {},
): Promise<FolderPage> {
	const page = await apiRequest<{ objects?: FolderEntry[]; nextPageToken?: string }>(context, {
		method: 'GET',
		path: ['data-links', dataLink.id, 'browse', ...pathSegments(folder, scope.pathEncoding)],
		query: {
			workspaceId: scope.workspaceId,
			credentialsId: dataLink.credentialsId,
			search: options.search,
			nextPageToken: options.pageToken,
			pageSize: options.pageSize,
		},
		itemIndex: scope.itemIndex,
	});
	return { entries: page.objects ?? [], nextPageToken: page.nextPageToken || undefined };
}

/** One object below a folder, as `browse-tree` lists it: its path from the data link's root, and its size in bytes. */
export interface TreeEntry {
	path: string;
	size: number;
}

/**
 * Every object below a folder, in one answer, as tw's `data-links download` reads a folder. The folder
 * goes with a trailing `/`, so `runs/a` does not take in `runs/ab`. Folder placeholder objects (paths
 * ending in `/`) are left out, as tw leaves them out.
 */
export async function browseTree(
	context: SeqeraFunctions,
	scope: DataLinkScope,
	dataLink: DataLinkInfo,
	folder: string,
): Promise<TreeEntry[]> {
	const tree = await apiRequest<{ items?: Array<{ path?: unknown; size?: unknown }> }>(context, {
		method: 'GET',
		path: ['data-links', dataLink.id, 'browse-tree'],
		query: { workspaceId: scope.workspaceId, credentialsId: dataLink.credentialsId, paths: [`${folder}/`] },
		itemIndex: scope.itemIndex,
	});
	return (tree.items ?? [])
		.map((item) => ({ path: String(item.path ?? ''), size: Number(item.size ?? 0) }))
		.filter((item) => item.path !== '' && !item.path.endsWith('/'));
}
