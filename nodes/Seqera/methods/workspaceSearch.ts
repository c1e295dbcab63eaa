/**
 * Lists of the workspace the node works in (runs, pipelines and their versions, compute environments, labels, datasets, actions, data
 * links), and the user's workspaces to choose it from.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { dataLinksPage } from '../dataLinks/list';
import { workspaceIdFor } from '../names/workspaceId';
import { pipelineIdFor } from '../names/lookups';
import { workspaceMemberships } from '../names/workspaces';
import { seqeraPlatform } from '../nodeVersions';
import { pipelineVersions, versionLabel } from '../runs/pipelineVersions';
import { pageHasMore } from '../lists/pages';
import { type ApiRequest, apiRequest, type QueryValue } from '../transport';

const PAGE_SIZE = 50;

function matches(filter: string | undefined, ...texts: Array<unknown>): boolean {
	if (!filter) return true;
	const wanted = filter.toLowerCase();
	return texts.some((text) => typeof text === 'string' && text.toLowerCase().includes(wanted));
}

/** The workspace the node works in; lists follow it. */
async function chosenWorkspaceId(context: ILoadOptionsFunctions): Promise<string | undefined> {
	return await workspaceIdFor(context, 0);
}

/** Where the page the editor asks for starts: the token is the offset of its first entry. */
function offsetOf(paginationToken: string | undefined): number {
	return Number(paginationToken ?? 0);
}

/** The token for the page after `entries`, when the platform has more. */
function nextPageToken(offset: number, entries: unknown[], hasMore: boolean): string | undefined {
	return hasMore ? String(offset + entries.length) : undefined;
}

/**
 * One page of a workspace list that reports `totalSize` (`GET /<path>`, the entries under `listName`;
 * the path is the list's name unless told), and the token for the next page while entries remain.
 * `fetchPage` asks for it, plain apiRequest unless the list has answers of its own to wait out.
 */
async function pageCountedByTotalSize(
	context: ILoadOptionsFunctions,
	listName: string,
	query: Record<string, QueryValue>,
	paginationToken: string | undefined,
	path: string = listName,
	fetchPage: (request: ApiRequest) => Promise<IDataObject> = async (request) => await apiRequest<IDataObject>(context, request),
): Promise<{ entries: IDataObject[]; paginationToken?: string }> {
	const offset = offsetOf(paginationToken);
	const page = await fetchPage({
		method: 'GET',
		path: [path],
		query: { workspaceId: await chosenWorkspaceId(context), ...query, max: PAGE_SIZE, offset },
	});
	const entries = (page[listName] as IDataObject[] | undefined) ?? [];
	const totalSize = page.totalSize;
	return {
		entries,
		paginationToken: nextPageToken(offset, entries, typeof totalSize === 'number' && offset + entries.length < totalSize),
	};
}

/** "Organization / Workspace" for every workspace the token's user belongs to. */
export async function searchWorkspaces(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const results: INodeListSearchItems[] = (await workspaceMemberships(this))
		// Entries without a workspace stand for organization membership alone.
		.filter((entry) => entry.workspaceId !== null && entry.workspaceId !== undefined)
		.map((entry) => ({
			name: `${String(entry.orgName)} / ${String(entry.workspaceName)}`,
			value: String(entry.workspaceId),
		}))
		.filter((item) => matches(filter, item.name, item.value))
		.sort((a, b) => a.name.localeCompare(b.name));
	return { results };
}

export async function searchRuns(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const offset = offsetOf(paginationToken);
	const page = await apiRequest<{ workflows?: IDataObject[]; hasMore?: boolean }>(this, {
		method: 'GET',
		path: ['workflow'],
		query: { workspaceId: await chosenWorkspaceId(this), search: filter, max: PAGE_SIZE, offset, attributes: ['minimal'] },
	});
	const runs = page.workflows ?? [];
	return {
		results: runs.map((element) => {
			const run = (element.workflow as IDataObject | undefined) ?? {};
			return {
				name: `${String(run.runName)} · ${String(run.status)} · ${String(run.projectName ?? '')}`,
				value: String(run.id),
			};
		}),
		paginationToken: nextPageToken(offset, runs, pageHasMore(page.hasMore, runs, PAGE_SIZE)),
	};
}

export async function searchPipelines(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	// From version 1.2 the list has the pipelines shared from other workspaces, which its launches can launch.
	const visibility = seqeraPlatform.brings(this, 'sharedPipelines') ? 'all' : undefined;
	const page = await pageCountedByTotalSize(this, 'pipelines', { search: filter, visibility }, paginationToken);
	return {
		results: page.entries.map((pipeline) => ({
			name: String(pipeline.name),
			value: String(pipeline.pipelineId),
			description: String(pipeline.repository ?? ''),
		})),
		paginationToken: page.paginationToken,
	};
}

