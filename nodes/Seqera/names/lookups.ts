import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { dataLinksPage } from '../dataLinks/list';
import { locatorOf } from '../helpers/parameters';
import { requireNumericId, requireStringId, requireStudioId } from '../helpers/validate';
import { seqeraPlatform } from '../nodeVersions';
import { workspaceIdFor } from './workspaceId';
import { apiRequestPages, pagesCountedByTotal } from '../lists/pages';
import { type ApiRequest, apiRequest, type SeqeraFunctions } from '../transport';
import { idNamed, type NameLookup, type NamedEntry } from './byName';

/** The most entries an error suggests from a list the platform searches by name. */
const SUGGESTIONS_MAX = 100;

/** A workspace list whose entries a locator's By Name picks (`GET /<path>`, entries under `listName`). */
export interface WorkspaceList {
	field: string;
	entries: string;
	path: string;
	listName: string;
	nameOf: (entry: IDataObject) => unknown;
	idOf: (entry: IDataObject) => unknown;
	/** The platform's search for a name, where it has one; the list is then narrowed by it. */
	search?: (name: string) => string;
	/** Paged by `max`/`offset` with `totalSize`; otherwise one answer holds the whole list. */
	paged?: boolean;
	/** Extra query the list is read with. */
	query?: IDataObject;
	/** Asks for one page, plain apiRequest unless the list has answers of its own to wait out. */
	fetchPage?: (context: SeqeraFunctions, request: ApiRequest) => Promise<IDataObject>;
}

async function entriesOf(
	context: SeqeraFunctions,
	itemIndex: number,
	list: WorkspaceList,
	workspaceId: string | undefined,
	search?: string,
): Promise<NamedEntry[]> {
	const request: ApiRequest = { method: 'GET', path: [list.path], query: { workspaceId, ...list.query, search }, itemIndex };
	const fetchPage = async (pageRequest: ApiRequest) =>
		list.fetchPage ? await list.fetchPage(context, pageRequest) : await apiRequest<IDataObject>(context, pageRequest);
	const entries = list.paged
		? await apiRequestPages<IDataObject>(
				context,
				{ ...request, limit: search === undefined ? SUGGESTIONS_MAX : undefined },
				pagesCountedByTotal(list.listName),
				fetchPage,
			)
		: (((await fetchPage(request))[list.listName] as IDataObject[] | undefined) ?? []);
	return entries.map((entry) => ({ name: String(list.nameOf(entry) ?? ''), id: String(list.idOf(entry) ?? '') }));
}

function lookupIn(context: SeqeraFunctions, itemIndex: number, list: WorkspaceList, workspaceId: string | undefined): NameLookup {
	const { search } = list;
	return {
		field: list.field,
		entries: list.entries,
		key: `${list.path}\u0000${JSON.stringify(list.query ?? {})}\u0000${workspaceId ?? ''}`,
		searched: search !== undefined,
		list: async (name) => await entriesOf(context, itemIndex, list, workspaceId, search?.(name)),
		suggestions: search === undefined ? undefined : async () => await entriesOf(context, itemIndex, list, workspaceId),
	};
}

/** A list whose entries are named `name`, with the ID in `idField`. */
function namedList(
	field: string,
	entries: string,
	path: string,
	listName: string,
	idField: string,
	more: Partial<WorkspaceList> = {},
): WorkspaceList {
	return { field, entries, path, listName, nameOf: (entry) => entry.name, idOf: (entry) => entry[idField], ...more };
}

/** Launchpad pipelines, found as tower-cli finds one by name: the platform's exact search (a quoted name), shared pipelines included. */
export const PIPELINES = namedList('Launchpad Pipeline', 'pipelines', 'pipelines', 'pipelines', 'pipelineId', {
	search: (name) => `"${name.replace(/"/g, '\\"')}"`,
	paged: true,
	query: { visibility: 'all' },
});

/**
 * The workspace's own Launchpad pipelines, where versions 1 and 1.1 look a name up: they list only those,
 * and never send the `sourceWorkspaceId` a shared pipeline's launch needs. An Overwrite deletes among these:
 * a pipeline another workspace shares is not the workspace's to delete, nor does its name stop an add.
 */
export const OWN_PIPELINES: WorkspaceList = { ...PIPELINES, query: {} };

export const COMPUTE_ENVS = namedList('Compute Environment', 'compute environments', 'compute-envs', 'computeEnvs', 'id');

/** Compute environments a run can go to: tower-cli's launch looks a name up among these (`status=AVAILABLE`). */
const AVAILABLE_COMPUTE_ENVS: WorkspaceList = { ...COMPUTE_ENVS, query: { status: 'AVAILABLE' } };

export const ACTIONS = namedList('Action', 'actions', 'actions', 'actions', 'id');

export const STUDIOS = namedList('Studio', 'Studios', 'studios', 'studios', 'sessionId', { search: (name) => name, paged: true });

export const SECRETS = namedList('Secret', 'secrets', 'pipeline-secrets', 'pipelineSecrets', 'id');

/** Workspace credentials, found as tower-cli finds them by name: in the workspace's whole list. */
export const CREDENTIALS = namedList('Credential', 'credentials', 'credentials', 'credentials', 'id');

/**
 * Labels of both kinds, a resource label named `name=value` as tower-cli writes it (resource labels share
 * names); the platform's search is given the name alone.
 */
