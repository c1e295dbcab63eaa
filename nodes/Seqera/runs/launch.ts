import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { EVENTS_DESTINATION_SETTING, LAUNCH_SETTINGS_FIELD } from '../fields/fieldNames';
import { requireJsonOrYaml, requireNumericIdList, toList } from '../helpers/validate';
import { computeEnvIdFor, pipelineIdFor } from '../names/lookups';
import { describeValue } from '../text/describeValue';
import { seqeraPlatform } from '../nodeVersions';
import { apiRequest } from '../transport';
import { computeEnvDefaults, computeEnvIdToUse } from './computeEnv';
import { launchLabelIds } from './labels';
import { defaultNextflowVersion } from '../weblog/nextflowCatalog';
import { unknownVersionError, versionIdFor } from './pipelineVersions';
import { hintLeftToPipeline, launchpadParameters, type LaunchpadParameters, type PipelineSchemas } from './launchParameters';
import type { SavedPipelineSchema } from './pipelineSchema';
import { launchpadSourceWorkspace } from './pipelineSource';
import { launchRequestFromSaved, newLaunchFromSaved } from './records';
import { waitForRun } from './wait';
import { withoutNodeWeblogBlocks } from '../weblog/protocol';
import { holdsWaitInN8n, withEventsToExecution, withEventsToTrigger } from '../weblog/launchEvents';
import {
	inferredCloudPlugins,
	infersWeblogPlugin,
	setsNextflowVersion,
	withoutWeblogPluginScript,
	withWeblogPluginScript,
} from '../weblog/plugin';

/** Launch Settings as an item gives them, read and checked once: what the steps of buildLaunch take from them. */
interface LaunchSettings {
	/** The settings that are launch request fields, as the request takes them, in the order given. */
	fields: IDataObject;
	/** Disable Optimization, as tower-cli's --disable-optimization: the saved optimization is not sent. */
	withoutOptimization: boolean;
	/** Pipeline Parameters as typed, or an object an expression built as JSON; checked with the launch's other parameters. */
	paramsText?: string;
	/** Whether Config Profiles were chosen in the node, not left to the saved launch. */
	configProfilesChosen: boolean;
	/** The Label IDs given. */
	labelIds?: number[];
	/** Version 1.2's Labels: names, looked up (and created) on the platform. */
	labelNames: string[];
}

