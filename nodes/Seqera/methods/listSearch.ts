import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { connectionOf } from '../transport/connection';
import { apiRequest } from '../transport/request';

const PAGE_SIZE = 50;

function matches(filter: string | undefined, ...texts: Array<unknown>): boolean {
	if (!filter) return true;
	const wanted = filter.toLowerCase();
	return texts.some((text) => typeof text === 'string' && text.toLowerCase().includes(wanted));
}

/** The workspace picked on the node, else the credential's default; lists follow it. */
async function chosenWorkspaceId(context: ILoadOptionsFunctions): Promise<string | undefined> {
	const chosen = String(context.getNodeParameter('workspace', '', { extractValue: true }) ?? '').trim();
	if (/^[0-9]+$/.test(chosen)) return chosen;
	const { defaultWorkspaceId } = await connectionOf(context);
	return /^[0-9]+$/.test(defaultWorkspaceId) ? defaultWorkspaceId : undefined;
}

/** "Organization / Workspace" for every workspace the token's user belongs to. */
export async function searchWorkspaces(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const userInfo = await apiRequest<{ user?: IDataObject }>(this, { method: 'GET', path: ['user-info'] });
	const userId = userInfo.user?.id as number | string;
	const memberships = await apiRequest<{ orgsAndWorkspaces?: IDataObject[] }>(this, {
		method: 'GET',
		path: ['user', userId, 'workspaces'],
	});
	const results: INodeListSearchItems[] = (memberships.orgsAndWorkspaces ?? [])
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

export async function searchRuns(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0);
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
		paginationToken: page.hasMore ? String(offset + runs.length) : undefined,
	};
}

export async function searchPipelines(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0);
	const page = await apiRequest<{ pipelines?: IDataObject[]; totalSize?: number }>(this, {
		method: 'GET',
		path: ['pipelines'],
		query: { workspaceId: await chosenWorkspaceId(this), search: filter, max: PAGE_SIZE, offset },
	});
	const pipelines = page.pipelines ?? [];
	const seen = offset + pipelines.length;
	return {
		results: pipelines.map((pipeline) => ({
			name: String(pipeline.name),
			value: String(pipeline.pipelineId),
			description: String(pipeline.repository ?? ''),
		})),
		paginationToken: typeof page.totalSize === 'number' && seen < page.totalSize ? String(seen) : undefined,
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
export async function searchLabels(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0);
	const page = await apiRequest<{ labels?: IDataObject[]; totalSize?: number }>(this, {
		method: 'GET',
		path: ['labels'],
		query: { workspaceId: await chosenWorkspaceId(this), search: filter, type: 'simple', max: PAGE_SIZE, offset },
	});
	const labels = page.labels ?? [];
	const seen = offset + labels.length;
	return {
		results: labels.map((label) => ({ name: String(label.name), value: String(label.id) })),
		paginationToken: typeof page.totalSize === 'number' && seen < page.totalSize ? String(seen) : undefined,
	};
}

export async function searchDatasets(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0);
	const page = await apiRequest<{ datasets?: IDataObject[]; totalSize?: number }>(this, {
		method: 'GET',
		path: ['datasets'],
		query: { workspaceId: await chosenWorkspaceId(this), search: filter, max: PAGE_SIZE, offset },
	});
	const datasets = page.datasets ?? [];
	const seen = offset + datasets.length;
	return {
		results: datasets.map((dataset) => ({
			name: String(dataset.name),
			value: String(dataset.id),
			description: String(dataset.description ?? ''),
		})),
		paginationToken: typeof page.totalSize === 'number' && seen < page.totalSize ? String(seen) : undefined,
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
