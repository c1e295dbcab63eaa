/**
 * Internal entities → the JSON the platform sends, shaped after the contract's
 * response schemas. Optional fields are left `undefined` (and so dropped by
 * JSON.stringify) rather than sent as null, unless the platform is known to send null.
 */
import { isoSeconds } from './apiTypes';
import { computeEnvAsCaptured } from './captured';
import type { SimulatorData } from './data';
import {
	isActive,
	type SimAction,
	type SimComputeEnv,
	type SimDataLink,
	type SimDataset,
	type SimDatasetVersion,
	type SimLabel,
	type SimOrg,
	type SimPipeline,
	type SimRun,
	type SimStudio,
	type SimUser,
	type SimWorkspace,
	type WorkspaceRef,
} from './model';
import { orgAdminOf } from './orgAdmin';
import { hashString } from './random';
import { consoleLines, loadOf, runFiles, summarise, type SimTask } from './runDetails';
import { projectInfo } from './seed';

type Json = Record<string, unknown>;

const ts = (date: Date | undefined): string | undefined => (date ? isoSeconds(date) : undefined);

const PLATFORM_NAMES: Record<SimComputeEnv['platform'], string> = {
	'aws-batch': 'AWS Batch',
	'aws-cloud': 'AWS Cloud',
	'seqeracompute-platform': 'Seqera Compute',
	'google-batch': 'Google Batch',
	'google-cloud': 'Google Cloud',
	'azure-batch': 'Azure Batch',
	'azure-cloud': 'Azure Cloud',
	'k8s-platform': 'Kubernetes',
	'eks-platform': 'Amazon EKS',
	'gke-platform': 'Google GKE',
	'uge-platform': 'Altair Grid Engine',
	'slurm-platform': 'Slurm Workload Manager',
	'lsf-platform': 'IBM LSF',
	'altair-platform': 'Altair PBS Pro',
	'moab-platform': 'Moab',
	'local-platform': 'Local',
	'google-lifesciences': 'Google Life Sciences',
};

export function userDto(user: SimUser): Json {
	return {
		id: user.id,
		userName: user.userName,
		email: user.email,
		firstName: user.firstName,
		lastName: user.lastName,
		organization: user.organization,
		description: 'Computational biologist',
		avatar: `https://www.gravatar.com/avatar/${hashString(user.email).toString(16)}?d=404`,
		notification: true,
		termsOfUseConsent: true,
		marketingConsent: false,
		deleted: false,
		dateCreated: ts(user.dateCreated),
		lastUpdated: ts(user.dateCreated),
		lastAccess: ts(new Date()),
	};
}

export function organizationDto(org: SimOrg, user: SimUser): Json {
	return {
		orgId: org.id,
		name: org.name,
		fullName: org.fullName,
		description: org.description,
		location: org.location,
		website: org.website,
		type: org.type,
		memberId: user.id * 10 + 1,
		memberRole: org.role,
	};
}

export function workspaceDto(workspace: SimWorkspace): Json {
	return {
		id: workspace.id,
		name: workspace.name,
		fullName: workspace.fullName,
		description: workspace.description,
		visibility: workspace.visibility,
	};
}

/**
 * Each organisation the user belongs to appears once with null workspace fields, with their role in it,
 * then once per workspace they have a role in, with that role, as on the platform.
 */
export function orgsAndWorkspacesDto(data: SimulatorData, userId: number): Json[] {
	const store = orgAdminOf(data);
	return data.orgs.flatMap((org) => {
		const member = store.membersOf(org.id).find((each) => each.userId === userId);
		if (!member) return [];
		const orgEntry = { orgId: org.id, orgName: org.name, orgLogoUrl: null, orgType: org.type };
		return [
			{ ...orgEntry, roles: [member.role], workspaceId: null, workspaceName: null, workspaceFullName: null, visibility: null },
			...data.workspaces
				.filter((w) => w.orgId === org.id)
				.flatMap((w) => {
					const role = store.workspaceRoleOf(userId, w.id);
					return role
						? [
								{
									...orgEntry,
									roles: [role],
									workspaceId: w.id,
									workspaceName: w.name,
									workspaceFullName: w.fullName,
									visibility: w.visibility,
								},
							]
						: [];
				}),
		];
	});
}

