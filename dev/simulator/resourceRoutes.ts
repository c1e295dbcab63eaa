/**
 * The endpoints a launch draws on beyond runs and pipelines: datasets (with multipart uploads, downloads,
 * hiding, updates, labels and deletion), pipeline actions, and labels on runs.
 */
import { ApiError, badRequest, forbidden, json, noContent, withErrorId, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import { actionEditRoutes } from './actionRoutes';
import { actionDto, datasetDto, datasetVersionDto } from './dto';
import type { SimAction, SimDataset, SimDatasetVersion } from './model';
import { DEFAULT_PAGE, MAX_PAGE, attributesParam, booleanParam, enumParam, integerParam, pageOf, workspaceOf } from './params';
import { route, type Route } from './router';

/** Versions of linked datasets: the file is an object of a data link, where the platform sends the client. */
const linkedSources = new WeakMap<SimDatasetVersion, { dataLinkId: string; path: string }>();

/**
 * Makes the dataset's version a linked one, as a dataset made from a file of the Data Explorer is: its
 * file becomes the data link's object at `path`, and the platform answers a download of it with 307 to
 * a presigned URL of the storage host.
 */
export function linkDatasetVersion(data: SimulatorData, version: SimDatasetVersion, source: { dataLinkId: string; path: string }): void {
	data.addDataLinkObject(source.dataLinkId, source.path, { size: version.fileSize, mimeType: version.mediaType });
	data.dataLinkStore.put(source.dataLinkId, source.path, Buffer.from(version.content));
	linkedSources.set(version, source);
}

function findDataset(request: ApiRequest, data: SimulatorData): SimDataset {
	const dataset = data.datasetsIn(workspaceOf(request, data)).find((d) => d.id === request.pathParams.datasetId);
	if (!dataset) throw forbidden();
	return dataset;
}

/** `datasetIds` of a ChangeDatasetVisibilityRequest: at least one. */
function datasetIdsOf(body: unknown): string[] {
	const ids = (body as { datasetIds?: unknown } | null)?.datasetIds;
	if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== 'string')) {
		throw badRequest('Missing datasetIds: give the IDs of the datasets to change');
	}
	return ids as string[];
}

function findAction(request: ApiRequest, data: SimulatorData): SimAction {
	const action = data.actionsIn(workspaceOf(request, data)).find((a) => a.id === request.pathParams.actionId);
	if (!action) throw forbidden();
	return action;
}

/**
 * POST /datasets/labels/add|remove|apply (AssociateDatasetsLabelsRequest). A dataset or label the workspace does not have
 * is a 403; a resource label is refused with 400, as the contract says: only simple labels go on datasets.
 */
function changeDatasetLabels(request: ApiRequest, data: SimulatorData, change: 'add' | 'remove' | 'apply'): void {
	const workspace = workspaceOf(request, data);
	const body = request.body as { datasetIds?: unknown; labelIds?: unknown } | null;
	const { datasetIds = [], labelIds = [] } = body ?? {};
	if (!Array.isArray(datasetIds) || datasetIds.some((id) => typeof id !== 'string')) {
		throw badRequest('datasetIds must be a list of dataset ids');
	}
	if (!Array.isArray(labelIds) || labelIds.some((id) => typeof id !== 'number')) throw badRequest('labelIds must be a list of label ids');
	const datasets = datasetIds.map((id) => data.datasetsIn(workspace).find((dataset) => dataset.id === id));
	const labels = (labelIds as number[]).map((id) => data.labelsIn(workspace).find((label) => label.id === id));
	if (datasets.some((dataset) => dataset === undefined) || labels.some((label) => label === undefined)) throw forbidden();
	if (change !== 'remove' && labels.some((label) => label!.resource)) throw badRequest('Only simple labels can be attached to datasets');
	const ids = labelIds as number[];
	for (const dataset of datasets as SimDataset[]) {
		const current = dataset.labelIds ?? [];
		if (change === 'apply') dataset.labelIds = [...new Set(ids)];
		else if (change === 'add') dataset.labelIds = [...new Set([...current, ...ids])];
		else dataset.labelIds = current.filter((id) => !ids.includes(id));
	}
}

