/**
 * Studios: the list of a workspace (newest first), one Studio, the templates, and creating, starting,
 * stopping, updating and deleting a Studio, and its checkpoints. A Studio started through the API is
 * starting for one `runProgressMs`, then running; one stopped through the API is stopping for one, then
 * stopped. A start or an update with a configuration makes it the Studio's (see replaceConfiguration).
 * Each session of a Studio saves into a checkpoint of its own, as tower-cli's captured
 * studios_checkpoints_list_response.json shows (`<studio name>_1`, `_2`, newest first); a Studio
 * created from one (`initialCheckpointId`) names it as its `parentCheckpoint`.
 */
import { ApiError, badRequest, forbidden, isoSeconds, json, noContent, withErrorId, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import { studioDto } from './dto';
import { STUDIO_STATUSES, type SimStudio, type StudioStatus, type WorkspaceRef } from './model';
import { DEFAULT_PAGE, MAX_PAGE, attributesParam, booleanParam, integerParam, numericPathParam, pageOf, workspaceOf } from './params';
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

/** The most checkpoints one page lists: tower-cli's `studios checkpoints` asks for no more. */
const MAX_CHECKPOINT_PAGE = 50;

interface Checkpoint {
	id: number;
	name: string;
	dateCreated: Date;
	dateSaved: Date;
}
const checkpointsByStudio = new WeakMap<SimStudio, Checkpoint[]>();
/** Checkpoint IDs are numbered across the platform, not per Studio. */
const lastCheckpointId = new WeakMap<SimulatorData, number>();

function newCheckpoint(studio: SimStudio, data: SimulatorData, number: number, at: Date): Checkpoint {
	const id = (lastCheckpointId.get(data) ?? 0) + 1;
	lastCheckpointId.set(data, id);
	return { id, name: `${studio.name}_${number}`, dateCreated: at, dateSaved: at };
}

/** A Studio's checkpoints, oldest first: one for the session it last ran, if it has run, before any the API started. */
function checkpointsOf(studio: SimStudio, data: SimulatorData): Checkpoint[] {
	let checkpoints = checkpointsByStudio.get(studio);
	if (!checkpoints) {
		checkpoints = studio.lastStarted ? [newCheckpoint(studio, data, 1, studio.lastStarted)] : [];
		checkpointsByStudio.set(studio, checkpoints);
	}
	return checkpoints;
}

/** The newest checkpoint of a Studio stopped since it was made was saved as the Studio stopped. */
function savedAt(studio: SimStudio, checkpoint: Checkpoint): Date {
	return studio.status === 'stopped' && studio.statusUpdated > checkpoint.dateCreated ? studio.statusUpdated : checkpoint.dateSaved;
}

/** DataStudioCheckpointDto: the newest checkpoint of a running Studio is still being written to. */
function checkpointDto(studio: SimStudio, checkpoint: Checkpoint, data: SimulatorData) {
	const newest = checkpoint === checkpointsOf(studio, data).at(-1);
	const live = newest && (studio.status === 'running' || studio.status === 'starting');
	const workDir = data.computeEnvById(studio.computeEnvId)?.workDir ?? '';
	return {
		id: checkpoint.id,
		name: checkpoint.name,
		dateSaved: isoSeconds(newest ? savedAt(studio, checkpoint) : checkpoint.dateSaved),
		dateCreated: isoSeconds(checkpoint.dateCreated),
		author: { id: data.user.id, userName: data.user.userName },
		path: `${workDir}/.studios/checkpoints/${studio.sessionId}/${checkpoint.id}`,
		status: live ? 'interim' : 'finalized',
	};
}

/** Free text matches the name; `before:` and `after:` (YYYY-MM-DD) match the date it was saved. */
function checkpointMatches(dto: { name: string; dateSaved: string }, search: string): boolean {
	return search
		.split(/\s+/)
		.filter((term) => term !== '')
		.every((term) => {
			const [, keyword, value] = /^(before|after):(.*)$/.exec(term) ?? [];
			if (keyword === undefined) return dto.name.toLowerCase().includes(term.toLowerCase());
			if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) throw badRequest(`Invalid date '${value}' - expected YYYY-MM-DD`);
			const day = dto.dateSaved.slice(0, 10);
			return keyword === 'before' ? day < value : day > value;
		});
}