/** orgId/orgName/workspaceId/workspaceName of a workspace; nothing for the personal workspace. */
export function workspaceContext(data: SimulatorData, workspace: WorkspaceRef): Json {
	const found = workspace === null ? undefined : data.workspaceById(workspace);
	const org = data.orgOf(workspace);
	return { orgId: org?.id, orgName: org?.name, workspaceId: found?.id, workspaceName: found?.name };
}

export function labelDto(label: SimLabel): Json {
	return {
		id: label.id,
		name: label.name,
		value: label.value,
		resource: label.resource,
		isDefault: label.isDefault,
		isDynamic: false,
		isInterpolated: false,
		dateCreated: ts(label.dateCreated),
	};
}

function computeConfigDto(ce: SimComputeEnv): Json {
	return { discriminator: ce.platform, workDir: ce.workDir, environment: [], ...ce.config };
}

export function computeEnvListEntryDto(ce: SimComputeEnv, workspaceName: string | undefined, attributes: ReadonlySet<string>): Json {
	return {
		id: ce.id,
		name: ce.name,
		description: ce.description,
		platform: ce.platform,
		region: ce.region,
		workDir: ce.workDir,
		status: ce.status,
		// The platform's list writes a compute environment without a message as null.
		message: ce.message ?? null,
		primary: ce.primary,
		credentialsId: ce.credentialsId,
		lastUsed: ts(ce.lastUsed),
		visibility: 'SHARED',
		workspaceName,
		fusion2Enabled: ce.config.fusion2Enabled === true,
		waveEnabled: ce.config.waveEnabled === true,
		schedEnabled: false,
		labels: attributes.has('labels') ? [] : undefined,
		resources: attributes.has('resources') ? null : undefined,
	};
}

/** ComputeEnvResponseDto; also the ComputeEnv_ComputeConfig_ embedded in launch descriptions (same fields). */
export function computeEnvDto(ce: SimComputeEnv, orgId: number | undefined): Json {
	return {
		id: ce.id,
		name: ce.name,
		description: ce.description || undefined,
		platform: ce.platform,
		config: computeConfigDto(ce),
		credentialsId: ce.credentialsId,
		status: ce.status,
		message: ce.message,
		primary: ce.primary,
		deleted: false,
		orgId,
		workspaceId: ce.workspaceId ?? undefined,
		dateCreated: ts(ce.dateCreated),
		lastUpdated: ts(ce.dateCreated),
		lastUsed: ts(ce.lastUsed),
	};
}

export function pipelineDto(pipeline: SimPipeline, data: SimulatorData, attributes: ReadonlySet<string>): Json {
	const computeEnv = data.computeEnvById(pipeline.computeEnvId);
	const project = projectInfo(pipeline.repository.replace('https://github.com/', ''));
	return {
		pipelineId: pipeline.id,
		name: pipeline.name,
		description: pipeline.description,
		repository: pipeline.repository,
		icon: `https://github.com/${project.projectName.split('/')[0]}.png`,
		userId: data.user.id,
		userName: data.user.userName,
		userFirstName: data.user.firstName,
		userLastName: data.user.lastName,
		visibility: 'SHARED',
		deleted: false,
		lastUpdated: ts(pipeline.lastUpdated),
		...workspaceContext(data, pipeline.workspaceId),
		labels: attributes.has('labels') ? data.labels.filter((l) => pipeline.labelIds.includes(l.id)).map(labelDto) : undefined,
		optimizationStatus: attributes.has('optimized') ? 'UNAVAILABLE' : undefined,
		computeEnv:
			attributes.has('computeEnv') && computeEnv
				? { id: computeEnv.id, name: computeEnv.name, platform: computeEnv.platform, region: computeEnv.region }
				: undefined,
	};
}

