/**
 * The simulated platform's state and the rules that change it (launch, cancel,
 * delete, labels, datasets, actions, data link objects, Studio statuses). Handlers in routes.ts call in
 * here; tests may read and add to it directly (e.g. `sim.data.addRun({...})`, `sim.data.launches.length`,
 * `sim.data.addDataLinkObject(id, 'runs/A/s1.fastq.gz')`, `sim.data.setStudioStatus(sessionId, 'errored')`).
 */
import { parse as parseYaml } from 'yaml';
import { ApiError, badRequest, forbidden, withErrorId, type FormPart } from './apiTypes';
import { DataLinkObjectStore, mimeTypeOf } from './dataLinks';
import {
	isActive,
	type ActionLaunchRecord,
	type DatasetMediaType,
	type LaunchRecord,
	type LaunchSettings,
	type RunProgression,
	type SimAction,
	type SimComputeEnv,
	type SimDataLink,
	type SimDataLinkObject,
	type SimDataset,
	type SimDatasetVersion,
	type SimLabel,
	type SimOrg,
	type SimPipeline,
	type SimRun,
	type SimStudio,
	type SimUser,
	type SimWorkspace,
	type StudioStatus,
	type StudioStopReason,
	type WorkspaceRef,
} from './model';
import { DEFAULT_NEXTFLOW_VERSION } from './nextflowCatalog';
import { seedPipelineVersions, type SimPipelineVersion } from './pipelineVersionSeed';
import { SeededRandom } from './random';
import {
	SEED,
	SEED_ACTIONS,
	SEED_COMPUTE_ENVS,
	SEED_DATA_LINKS,
	SEED_DATASETS,
	SEED_LABELS,
	SEED_ORGS,
	SEED_PIPELINES,
	SEED_STUDIOS,
	SEED_USER,
	SEED_WORKSPACES,
	datasetVersion,
	newStudio,
	projectInfo,
	randomRunName,
	seedRuns,
} from './seed';

export interface LaunchValidationError {
	code: string;
	message: string;
}

/** A repository URL (`https://github.com/nf-core/rnaseq`) or a short `owner/repo` name. */
const PIPELINE_PATTERN = /^(?:https?:\/\/[\w.-]+(?::\d+)?(?:\/[\w.~%-]+)+\/?|[\w.-]+\/[\w.-]+)$/;
const RUN_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,79}$/;
const LABEL_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,38}$/;
const DATASET_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const DATASET_MEDIA_TYPES: Record<string, DatasetMediaType> = { csv: 'text/csv', tsv: 'text/tab-separated-values' };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const optionalString = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Told of each run launched, by any route, and of each run cancelled; weblog.ts posts their events. */
export interface RunWatcher {
	launched(run: SimRun): void;
	cancelled(run: SimRun): void;
}

/** What a launched run's end sets: its outcome, and the completion time Nextflow reports, one `stepMs` after it started. */
export function endOf(run: SimRun, progression: RunProgression): Pick<SimRun, 'status' | 'complete' | 'exitStatus'> {
	return {
		status: progression.outcome,
		complete: new Date(run.submit.getTime() + 2 * progression.stepMs),
		exitStatus: progression.outcome === 'SUCCEEDED' ? 0 : 1,
	};
}

/**
 * A new compute environment is CREATING until its pre-flight ends, then AVAILABLE or INVALID, as on the platform; a
 * status a test set meanwhile stands.
 */
function settledComputeEnv(ce: SimComputeEnv): SimComputeEnv {
	if (!ce.creating || performance.now() < ce.creating.dueAt) return ce;
	if (ce.status === 'CREATING') {
		ce.status = ce.creating.outcome;
		ce.message = ce.creating.message;
	}
	delete ce.creating;
	return ce;
}

