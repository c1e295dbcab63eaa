/**
 * Adding and deleting Launchpad pipelines: POST /pipelines (with its first version where the request names it),
 * DELETE /pipelines/{pipelineId}, the labels of pipelines (POST /pipelines/labels/add|remove|apply) and pipeline schemas (POST /pipeline-schemas);
 * what an update keeps, which pipelineVersionRoutes.ts applies. Names are unique in a workspace (409 otherwise, as on the platform).
 */
import { randomBytes, randomInt } from 'node:crypto';

import { ApiError, badRequest, forbidden, json, noContent, withErrorId, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import { pipelineDto } from './dto';
import type { SimPipeline, WorkspaceRef } from './model';
import { workspaceOf } from './params';
import { findPipeline } from './pipelineInfoRoutes';
import type { SimPipelineVersion } from './pipelineVersionSeed';
import { versionEntryDto } from './pipelineVersions';
import { route, type Route } from './router';

const PIPELINE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{1,98}[A-Za-z0-9]$/;
const VERSION_NAME = /^[a-zA-Z\d][-._a-zA-Z\d]{1,108}$/;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

export function bodyOf(request: ApiRequest): Record<string, unknown> {
	if (!isRecord(request.body)) throw badRequest('Missing pipeline request');
	return request.body;
}

function checkedName(data: SimulatorData, workspace: WorkspaceRef, name: unknown, except?: SimPipeline): string {
	if (typeof name !== 'string' || !PIPELINE_NAME.test(name)) throw badRequest(`Invalid pipeline name '${String(name)}'`);
	if (data.pipelinesIn(workspace).some((pipeline) => pipeline !== except && pipeline.name === name)) {
		throw new ApiError(409, { message: withErrorId(`A pipeline with name '${name}' already exists`) });
	}
	return name;
}

function checkedComputeEnv(data: SimulatorData, workspace: WorkspaceRef, computeEnvId: unknown): string | undefined {
	if (computeEnvId === undefined || computeEnvId === null) return undefined;
	if (!data.computeEnvsIn(workspace).some((ce) => ce.id === computeEnvId)) throw forbidden();
	return computeEnvId as string;
}

function checkedLabels(data: SimulatorData, workspace: WorkspaceRef, labelIds: unknown): number[] | undefined {
	if (labelIds === undefined) return undefined;
	if (!Array.isArray(labelIds) || labelIds.some((id) => !data.labelsIn(workspace).some((label) => label.id === id))) throw forbidden();
	return labelIds as number[];
}

const idList = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => typeof id === 'number');

/**
 * POST /pipelines/labels/add|remove|apply (AssociatePipelineLabelsRequest). A pipeline or label the
 * workspace does not have is a 403, as for any entity the caller cannot see.
 */
function changePipelineLabels(data: SimulatorData, workspace: WorkspaceRef, body: unknown, change: 'add' | 'remove' | 'apply'): void {
	if (!isRecord(body)) throw badRequest('Missing labels request');
	const { pipelineIds = [], labelIds = [] } = body;
	if (!idList(pipelineIds)) throw badRequest('pipelineIds must be a list of pipeline ids');
	if (!idList(labelIds)) throw badRequest('labelIds must be a list of label ids');
	const pipelines = pipelineIds.map((id) => data.pipelinesIn(workspace).find((pipeline) => pipeline.id === id));
	if (pipelines.some((pipeline) => pipeline === undefined)) throw forbidden();
	checkedLabels(data, workspace, labelIds);
	for (const pipeline of pipelines as SimPipeline[]) {
		if (change === 'apply') pipeline.labelIds = [...new Set(labelIds)];
		else if (change === 'add') pipeline.labelIds = [...new Set([...pipeline.labelIds, ...labelIds])];
		else pipeline.labelIds = pipeline.labelIds.filter((id) => !labelIds.includes(id));
	}
}

/**
 * The first version a CreatePipelineRequest names (`version.name`), the default one; its launch is the pipeline's own. The
 * platform's refusal of a bad name is tower-cli's captured one.
 */
function firstVersion(body: Record<string, unknown>): SimPipelineVersion | undefined {
	if (!isRecord(body.version) || body.version.name === undefined || body.version.name === null) return undefined;
	const { name } = body.version;
	if (typeof name !== 'string' || !VERSION_NAME.test(name))
		throw badRequest('Invalid pipeline version name: must match pattern [a-zA-Z\\d][-._a-zA-Z\\d]{1,108}');
	const id = randomBytes(16).toString('base64url').slice(0, 22);
	return { id, name, isDefault: true, hash: Buffer.from(`$v5:${id}`).toString('base64'), created: new Date(), launchId: id, launch: {} };
}