/** LaunchDbDto: the pre-filled launch form of a launchpad pipeline. */
export function pipelineLaunchDto(pipeline: SimPipeline, data: SimulatorData): Json {
	const computeEnv = data.computeEnvById(pipeline.computeEnvId);
	return {
		id: pipeline.launchId,
		computeEnv: computeEnv && computeEnvAsCaptured(computeEnvDto(computeEnv, data.orgOf(computeEnv.workspaceId)?.id)),
		pipeline: pipeline.repository,
		workDir: pipeline.workDir,
		revision: pipeline.revision,
		configProfiles: pipeline.configProfiles,
		paramsText: pipeline.paramsText,
		configText: pipeline.configText,
		preRunScript: pipeline.preRunScript,
		postRunScript: pipeline.postRunScript,
		mainScript: 'main.nf',
		pullLatest: false,
		stubRun: false,
		resume: false,
		userSecrets: [],
		workspaceSecrets: [],
		nextflowVersion: null,
		workspaceId: pipeline.workspaceId ?? undefined,
		dateCreated: ts(pipeline.dateCreated),
		lastUpdated: ts(pipeline.lastUpdated),
		...pipeline.savedWith,
	};
}

export function statsDto(tasks: readonly SimTask[]): Json {
	const load = loadOf(tasks);
	const total = Math.max(1, load.succeeded + load.cached + load.failed + load.ignored);
	const pct = (n: number) => Math.round((n / total) * 10_000) / 100;
	const durationOf = (status: SimTask['status']) =>
		tasks.filter((t) => t.status === status).reduce((sum, t) => sum + (t.realtime ?? 0), 0);
	const cpuHours = load.cpuTime / 3_600_000;
	return {
		succeedCount: load.succeeded,
		cachedCount: load.cached,
		failedCount: load.failed,
		ignoredCount: load.ignored,
		succeedCountFmt: String(load.succeeded),
		cachedCountFmt: String(load.cached),
		failedCountFmt: String(load.failed),
		ignoredCountFmt: String(load.ignored),
		succeedPct: pct(load.succeeded),
		cachedPct: pct(load.cached),
		failedPct: pct(load.failed),
		ignoredPct: pct(load.ignored),
		succeedDuration: durationOf('COMPLETED'),
		cachedDuration: durationOf('CACHED'),
		failedDuration: durationOf('FAILED'),
		computeTimeFmt: `${cpuHours.toFixed(1)} CPU hours`,
	};
}

function errorMessageOf(run: SimRun, tasks: readonly SimTask[]): string | undefined {
	if (run.status !== 'FAILED') return undefined;
	const failed = tasks.find((t) => t.status === 'FAILED');
	return run.errorMessage ?? (failed ? `Error executing process > '${failed.name}'` : 'Nextflow terminated with an error');
}

export function workflowDto(run: SimRun, tasks: readonly SimTask[], minimal = false): Json {
	const lastUpdated = run.complete ?? run.start ?? run.submit;
	const core: Json = {
		id: run.id,
		runName: run.runName,
		status: run.status,
		projectName: run.projectName,
		repository: run.repository,
		userName: run.userName,
		ownerId: run.ownerId,
		submit: ts(run.submit),
		start: ts(run.start),
		complete: ts(run.complete),
		dateCreated: ts(run.submit),
		lastUpdated: ts(lastUpdated),
	};
	if (minimal) return core;
	const project = projectInfo(run.projectName);
	const projectDir = `/.nextflow/assets/${run.projectName}`;
	const terminal = run.complete !== undefined;
	const profiles = run.configProfiles.join(',');
	return {
		...core,
		sessionId: run.sessionId,
		launchId: run.launchId,
		workDir: run.workDir,
		launchDir: run.workDir,
		projectDir,
		homeDir: '/root',
		scriptName: 'main.nf',
		scriptFile: `${projectDir}/main.nf`,
		revision: run.revision,
		commitId: run.commitId,
		profile: profiles || 'standard',
		commandLine: `nextflow run '${run.repository}' -name ${run.runName} -with-tower -r ${run.revision}${
			profiles ? ` -profile ${profiles}` : ''
		}${run.resume ? ` -resume ${run.sessionId}` : ''}`,
		configFiles: [`${projectDir}/nextflow.config`, `${run.workDir}/nf-${run.id}.config`],
		params: run.params,
		container: project.container,
		containerEngine: 'docker',
		manifest: {
			name: run.projectName,
			homePage: run.repository,
			description: project.description,
			mainScript: 'main.nf',
			defaultBranch: 'master',
			nextflowVersion: '!>=23.04.0',
			version: run.revision,
		},
		nextflow: { version: run.nextflowVersion, build: '5934', timestamp: '2024-12-16T18:36:56Z' },
		stats: terminal ? statsDto(tasks) : undefined,
		duration: run.start ? (run.complete ?? new Date()).getTime() - run.start.getTime() : undefined,
		success: terminal ? run.status === 'SUCCEEDED' : undefined,
		exitStatus: run.exitStatus,
		errorMessage: errorMessageOf(run, tasks),
		errorReport: errorMessageOf(run, tasks),
		resume: run.resume,
		deleted: false,
		requiresAttention: false,
	};
}