/** The versions of the Launchpad pipeline the node names, published and drafts, the default first. */
export async function searchPipelineVersions(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const pipelineId = await pipelineIdFor(this, 0);
	const offset = offsetOf(paginationToken);
	const { versions, totalSize } = await pipelineVersions(this, pipelineId, await chosenWorkspaceId(this), {
		search: filter || undefined,
		offset,
	});
	return {
		results: [...versions]
			.sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
			.map((version) => ({ name: versionLabel(version), value: version.id, description: version.id })),
		paginationToken: nextPageToken(offset, versions, offset + versions.length < totalSize),
	};
}

export async function searchComputeEnvs(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const response = await apiRequest<{ computeEnvs?: IDataObject[] }>(this, {
		method: 'GET',
		path: ['compute-envs'],
		query: { workspaceId: await chosenWorkspaceId(this), status: 'AVAILABLE' },
	});
	const results = (response.computeEnvs ?? [])
		.filter((computeEnv) => matches(filter, computeEnv.name, computeEnv.id, computeEnv.platform))
		.map((computeEnv) => ({
			name: `${String(computeEnv.name)} (${String(computeEnv.platform)})${computeEnv.primary ? ' · primary' : ''}`,
			value: String(computeEnv.id),
		}));
	return { results };
}

/** Simple labels, the kind runs carry; the value is the label's ID. */
export async function searchLabels(this: ILoadOptionsFunctions, filter?: string, paginationToken?: string): Promise<INodeListSearchResult> {
	const page = await pageCountedByTotalSize(this, 'labels', { search: filter, type: 'simple' }, paginationToken);
	return {
		results: page.entries.map((label) => ({ name: String(label.name), value: String(label.id) })),
		paginationToken: page.paginationToken,
	};
}

/** Labels of both kinds, for the operations that change a label; a resource label shows as name=value, as By Name takes it. */
export async function searchAllLabels(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = await pageCountedByTotalSize(this, 'labels', { search: filter, type: 'all' }, paginationToken);
	return {
		results: page.entries.map((label) => ({
			name: label.resource === true ? `${String(label.name)}=${String(label.value ?? '')}` : String(label.name),
			value: String(label.id),
			description: label.resource === true ? 'Resource label' : 'Simple label',
		})),
		paginationToken: page.paginationToken,
	};
}

export async function searchDatasets(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = await pageCountedByTotalSize(this, 'datasets', { search: filter }, paginationToken);
	return {
		results: page.entries.map((dataset) => ({
			name: String(dataset.name),
			value: String(dataset.id),
			description: String(dataset.description ?? ''),
		})),
		paginationToken: page.paginationToken,
	};
}

/** Only actions triggered through the API ("tower" actions) can be launched; GitHub actions follow pushes. */
export async function searchActions(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const response = await apiRequest<{ actions?: IDataObject[] }>(this, {
		method: 'GET',
		path: ['actions'],
		query: { workspaceId: await chosenWorkspaceId(this) },
	});
	const results = (response.actions ?? [])
		.filter((action) => action.source === 'tower')
		.filter((action) => matches(filter, action.name, action.id, action.pipeline))
		.map((action) => ({
			name: `${String(action.name)} · ${String(action.status)}`,
			value: String(action.id),
			description: String(action.pipeline ?? ''),
		}));
	return { results };
}

/** Every pipeline action of the workspace, whatever starts it, for the operations that change one. */
export async function searchAllActions(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const response = await apiRequest<{ actions?: IDataObject[] }>(this, {
		method: 'GET',
		path: ['actions'],
		query: { workspaceId: await chosenWorkspaceId(this) },
	});
	const results = (response.actions ?? [])
		.filter((action) => matches(filter, action.name, action.id, action.pipeline))
		.map((action) => ({
			name: `${String(action.name)} · ${String(action.source)} · ${String(action.status)}`,
			value: String(action.id),
			description: String(action.pipeline ?? ''),
		}));
	return { results };
}

/** The data links of the workspace that the Data Explorer shows (hidden ones are left out), once the platform has fetched them. */
export async function searchDataLinks(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = await pageCountedByTotalSize(
		this,
		'dataLinks',
		{ search: filter },
		paginationToken,
		'data-links',
		async (request) => await dataLinksPage(this, request),
	);
	return {
		results: page.entries.map((dataLink) => ({
			name: String(dataLink.name),
			value: String(dataLink.id),
			description: String(dataLink.resourceRef ?? ''),
		})),
		paginationToken: page.paginationToken,
	};
}