export const LABELS: WorkspaceList = {
	...namedList('Label', 'labels', 'labels', 'labels', 'id', {
		search: (name) => name.split('=')[0],
		paged: true,
		query: { type: 'all' },
	}),
	nameOf: (label) => (label.resource === true ? `${String(label.name)}=${String(label.value ?? '')}` : label.name),
};

export const DATA_LINKS = namedList('Data Link', 'data links', 'data-links', 'dataLinks', 'id', {
	search: (name) => name,
	paged: true,
	fetchPage: dataLinksPage,
});

/** Datasets, hidden ones included (their names are taken too), found as tower-cli finds one by name: through the search. */
export const DATASETS = namedList('Dataset', 'datasets', 'datasets', 'datasets', 'id', {
	search: (name) => name,
	paged: true,
	query: { visibility: 'all' },
});

/**
 * The IDs of the workspace's entries named exactly `name`, read afresh rather than from the names looked up once per
 * execution: what an Overwrite deletes, which an earlier item of the execution may have just made.
 */
export async function currentIdsNamed(
	context: SeqeraFunctions,
	itemIndex: number,
	list: WorkspaceList,
	workspaceId: string | undefined,
	name: string,
): Promise<string[]> {
	const entries = await entriesOf(context, itemIndex, list, workspaceId, list.search?.(name));
	return entries.filter((entry) => entry.name === name).map((entry) => entry.id);
}

/**
 * The value of a locator of a workspace's entries: From List, ID and By URL as they are (the caller checks
 * the ID), By Name the ID of the one entry of that exact name in the node's workspace.
 */
export async function idOrName(context: SeqeraFunctions, itemIndex: number, parameterName: string, list: WorkspaceList): Promise<unknown> {
	const { mode, value } = locatorOf(context, parameterName, itemIndex);
	if (mode === 'name') {
		const workspaceId = await workspaceIdFor(context, itemIndex);
		return await idNamed(context, itemIndex, lookupIn(context, itemIndex, list, workspaceId), String(value ?? ''));
	}
	return 'getInputData' in context
		? context.getNodeParameter(parameterName, itemIndex, '', { extractValue: true })
		: context.getNodeParameter(parameterName, '', { extractValue: true });
}

/** The Launchpad Pipeline field's pipeline ID, By Name looked up in the node's workspace (shared pipelines too from version 1.2). */
export async function pipelineIdFor(context: SeqeraFunctions, itemIndex: number): Promise<string> {
	const pipelines = seqeraPlatform.brings(context, 'sharedPipelines') ? PIPELINES : OWN_PIPELINES;
	return requireNumericId(
		context.getNode(),
		itemIndex,
		await idOrName(context, itemIndex, 'pipelineId', pipelines),
		'Launchpad Pipeline',
	);
}

/**
 * What the Compute Environment field is for: `run`, where a run, a pipeline's launch or a Studio goes, which
 * By Name looks up among the AVAILABLE ones from version 1.3, as tower-cli's launch does, so one that is
 * being created or failed is neither picked nor makes the name ambiguous; `any`, the compute environment
 * an operation acts on (Get, Make Primary, Validate), found whatever its status.
 */
export type ComputeEnvUse = 'run' | 'any';

/**
 * The Compute Environment field's ID, checked. Where it is `optional`, an empty list, ID or URL gives
 * undefined (the caller then takes the primary one); an empty name fails, as every By Name does.
 */
export async function computeEnvIdFor(
	context: IExecuteFunctions,
	itemIndex: number,
	use: ComputeEnvUse,
	optional: true,
): Promise<string | undefined>;
export async function computeEnvIdFor(context: IExecuteFunctions, itemIndex: number, use: ComputeEnvUse, optional?: false): Promise<string>;
export async function computeEnvIdFor(
	context: IExecuteFunctions,
	itemIndex: number,
	use: ComputeEnvUse,
	optional = false,
): Promise<string | undefined> {
	const list = use === 'run' && seqeraPlatform.brings(context, 'availableComputeEnvsByName') ? AVAILABLE_COMPUTE_ENVS : COMPUTE_ENVS;
	const value = await idOrName(context, itemIndex, 'computeEnvId', list);
	if (optional && String(value ?? '').trim() === '') return undefined;
	return requireStringId(context.getNode(), itemIndex, value, 'Compute Environment');
}

/** The Label field's label ID, By Name (`name`, or `name=value` for a resource label) looked up among the workspace's labels. */
export async function labelIdFor(context: IExecuteFunctions, itemIndex: number): Promise<string> {
	return requireNumericId(context.getNode(), itemIndex, await idOrName(context, itemIndex, 'labelId', LABELS), 'Label');
}

/** The Credential field's credentials ID, By Name looked up among the workspace's credentials. */
export async function credentialIdFor(context: IExecuteFunctions, itemIndex: number): Promise<string> {
	return requireStringId(context.getNode(), itemIndex, await idOrName(context, itemIndex, 'credentialsId', CREDENTIALS), 'Credential');
}

/** The Action field's action ID, By Name looked up among the workspace's actions. */
export async function actionIdFor(context: IExecuteFunctions, itemIndex: number): Promise<string> {
	return requireStringId(context.getNode(), itemIndex, await idOrName(context, itemIndex, 'actionId', ACTIONS), 'Action');
}

/**
 * The Studio an operation acts on, from the Studio locator (list, ID or URL; By Name looked up among the workspace's Studios), checked
 * before any call.
 */
export async function studioIdFor(context: IExecuteFunctions, itemIndex: number): Promise<string> {
	return requireStudioId(context.getNode(), itemIndex, await idOrName(context, itemIndex, 'sessionId', STUDIOS));
}
