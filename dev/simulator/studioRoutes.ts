/**
 * Studios: the list of a workspace (newest first), one Studio, the templates, and creating, starting,
 * stopping and deleting a Studio. A Studio started through the API is starting for one
 * `runProgressMs`, then running; one stopped through the API is stopping for one, then stopped. A start
 * with a configuration makes it the Studio's (see applyStartRequest).
 */
import { ApiError, badRequest, forbidden, json, noContent, withErrorId, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import { studioDto } from './dto';
import { STUDIO_STATUSES, type SimStudio, type StudioStatus, type WorkspaceRef } from './model';
import { DEFAULT_PAGE, MAX_PAGE, attributesParam, booleanParam, integerParam, pageOf, workspaceOf } from './params';
import { route, type Route } from './router';
import { STUDIO_TEMPLATES } from './seed';

/** The templates the platform offers: each tool's current image, and an older Jupyter image it still lists. */
const TEMPLATES = [
	...Object.entries(STUDIO_TEMPLATES).map(([tool, repository]) => ({ repository, tool, status: 'recommended' })),
	{ repository: 'public.cr.seqera.io/platform/data-studio-jupyter:4.1.5-0.7', tool: 'jupyter', status: 'deprecated' },
];
const NAME_MAX_LENGTH = 80;
/** Statuses a Studio can be started from, and statuses it can be stopped from. */
const STARTABLE: ReadonlySet<StudioStatus> = new Set(['stopped', 'errored', 'buildFailed']);
const STOPPABLE: ReadonlySet<StudioStatus> = new Set(['starting', 'building', 'running']);

/** Where a Studio started or stopped through the API is going, and when it gets there (performance.now()). */
interface Transition {
	from: StudioStatus;
	to: StudioStatus;
	dueAt: number;
}
const transitions = new WeakMap<SimStudio, Transition>();

/** Moves a Studio on to where its transition leads once it is due; a status a test set meanwhile stands. */
function settle(studio: SimStudio, data: SimulatorData): SimStudio {
	const transition = transitions.get(studio);
	if (!transition || performance.now() < transition.dueAt) return studio;
	transitions.delete(studio);
	if (studio.status === transition.from) data.setStudioStatus(studio.sessionId, transition.to);
	return studio;
}

function moveThrough(studio: SimStudio, data: SimulatorData, status: StudioStatus, then: StudioStatus): void {
	data.setStudioStatus(studio.sessionId, status);
	transitions.set(studio, { from: status, to: then, dueAt: performance.now() + data.runProgressMs });
}

function studiosOf(workspace: WorkspaceRef, data: SimulatorData): SimStudio[] {
	return data.studiosIn(workspace).map((studio) => settle(studio, data));
}

/** The Studio of the path in the request's workspace; another workspace's or an unknown one is a 403. */
function findStudio(request: ApiRequest, data: SimulatorData): SimStudio {
	const studio = studiosOf(workspaceOf(request, data), data).find((each) => each.sessionId === request.pathParams.sessionId);
	if (!studio) throw forbidden();
	return studio;
}

/** Free text matches the name or the template; `status:`, `userId:` and `computeEnvId:` match exactly. */
function matchesSearch(studio: SimStudio, search: string, data: SimulatorData): boolean {
	return search
		.split(/\s+/)
		.filter((term) => term !== '')
		.every((term) => {
			const colon = term.indexOf(':');
			const [keyword, value] = colon > 0 ? [term.slice(0, colon), term.slice(colon + 1)] : ['', term];
			if (keyword === 'status') {
				const status = STUDIO_STATUSES.find((each) => each.toLowerCase() === value.toLowerCase());
				if (!status) throw badRequest(`Invalid status '${value}' - allowed: ${STUDIO_STATUSES.join(', ')}`);
				return studio.status === status;
			}
			if (keyword === 'userId') return String(data.user.id) === value;
			if (keyword === 'computeEnvId') return studio.computeEnvId === value;
			const text = term.toLowerCase();
			return studio.name.toLowerCase().includes(text) || studio.templateRepository.toLowerCase().includes(text);
		});
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const countOr = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);

/** POST /studios: the checks the platform makes on a DataStudioCreateRequest, then the new Studio, stopped. */
function createStudio(request: ApiRequest, data: SimulatorData): SimStudio {
	const workspace = workspaceOf(request, data);
	const body = request.body;
	if (!isRecord(body)) throw badRequest('Missing Studio create request');
	const name = typeof body.name === 'string' ? body.name.trim() : '';
	if (name === '' || name.length > NAME_MAX_LENGTH) throw badRequest(`Studio name must have between 1 and ${NAME_MAX_LENGTH} characters`);
	if (data.studiosIn(workspace).some((studio) => studio.name === name)) {
		throw new ApiError(409, { message: withErrorId(`A Studio named '${name}' already exists in this workspace`) });
	}
	const computeEnv = data.computeEnvsIn(workspace).find((each) => each.id === body.computeEnvId);
	if (!computeEnv) throw new ApiError(404, { message: withErrorId(`Compute environment '${String(body.computeEnvId)}' not found`) });
	const image = typeof body.dataStudioToolUrl === 'string' ? body.dataStudioToolUrl.trim() : '';
	if (image === '') throw badRequest('Missing Studio template: give dataStudioToolUrl');
	const configuration = isRecord(body.configuration) ? body.configuration : {};
	const mountedDataLinkIds = mountedDataLinkIdsOf(configuration, workspace, data);
	const template = TEMPLATES.find((each) => each.repository === image);
	return data.addStudio({
		workspaceId: workspace,
		name,
		description: typeof body.description === 'string' ? body.description : undefined,
		// A custom image's tool is unknown to the platform: its DTO shows the image alone.
		tool: (template?.tool ?? 'jupyter') as SimStudio['tool'],
		templateRepository: image,
		customImage: template === undefined,
		computeEnvId: computeEnv.id,
		cpu: countOr(configuration.cpu, 2),
		memoryMb: countOr(configuration.memory, 8_192),
		gpu: countOr(configuration.gpu, 0),
		lifespanHours: countOr(configuration.lifespanHours, 8),
		mountedDataLinkIds,
	});
}

/** The data links a configuration mounts (`mountDataV2`, else the deprecated `mountData` IDs); each must be of the workspace. */
function mountedDataLinkIdsOf(configuration: Record<string, unknown>, workspace: WorkspaceRef, data: SimulatorData): string[] {
	const ids = Array.isArray(configuration.mountDataV2)
		? configuration.mountDataV2.filter(isRecord).map((mount) => String(mount.dataLinkId))
		: Array.isArray(configuration.mountData)
			? configuration.mountData.map(String)
			: [];
	const unknownLink = ids.find((id) => !data.dataLinksIn(workspace).some((link) => link.id === id));
	if (unknownLink !== undefined) throw badRequest(`Data link '${unknownLink}' not found in this workspace`);
	return ids;
}

/**
 * PUT /studios/{sessionId}/start's DataStudioStartRequest, "an optional overriding configuration": with
 * no `configuration` the Studio starts as it is; with one, that configuration is the Studio's from now
 * on, and what it leaves out takes what a new Studio gets (2 CPUs, 8192 MiB, no GPU, 8 hours, no mounts).
 * That is why tower-cli sends the Studio's whole configuration, mounts included, with its overrides.
 */
function applyStartRequest(studio: SimStudio, body: unknown, data: SimulatorData): void {
	if (!isRecord(body)) return;
	if (typeof body.description === 'string') studio.description = body.description;
	if (!isRecord(body.configuration)) return;
	const configuration = body.configuration;
	studio.mountedDataLinkIds = mountedDataLinkIdsOf(configuration, studio.workspaceId, data);
	studio.cpu = countOr(configuration.cpu, 2);
	studio.memoryMb = countOr(configuration.memory, 8_192);
	studio.gpu = countOr(configuration.gpu, 0);
	studio.lifespanHours = countOr(configuration.lifespanHours, 8);
}

/** DataStudioStartResponse and DataStudioStopResponse. */
function submitted(studio: SimStudio, data: SimulatorData, jobSubmitted: boolean) {
	const { statusInfo } = studioDto(studio, data, false) as { statusInfo: unknown };
	return json({ jobSubmitted, sessionId: studio.sessionId, statusInfo });
}

export const studioRoutes: Route[] = [
	route('GET', '/studios', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const withLabels = attributesParam(request, ['labels']).has('labels');
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		const matching = studiosOf(workspace, data)
			.filter((studio) => matchesSearch(studio, request.query.search ?? '', data))
			.sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime() || a.sessionId.localeCompare(b.sessionId));
		return json({
			studios: pageOf(matching, offset, max).map((studio) => studioDto(studio, data, withLabels)),
			totalSize: matching.length,
		});
	}),
	route('GET', '/studios/templates', (request, { data }) => {
		workspaceOf(request, data);
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		return json({ templates: pageOf(TEMPLATES, offset, max), totalSize: TEMPLATES.length });
	}),
	route('POST', '/studios', (request, { data }) => {
		const autoStart = request.query.autoStart === undefined || booleanParam(request, 'autoStart');
		const studio = createStudio(request, data);
		if (autoStart) moveThrough(studio, data, 'starting', 'running');
		return json({ studio: studioDto(studio, data, false) });
	}),
	route('GET', '/studios/{sessionId}', (request, { data }) => json(studioDto(findStudio(request, data), data, false))),
	route('PUT', '/studios/{sessionId}/start', (request, { data }) => {
		const studio = findStudio(request, data);
		const startable = STARTABLE.has(studio.status);
		if (startable) {
			applyStartRequest(studio, request.body, data);
			moveThrough(studio, data, 'starting', 'running');
		}
		return submitted(studio, data, startable);
	}),
	route('PUT', '/studios/{sessionId}/stop', (request, { data }) => {
		const studio = findStudio(request, data);
		const stoppable = STOPPABLE.has(studio.status);
		if (stoppable) moveThrough(studio, data, 'stopping', 'stopped');
		return submitted(studio, data, stoppable);
	}),
	route('DELETE', '/studios/{sessionId}', (request, { data }) => {
		data.removeStudio(findStudio(request, data).sessionId);
		return noContent();
	}),
];