export class SimulatorData {
	/**
	 * Whether a run list page says `hasMore`. The platform's pages leave it out (tower-cli's captured
	 * `workflow_list.json`), so a client must read on while pages come back full; tests may turn it on.
	 */
	runListReportsHasMore = false;
	readonly user: SimUser = { ...SEED_USER };
	readonly orgs: SimOrg[] = SEED_ORGS.map((o) => ({ ...o }));
	readonly workspaces: SimWorkspace[] = SEED_WORKSPACES.map((w) => ({ ...w }));
	readonly computeEnvs: SimComputeEnv[] = SEED_COMPUTE_ENVS.map((ce) => ({ ...ce, config: { ...ce.config } }));
	readonly pipelines: SimPipeline[] = SEED_PIPELINES.map((p) => ({ ...p }));
	/** Per pipeline, its versions; a pipeline without any stands for an install without pipeline versioning. */
	readonly pipelineVersions: Map<number, SimPipelineVersion[]> = seedPipelineVersions();
	readonly labels: SimLabel[] = SEED_LABELS.map((l) => ({ ...l }));
	readonly datasets: SimDataset[] = SEED_DATASETS.map((d) => ({ ...d, versions: d.versions.map((v) => ({ ...v })) }));
	readonly actions: SimAction[] = SEED_ACTIONS.map((a) => ({ ...a, launch: { ...a.launch } }));
	/** Pipeline schemas added through POST /pipeline-schemas, oldest first. */
	readonly pipelineSchemas: { id: number; workspaceId: WorkspaceRef; content: string }[] = [];
	readonly dataLinks: SimDataLink[] = SEED_DATA_LINKS.map((link) => ({
		...link,
		credentials: link.credentials.map((credential) => ({ ...credential })),
		objects: new Map([...link.objects].map(([path, object]) => [path, { ...object }])),
	}));
	/** Oldest first; the list serves the newest first. */
	readonly studios: SimStudio[] = SEED_STUDIOS.map((studio) => ({ ...studio, mountedDataLinkIds: [...studio.mountedDataLinkIds] }));
	/** The data link objects' bytes, uploads under way and presigned URLs of the storage host. */
	readonly dataLinkStore = new DataLinkObjectStore();
	/** Page tokens of data link listings carry this; expireDataLinkPageTokens() makes older ones invalid. */
	dataLinkPageTokenGeneration = 1;
	/** Every accepted POST /workflow/launch, oldest first. */
	readonly launches: LaunchRecord[] = [];
	/** Every accepted POST /actions/{actionId}/launch, oldest first. */
	readonly actionLaunches: ActionLaunchRecord[] = [];
	runWatcher: RunWatcher | undefined;
	/** Newest first, like the platform lists them. */
	private readonly runList: SimRun[];
	/** Separate stream from the seed, so launches never change the seed data. */
	private readonly random = new SeededRandom(SEED + 1);

	constructor(
		/** How long a launched run, or a Studio starting or stopping, stays in each status; a test may change it for the runs launched after. */
		public runProgressMs: number,
		readonly seededAt: Date = new Date(),
	) {
		this.runList = seedRuns(seededAt, new SeededRandom(SEED));
		this.sortRuns();
	}

	/** All runs, newest first, with launched runs moved on to the status their clock says. */
	get runs(): readonly SimRun[] {
		const now = performance.now();
		for (const run of this.runList) this.advance(run, now);
		return this.runList;
	}

	runsIn(workspace: WorkspaceRef): SimRun[] {
		return this.runs.filter((run) => run.workspaceId === workspace);
	}

	findRun(id: string): SimRun | undefined {
		const run = this.runList.find((r) => r.id === id);
		if (run) this.advance(run, performance.now());
		return run;
	}

	/** For tests: adds a run with sensible defaults for everything not given. */
	addRun(fields: Partial<SimRun> & Pick<SimRun, 'workspaceId'>): SimRun {
		const computeEnv = this.primaryComputeEnv(fields.workspaceId) ?? this.computeEnvs[0];
		const projectName = fields.projectName ?? 'nf-core/rnaseq';
		const submit = fields.submit ?? new Date();
		const status = fields.status ?? 'SUCCEEDED';
		const start = fields.start ?? (status === 'SUBMITTED' ? undefined : submit);
		const complete = fields.complete ?? (isActive(status) || status === 'UNKNOWN' ? undefined : new Date(submit.getTime() + 600_000));
		const launch: LaunchSettings = {
			pipeline: `https://github.com/${projectName}`,
			revision: projectInfo(projectName).revision,
			computeEnvId: computeEnv.id,
			workDir: computeEnv.workDir,
			configProfiles: [],
			pullLatest: false,
			stubRun: false,
			dateCreated: submit,
		};
		const run: SimRun = {
			id: this.random.base62(14),
			runName: randomRunName(this.random, new Set(this.runList.map((r) => r.runName))),
			projectName,
			repository: launch.pipeline,
			revision: launch.revision,
			commitId: this.random.hex(40),
			sessionId: this.random.uuid(),
			launchId: this.random.base62(22),
			userName: this.user.userName,
			ownerId: this.user.id,
			computeEnvId: computeEnv.id,
			workDir: computeEnv.workDir,
			params: {},
			configProfiles: [],
			labelIds: [],
			nextflowVersion: DEFAULT_NEXTFLOW_VERSION,
			resume: false,
			optimized: false,
			launch,
			...fields,
			status,
			submit,
			start,
			complete,
		};
		this.runList.push(run);
		this.sortRuns();
		return run;
	}