/** The checkpoint of the path, of the Studio of the path; another's is a 404, as the contract says. */
function findCheckpoint(request: ApiRequest, data: SimulatorData): { studio: SimStudio; checkpoint: Checkpoint } {
	const studio = findStudio(request, data);
	const id = numericPathParam(request, 'checkpointId');
	const checkpoint = checkpointsOf(studio, data).find((each) => each.id === id);
	if (!checkpoint) throw new ApiError(404, { message: withErrorId(`Studio checkpoint '${id}' not found`) });
	return { studio, checkpoint };
}

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
	const parentCheckpoint =
		body.initialCheckpointId === undefined ? undefined : parentCheckpointOf(body.initialCheckpointId, workspace, data);
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
		...keptConfiguration(configuration),
		...studioAccessOf(body, workspace, data),
		remoteConfig: remoteConfigOf(body.remoteConfig),
		parentCheckpoint,
	});
}

/** A create request's StudioRemoteConfiguration: a repository is required in it. */
function remoteConfigOf(remoteConfig: unknown): SimStudio['remoteConfig'] {
	if (remoteConfig === undefined || remoteConfig === null) return undefined;
	if (!isRecord(remoteConfig) || typeof remoteConfig.repository !== 'string' || remoteConfig.repository.trim() === '') {
		throw badRequest('remoteConfig needs a repository');
	}
	const { repository, revision } = remoteConfig;
	return { repository, ...(typeof revision === 'string' ? { revision } : {}) };
}

/** DataStudioConfiguration's condaEnvironment, environment and sshEnabled: kept as given, absent when not given. */
function keptConfiguration(configuration: Record<string, unknown>): Pick<SimStudio, 'condaEnvironment' | 'environment' | 'sshEnabled'> {
	const { condaEnvironment, environment, sshEnabled } = configuration;
	if (condaEnvironment !== undefined && typeof condaEnvironment !== 'string') throw badRequest('condaEnvironment must be text');
	if (environment !== undefined && environment !== null) {
		if (!isRecord(environment) || Object.values(environment).some((value) => typeof value !== 'string')) {
			throw badRequest('environment must map names to text');
		}
	}
	return {
		condaEnvironment: condaEnvironment === '' ? undefined : condaEnvironment,
		environment: isRecord(environment) ? (environment as Record<string, string>) : undefined,
		sshEnabled: typeof sshEnabled === 'boolean' ? sshEnabled : undefined,
	};
}

/**
 * A create or start request's spot, labelIds and allowedUserIds, those given; each label must be of the
 * workspace. A start that leaves one out leaves the Studio's as it is (tower-cli: "Omit to leave the
 * allow list unchanged").
 */
function studioAccessOf(
	body: Record<string, unknown>,
	workspace: WorkspaceRef,
	data: SimulatorData,
): Partial<Pick<SimStudio, 'spot' | 'labelIds' | 'allowedUserIds'>> {
	const access: Partial<Pick<SimStudio, 'spot' | 'labelIds' | 'allowedUserIds'>> = {};
	if (typeof body.spot === 'boolean') access.spot = body.spot;
	for (const field of ['labelIds', 'allowedUserIds'] as const) {
		const ids = body[field];
		if (ids === undefined || ids === null) continue;
		if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'number')) throw badRequest(`${field} must be a list of numeric IDs`);
		access[field] = ids as number[];
	}
	const unknownLabel = access.labelIds?.find((id) => !data.labelsIn(workspace).some((label) => label.id === id));
	if (unknownLabel !== undefined) throw badRequest(`Label '${unknownLabel}' not found in this workspace`);
	return access;
}

/** A create request's `initialCheckpointId`: a checkpoint of a Studio of the workspace. */
function parentCheckpointOf(checkpointId: unknown, workspace: WorkspaceRef, data: SimulatorData): SimStudio['parentCheckpoint'] {
	for (const studio of studiosOf(workspace, data)) {
		const checkpoint = checkpointsOf(studio, data).find((each) => each.id === checkpointId);
		if (checkpoint)
			return { checkpointId: checkpoint.id, checkpointName: checkpoint.name, sessionId: studio.sessionId, studioName: studio.name };
	}
	throw badRequest(`Studio checkpoint '${String(checkpointId)}' not found in this workspace`);
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
	if (isRecord(body.configuration)) replaceConfiguration(studio, body.configuration, data);
	Object.assign(studio, studioAccessOf(body, studio.workspaceId, data));
}