export function workflowMaxDto(run: SimRun, tasks: readonly SimTask[]): Json {
	return {
		...workflowDto(run, tasks),
		configProfiles: run.configProfiles,
		nextflowVersion: run.nextflowVersion,
		logFile: `${run.workDir}/nf-${run.id}.log`,
		outFile: `${run.workDir}/nf-${run.id}.txt`,
		preRunScript: run.launch.preRunScript ?? null,
		postRunScript: run.launch.postRunScript ?? null,
		fusion: { enabled: true, version: '2.4' },
		wave: { enabled: true },
	};
}

export function progressDto(run: SimRun, tasks: readonly SimTask[]): Json {
	const processes = projectInfo(run.projectName).processes;
	const lastUpdated = ts(run.complete ?? run.start ?? run.submit);
	return {
		workflowProgress: {
			...loadOf(tasks),
			executors: [...new Set(tasks.map((t) => t.executor))],
			dateCreated: ts(run.submit),
			lastUpdated,
		},
		processesProgress: processes.map((process) => {
			const { cost: _cost, ...load } = loadOf(tasks.filter((t) => t.process === process));
			return { process, ...load, dateCreated: ts(run.submit), lastUpdated };
		}),
		totalProcesses: processes.length,
	};
}

export function platformDto(ce: SimComputeEnv | undefined): Json | undefined {
	return ce && { id: ce.platform, name: PLATFORM_NAMES[ce.platform] };
}

export function jobInfoDto(run: SimRun, ce: SimComputeEnv | undefined): Json {
	const statusText: Record<SimRun['status'], string> = {
		SUBMITTED: 'SUBMITTED',
		RUNNING: 'RUNNING',
		SUCCEEDED: 'SUCCEEDED',
		FAILED: 'FAILED',
		CANCELLED: 'FAILED',
		UNKNOWN: 'UNKNOWN',
	};
	const jobId = hashString(`job/${run.id}`);
	return {
		id: jobId,
		operationId:
			ce?.platform === 'aws-batch'
				? `arn:aws:batch:${ce.region}:123456789012:job/${run.sessionId}`
				: `${ce?.platform ?? 'job'}-${jobId}`,
		status: statusText[run.status],
		message: run.status === 'CANCELLED' ? 'Cancelled by user' : run.status === 'FAILED' ? 'Essential container in task exited' : '',
		exitCode: run.exitStatus,
	};
}

export function runMessages(run: SimRun): string[] {
	return run.status === 'UNKNOWN' ? ['Lost contact with the Nextflow head job - the run status is unknown'] : [];
}

export function pipelineInfoDto(run: SimRun): Json | undefined {
	if (run.pipelineId === undefined) return undefined;
	return {
		id: run.pipelineId,
		workspaceId: run.workspaceId ?? undefined,
		version: {
			id: `${run.pipelineId}-${run.revision}`,
			name: run.revision,
			hash: run.commitId,
			isDefault: true,
			isDraftVersion: false,
			dateCreated: ts(run.launch.dateCreated),
			lastUpdated: ts(run.launch.dateCreated),
		},
	};
}