	workspaceById(id: number): SimWorkspace | undefined {
		return this.workspaces.find((w) => w.id === id);
	}

	orgById(id: number): SimOrg | undefined {
		return this.orgs.find((o) => o.id === id);
	}

	/** The organisation a workspace belongs to; none for the personal workspace. */
	orgOf(workspace: WorkspaceRef): SimOrg | undefined {
		const found = workspace === null ? undefined : this.workspaceById(workspace);
		return found && this.orgById(found.orgId);
	}

	computeEnvsIn(workspace: WorkspaceRef): SimComputeEnv[] {
		this.removeDeletedComputeEnvs();
		return this.computeEnvs.filter((ce) => ce.workspaceId === workspace).map(settledComputeEnv);
	}

	/** Drops the compute environments whose deletion has ended. */
	private removeDeletedComputeEnvs(): void {
		const now = performance.now();
		for (let index = this.computeEnvs.length - 1; index >= 0; index--) {
			const { deletingUntil, status } = this.computeEnvs[index];
			if (deletingUntil !== undefined && status === 'DELETING' && now >= deletingUntil) this.computeEnvs.splice(index, 1);
		}
	}

	primaryComputeEnv(workspace: WorkspaceRef): SimComputeEnv | undefined {
		return this.computeEnvsIn(workspace).find((ce) => ce.primary);
	}

	computeEnvById(id: string): SimComputeEnv | undefined {
		this.removeDeletedComputeEnvs();
		const ce = this.computeEnvs.find((each) => each.id === id);
		return ce && settledComputeEnv(ce);
	}

	versionsOf(pipelineId: number): SimPipelineVersion[] {
		return this.pipelineVersions.get(pipelineId) ?? [];
	}

	pipelinesIn(workspace: WorkspaceRef): SimPipeline[] {
		return this.pipelines.filter((p) => p.workspaceId === workspace);
	}

	/** The workspace's own pipelines and those the other workspaces of its organization share with it. */
	pipelinesVisibleIn(workspace: WorkspaceRef): SimPipeline[] {
		const org = workspace === null ? undefined : this.orgOf(workspace);
		return this.pipelines.filter(
			(p) =>
				p.workspaceId === workspace ||
				(p.shared === true && org !== undefined && p.workspaceId !== null && this.orgOf(p.workspaceId)?.id === org.id),
		);
	}

	/**
	 * The pipelines a request in `workspace` reaches by ID: its own, or, given the workspace they come from
	 * (`sourceWorkspaceId`), those shared from it.
	 */
	pipelinesReachedFrom(workspace: WorkspaceRef, sourceWorkspace: WorkspaceRef): SimPipeline[] {
		if (sourceWorkspace === null || sourceWorkspace === workspace) return this.pipelinesIn(workspace);
		return this.pipelinesIn(sourceWorkspace).filter((p) => p.shared === true);
	}

	labelsIn(workspace: WorkspaceRef): SimLabel[] {
		return this.labels.filter((l) => l.workspaceId === workspace);
	}

	labelsOf(run: SimRun): SimLabel[] {
		return this.labels.filter((l) => run.labelIds.includes(l.id));
	}

	datasetsIn(workspace: WorkspaceRef): SimDataset[] {
		return this.datasets.filter((d) => d.workspaceId === workspace);
	}

	actionsIn(workspace: WorkspaceRef): SimAction[] {
		return this.actions.filter((a) => a.workspaceId === workspace);
	}