/** The Launch Settings the item fills in, each checked; settings left empty are not given. */
function readLaunchSettings(context: IExecuteFunctions, itemIndex: number): LaunchSettings {
	const node = context.getNode();
	const given = context.getNodeParameter(LAUNCH_SETTINGS_FIELD, itemIndex, {}) as IDataObject;
	const settings: LaunchSettings = {
		fields: {},
		withoutOptimization: false,
		paramsText: typedParamsText(given.paramsText),
		configProfilesChosen: toList(given.configProfiles).length > 0,
		labelNames: toList(given.labels),
	};
	const { fields } = settings;
	for (const [name, value] of Object.entries(given)) {
		if (value === '' || value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
		switch (name) {
			case 'configProfiles':
				fields.configProfiles = toList(value);
				break;
			case 'workspaceSecretNames':
				fields.workspaceSecrets = toList(value);
				break;
			case 'userSecretNames':
				fields.userSecrets = toList(value);
				break;
			case 'disableOptimization':
				settings.withoutOptimization = value === true;
				break;
			case 'labelIds':
				settings.labelIds = requireNumericIdList(node, itemIndex, value, 'Label IDs');
				fields.labelIds = settings.labelIds;
				break;
			case 'revision': {
				// Typed text on most launches; picked from the repository's list, or typed, on a launch from a repository.
				const revision = String(
					context.getNodeParameter(`${LAUNCH_SETTINGS_FIELD}.revision`, itemIndex, '', { extractValue: true }) ?? '',
				);
				if (revision.trim() !== '') fields.revision = revision.trim();
				break;
			}
			case 'pipeline': {
				// Relaunch's other repository (a fork), as tower-cli's `runs relaunch --pipeline` sends it.
				const repository = pipelineRepositoryOf(context, itemIndex, value);
				if (repository !== undefined) fields.pipeline = repository;
				break;
			}
			case 'paramsText':
			case 'labels':
				// Read above, for steps of their own: withParameters and withNamedLabels.
				break;
			case EVENTS_DESTINATION_SETTING:
				// A weblog block added to the config text: see withEventsToTrigger.
				break;
			case 'headJobCpus':
			case 'headJobMemoryMb':
				if (Number(value) > 0) fields[name] = Number(value);
				break;
			default:
				fields[name] = value;
		}
	}
	return settings;
}

/** Relaunch's Pipeline Repository: an address or owner/name in one piece; undefined when only spaces. */
export function pipelineRepositoryOf(context: IExecuteFunctions, itemIndex: number, value: unknown): string | undefined {
	const repository = String(value).trim();
	if (repository === '') return undefined;
	if (/\s/.test(repository)) {
		throw new NodeOperationError(context.getNode(), `Pipeline Repository "${describeValue(repository)}" is not a repository`, {
			itemIndex,
			description:
				`Give the Git repository to run, such as https://github.com/my-org/rnaseq, or leave "Pipeline Repository" empty to ` +
				`run the original run's (item ${itemIndex}). Nothing was launched.`,
		});
	}
	return repository;
}

/** Pipeline Parameters as typed text, or as JSON where an expression built an object; undefined when left empty. */
function typedParamsText(value: unknown): string | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
	return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The launch with the settings given in place of its own; those left empty keep the value from the Launchpad or the original run. */
function withSettings(launch: IDataObject, settings: LaunchSettings): IDataObject {
	const laid: IDataObject = { ...launch };
	if (settings.withoutOptimization) {
		delete laid.optimizationId;
		delete laid.optimizationTargets;
	}
	return Object.assign(laid, settings.fields);
}

/**
 * Version 1.2's Labels: the named labels' IDs (created where the workspace lacks them, as tower-cli's
 * `launch --labels` does), with any Label IDs given; they replace the saved launch's labels.
 */
async function withNamedLabels(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	launch: IDataObject,
	settings: LaunchSettings,
): Promise<IDataObject> {
	if (!seqeraPlatform.brings(context, 'labelsByName') || settings.labelNames.length === 0) return launch;
	const namedIds = await launchLabelIds(context, itemIndex, workspaceId, settings.labelNames);
	return { ...launch, labelIds: [...new Set([...(settings.labelIds ?? []), ...namedIds])] };
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
	const sourceWorkspaceId = await launchpadSourceWorkspace(context, pipelineId, workspaceId, itemIndex);
	// As tower-cli's launch --version-name / --version-id: the version's saved launch, and its schema.
	const versionId = seqeraPlatform.brings(context, 'pipelineVersions')
		? await versionIdFor(context, itemIndex, pipelineId, workspaceId)
		: undefined;
	const saved = await apiRequest<{ launch?: IDataObject }>(context, {
		method: 'GET',
		path: ['pipelines', pipelineId, 'launch'],
		query: { workspaceId, sourceWorkspaceId, versionId },
		itemIndex,
	}).catch(async (error: unknown) => {
		throw versionId === undefined ? error : await unknownVersionError(context, itemIndex, pipelineId, workspaceId, versionId, error);
	});
	const pipelineSchema = await schemas.of(pipelineId, workspaceId, itemIndex, sourceWorkspaceId, versionId);
	const request = seqeraPlatform.brings(context, 'requestsAsSeqeraClientsSend')
		? newLaunchFromSaved(saved.launch ?? {})
		: launchRequestFromSaved(saved.launch ?? {});
	return { pipelineId, request, pipelineSchema, sourceWorkspaceId };
}

/**
 * The parameters to launch with. A Launchpad launch lays the JSON/YAML text, the form and the datasets
 * over the saved parameters, and checks them; other launches send the text as typed, in place of the
 * original run's. `launch` has the settings laid over it: its config text and profiles are what Nextflow
 * may take the parameters it does not send from.
 */
async function parametersFor(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	launch: IDataObject,
	settings: LaunchSettings,
	source: LaunchSource,
): Promise<LaunchpadParameters> {
	const savedText = typeof launch.paramsText === 'string' ? launch.paramsText : undefined;
	const pipelineSchema = typeof source === 'object' ? source.pipelineSchema : undefined;
	if (pipelineSchema) {
		return await launchpadParameters(context, itemIndex, workspaceId, savedText, settings.paramsText, pipelineSchema, {
			configText: typeof launch.configText === 'string' ? launch.configText : undefined,
			configProfiles: toList(launch.configProfiles),
			configProfilesChosenInNode: settings.configProfilesChosen,
		});
	}
	const paramsText =
		settings.paramsText === undefined
			? savedText
			: requireJsonOrYaml(context.getNode(), itemIndex, settings.paramsText, 'Pipeline Parameters');
	return { paramsText, leftToPipeline: { names: [], suppliers: [] } };
}

/** The launch with the parameters to launch with (parametersFor), none when there are none. */
function withParameters(launch: IDataObject, paramsText: string | undefined): IDataObject {
	const withParamsText: IDataObject = { ...launch, paramsText };
	if (paramsText === undefined) delete withParamsText.paramsText;
	return withParamsText;
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
	for (const [field, fromEnvironment] of [
		['preRunScript', defaults.preRunScript],
		['postRunScript', defaults.postRunScript],
		['configText', defaults.nextflowConfig],
	] as const) {
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
	const computeEnvId = await computeEnvIdToUse(context, itemIndex, workspaceId, { chosen, saved: launch.computeEnvId }, 'failItem');
	if (chosen !== undefined) return await movedToComputeEnv(context, itemIndex, workspaceId, launch, computeEnvId);
	const onComputeEnv: IDataObject = { ...launch, computeEnvId };
	if (typeof onComputeEnv.workDir !== 'string' || onComputeEnv.workDir === '') {
		const { workDir } = await computeEnvDefaults(context, itemIndex, computeEnvId, workspaceId);
		if (workDir) onComputeEnv.workDir = workDir;
	}
	return onComputeEnv;
}

/**
 * The launch on the chosen compute environment, or else on the one it was saved with; version 1.2's
 * Launchpad launch, without either, on the workspace's primary one (launchpadOnComputeEnv).
 */
async function onComputeEnvironment(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	launch: IDataObject,
	source: LaunchSource,
	chosen: string | undefined,
): Promise<IDataObject> {
	const asSeqeraClientsSend = seqeraPlatform.brings(context, 'requestsAsSeqeraClientsSend');
	if (typeof source === 'object' && asSeqeraClientsSend)
		return await launchpadOnComputeEnv(context, itemIndex, workspaceId, launch, chosen);
	// Its compute environment gives what the settings leave empty, so it comes once they are laid: onRepositoryComputeEnvironment.
	if (source === 'repository' && asSeqeraClientsSend) return launch;
	return chosen === undefined ? launch : { ...launch, computeEnvId: chosen };
}

/**
 * Version 1.2's launch from a repository URL, as tower-cli's `launch URL` (runNextflowPipeline): on the
 * chosen compute environment, or the workspace's primary one, with its work directory and pre-/post-run
 * scripts (not its Nextflow config, which tower-cli leaves to the platform) where Launch Settings give none.
 */
async function onRepositoryComputeEnvironment(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	launch: IDataObject,
	source: LaunchSource,
	chosen: string | undefined,
): Promise<IDataObject> {
	if (source !== 'repository' || !seqeraPlatform.brings(context, 'requestsAsSeqeraClientsSend')) return launch;
	const computeEnvId = await computeEnvIdToUse(context, itemIndex, workspaceId, { chosen }, 'failItem');
	const defaults = await computeEnvDefaults(context, itemIndex, computeEnvId, workspaceId);
	const onComputeEnv: IDataObject = { ...launch, computeEnvId };
	for (const field of ['workDir', 'preRunScript', 'postRunScript'] as const) {
		if (onComputeEnv[field] === undefined && defaults[field]) onComputeEnv[field] = defaults[field];
	}
	return onComputeEnv;
}

/**
 * Version 1.5's launch with a weblog block, which Nextflow 26.09 and later also need to be told to load
 * nf-weblog for (weblog/plugin.ts). The run's Nextflow is the launch's version, or else the platform's
 * default; a pre-run script that sets NXF_VER makes it unknown. A known one before 26.09 loads the
 * plugin for the block alone, and the launch goes as it is. Otherwise the pre-run script (the launch's,
 * or else its compute environment's) ends with the lines that add nf-weblog to NXF_PLUGINS_DEFAULT,
 * naming the cloud plugins Nextflow infers for the compute environment.
 */
async function withWeblogPluginLoaded(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	launch: IDataObject,
): Promise<IDataObject> {
	if (!seqeraPlatform.brings(context, 'weblogPluginOnNextflow2609')) return launch;
	const given = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
	const computeEnvId = given(launch.computeEnvId);
	const computeEnv = computeEnvId === undefined ? {} : await computeEnvDefaults(context, itemIndex, computeEnvId, workspaceId);
	const preRunScript = given(launch.preRunScript) ?? computeEnv.preRunScript;
	const nextflowVersion = setsNextflowVersion(preRunScript)
		? undefined
		: (given(launch.nextflowVersion)?.trim() ?? (await defaultNextflowVersion(context, itemIndex)));
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
function withoutCopiedEventSettings(context: IExecuteFunctions, launch: IDataObject): IDataObject {
	if (!seqeraPlatform.brings(context, 'relaunchWithoutCopiedEventSettings')) return launch;
	const fresh = { ...launch };
	for (const [field, without] of [
		['configText', withoutNodeWeblogBlocks],
		['preRunScript', withoutWeblogPluginScript],
	] as const) {
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
 * The weblog block that sends the run's events where the node is asked to (to this execution for a held
 * wait, or else to a trigger), and what loads nf-weblog for it.
 */
async function withEvents(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	launch: IDataObject,
): Promise<IDataObject> {
	const withBlock = holdsWaitInN8n(context)
		? await withEventsToExecution(context, itemIndex, launch)
		: await withEventsToTrigger(context, itemIndex, launch);
	// A weblog block is all that either adds to the config text.
	return withBlock.configText === launch.configText
		? withBlock
		: await withWeblogPluginLoaded(context, itemIndex, workspaceId, withBlock);
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
	const chosenComputeEnvId = await computeEnvIdFor(context, itemIndex, 'run', true);
	let launch = withoutCopiedEventSettings(context, base);
	launch = await onComputeEnvironment(context, itemIndex, workspaceId, launch, source, chosenComputeEnvId);
	// Read once the launch is on its compute environment, so that an item wrong in both fails on its compute environment.
	const settings = readLaunchSettings(context, itemIndex);
	launch = withSettings(launch, settings);
	const { paramsText, leftToPipeline } = await parametersFor(context, itemIndex, workspaceId, launch, settings, source);
	launch = withParameters(launch, paramsText);
	launch = await onRepositoryComputeEnvironment(context, itemIndex, workspaceId, launch, source, chosenComputeEnvId);
	launch = await withEvents(context, itemIndex, workspaceId, launch);
	// Last before sending: a missing label is created only for a launch that passed every check.
	launch = await withNamedLabels(context, itemIndex, workspaceId, launch, settings);
	return { launch, leftToPipeline };
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
