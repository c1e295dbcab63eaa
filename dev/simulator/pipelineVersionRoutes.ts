/**
 * Updating Launchpad pipelines and their versions: PUT /pipelines/{pipelineId} (the default version, as the
 * contract's summary says), POST /pipelines/{pipelineId}/versions/{versionId} (UpdatePipelineVersion),
 * PUT …/versions/{versionId}/manage (a version's name, and which is the default) and
 * GET …/versions/validate (whether a version name is free). As on the platform, a change to a versioned
 * field (any launch setting; not the name, description, icon or labels) makes a new draft version with
 * the launch sent, which has no name and is not the default; any other change is made to the version
 * itself. The pipeline's own launch is the default version's; a pipeline without versions (an install
 * without versioning) takes the launch a PUT sends.
 */
import { randomBytes } from 'node:crypto';

import { ApiError, badRequest, forbidden, json, noContent, withErrorId, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import { pipelineDto, pipelineLaunchDto } from './dto';
import type { SimPipeline, WorkspaceRef } from './model';
import { workspaceOf } from './params';
import { bodyOf, isRecord, savedLaunchOf, updateDetails } from './pipelineEditRoutes';
import { findPipeline } from './pipelineInfoRoutes';
import type { SimPipelineVersion } from './pipelineVersionSeed';
import { versionEntryDto } from './pipelineVersions';
import { route, type Route } from './router';

/** The launch settings whose change makes a new version (the web app's Edit form, less name, image, description and labels). */
const VERSIONED_FIELDS = [
	'pipeline',
	'revision',
	'commitId',
	'workDir',
	'configProfiles',
	'paramsText',
	'configText',
	'preRunScript',
	'postRunScript',
	'mainScript',
	'entryName',
	'schemaName',
	'pullLatest',
	'stubRun',
] as const;

/** The fields of a saved launch (LaunchDbDto) a version keeps apart from the pipeline's: all but its ID and compute environment. */
function launchFieldsOf(launch: Record<string, unknown>): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(launch).filter(
			([field, value]) => field !== 'id' && field !== 'computeEnv' && field !== 'computeEnvId' && value !== undefined,
		),
	);
}

function versionOf(request: ApiRequest, data: SimulatorData, pipeline: SimPipeline): SimPipelineVersion {
	const version = data.versionsOf(pipeline.id).find((each) => each.id === request.pathParams.versionId);
	if (!version) throw forbidden();
	return version;
}

/** The version's saved launch, as GET /pipelines/{pipelineId}/launch?versionId=… gives it. */
function launchOfVersion(data: SimulatorData, pipeline: SimPipeline, version: SimPipelineVersion): Record<string, unknown> {
	const launch = pipelineLaunchDto(pipeline, data);
	return version.isDefault ? launch : { ...launch, ...version.launch };
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function newVersion(launch: Record<string, unknown>): SimPipelineVersion {
	const id = randomBytes(16).toString('base64url').slice(0, 22);
	return {
		id,
		name: null,
		isDefault: false,
		hash: Buffer.from(`$v5:${id}`).toString('base64'),
		created: new Date(),
		launchId: id,
		launch: launchFieldsOf(launch),
	};
}

/** The version becomes the default: the pipeline takes its launch, and the one that was the default keeps the pipeline's. */
function makeDefault(data: SimulatorData, workspace: WorkspaceRef, pipeline: SimPipeline, version: SimPipelineVersion): void {
	const previous = data.versionsOf(pipeline.id).find((each) => each.isDefault);
	if (previous) {
		previous.launch = launchFieldsOf(pipelineLaunchDto(pipeline, data));
		previous.launchId = pipeline.launchId;
		previous.isDefault = false;
	}
	Object.assign(pipeline, savedLaunchOf(data, workspace, launchOfVersion(data, pipeline, version)), { launchId: version.launchId });
	version.isDefault = true;
}

function checkedVersionName(data: SimulatorData, pipeline: SimPipeline, name: unknown, except?: SimPipelineVersion): string {
	if (typeof name !== 'string' || name.trim() === '' || name.length > 255)
		throw badRequest(`Invalid pipeline version name '${String(name)}'`);
	if (data.versionsOf(pipeline.id).some((each) => each !== except && each.name === name)) {
		throw new ApiError(409, { message: withErrorId(`A pipeline version with name '${name}' already exists`) });
	}
	return name;
}

/** An UpdatePipelineRequest to one version: the version it changed, or the draft it made. */
function updateVersion(
	data: SimulatorData,
	workspace: WorkspaceRef,
	pipeline: SimPipeline,
	version: SimPipelineVersion,
	body: Record<string, unknown>,
): SimPipelineVersion {
	const launch = isRecord(body.launch) ? body.launch : {};
	const current = launchOfVersion(data, pipeline, version);
	const versioned = VERSIONED_FIELDS.some((field) => launch[field] !== undefined && !sameValue(launch[field], current[field]));
	updateDetails(data, workspace, pipeline, body);
	if (versioned) {
		const draft = newVersion({ ...current, ...launch });
		data.pipelineVersions.set(pipeline.id, [...data.versionsOf(pipeline.id), draft]);
		return draft;
	}
	if (version.isDefault) Object.assign(pipeline, savedLaunchOf(data, workspace, launch));
	else version.launch = { ...version.launch, ...launchFieldsOf(launch) };
	return version;
}

function updatedAnswer(data: SimulatorData, pipeline: SimPipeline, version: SimPipelineVersion | undefined) {
	const dto = pipelineDto(pipeline, data, new Set());
	return json({ pipeline: version === undefined ? dto : { ...dto, version: versionEntryDto(pipeline, version, data).version } });
}

export const pipelineVersionRoutes: Route[] = [
	route('PUT', '/pipelines/{pipelineId}', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const pipeline = findPipeline(request, data);
		const body = bodyOf(request);
		const defaultVersion = data.versionsOf(pipeline.id).find((each) => each.isDefault);
		if (defaultVersion) return updatedAnswer(data, pipeline, updateVersion(data, workspace, pipeline, defaultVersion, body));
		updateDetails(data, workspace, pipeline, body);
		Object.assign(pipeline, savedLaunchOf(data, workspace, isRecord(body.launch) ? body.launch : {}));
		return updatedAnswer(data, pipeline, undefined);
	}),
	route('POST', '/pipelines/{pipelineId}/versions/{versionId}', (request, { data }) => {
		const pipeline = findPipeline(request, data);
		const version = versionOf(request, data, pipeline);
		return updatedAnswer(data, pipeline, updateVersion(data, workspaceOf(request, data), pipeline, version, bodyOf(request)));
	}),
	route('PUT', '/pipelines/{pipelineId}/versions/{versionId}/manage', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const pipeline = findPipeline(request, data);
		const version = versionOf(request, data, pipeline);
		const body = bodyOf(request);
		if (body.isDefault === false && version.isDefault)
			throw new ApiError(409, { message: withErrorId('The default version cannot be unset; make another version the default') });
		if (body.name !== undefined && body.name !== null) version.name = checkedVersionName(data, pipeline, body.name, version);
		if (body.isDefault === true && !version.isDefault) makeDefault(data, workspace, pipeline, version);
		return noContent();
	}),
	route('GET', '/pipelines/{pipelineId}/versions/validate', (request, { data }) => {
		checkedVersionName(data, findPipeline(request, data), request.query.name);
		return noContent();
	}),
];