	dataLinksIn(workspace: WorkspaceRef): SimDataLink[] {
		return this.dataLinks.filter((link) => link.workspaceId === workspace);
	}

	/** For tests: a data link by ID, whatever its workspace. */
	dataLinkById(id: string): SimDataLink {
		const link = this.dataLinks.find((each) => each.id === id);
		if (!link) throw new Error(`no data link ${id} in the simulator`);
		return link;
	}

	/**
	 * For tests: an object lands in a data link, or is uploaded again over one with the same path. The
	 * media type follows the name unless given.
	 */
	addDataLinkObject(dataLinkId: string, path: string, fields: Partial<SimDataLinkObject> = {}): void {
		this.dataLinkById(dataLinkId).objects.set(path, { size: 1_048_576, mimeType: mimeTypeOf(path), ...fields });
	}

	/** For tests: deletes an object; true when there was one. */
	removeDataLinkObject(dataLinkId: string, path: string): boolean {
		return this.dataLinkById(dataLinkId).objects.delete(path);
	}

	/** For tests: every page token handed out so far is refused from now on, as an expired one would be. */
	expireDataLinkPageTokens(): void {
		this.dataLinkPageTokenGeneration++;
	}

	studiosIn(workspace: WorkspaceRef): SimStudio[] {
		return this.studios.filter((studio) => studio.workspaceId === workspace);
	}

	/** For tests: a Studio by session ID, whatever its workspace. */
	studioById(sessionId: string): SimStudio {
		const studio = this.studios.find((each) => each.sessionId === sessionId);
		if (!studio) throw new Error(`no Studio ${sessionId} in the simulator`);
		return studio;
	}

	/** For tests: adds a Studio, stopped and created now unless told otherwise (see newStudio in seed.ts). */
	addStudio(fields: Partial<SimStudio> & Pick<SimStudio, 'workspaceId' | 'name'>): SimStudio {
		const studio = newStudio({ sessionId: this.random.hex(8), ...fields }, new Date());
		this.studios.push(studio);
		return studio;
	}

	/**
	 * For tests: a Studio moves to a status. Starting it (to starting, or straight to running from
	 * anything but starting) sets the time it was last started, as the platform does.
	 */
	setStudioStatus(sessionId: string, status: StudioStatus, details: { message?: string; stopReason?: StudioStopReason } = {}): SimStudio {
		const studio = this.studioById(sessionId);
		const now = new Date();
		if (status === 'starting' || (status === 'running' && studio.status !== 'starting')) studio.lastStarted = now;
		studio.status = status;
		studio.statusMessage = details.message;
		studio.stopReason = details.stopReason;
		studio.statusUpdated = now;
		studio.lastUpdated = now;
		return studio;
	}

	/** For tests: deletes a Studio. */
	removeStudio(sessionId: string): void {
		this.studios.splice(this.studios.indexOf(this.studioById(sessionId)), 1);
	}

	/** POST /workflow/launch. */
	launch(workspace: WorkspaceRef, body: unknown, tokenHash: string | null, sourceWorkspace: WorkspaceRef = null): SimRun {
		if (!isRecord(body) || !isRecord(body.launch)) throw badRequest('Missing launch request');
		// A launch's `id` names the saved launch it comes from: a Launchpad pipeline's (one shared from another
		// workspace only with that workspace as `sourceWorkspaceId`) or an earlier run's.
		const savedLaunchId = optionalString(body.launch.id);
		if (
			savedLaunchId !== undefined &&
			!this.pipelinesReachedFrom(workspace, sourceWorkspace).some(
				(p) => p.launchId === savedLaunchId || this.versionsOf(p.id).some((each) => each.launchId === savedLaunchId),
			) &&
			!this.runsIn(workspace).some((r) => r.launchId === savedLaunchId)
		) {
			throw forbidden();
		}
		const run = this.startRun(workspace, body.launch);
		this.launches.push({ workflowId: run.id, workspaceId: workspace, tokenHash, request: body, at: performance.now() });
		return run;
	}