export function taskDto(task: SimTask, run: SimRun): Json {
	return {
		id: task.id,
		taskId: task.taskId,
		hash: task.hash,
		name: task.name,
		process: task.process,
		tag: task.tag,
		status: task.status,
		submit: ts(task.submit),
		start: ts(task.start),
		complete: ts(task.complete),
		dateCreated: ts(task.submit ?? run.submit),
		lastUpdated: ts(task.complete ?? task.start ?? task.submit ?? run.submit),
		module: [],
		container: task.container,
		attempt: 1,
		script: task.script,
		workdir: task.workdir,
		queue: task.executor === 'slurm' ? 'normal' : `TowerForge-${run.computeEnvId.slice(0, 8)}-work`,
		cpus: task.cpus,
		memory: task.memory,
		time: task.time,
		executor: task.executor,
		machineType: task.machineType,
		cloudZone: task.cloudZone,
		priceModel: task.priceModel,
		cost: task.cost,
		nativeId: task.nativeId,
		// Some platform answers give the exit code as text (tower-cli's captured task_detail_exit_as_string.json), null before it is known.
		exit: task.exit === undefined ? null : task.taskId % 2 === 0 ? String(task.exit) : task.exit,
		exitStatus: task.exit,
		errorAction: task.errorAction,
		duration: task.duration,
		realtime: task.realtime,
		pcpu: task.pcpu,
		pmem: task.pmem,
		peakRss: task.peakRss,
		peakVmem: task.peakVmem,
		rss: task.peakRss,
		vmem: task.peakVmem,
		rchar: task.rchar,
		wchar: task.wchar,
		readBytes: task.readBytes,
		writeBytes: task.writeBytes,
		volCtxt: task.volCtxt,
		invCtxt: task.invCtxt,
	};
}

export function metricsDto(run: SimRun, tasks: readonly SimTask[]): Json[] {
	const finished = tasks.filter((t) => t.realtime !== undefined);
	const processes = [...new Set(finished.map((t) => t.process))];
	return processes.map((process, index) => {
		const ofProcess = finished.filter((t) => t.process === process);
		const series = (value: (t: SimTask) => number) => summarise(ofProcess.map((t) => ({ value: value(t), label: t.name })));
		return {
			id: hashString(`${run.id}/metrics`) + index,
			process,
			cpu: series((t) => t.pcpu ?? 0),
			mem: series((t) => t.peakRss ?? 0),
			vmem: series((t) => t.peakVmem ?? 0),
			time: series((t) => t.realtime ?? 0),
			reads: series((t) => t.rchar ?? 0),
			writes: series((t) => t.wchar ?? 0),
			cpuUsage: series((t) => (t.pcpu ?? 0) / t.cpus),
			memUsage: series((t) => ((t.peakRss ?? 0) / t.memory) * 100),
			timeUsage: series((t) => ((t.realtime ?? 0) / t.time) * 100),
		};
	});
}

/** WorkflowLaunchResponse: what the run was launched with, for relaunch and resume. */
export function workflowLaunchDto(run: SimRun, data: SimulatorData): Json {
	const ce = data.computeEnvById(run.launch.computeEnvId);
	const { launch } = run;
	return {
		id: run.launchId,
		computeEnv: ce && computeEnvAsCaptured(computeEnvDto(ce, data.orgOf(ce.workspaceId)?.id)),
		pipeline: launch.pipeline,
		pipelineId: launch.pipelineId,
		workDir: launch.workDir,
		revision: launch.revision,
		commitId: run.commitId,
		configProfiles: launch.configProfiles,
		configText: launch.configText,
		paramsText: launch.paramsText,
		towerConfig: launch.towerConfig,
		preRunScript: launch.preRunScript,
		postRunScript: launch.postRunScript,
		mainScript: launch.mainScript,
		entryName: launch.entryName,
		pullLatest: launch.pullLatest,
		stubRun: launch.stubRun,
		headJobCpus: launch.headJobCpus,
		headJobMemoryMb: launch.headJobMemoryMb,
		userSecrets: launch.userSecrets,
		workspaceSecrets: launch.workspaceSecrets,
		nextflowVersion: launch.nextflowVersion ?? null,
		resume: run.resume,
		sessionId: run.sessionId,
		resumeDir: run.workDir,
		// A run that never started ran no commit, and cannot be resumed.
		resumeCommitId: run.start ? run.commitId : undefined,
		dateCreated: ts(launch.dateCreated),
	};
}

