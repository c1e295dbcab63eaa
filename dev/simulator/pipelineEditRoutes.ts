/**
 * Adding, editing and deleting Launchpad pipelines: POST /pipelines, PUT /pipelines/{pipelineId} and
 * DELETE /pipelines/{pipelineId}. Names are unique in a workspace (409 otherwise, as on the platform).
 */
import { randomBytes, randomInt } from 'node:crypto';

import { ApiError, badRequest, forbidden, json, noContent, withErrorId, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import { pipelineDto } from './dto';
import type { SimPipeline, WorkspaceRef } from './model';
import { workspaceOf } from './params';
import { findPipeline } from './pipelineInfoRoutes';
import { route, type Route } from './router';

const PIPELINE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{1,98}[A-Za-z0-9]$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

function bodyOf(request: ApiRequest): Record<string, unknown> {
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

export const pipelineEditRoutes: Route[] = [
	route('POST', '/pipelines', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const body = bodyOf(request);
		const launch = isRecord(body.launch) ? body.launch : {};
		if (!text(launch.pipeline)) throw badRequest('Missing pipeline repository');
		const name = checkedName(data, workspace, body.name);
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
			launchId: randomBytes(16).toString('base64url').slice(0, 22),
			...launchSettings(data, workspace, launch),
		};
		data.pipelines.push(pipeline);
		return json({ pipeline: pipelineDto(pipeline, data, new Set()) });
	}),
	route('PUT', '/pipelines/{pipelineId}', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const pipeline = findPipeline(request, data);
		const body = bodyOf(request);
		if (body.name !== undefined) pipeline.name = checkedName(data, workspace, body.name, pipeline);
		if (typeof body.description === 'string') pipeline.description = body.description;
		pipeline.labelIds = checkedLabels(data, workspace, body.labelIds) ?? pipeline.labelIds;
		Object.assign(pipeline, launchSettings(data, workspace, isRecord(body.launch) ? body.launch : {}), { lastUpdated: new Date() });
		return json({ pipeline: pipelineDto(pipeline, data, new Set()) });
	}),
	route('DELETE', '/pipelines/{pipelineId}', (request, { data }) => {
		const pipeline = findPipeline(request, data);
		data.pipelines.splice(data.pipelines.indexOf(pipeline), 1);
		return noContent();
	}),
];