	/**
	 * POST /actions/{actionId}/launch: launches the action's pipeline with the given params laid over the
	 * action's own. Only API-triggered ("tower") actions that are active can be launched.
	 */
	launchAction(action: SimAction, body: unknown): SimRun {
		if (!isRecord(body)) throw badRequest('Missing action launch request');
		const params = body.params ?? {};
		if (!isRecord(params)) throw badRequest('params must be an object of parameter names and values');
		if (action.source !== 'tower')
			throw badRequest(`Action '${action.name}' is started by ${action.source} events and cannot be launched`);
		if (action.status !== 'ACTIVE') throw badRequest(`Action '${action.name}' is ${action.status} and cannot be launched`);
		const own: unknown = action.launch.paramsText ? parseYaml(action.launch.paramsText) : {};
		const run = this.startRun(action.workspaceId, {
			...action.launch,
			paramsText: JSON.stringify({ ...(isRecord(own) ? own : {}), ...params }),
		});
		action.lastSeen = new Date();
		action.lastWorkflowId = run.id;
		this.actionLaunches.push({ actionId: action.id, workflowId: run.id, params: body.params });
		return run;
	}

	/**
	 * POST /workflow/labels/add|remove|apply. A run or label the workspace does not have is a 403, as for any
	 * entity the caller cannot see.
	 */
	changeRunLabels(workspace: WorkspaceRef, body: unknown, change: 'add' | 'remove' | 'apply'): void {
		if (!isRecord(body)) throw badRequest('Missing labels request');
		const { workflowIds = [], labelIds = [] } = body;
		if (!Array.isArray(workflowIds) || workflowIds.some((id) => typeof id !== 'string')) {
			throw badRequest('workflowIds must be a list of workflow ids');
		}
		if (!Array.isArray(labelIds) || labelIds.some((id) => typeof id !== 'number')) {
			throw badRequest('labelIds must be a list of label ids');
		}
		const runs = (workflowIds as string[]).map((id) => this.findRun(id));
		const workspaceLabelIds = new Set(this.labelsIn(workspace).map((l) => l.id));
		if (runs.some((run) => !run || run.workspaceId !== workspace) || (labelIds as number[]).some((id) => !workspaceLabelIds.has(id))) {
			throw forbidden();
		}
		for (const run of runs as SimRun[]) {
			if (change === 'apply') run.labelIds = [...new Set(labelIds as number[])];
			else if (change === 'add') run.labelIds = [...new Set([...run.labelIds, ...(labelIds as number[])])];
			else run.labelIds = run.labelIds.filter((id) => !(labelIds as number[]).includes(id));
		}
	}

	/** POST /datasets: names are unique per workspace (409 otherwise). */
	createDataset(workspace: WorkspaceRef, body: unknown): SimDataset {
		if (!isRecord(body)) throw badRequest('Missing dataset request');
		const name = optionalString(body.name)?.trim();
		if (!name || !DATASET_NAME_PATTERN.test(name)) {
			throw badRequest(`Invalid dataset name '${String(body.name ?? '')}' - use up to 100 letters, digits, '-', '_' or '.'`);
		}
		if (this.datasetsIn(workspace).some((d) => d.name === name)) {
			throw new ApiError(409, { message: withErrorId(`A dataset named '${name}' already exists in this workspace`) });
		}
		const now = new Date();
		const dataset: SimDataset = {
			id: this.random.base62(22),
			workspaceId: workspace,
			name,
			description: optionalString(body.description),
			dateCreated: now,
			lastUpdated: now,
			versions: [],
		};
		this.datasets.push(dataset);
		return dataset;
	}

	/**
	 * PUT /datasets/{datasetId} (UpdateDatasetRequest). The platform replaces: the name is checked as on create, and a
	 * description the request leaves out is cleared.
	 */
	updateDataset(dataset: SimDataset, body: unknown): void {
		if (!isRecord(body)) throw badRequest('Missing dataset request');
		const name = optionalString(body.name)?.trim();
		if (!name || !DATASET_NAME_PATTERN.test(name)) {
			throw badRequest(`Invalid dataset name '${String(body.name ?? '')}' - use up to 100 letters, digits, '-', '_' or '.'`);
		}
		if (this.datasetsIn(dataset.workspaceId).some((d) => d.name === name && d !== dataset)) {
			throw new ApiError(409, { message: withErrorId(`A dataset named '${name}' already exists in this workspace`) });
		}
		dataset.name = name;
		dataset.description = optionalString(body.description);
		dataset.lastUpdated = new Date();
	}