/** The saved launch settings a request's `launch` gives; what it leaves out stays as it was. */
function launchSettings(data: SimulatorData, workspace: WorkspaceRef, launch: Record<string, unknown>): Partial<SimPipeline> {
	const settings: Partial<SimPipeline> = {};
	const computeEnvId = checkedComputeEnv(data, workspace, launch.computeEnvId);
	if (computeEnvId) settings.computeEnvId = computeEnvId;
	if (text(launch.pipeline)) settings.repository = launch.pipeline as string;
	if (text(launch.revision)) settings.revision = launch.revision as string;
	if (text(launch.workDir)) settings.workDir = launch.workDir as string;
	if (Array.isArray(launch.configProfiles)) settings.configProfiles = launch.configProfiles as string[];
	if (typeof launch.paramsText === 'string') settings.paramsText = launch.paramsText;
	if (typeof launch.configText === 'string') settings.configText = launch.configText;
	if (typeof launch.preRunScript === 'string') settings.preRunScript = launch.preRunScript;
	if (typeof launch.postRunScript === 'string') settings.postRunScript = launch.postRunScript;
	return settings;
}

type SavedWith = NonNullable<SimPipeline['savedWith']>;
const SAVED_WITH_FIELDS = [
	'optimizationId',
	'optimizationTargets',
	'sessionId',
	'pipelineSchemaId',
	'resume',
	'nextflowVersion',
	'outputDir',
	'syntaxParser',
	'launchContainer',
	'headJobCpus',
	'commitId',
	'userSecrets',
	'workspaceSecrets',
] as const satisfies readonly (keyof SavedWith)[];

/**
 * The rest of the saved launch a request's `launch` holds: the platform saves the launch it is sent, so an
 * update that leaves one of these out loses it.
 */
function savedWithOf(launch: Record<string, unknown>): SavedWith | undefined {
	// No secrets is what a saved launch answers without any (pipelineLaunchDto), so an empty list is nothing kept.
	const given = SAVED_WITH_FIELDS.filter(
		(field) => launch[field] !== undefined && launch[field] !== null && !(Array.isArray(launch[field]) && launch[field].length === 0),
	);
	return given.length === 0 ? undefined : (Object.fromEntries(given.map((field) => [field, launch[field]])) as SavedWith);
}

/** The pipeline's saved launch as a launch request (or a version's saved launch) gives it. */
export function savedLaunchOf(data: SimulatorData, workspace: WorkspaceRef, launch: Record<string, unknown>): Partial<SimPipeline> {
	return { ...launchSettings(data, workspace, launch), savedWith: savedWithOf(launch), lastUpdated: new Date() };
}

/** What an UpdatePipelineRequest changes besides the launch: the name, the description and the labels. */
export function updateDetails(data: SimulatorData, workspace: WorkspaceRef, pipeline: SimPipeline, body: Record<string, unknown>): void {
	if (body.name !== undefined) pipeline.name = checkedName(data, workspace, body.name, pipeline);
	if (typeof body.description === 'string') pipeline.description = body.description;
	// The contract: "If `labelIds` is `null`, empty, or omitted, existing pipeline labels are removed."
	pipeline.labelIds = checkedLabels(data, workspace, body.labelIds ?? []) ?? [];
	pipeline.lastUpdated = new Date();
}

export const pipelineEditRoutes: Route[] = [
	route('POST', '/pipelines', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const body = bodyOf(request);
		const launch = isRecord(body.launch) ? body.launch : {};
		if (!text(launch.pipeline)) throw badRequest('Missing pipeline repository');
		const name = checkedName(data, workspace, body.name);
		const version = firstVersion(body);
		const now = new Date();
		const pipeline: SimPipeline = {
			id: randomInt(1, 2 ** 47),
			workspaceId: workspace,
			name,
			description: text(body.description) ?? '',
			repository: launch.pipeline as string,
			revision: '',
			configProfiles: [],
			paramsText: '',
			computeEnvId: '',
			workDir: '',
			labelIds: checkedLabels(data, workspace, body.labelIds) ?? [],
			dateCreated: now,
			lastUpdated: now,
			launchId: version?.launchId ?? randomBytes(16).toString('base64url').slice(0, 22),
			...launchSettings(data, workspace, launch),
			savedWith: savedWithOf(launch),
		};
		data.pipelines.push(pipeline);
		const dto = pipelineDto(pipeline, data, new Set());
		if (version === undefined) return json({ pipeline: dto });
		data.pipelineVersions.set(pipeline.id, [version]);
		return json({ pipeline: { ...dto, version: versionEntryDto(pipeline, version, data).version } });
	}),
	// CreatePipelineSchemaResponse, as tower-cli's captured pipelineschemas/create_response.json has it.
	route('POST', '/pipeline-schemas', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const content = isRecord(request.body) ? text(request.body.content) : undefined;
		if (content === undefined) throw badRequest('Missing pipeline schema content');
		const schema = { id: randomInt(1, 2 ** 47), workspaceId: workspace, content };
		data.pipelineSchemas.push(schema);
		return json({ pipelineSchema: { id: schema.id, content } });
	}),
	route('DELETE', '/pipelines/{pipelineId}', (request, { data }) => {
		const pipeline = findPipeline(request, data);
		data.pipelines.splice(data.pipelines.indexOf(pipeline), 1);
		return noContent();
	}),
	...(['add', 'remove', 'apply'] as const).map((change) =>
		route('POST', `/pipelines/labels/${change}`, (request, { data }) => {
			changePipelineLabels(data, workspaceOf(request, data), request.body, change);
			return noContent();
		}),
	),
];