/** WorkflowLogResponse; `maxLength` keeps the tail of the log within that many characters. */
export function logDto(run: SimRun, tasks: readonly SimTask[], maxLength: number | undefined): Json {
	let entries = consoleLines(run, tasks);
	let truncated = false;
	if (maxLength !== undefined) {
		const kept: string[] = [];
		let length = 0;
		for (let i = entries.length - 1; i >= 0 && length + entries[i].length + 1 <= maxLength; i--) {
			kept.unshift(entries[i]);
			length += entries[i].length + 1;
		}
		truncated = kept.length < entries.length;
		entries = kept;
	}
	return {
		log: {
			entries,
			truncated,
			pending: isActive(run.status),
			message: run.status === 'SUBMITTED' ? 'Waiting for the Nextflow head job to start' : '',
			downloads: runFiles(run, tasks).map(({ saveName, fileName, displayText }) => ({ saveName, fileName, displayText })),
		},
	};
}

/** UserInfo: the creator shown on datasets, their versions and Studios. */
function userInfoDto(data: SimulatorData): Json {
	const { user } = data;
	return { id: user.id, userName: user.userName, email: user.email, avatar: userDto(user).avatar };
}

/** DatasetDto; `version` and `mediaType` are those of the latest version (none before the first upload). */
export function datasetDto(dataset: SimDataset, data: SimulatorData, withLabels: boolean): Json {
	const latest = dataset.versions.at(-1);
	return {
		id: dataset.id,
		name: dataset.name,
		description: dataset.description,
		mediaType: latest?.mediaType,
		version: latest?.version,
		sourceType: 'UPLOADED',
		workspaceId: dataset.workspaceId ?? undefined,
		organizationId: data.orgOf(dataset.workspaceId)?.id,
		user: userInfoDto(data),
		lastUpdatedBy: userInfoDto(data),
		hidden: dataset.hidden ?? false,
		deleted: false,
		labels: withLabels ? data.labels.filter((label) => (dataset.labelIds ?? []).includes(label.id)).map(labelDto) : undefined,
		dateCreated: ts(dataset.dateCreated),
		lastUpdated: ts(dataset.lastUpdated),
	};
}

export function datasetVersionDto(dataset: SimDataset, version: SimDatasetVersion, data: SimulatorData): Json {
	return {
		datasetId: dataset.id,
		datasetName: dataset.name,
		datasetDescription: dataset.description,
		version: version.version,
		fileName: version.fileName,
		mediaType: version.mediaType,
		hasHeader: version.hasHeader,
		fileSize: version.fileSize,
		url: `/datasets/${dataset.id}/v/${version.version}/n/${encodeURIComponent(version.fileName)}`,
		workspaceId: dataset.workspaceId ?? undefined,
		disabled: false,
		createdBy: userInfoDto(data),
		dateCreated: ts(version.dateCreated),
		lastUpdated: ts(version.dateCreated),
	};
}

/** ListActionsResponse.ActionInfo: API-triggered actions show their endpoint and a curl line to call it. */
/** Action.ConfigType: the discriminator is the action's source, with its schedule or bucket. */
export function actionConfigDto(action: SimAction): Json {
	if (action.source === 'github') return { discriminator: 'github', events: ['push'] };
	if (action.source === 'cron') return { discriminator: 'cron', expression: action.cron?.expression, timezone: action.cron?.timezone };
	if (action.source === 'bucket')
		return {
			discriminator: 'bucket',
			dataLinkId: action.bucket?.dataLinkId,
			filter: action.bucket?.filter ?? null,
			events: ['created'],
		};
	return { discriminator: 'tower' };
}