	/**
	 * POST /datasets/{datasetId}/upload: the multipart `file` becomes the next version. Only CSV and TSV
	 * files are taken, by media type or else by file extension; their data rows are counted, so tests can
	 * check what arrived.
	 */
	uploadDatasetVersion(dataset: SimDataset, file: FormPart | undefined, hasHeader: boolean): SimDatasetVersion {
		if (!file || file.fileName === undefined) throw badRequest("Missing multipart field 'file' with the dataset file");
		const extension = /\.([A-Za-z]+)$/.exec(file.fileName)?.[1]?.toLowerCase() ?? '';
		const mediaType =
			Object.values(DATASET_MEDIA_TYPES).find((type) => type === file.contentType?.split(';')[0].trim()) ??
			DATASET_MEDIA_TYPES[extension];
		if (!mediaType) throw badRequest(`File '${file.fileName}' is not a CSV or TSV file`);
		if (file.content.trim() === '') throw badRequest(`File '${file.fileName}' is empty`);
		const now = new Date();
		let version: SimDatasetVersion;
		try {
			version = datasetVersion(dataset.versions.length + 1, file.fileName, mediaType, hasHeader, file.content, now);
		} catch (error) {
			throw badRequest(`File '${file.fileName}' cannot be read: ${(error as Error).message}`);
		}
		dataset.versions.push(version);
		dataset.lastUpdated = now;
		return version;
	}

	/** Only SUBMITTED and RUNNING runs can be cancelled. */
	cancel(run: SimRun): void {
		if (!isActive(run.status)) {
			throw badRequest(`Workflow ${run.id} cannot be cancelled because its status is ${run.status}`);
		}
		run.progression = undefined;
		run.status = 'CANCELLED';
		run.complete = new Date();
		run.platformEndedAt = performance.now();
		this.runWatcher?.cancelled(run);
	}

	/** The launched run stays RUNNING past its end time until releaseRunEnd: the weblog poster tells when Nextflow would let the platform know. */
	holdRunEnd(run: SimRun): void {
		if (run.progression) run.progression.endHeld = true;
	}

	/** The platform learns that a held run ended, with the outcome its launch gave; a run deleted or cancelled meanwhile stays as it is. */
	releaseRunEnd(workflowId: string): void {
		const run = this.findRun(workflowId);
		if (run?.progression) this.end(run, run.progression, performance.now());
	}

	/** Deleting an active run needs `force`, as on the platform. */
	delete(run: SimRun, force: boolean): void {
		if (isActive(run.status) && !force) {
			throw badRequest(`Workflow ${run.id} is active (${run.status}) - cancel it first or delete with force=true`);
		}
		this.runList.splice(this.runList.indexOf(run), 1);
	}

	/** POST /labels: returns the existing label when one with the same name and value exists. */
	createLabel(workspace: WorkspaceRef, body: unknown): SimLabel {
		if (!isRecord(body)) throw badRequest('Missing label request');
		const name = optionalString(body.name);
		if (!name || !LABEL_NAME_PATTERN.test(name)) {
			throw badRequest(`Invalid label name '${String(body.name ?? '')}' - use 1 to 39 letters, digits, '-', '_' or '.'`);
		}
		const resource = body.resource === true;
		const value = optionalString(body.value);
		if (resource && value === undefined) throw badRequest('Resource labels need a value');
		if (!resource && value !== undefined) throw badRequest('Only resource labels can have a value');
		const existing = this.labelsIn(workspace).find((l) => l.name === name && l.value === value && l.resource === resource);
		if (existing) return existing;
		const label: SimLabel = {
			id: 300_000_000_000_000 + this.random.int(0, 99_999_999_999),
			workspaceId: workspace,
			name,
			value,
			resource,
			isDefault: body.isDefault === true,
			dateCreated: new Date(),
		};
		this.labels.push(label);
		return label;
	}