/** A configuration given to a start or an update is the Studio's whole configuration from then on. */
function replaceConfiguration(studio: SimStudio, configuration: Record<string, unknown>, data: SimulatorData): void {
	studio.mountedDataLinkIds = mountedDataLinkIdsOf(configuration, studio.workspaceId, data);
	studio.cpu = countOr(configuration.cpu, 2);
	studio.memoryMb = countOr(configuration.memory, 8_192);
	studio.gpu = countOr(configuration.gpu, 0);
	studio.lifespanHours = countOr(configuration.lifespanHours, 8);
	Object.assign(studio, keptConfiguration(configuration));
}

/**
 * PUT /studios/{sessionId}'s DataStudioUpdateRequest, on a Studio that is not running: a name, a
 * description or labels given replace the Studio's, a compute environment given moves it there when it is
 * compatible with the one it is on (here: of the same platform and region), and a configuration given
 * replaces the whole configuration as a start's does; what is left out stays.
 */
function updateStudio(studio: SimStudio, body: unknown, data: SimulatorData): void {
	if (!STARTABLE.has(studio.status))
		throw badRequest(`Studio '${studio.sessionId}' is ${studio.status}: only a Studio that is not running can be updated`);
	if (!isRecord(body)) throw badRequest('Missing Studio update request');
	const name = typeof body.name === 'string' ? body.name.trim() : undefined;
	if (name !== undefined) {
		if (name === '' || name.length > NAME_MAX_LENGTH)
			throw badRequest(`Studio name must have between 1 and ${NAME_MAX_LENGTH} characters`);
		if (data.studiosIn(studio.workspaceId).some((other) => other !== studio && other.name === name)) {
			throw new ApiError(409, { message: withErrorId(`A Studio named '${name}' already exists in this workspace`) });
		}
	}
	if (typeof body.computeEnvId === 'string') {
		const computeEnv = data.computeEnvsIn(studio.workspaceId).find((each) => each.id === body.computeEnvId);
		if (!computeEnv) throw new ApiError(404, { message: withErrorId(`Compute environment '${body.computeEnvId}' not found`) });
		const current = data.computeEnvById(studio.computeEnvId);
		if (current && (computeEnv.platform !== current.platform || computeEnv.region !== current.region)) {
			// The wording tower-cli's `studios update` recognises to list the compatible ones.
			throw badRequest(`Compute environment '${computeEnv.id}' is not compatible with the Studio's current compute environment`);
		}
	}
	const { labelIds } = studioAccessOf({ labelIds: body.labelIds }, studio.workspaceId, data);
	if (name !== undefined) studio.name = name;
	if (typeof body.computeEnvId === 'string') studio.computeEnvId = body.computeEnvId;
	if (typeof body.description === 'string') studio.description = body.description;
	if (isRecord(body.configuration)) replaceConfiguration(studio, body.configuration, data);
	if (labelIds !== undefined) studio.labelIds = labelIds;
	studio.lastUpdated = new Date();
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
	route('PUT', '/studios/{sessionId}', (request, { data }) => {
		const studio = findStudio(request, data);
		updateStudio(studio, request.body, data);
		return json(studioDto(studio, data, false));
	}),
	route('GET', '/studios/{sessionId}/checkpoints', (request, { data }) => {
		const studio = findStudio(request, data);
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		const matching = checkpointsOf(studio, data)
			.map((checkpoint) => checkpointDto(studio, checkpoint, data))
			.filter((dto) => checkpointMatches(dto, request.query.search ?? ''))
			.reverse();
		return json({ checkpoints: pageOf(matching, offset, Math.min(max, MAX_CHECKPOINT_PAGE)), totalSize: matching.length });
	}),
	route('GET', '/studios/{sessionId}/checkpoints/{checkpointId}', (request, { data }) => {
		const { studio, checkpoint } = findCheckpoint(request, data);
		return json(checkpointDto(studio, checkpoint, data));
	}),
	route('PUT', '/studios/{sessionId}/start', (request, { data }) => {
		const studio = findStudio(request, data);
		const startable = STARTABLE.has(studio.status);
		if (startable) {
			const checkpoints = checkpointsOf(studio, data);
			const previous = checkpoints.at(-1);
			if (previous) previous.dateSaved = savedAt(studio, previous);
			checkpoints.push(newCheckpoint(studio, data, checkpoints.length + 1, new Date()));
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
