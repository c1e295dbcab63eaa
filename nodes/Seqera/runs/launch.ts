import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { EVENTS_DESTINATION_SETTING, LAUNCH_SETTINGS_FIELD } from '../fields/fieldNames';
import { requireJsonOrYaml, requireNumericIdList, toList } from '../helpers/validate';
import { computeEnvIdFor, pipelineIdFor } from '../names/lookups';
import { apiRequest } from '../transport';
import { computeEnvDefaults, primaryComputeEnvId } from './computeEnvDefaults';
import { launchLabelIds } from './labels';
import { defaultNextflowVersion } from './nextflowCatalog';
import { unknownVersionError, versionIdFor } from './pipelineVersions';
import { hintLeftToPipeline, launchpadParameters, type LaunchpadParameters, type PipelineSchemas } from './launchParameters';
import type { SavedPipelineSchema } from './pipelineSchema';
import { launchpadSourceWorkspace } from './pipelineSource';
import { launchRequestFromSaved, newLaunchFromSaved } from './records';
import { waitForRun } from './wait';
import { withoutNodeWeblogBlocks } from './weblog';
import { holdsWaitInN8n, withEventsToExecution, withEventsToTrigger } from './weblogLaunch';
import { inferredCloudPlugins, infersWeblogPlugin, setsNextflowVersion, withoutWeblogPluginScript, withWeblogPluginScript } from './weblogPlugin';

/**
 * Lays the settings the user filled in over `request`, checking each first. Settings left empty keep the
 * value already in the request (from the Launchpad or the original run).
 */