	/**
	 * PUT /labels/{labelId} (UpdateLabelRequest). The platform replaces: the name is checked as on create, a resource
	 * label needs its value, and a default flag the request leaves out turns off. A simple label takes no value.
	 */
	updateLabel(label: SimLabel, body: unknown): SimLabel {
		if (!isRecord(body)) throw badRequest('Missing label request');
		const name = optionalString(body.name);
		if (!name || !LABEL_NAME_PATTERN.test(name)) {
			throw badRequest(`Invalid label name '${String(body.name ?? '')}' - use 1 to 39 letters, digits, '-', '_' or '.'`);
		}
		const value = optionalString(body.value);
		if (label.resource && value === undefined) throw badRequest('Resource labels need a value');
		if (!label.resource && value !== undefined) throw badRequest('Only resource labels can have a value');
		const clash = this.labelsIn(label.workspaceId).find(
			(l) => l !== label && l.name === name && l.value === value && l.resource === label.resource,
		);
		if (clash) throw badRequest(`A label '${value === undefined ? name : `${name}=${value}`}' already exists`);
		label.name = name;
		label.value = value;
		label.isDefault = label.resource && body.isDefault === true;
		return label;
	}

	/**
	 * Starts a run from a launch request. Malformed requests fail with a plain message; a well-formed
	 * launch that cannot run lists every blocker in `errors`.
	 */
	private startRun(workspace: WorkspaceRef, request: Record<string, unknown>): SimRun {
		const pipeline = optionalString(request.pipeline)?.trim();
		if (!pipeline) throw badRequest('Missing pipeline repository');
		if (!PIPELINE_PATTERN.test(pipeline)) throw badRequest(`Invalid pipeline repository: ${pipeline}`);

		const blockers: LaunchValidationError[] = [];
		const requestedComputeEnvId = optionalString(request.computeEnvId);
		let computeEnv: SimComputeEnv | undefined;
		if (requestedComputeEnvId) {
			computeEnv = this.computeEnvsIn(workspace).find((ce) => ce.id === requestedComputeEnvId);
			if (!computeEnv) {
				blockers.push({
					code: 'COMPUTE_ENV_NOT_FOUND',
					message: `Compute environment '${requestedComputeEnvId}' not found in this workspace`,
				});
			}
		} else {
			computeEnv = this.primaryComputeEnv(workspace);
			if (!computeEnv) {
				blockers.push({
					code: 'COMPUTE_ENV_MISSING',
					message: 'No compute environment given and the workspace has no primary one',
				});
			}
		}
		if (computeEnv && computeEnv.status !== 'AVAILABLE') {
			blockers.push({
				code: 'COMPUTE_ENV_NOT_AVAILABLE',
				message: `Compute environment '${computeEnv.name}' is not available (status ${computeEnv.status})`,
			});
		}
		const workDir = optionalString(request.workDir) ?? computeEnv?.workDir;
		if (!workDir) {
			blockers.push({
				code: 'WORK_DIR_MISSING',
				message: 'Work directory is missing and cannot be taken from a compute environment',
			});
		}
		const runName = optionalString(request.runName);
		if (runName !== undefined && !RUN_NAME_PATTERN.test(runName)) {
			blockers.push({
				code: 'INVALID_RUN_NAME',
				message: `Invalid run name '${runName}' - use up to 80 letters, digits, '-' or '_'`,
			});
		}
		const labelIds = Array.isArray(request.labelIds) ? request.labelIds : [];
		const workspaceLabelIds = new Set(this.labelsIn(workspace).map((l) => l.id));
		for (const id of labelIds.filter((id) => !workspaceLabelIds.has(id as number))) {
			blockers.push({ code: 'LABEL_NOT_FOUND', message: `Label ${String(id)} not found in this workspace` });
		}
		const params = this.parseParams(request.paramsText, blockers);
		const resume = request.resume === true;
		const givenSessionId = optionalString(request.sessionId);
		if (resume && !givenSessionId) {
			blockers.push({ code: 'SESSION_ID_MISSING', message: 'Resuming a run requires the sessionId of the run to resume' });
		}
		if (blockers.length > 0 || !computeEnv || !workDir) {
			throw new ApiError(400, {
				message: withErrorId(`Unable to launch workflow: ${blockers.map((b) => b.message).join('; ')}`),
				errors: blockers,
			});
		}

		const repository = pipeline.startsWith('http')
			? pipeline.replace(/\.git$/, '').replace(/\/$/, '')
			: `https://github.com/${pipeline}`;
		const projectName = new URL(repository).pathname.replace(/^\//, '');
		const revision = optionalString(request.revision) ?? projectInfo(projectName).revision;
		const configProfiles = stringList(request.configProfiles);
		const finalRunName = runName ?? randomRunName(this.random, new Set(this.runList.map((r) => r.runName)));
		const willFail = params.fail === true || finalRunName.toLowerCase().includes('fail');
		const pipelineEntry = this.pipelinesIn(workspace).find((p) => p.repository === repository);
		const submit = new Date();
		const run: SimRun = {
			id: this.random.base62(14),
			workspaceId: workspace,
			runName: finalRunName,
			projectName,
			repository,
			revision,
			commitId: optionalString(request.commitId) ?? this.random.hex(40),
			sessionId: resume && givenSessionId ? givenSessionId : this.random.uuid(),
			launchId: this.random.base62(22),
			status: 'SUBMITTED',
			submit,
			userName: this.user.userName,
			ownerId: this.user.id,
			computeEnvId: computeEnv.id,
			workDir,
			params,
			configProfiles,
			labelIds: labelIds as number[],
			pipelineId: pipelineEntry?.id,
			nextflowVersion: optionalString(request.nextflowVersion) ?? DEFAULT_NEXTFLOW_VERSION,
			resume,
			optimized: false,
			launch: {
				pipeline: repository,
				revision,
				computeEnvId: computeEnv.id,
				workDir,
				configProfiles,
				configText: optionalString(request.configText),
				paramsText: optionalString(request.paramsText),
				preRunScript: optionalString(request.preRunScript),
				postRunScript: optionalString(request.postRunScript),
				mainScript: optionalString(request.mainScript),
				entryName: optionalString(request.entryName),
				towerConfig: optionalString(request.towerConfig),
				pullLatest: request.pullLatest === true,
				stubRun: request.stubRun === true,
				headJobCpus: typeof request.headJobCpus === 'number' ? request.headJobCpus : undefined,
				headJobMemoryMb: typeof request.headJobMemoryMb === 'number' ? request.headJobMemoryMb : undefined,
				userSecrets: stringList(request.userSecrets),
				workspaceSecrets: stringList(request.workspaceSecrets),
				pipelineId: pipelineEntry?.id,
				nextflowVersion: optionalString(request.nextflowVersion),
				dateCreated: submit,
			},
			progression: { launchedAt: performance.now(), stepMs: this.runProgressMs, outcome: willFail ? 'FAILED' : 'SUCCEEDED' },
		};
		this.runList.push(run);
		this.sortRuns();
		this.runWatcher?.launched(run);
		return run;
	}

	private parseParams(paramsText: unknown, blockers: LaunchValidationError[]): Record<string, unknown> {
		if (typeof paramsText !== 'string' || paramsText.trim() === '') return {};
		try {
			// JSON is valid YAML, so one parser covers both formats the platform accepts.
			const parsed: unknown = parseYaml(paramsText);
			if (isRecord(parsed)) return parsed;
		} catch {
			// reported below
		}
		blockers.push({ code: 'INVALID_PARAMS', message: 'Pipeline parameters (paramsText) must be a JSON or YAML object' });
		return {};
	}

	/**
	 * Launched runs take one `stepMs` per status: SUBMITTED, RUNNING, then their outcome, unless their end is
	 * held: then they stay RUNNING until releaseRunEnd.
	 */
	private advance(run: SimRun, now: number): void {
		const progression = run.progression;
		if (!progression) return;
		if (now >= progression.launchedAt + progression.stepMs) {
			run.status = 'RUNNING';
			run.start ??= new Date(run.submit.getTime() + progression.stepMs);
		}
		const endTime = progression.launchedAt + 2 * progression.stepMs;
		if (now >= endTime && !progression.endHeld) this.end(run, progression, endTime);
	}

	private end(run: SimRun, progression: RunProgression, platformEndedAt: number): void {
		Object.assign(run, endOf(run, progression));
		run.platformEndedAt = platformEndedAt;
		run.progression = undefined;
	}

	private sortRuns(): void {
		this.runList.sort((a, b) => b.submit.getTime() - a.submit.getTime() || a.id.localeCompare(b.id));
	}
}