const datasetRoutes: Route[] = [
	route('GET', '/datasets', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const withLabels = attributesParam(request, ['labels']).has('labels');
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		const sortBy = enumParam(request, 'sortBy', ['name', 'modified'], 'name');
		const direction = enumParam(request, 'sortDir', ['asc', 'desc'], 'asc') === 'asc' ? 1 : -1;
		const visibility = enumParam(request, 'visibility', ['visible', 'hidden', 'all'], 'visible');
		const search = (request.query.search ?? '').toLowerCase();
		const matching = data
			.datasetsIn(workspace)
			.filter((d) => visibility === 'all' || (d.hidden ?? false) === (visibility === 'hidden'))
			.filter((d) => [d.name, d.description ?? ''].some((text) => text.toLowerCase().includes(search)))
			.sort(
				(a, b) =>
					(sortBy === 'name' ? a.name.localeCompare(b.name) : a.lastUpdated.getTime() - b.lastUpdated.getTime()) * direction,
			);
		return json({ datasets: pageOf(matching, offset, max).map((d) => datasetDto(d, data, withLabels)), totalSize: matching.length });
	}),
	route('POST', '/datasets', (request, { data }) =>
		json({ dataset: datasetDto(data.createDataset(workspaceOf(request, data), request.body), data, false) }),
	),
	route('GET', '/datasets/{datasetId}/versions', (request, { data }) => {
		const dataset = findDataset(request, data);
		const mimeType = request.query.mimeType;
		const versions = dataset.versions.filter((version) => !mimeType || version.mediaType === mimeType);
		return json({ versions: versions.map((version) => datasetVersionDto(dataset, version, data)), totalSize: versions.length });
	}),
	route('GET', '/datasets/{datasetId}/metadata', (request, { data }) => {
		const withLabels = attributesParam(request, ['labels']).has('labels');
		return json({ dataset: datasetDto(findDataset(request, data), data, withLabels) });
	}),
	route('PUT', '/datasets/{datasetId}', (request, { data }) => {
		data.updateDataset(findDataset(request, data), request.body);
		return noContent();
	}),
	...(['add', 'remove', 'apply'] as const).map((change) =>
		route('POST', `/datasets/labels/${change}`, (request, { data }) => {
			changeDatasetLabels(request, data, change);
			return noContent();
		}),
	),
	route('DELETE', '/datasets/{datasetId}', (request, { data }) => {
		const dataset = findDataset(request, data);
		data.datasets.splice(data.datasets.indexOf(dataset), 1);
		return noContent();
	}),
	...(['hide', 'show'] as const).map((change) =>
		route('POST', `/datasets/${change}`, (request, { data }) => {
			const workspaceDatasets = data.datasetsIn(workspaceOf(request, data));
			const ids = datasetIdsOf(request.body);
			const chosen = ids.map((id) => workspaceDatasets.find((dataset) => dataset.id === id));
			if (chosen.some((dataset) => dataset === undefined)) throw forbidden();
			for (const dataset of chosen) dataset!.hidden = change === 'hide';
			return noContent();
		}),
	),
	// The file name must be the one the version was uploaded with.
	route('GET', '/datasets/{datasetId}/v/{version}/n/{fileName}', (request, { data }) => {
		const dataset = findDataset(request, data);
		const version = dataset.versions.find(
			(each) => String(each.version) === request.pathParams.version && each.fileName === request.pathParams.fileName,
		);
		if (!version) throw new ApiError(404, { message: withErrorId(`Dataset version not found`) });
		const linked = linkedSources.get(version);
		if (linked) {
			return {
				kind: 'stream',
				status: 307,
				headers: { Location: data.dataLinkStore.downloadUrl(linked.dataLinkId, linked.path), 'Content-Length': 0 },
			};
		}
		return { kind: 'file', fileName: version.fileName, contentType: version.mediaType, content: version.content };
	}),
	route('POST', '/datasets/{datasetId}/upload', (request, { data }) => {
		const dataset = findDataset(request, data);
		const version = data.uploadDatasetVersion(dataset, request.form?.file, booleanParam(request, 'header'));
		return json({ version: datasetVersionDto(dataset, version, data) });
	}),
];

const actionRoutes: Route[] = [
	route('GET', '/actions', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const withLabels = attributesParam(request, ['labels']).has('labels');
		return json({ actions: data.actionsIn(workspace).map((action) => actionDto(action, withLabels)) });
	}),
	route('POST', '/actions/{actionId}/launch', (request, { data }) => {
		const run = data.launchAction(findAction(request, data), request.body);
		return json({ workflowId: run.id });
	}),
];

const runLabelRoutes: Route[] = (['add', 'remove', 'apply'] as const).map((change) =>
	route('POST', `/workflow/labels/${change}`, (request, { data }) => {
		data.changeRunLabels(workspaceOf(request, data), request.body, change);
		return noContent();
	}),
);

export const resourceRoutes: Route[] = [...datasetRoutes, ...actionRoutes, ...actionEditRoutes, ...runLabelRoutes];