export function actionDto(action: SimAction, withLabels: boolean): Json {
	const endpoint = action.source === 'tower' ? `/actions/${action.id}/launch` : undefined;
	return {
		id: action.id,
		name: action.name,
		pipeline: action.launch.pipeline,
		source: action.source,
		status: action.status,
		config: actionConfigDto(action),
		event: action.lastWorkflowId
			? { discriminator: 'tower', timestamp: ts(action.lastSeen), workflowId: action.lastWorkflowId }
			: undefined,
		endpoint,
		usageCmd:
			endpoint &&
			`curl -H "Authorization: Bearer $TOWER_ACCESS_TOKEN" -H "Content-Type: application/json" -X POST "${endpoint}" -d '{"params":{}}'`,
		labels: withLabels ? [] : undefined,
		lastSeen: ts(action.lastSeen),
		dateCreated: ts(action.dateCreated),
	};
}

/** DataLinkDto. */
export function dataLinkDto(link: SimDataLink): Json {
	return {
		id: link.id,
		name: link.name,
		description: link.description,
		resourceRef: link.resourceRef,
		type: 'bucket',
		provider: link.provider,
		region: link.region,
		credentials: link.credentials.map((credential) => ({ ...credential, provider: link.provider })),
		publicAccessible: link.publicAccessible,
		hidden: link.hidden,
		status: 'VALID',
	};
}

/** DataStudioDto; `labels` only when asked for in `attributes`, else null, as the contract describes. */
export function studioDto(studio: SimStudio, data: SimulatorData, withLabels: boolean): Json {
	const computeEnv = data.computeEnvById(studio.computeEnvId);
	return {
		sessionId: studio.sessionId,
		workspaceId: studio.workspaceId ?? undefined,
		name: studio.name,
		description: studio.description,
		user: userInfoDto(data),
		computeEnv: computeEnv && {
			id: computeEnv.id,
			name: computeEnv.name,
			platform: computeEnv.platform,
			region: computeEnv.region,
			credentialsId: computeEnv.credentialsId,
			workDir: computeEnv.workDir,
		},
		template: studio.customImage
			? { repository: studio.templateRepository }
			: { repository: studio.templateRepository, tool: studio.tool, status: 'recommended' },
		configuration: {
			cpu: studio.cpu,
			memory: studio.memoryMb,
			gpu: studio.gpu,
			lifespanHours: studio.lifespanHours,
			mountDataV2: studio.mountedDataLinkIds.map((dataLinkId) => ({ dataLinkId, path: null })),
			condaEnvironment: studio.condaEnvironment,
			environment: studio.environment,
			sshEnabled: studio.sshEnabled,
		},
		mountedDataLinks: data.dataLinks.filter((link) => studio.mountedDataLinkIds.includes(link.id)).map(dataLinkDto),
		effectiveLifespanHours: studio.lifespanHours,
		customImage: studio.customImage === true,
		isPrivate: false,
		// UserInfo of the users allowed besides the creator; the simulator knows them by ID only.
		allowedUsers: studio.allowedUserIds?.map((id) => ({ id })),
		parentCheckpoint: studio.parentCheckpoint,
		remoteConfig: studio.remoteConfig,
		studioUrl: `https://${studio.sessionId}.connect.cloud.seqera.io`,
		statusInfo: {
			status: studio.status,
			message: studio.statusMessage ?? '',
			stopReason: studio.stopReason,
			lastUpdate: ts(studio.statusUpdated),
		},
		activeConnections: [],
		labels: withLabels ? data.labels.filter((label) => (studio.labelIds ?? []).includes(label.id)).map(labelDto) : null,
		dateCreated: ts(studio.dateCreated),
		// The platform's Studios carry no lastStarted (tower-cli's captured studios_*.json): only statusInfo.lastUpdate moves on a restart.
		lastUpdated: ts(studio.lastUpdated),
	};
}
