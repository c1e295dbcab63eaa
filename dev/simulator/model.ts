/** The simulator's in-memory platform entities (internal shapes; dto.ts turns them into API JSON). */

export type WorkflowStatus = 'SUBMITTED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED' | 'UNKNOWN';
export const WORKFLOW_STATUSES: readonly WorkflowStatus[] = ['SUBMITTED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'UNKNOWN'];
export const isActive = (status: WorkflowStatus): boolean => status === 'SUBMITTED' || status === 'RUNNING';

/**
 * How `/workflow/{workflowId}` answers a run ID the workspace does not have (deleted, or another
 * workspace's): 403 with no body, as the platform does; 400 "Unknown workflow ID", which the contract
 * lists; or 404, which some installs answer.
 */
export const UNKNOWN_RUN_STATUSES = [400, 403, 404] as const;
export type UnknownRunStatus = (typeof UNKNOWN_RUN_STATUSES)[number];

/** null stands for the user's personal workspace (requests without `workspaceId`). */
export type WorkspaceRef = number | null;

export interface SimUser {
	id: number;
	userName: string;
	email: string;
	firstName: string;
	lastName: string;
	organization: string;
	dateCreated: Date;
}

export interface SimOrg {
	id: number;
	name: string;
	fullName: string;
	description: string;
	type: 'academic' | 'evaluating' | 'pro' | 'basic' | 'internal';
	role: 'owner' | 'member' | 'collaborator';
	location: string;
	website: string;
}

export interface SimWorkspace {
	id: number;
	orgId: number;
	name: string;
	fullName: string;
	description: string;
	visibility: 'PRIVATE' | 'SHARED';
}

export type ComputeEnvStatus = 'CREATING' | 'AVAILABLE' | 'DISABLED' | 'DELETING' | 'ERRORED' | 'INVALID' | 'DELETED';

/** The contract's compute platforms (ComputeEnv.platform). */
export const COMPUTE_PLATFORMS = [
	'aws-batch',
	'aws-cloud',
	'seqeracompute-platform',
	'google-batch',
	'google-cloud',
	'azure-batch',
	'azure-cloud',
	'k8s-platform',
	'eks-platform',
	'gke-platform',
	'uge-platform',
	'slurm-platform',
	'lsf-platform',
	'altair-platform',
	'moab-platform',
	'local-platform',
	'google-lifesciences',
] as const;
export type ComputePlatform = (typeof COMPUTE_PLATFORMS)[number];

export interface SimComputeEnv {
	id: string;
	workspaceId: WorkspaceRef;
	name: string;
	description: string;
	platform: ComputePlatform;
	region: string;
	workDir: string;
	status: ComputeEnvStatus;
	message?: string;
	primary: boolean;
	credentialsId: string;
	dateCreated: Date;
	lastUsed: Date;
	/** Platform-specific fields of the ComputeConfig (without discriminator/workDir, added by dto.ts). */
	config: Record<string, unknown>;
	/** The labels given when it was created. */
	labelIds?: number[];
	/** While a new one is CREATING: when its pre-flight ends (performance.now()) and the status it then takes. */
	creating?: { dueAt: number; outcome: 'AVAILABLE' | 'INVALID'; message?: string };
	/** While a Batch Forge one is DELETING: when what Forge made is gone, and the compute environment with it. */
	deletingUntil?: number;
}

export interface SimPipeline {
	id: number;
	workspaceId: WorkspaceRef;
	name: string;
	description: string;
	repository: string;
	revision: string;
	configProfiles: string[];
	paramsText: string;
	/** The Nextflow config text saved with the pipeline, if any. */
	configText?: string;
	/** The Bash scripts saved with the pipeline to run before and after it, if any. */
	preRunScript?: string;
	postRunScript?: string;
	computeEnvId: string;
	workDir: string;
	labelIds: number[];
	dateCreated: Date;
	lastUpdated: Date;
	launchId: string;
	/** Shared with the other workspaces of its organization, which list it with `visibility=all`. */
	shared?: boolean;
	/** What some saved launches hold besides: a resource optimization, and the session and schema of the run they were saved from. */
	savedWith?: {
		optimizationId?: string;
		optimizationTargets?: string;
		sessionId?: string;
		pipelineSchemaId?: number;
		resume?: boolean;
		nextflowVersion?: string;
		outputDir?: string;
		syntaxParser?: string;
		launchContainer?: string;
		headJobCpus?: number;
		/** The Git commit the launches are pinned to, and the secrets, by name, they are given. */
		commitId?: string;
		userSecrets?: string[];
		workspaceSecrets?: string[];
	};
}

export interface SimLabel {
	id: number;
	workspaceId: WorkspaceRef;
	name: string;
	/** Only resource labels carry a value. */
	value?: string;
	resource: boolean;
	isDefault: boolean;
	dateCreated: Date;
}

/** The launch form a run was started with; served back by GET /workflow/{id}/launch for relaunch/resume. */
export interface LaunchSettings {
	pipeline: string;
	revision: string;
	computeEnvId: string;
	workDir: string;
	configProfiles: string[];
	configText?: string;
	paramsText?: string;
	preRunScript?: string;
	postRunScript?: string;
	mainScript?: string;
	entryName?: string;
	towerConfig?: string;
	pullLatest: boolean;
	stubRun: boolean;
	headJobCpus?: number;
	headJobMemoryMb?: number;
	userSecrets?: string[];
	workspaceSecrets?: string[];
	pipelineId?: number;
	nextflowVersion?: string;
	dateCreated: Date;
}

/** Launched runs move SUBMITTED → RUNNING → outcome, one step per `stepMs`. */
export interface RunProgression {
	/** performance.now() at launch. */
	launchedAt: number;
	stepMs: number;
	outcome: 'SUCCEEDED' | 'FAILED';
	/**
	 * The run stays RUNNING past its end time until the weblog poster releases it (SimulatorData.releaseRunEnd):
	 * the platform learns of a run's end from Nextflow, after Nextflow has posted its weblog `completed`.
	 */
	endHeld?: boolean;
}

export interface SimRun {
	id: string;
	workspaceId: WorkspaceRef;
	runName: string;
	projectName: string;
	repository: string;
	revision: string;
	commitId: string;
	sessionId: string;
	launchId: string;
	status: WorkflowStatus;
	submit: Date;
	start?: Date;
	complete?: Date;
	userName: string;
	ownerId: number;
	computeEnvId: string;
	workDir: string;
	params: Record<string, unknown>;
	configProfiles: string[];
	labelIds: number[];
	pipelineId?: number;
	nextflowVersion: string;
	resume: boolean;
	optimized: boolean;
	exitStatus?: number;
	/** When absent, a failed run reports the task that failed. */
	errorMessage?: string;
	launch: LaunchSettings;
	progression?: RunProgression;
	/** performance.now() when the platform learned that the launched run ended: its clock's end, its release by the weblog poster, or its cancel. */
	platformEndedAt?: number;
}

export interface LaunchRecord {
	workflowId: string;
	workspaceId: WorkspaceRef;
	tokenHash: string | null;
	/** The request body exactly as received ({launch: {...}}). */
	request: unknown;
	/** performance.now() when the launch was accepted. */
	at: number;
}

export type DatasetMediaType = 'text/csv' | 'text/tab-separated-values';

/** One uploaded file of a dataset; versions count from 1. */
export interface SimDatasetVersion {
	version: number;
	fileName: string;
	mediaType: DatasetMediaType;
	hasHeader: boolean;
	/** Data rows, the header row not counted. */
	rowCount: number;
	fileSize: number;
	content: string;
	dateCreated: Date;
}

export interface SimDataset {
	id: string;
	workspaceId: WorkspaceRef;
	name: string;
	description?: string;
	dateCreated: Date;
	lastUpdated: Date;
	/** Oldest first. */
	versions: SimDatasetVersion[];
	/** Hidden by POST /datasets/hide: lists leave it out unless asked for hidden ones. */
	hidden?: boolean;
	/** Simple labels only, put on by POST /datasets/labels/add|apply. */
	labelIds?: number[];
}

/** A pipeline action: `tower` actions are triggered by API calls, `github` ones by pushes. */
export interface SimAction {
	id: string;
	workspaceId: WorkspaceRef;
	name: string;
	source: 'tower' | 'github' | 'cron' | 'bucket';
	status: 'CREATING' | 'ACTIVE' | 'ERROR' | 'PAUSED';
	/** What each trigger launches; `paramsText` holds the action's own parameters. */
	launch: Pick<LaunchSettings, 'pipeline' | 'revision' | 'computeEnvId' | 'workDir' | 'configProfiles' | 'paramsText'>;
	/** The rest of the launch an action was created or updated with, as its Describe answers it. */
	savedLaunch?: Record<string, unknown>;
	/** A cron action's schedule. */
	cron?: { expression: string; timezone: string };
	/** A bucket action's data link and the path filter of its events. */
	bucket?: { dataLinkId: string; filter?: string };
	labelIds?: number[];
	lastUpdated?: Date;
	dateCreated: Date;
	lastSeen?: Date;
	/** The run the last trigger launched. */
	lastWorkflowId?: string;
}

export interface ActionLaunchRecord {
	actionId: string;
	workflowId: string;
	/** The `params` of the request exactly as received. */
	params: unknown;
}

export type DataLinkProvider = 'aws' | 'google' | 'azure';

/** One object in a data link's bucket; the platform lists its name, size and media type. */
export interface SimDataLinkObject {
	size: number;
	mimeType: string;
}

/** A bucket (or a path in one) the workspace can browse; folders are implied by the objects' paths. */
export interface SimDataLink {
	id: string;
	workspaceId: WorkspaceRef;
	name: string;
	description?: string;
	provider: DataLinkProvider;
	region: string;
	/** `s3://bucket`, `gs://bucket/path`, `az://container`: where the data link's root is. */
	resourceRef: string;
	publicAccessible: boolean;
	hidden: boolean;
	/** Public data links need none. */
	credentials: Array<{ id: string; name: string }>;
	/** By path below the data link's root, such as `runs/240501_A/fastq/S1_R1.fastq.gz`. */
	objects: Map<string, SimDataLinkObject>;
}

/** The contract's DataStudioStatus. */
export type StudioStatus = 'starting' | 'running' | 'stopping' | 'stopped' | 'errored' | 'building' | 'buildFailed';
export const STUDIO_STATUSES: readonly StudioStatus[] = [
	'starting',
	'running',
	'stopping',
	'stopped',
	'errored',
	'building',
	'buildFailed',
];
export type StudioStopReason = 'CREDITS_RUN_OUT' | 'LIFESPAN_EXPIRED' | 'SPOT_RECLAMATION' | 'NO_STATS_AVAIL';

export interface SimStudio {
	sessionId: string;
	workspaceId: WorkspaceRef;
	name: string;
	description?: string;
	tool: 'jupyter' | 'rstudio' | 'vscode' | 'xpra';
	/** The container image of the Studio's template. */
	templateRepository: string;
	/** Made from an image of the user's own, not one of the platform's templates: its tool is unknown. */
	customImage?: boolean;
	computeEnvId: string;
	cpu: number;
	memoryMb: number;
	gpu: number;
	lifespanHours: number;
	mountedDataLinkIds: string[];
	/** DataStudioConfiguration's condaEnvironment, environment and sshEnabled, kept as given. */
	condaEnvironment?: string;
	environment?: Record<string, string>;
	sshEnabled?: boolean;
	/** The request fields beside the configuration: the compute environment decides spot when it is left out. */
	spot?: boolean;
	labelIds?: number[];
	allowedUserIds?: number[];
	/** The Git repository the Studio's configuration is imported from (StudioRemoteConfiguration). */
	remoteConfig?: { repository: string; revision?: string };
	status: StudioStatus;
	statusMessage?: string;
	stopReason?: StudioStopReason;
	/** When the status last changed. */
	statusUpdated: Date;
	/** When the Studio was last started; absent until it first starts. */
	lastStarted?: Date;
	/** The checkpoint of another Studio it was created from (DataStudioDto.ParentCheckpoint). */
	parentCheckpoint?: { checkpointId: number; checkpointName: string; sessionId: string; studioName: string };
	dateCreated: Date;
	lastUpdated: Date;
}