function applyLaunchSettings(context: IExecuteFunctions, itemIndex: number, request: IDataObject): IDataObject {
	const node = context.getNode();
	const settings = context.getNodeParameter(LAUNCH_SETTINGS_FIELD, itemIndex, {}) as IDataObject;
	const applied: IDataObject = { ...request };
	for (const [name, value] of Object.entries(settings)) {
		if (value === '' || value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
		switch (name) {
			case 'configProfiles':
				applied.configProfiles = toList(value);
				break;
			case 'workspaceSecretNames':
				applied.workspaceSecrets = toList(value);
				break;
			case 'userSecretNames':
				applied.userSecrets = toList(value);
				break;
			case 'disableOptimization':
				// As tower-cli's --disable-optimization: the saved optimization is not sent.
				if (value === true) {
					delete applied.optimizationId;
					delete applied.optimizationTargets;
				}
				break;
			case 'labelIds':
				applied.labelIds = requireNumericIdList(node, itemIndex, value, 'Label IDs');
				break;
			case 'revision': {
				// Typed text on most launches; picked from the repository's list, or typed, on a launch from a repository.
				const revision = String(context.getNodeParameter(`${LAUNCH_SETTINGS_FIELD}.revision`, itemIndex, '', { extractValue: true }) ?? '');
				if (revision.trim() !== '') applied.revision = revision.trim();
				break;
			}
			case 'paramsText':
				// Decided with the saved parameters and the form: see parametersFor.
				break;
			case 'labels':
				// Names looked up (and created) on the platform: see withNamedLabels.
				break;
			case EVENTS_DESTINATION_SETTING:
				// A weblog block added to the config text: see withEventsToTrigger.
				break;
			case 'headJobCpus':
			case 'headJobMemoryMb':
				if (Number(value) > 0) applied[name] = Number(value);
				break;
			default:
				applied[name] = value;
		}
	}
	return applied;
}

/**
 * Version 1.2's Labels: the named labels' IDs (created where the workspace lacks them, as tower-cli's
 * `launch --labels` does), with any Label IDs given; they replace the saved launch's labels.
 */
async function withNamedLabels(context: IExecuteFunctions, itemIndex: number, workspaceId: string | undefined, request: IDataObject): Promise<IDataObject> {
	if (context.getNode().typeVersion < 1.2) return request;
	const settings = context.getNodeParameter(LAUNCH_SETTINGS_FIELD, itemIndex, {}) as IDataObject;
	const names = toList(settings.labels);
	if (names.length === 0) return request;
	const givenIds = toList(settings.labelIds).length > 0 && Array.isArray(request.labelIds) ? (request.labelIds as number[]) : [];
	const namedIds = await launchLabelIds(context, itemIndex, workspaceId, names);
	return { ...request, labelIds: [...new Set([...givenIds, ...namedIds])] };
}

/** A Launchpad pipeline's saved launch request, and its parameter schema (none when the platform has none). */
export interface LaunchpadLaunch {
	pipelineId: string;
	request: IDataObject;
	pipelineSchema: SavedPipelineSchema;
	/** The workspace a pipeline shared from another workspace of the organization belongs to (version 1.2). */
	sourceWorkspaceId?: string;
}

/** The launch saved with the Launchpad pipeline chosen in the `pipelineId` field, and the pipeline's schema. */
export async function launchpadLaunch(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	schemas: PipelineSchemas,
): Promise<LaunchpadLaunch> {
	const pipelineId = await pipelineIdFor(context, itemIndex);
	const asSeqeraClientsSend = context.getNode().typeVersion >= 1.2;
	const sourceWorkspaceId = await launchpadSourceWorkspace(context, pipelineId, workspaceId, itemIndex);
	// As tower-cli's launch --version-name / --version-id: the version's saved launch, and its schema.
	const versionId = asSeqeraClientsSend ? await versionIdFor(context, itemIndex, pipelineId, workspaceId) : undefined;
	const saved = await apiRequest<{ launch?: IDataObject }>(context, {
		method: 'GET',
		path: ['pipelines', pipelineId, 'launch'],
		query: { workspaceId, sourceWorkspaceId, versionId },
		itemIndex,
	}).catch(async (error: unknown) => {
		throw versionId === undefined ? error : await unknownVersionError(context, itemIndex, pipelineId, workspaceId, versionId, error);
	});
	const pipelineSchema = await schemas.of(pipelineId, workspaceId, itemIndex, sourceWorkspaceId, versionId);
	const request = asSeqeraClientsSend ? newLaunchFromSaved(saved.launch ?? {}) : launchRequestFromSaved(saved.launch ?? {});
	return { pipelineId, request, pipelineSchema, sourceWorkspaceId };
}

/**
 * The parameters to launch with. A Launchpad launch lays the JSON/YAML text, the form and the datasets
 * over the saved parameters, and checks them; other launches send the text as typed, in place of the
 * original run's. `request` is the launch with the settings applied: its config text and profiles are
 * what Nextflow may take the parameters it does not send from.
 */
async function parametersFor(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	request: IDataObject,
	pipelineSchema: SavedPipelineSchema | undefined,
): Promise<LaunchpadParameters> {
	const settings = context.getNodeParameter(LAUNCH_SETTINGS_FIELD, itemIndex, {}) as IDataObject;
	const raw = settings.paramsText;
	// Typed text, or an object an expression built.
	const typed =
		raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')
			? undefined
			: typeof raw === 'string'
				? raw
				: JSON.stringify(raw);
	const savedText = typeof request.paramsText === 'string' ? request.paramsText : undefined;
	if (pipelineSchema) {
		return await launchpadParameters(context, itemIndex, workspaceId, savedText, typed, pipelineSchema, {
			configText: typeof request.configText === 'string' ? request.configText : undefined,
			configProfiles: toList(request.configProfiles),
			configProfilesChosenInNode: toList(settings.configProfiles).length > 0,
		});
	}
	const paramsText = typed === undefined ? savedText : requireJsonOrYaml(context.getNode(), itemIndex, typed, 'Pipeline Parameters');
	return { paramsText, leftToPipeline: { names: [], suppliers: [] } };
}

/**
 * A Launchpad launch moved to another compute environment (version 1.2), as tower-cli's `launch
 * --compute-env` sends it: the environment's work directory, since the saved one belongs to the saved
 * environment (its bucket, its credentials), and its pre-/post-run scripts and Nextflow config where the
 * pipeline has none.
 */
async function movedToComputeEnv(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	launch: IDataObject,
	computeEnvId: string,
): Promise<IDataObject> {
	const defaults = await computeEnvDefaults(context, itemIndex, computeEnvId, workspaceId);
	const given = (value: unknown): value is string => typeof value === 'string' && value !== '';
	const moved: IDataObject = { ...launch, computeEnvId };
	// With none of its own, the platform takes the environment's default rather than the saved bucket.
	delete moved.workDir;
	if (defaults.workDir) moved.workDir = defaults.workDir;
	for (const [field, fromEnvironment] of [['preRunScript', defaults.preRunScript], ['postRunScript', defaults.postRunScript], ['configText', defaults.nextflowConfig]] as const) {
		if (!given(moved[field]) && fromEnvironment) moved[field] = fromEnvironment;
	}
	return moved;
}

/**
 * Version 1.2's Launchpad launch on its compute environment, as tower-cli's `launch` (runTowerPipeline):
 * moved to the chosen one; a saved launch without one takes the workspace's primary one, and one without
 * a work directory takes its environment's, so the body names both.
 */
async function launchpadOnComputeEnv(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	launch: IDataObject,
	chosen: string | undefined,
): Promise<IDataObject> {
	if (chosen !== undefined) return await movedToComputeEnv(context, itemIndex, workspaceId, launch, chosen);
	const computeEnvId = typeof launch.computeEnvId === 'string' && launch.computeEnvId !== '' ? launch.computeEnvId : await primaryComputeEnvId(context, itemIndex, workspaceId);
	const onComputeEnv: IDataObject = { ...launch, computeEnvId };
	if (typeof onComputeEnv.workDir !== 'string' || onComputeEnv.workDir === '') {
		const { workDir } = await computeEnvDefaults(context, itemIndex, computeEnvId, workspaceId);
		if (workDir) onComputeEnv.workDir = workDir;
	}
	return onComputeEnv;
}

/**
 * Version 1.2's launch from a repository URL, as tower-cli's `launch URL` (runNextflowPipeline): on the
 * chosen compute environment, or the workspace's primary one, with its work directory and pre-/post-run
 * scripts (not its Nextflow config, which tower-cli leaves to the platform) where Launch Settings give none.
 */
async function repositoryOnComputeEnv(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	launch: IDataObject,
	chosen: string | undefined,
): Promise<IDataObject> {
	const computeEnvId = chosen ?? (await primaryComputeEnvId(context, itemIndex, workspaceId));
	const defaults = await computeEnvDefaults(context, itemIndex, computeEnvId, workspaceId);
	const onComputeEnv: IDataObject = { ...launch, computeEnvId };
	for (const field of ['workDir', 'preRunScript', 'postRunScript'] as const) {
		if (onComputeEnv[field] === undefined && defaults[field]) onComputeEnv[field] = defaults[field];
	}
	return onComputeEnv;
}

/**
 * Version 1.5's launch with a weblog block, which Nextflow 26.09 and later also need to be told to load
 * nf-weblog for (weblogPlugin.ts). The run's Nextflow is the launch's version, or else the platform's
 * default; a pre-run script that sets NXF_VER makes it unknown. A known one before 26.09 loads the
 * plugin for the block alone, and the launch goes as it is. Otherwise the pre-run script (the launch's,
 * or else its compute environment's) ends with the lines that add nf-weblog to NXF_PLUGINS_DEFAULT,
 * naming the cloud plugins Nextflow infers for the compute environment.
 */
async function withWeblogPluginLoaded(context: IExecuteFunctions, itemIndex: number, workspaceId: string | undefined, launch: IDataObject): Promise<IDataObject> {
	if (context.getNode().typeVersion < 1.5) return launch;
	const given = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
	const computeEnvId = given(launch.computeEnvId);
	const computeEnv = computeEnvId === undefined ? {} : await computeEnvDefaults(context, itemIndex, computeEnvId, workspaceId);
	const preRunScript = given(launch.preRunScript) ?? computeEnv.preRunScript;
	const nextflowVersion = setsNextflowVersion(preRunScript) ? undefined : (given(launch.nextflowVersion)?.trim() ?? (await defaultNextflowVersion(context, itemIndex)));
	if (infersWeblogPlugin(nextflowVersion)) return launch;
	const cloudPlugins = inferredCloudPlugins(computeEnv.platform, given(launch.workDir) ?? computeEnv.workDir);
	return { ...launch, preRunScript: withWeblogPluginScript(preRunScript, cloudPlugins) };
}

/**
 * Version 1.5: a launch copied from a run (a relaunch, or a pipeline saved from one) without the weblog
 * block and the plugin lines this node wrote for that run. They point at that run's execution or
 * trigger: kept, they would send the new run's events there, or make a held wait refuse the launch as
 * one whose config sets weblog already.
 */
function withoutCopiedEventSettings(launch: IDataObject): IDataObject {
	const fresh = { ...launch };
	for (const [field, without] of [['configText', withoutNodeWeblogBlocks], ['preRunScript', withoutWeblogPluginScript]] as const) {
		const value = fresh[field];
		if (typeof value !== 'string') continue;
		const kept = without(value);
		if (kept === '') delete fresh[field];
		else fresh[field] = kept;
	}
	return fresh;
}

/** What a launch starts from: a repository URL, a run to relaunch, or a Launchpad pipeline's saved launch. */
export type LaunchSource = 'repository' | 'relaunch' | Pick<LaunchpadLaunch, 'pipelineSchema' | 'sourceWorkspaceId'>;

/** A launch request with every check passed, ready to send or to save with an action. */
export interface BuiltLaunch {
	launch: IDataObject;
	/** The required parameters a Launchpad launch leaves to the pipeline. */
	leftToPipeline: LaunchpadParameters['leftToPipeline'];
}

/**
 * Applies the chosen compute environment, the launch settings and the parameters to `base`: the launch
 * Workflow → Launch and Relaunch send, and Action → Create and Update save with an action.
 */
export async function buildLaunch(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	base: IDataObject,
	source: LaunchSource,
): Promise<BuiltLaunch> {
	const computeEnvId = await computeEnvIdFor(context, itemIndex, 'run', true);
	const launchpad = typeof source === 'object' ? source : undefined;
	const asSeqeraClientsSend = context.getNode().typeVersion >= 1.2;
	const fromRepository = source === 'repository' && asSeqeraClientsSend;
	const fresh = context.getNode().typeVersion >= 1.5 ? withoutCopiedEventSettings(base) : base;
	let onComputeEnv = fresh;
	if (launchpad && asSeqeraClientsSend) onComputeEnv = await launchpadOnComputeEnv(context, itemIndex, workspaceId, fresh, computeEnvId);
	// A launch from a repository (1.2) reads its compute environment once the settings passed their checks.
	else if (computeEnvId !== undefined && !fromRepository) onComputeEnv = { ...fresh, computeEnvId };
	const request = applyLaunchSettings(context, itemIndex, onComputeEnv);
	const pipelineSchema = launchpad?.pipelineSchema;
	const { paramsText, leftToPipeline } = await parametersFor(context, itemIndex, workspaceId, request, pipelineSchema);
	if (paramsText === undefined) delete request.paramsText;
	else request.paramsText = paramsText;
	const onEnvironment = fromRepository ? await repositoryOnComputeEnv(context, itemIndex, workspaceId, request, computeEnvId) : request;
	const withEvents = holdsWaitInN8n(context) ? await withEventsToExecution(context, itemIndex, onEnvironment) : await withEventsToTrigger(context, itemIndex, onEnvironment);
	// A weblog block is all that either adds to the config text.
	const addedWeblog = withEvents.configText !== onEnvironment.configText;
	const withWeblogPlugin = addedWeblog ? await withWeblogPluginLoaded(context, itemIndex, workspaceId, withEvents) : withEvents;
	// Last before sending: a missing label is created only for a launch that passed every check.
	return { launch: await withNamedLabels(context, itemIndex, workspaceId, withWeblogPlugin), leftToPipeline };
}

/**
 * Builds the launch (buildLaunch), sends it once, and returns what Launch and Relaunch both output. A
 * Launchpad launch's output names the required parameters left to the pipeline, if any.
 */
export async function sendLaunch(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	base: IDataObject,
	source: LaunchSource,
): Promise<IDataObject> {
	const launchpad = typeof source === 'object' ? source : undefined;
	const { launch, leftToPipeline } = await buildLaunch(context, itemIndex, workspaceId, base, source);
	const launched = await apiRequest<{ workflowId?: string }>(context, {
		method: 'POST',
		path: ['workflow', 'launch'],
		query: { workspaceId, sourceWorkspaceId: launchpad?.sourceWorkspaceId },
		body: { launch },
		itemIndex,
	});
	hintLeftToPipeline(context, leftToPipeline);
	const output: IDataObject = {
		workflowId: launched.workflowId,
		workspaceId: workspaceId === undefined ? null : Number(workspaceId),
		pipeline: launch.pipeline,
		...(launch.runName ? { runName: launch.runName } : {}),
		...(leftToPipeline.names.length > 0 ? { requiredParametersLeftToPipeline: leftToPipeline.names } : {}),
	};
	// A wait that n8n holds starts once every item has launched (waits/holdWait.ts).
	if (!context.getNodeParameter('waitForCompletion', itemIndex, false) || holdsWaitInN8n(context)) return output;
	return { ...output, ...(await waitForRun(context, itemIndex, String(launched.workflowId), workspaceId)) };
}
