import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { launchRequestFromSaved } from './records';
import { requireJsonOrYaml, requireNumericId, requireNumericIdList, requireStringId, toList } from '../helpers/validate';
import { apiRequest } from '../transport/request';
import { hintLeftToPipeline, launchpadParameters, type LaunchpadParameters, type PipelineSchemas } from './launchParameters';
import type { SavedPipelineSchema } from './pipelineSchema';
import { waitForRun } from './wait';

// Typed text in typeVersion 1, picked from a list the platform fills from 1.1 on.
const TYPED_UP_TO_1: INodeProperties['displayOptions'] = { show: { '@version': [1] } };
const LISTED_FROM_1_1: INodeProperties['displayOptions'] = { show: { '@version': [{ _cnd: { gte: 1.1 } }] } };

/**
 * Settings whose values a launch from a repository picks from lists the platform fills. Revision was
 * text before it became a locator within typeVersion 1, so a version 1 node may hold either: n8n's
 * editor shows a plain text value in the locator's input, and execution reads both. Config Profiles
 * was comma-separated text; a list cannot show that text, so version 1 keeps the text field, which
 * shows both that text and a list picked with the last release (as comma-separated names).
 */
const REPOSITORY_LISTS: Record<string, (typed: INodeProperties) => INodeProperties[]> = {
	revision: () => [
		{
			displayName: 'Revision',
			name: 'revision',
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
			description: 'A branch or tag of the repository',
			typeOptions: { loadOptionsDependsOn: ['/pipeline'] },
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					typeOptions: { searchListMethod: 'searchRevisions', searchable: true },
				},
				{ displayName: 'Name', name: 'name', type: 'string', placeholder: 'main or 3.14.0' },
			],
		},
	],
	configProfiles: (typed) => [
		{ ...typed, displayOptions: TYPED_UP_TO_1 },
		{
			// eslint-disable-next-line n8n-nodes-base/node-param-display-name-wrong-for-dynamic-multi-options -- the name the web app's launch form uses
			displayName: 'Config Profiles',
			name: 'configProfiles',
			type: 'multiOptions',
			default: [],
			// eslint-disable-next-line n8n-nodes-base/node-param-description-wrong-for-dynamic-multi-options -- the list is filled from the repository
			description: 'Nextflow configuration profiles defined by the repository; an expression may give a list or comma-separated names',
			typeOptions: { loadOptionsMethod: 'getConfigProfiles', loadOptionsDependsOn: ['/pipeline'] },
			displayOptions: LISTED_FROM_1_1,
		},
	],
};

/** The launch settings Launch and Relaunch both offer; on Relaunch each one overrides the original run's. */
export const launchSettingsField: INodeProperties = {
	displayName: 'Launch Settings',
	name: 'launchSettings',
	type: 'collection',
	placeholder: 'Add Setting',
	default: {},
	options: [
		{
			displayName: 'Config Profiles',
			name: 'configProfiles',
			type: 'string',
			default: '',
			placeholder: 'docker, test',
			description: 'Comma-separated Nextflow configuration profiles',
		},
		{
			displayName: 'Head Job CPUs',
			name: 'headJobCpus',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description: 'CPUs for the Nextflow head job; 0 keeps the compute environment default',
		},
		{
			displayName: 'Head Job Memory (MB)',
			name: 'headJobMemoryMb',
			type: 'number',
			default: 0,
			typeOptions: { minValue: 0 },
			description: 'Memory for the Nextflow head job; 0 keeps the compute environment default',
		},
		{
			displayName: 'Label IDs',
			name: 'labelIds',
			type: 'string',
			default: '',
			placeholder: '112233445566, 998877665544',
			description: 'Comma-separated numeric IDs of labels to put on the run',
		},
		{ displayName: 'Main Script', name: 'mainScript', type: 'string', default: '', placeholder: 'main.nf' },
		{
			displayName: 'Nextflow Config',
			name: 'configText',
			type: 'string',
			typeOptions: { rows: 4 },
			default: '',
			description: 'Nextflow configuration text added to the run',
		},
		{ displayName: 'Nextflow Version', name: 'nextflowVersion', type: 'string', default: '', placeholder: '25.04.6' },
		{
			displayName: 'Pipeline Parameters',
			name: 'paramsText',
			type: 'string',
			typeOptions: { rows: 6 },
			default: '',
			placeholder: '{"input": "s3://bucket/samplesheet.csv", "outdir": "s3://bucket/results"}',
			description: 'Parameters as JSON or YAML',
		},
		{
			displayName: 'Post-Run Script',
			name: 'postRunScript',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description: 'Bash run after the pipeline finishes',
		},
		{
			displayName: 'Pre-Run Script',
			name: 'preRunScript',
			type: 'string',
			typeOptions: { rows: 3 },
			default: '',
			description: 'Bash run before Nextflow starts',
		},
		{
			displayName: 'Pull Latest',
			name: 'pullLatest',
			type: 'boolean',
			default: false,
			description: 'Whether to pull the latest revision of the pipeline before running',
		},
		{ displayName: 'Revision', name: 'revision', type: 'string', default: '', placeholder: 'main or 3.14.0' },
		{ displayName: 'Run Name', name: 'runName', type: 'string', default: '', placeholder: 'nightly-rnaseq' },
		{
			displayName: 'Stub Run',
			name: 'stubRun',
			type: 'boolean',
			default: false,
			description: 'Whether to run the processes\' stub blocks instead of the real commands',
		},
		{ displayName: 'Work Directory', name: 'workDir', type: 'string', default: '', placeholder: 's3://bucket/work' },
		{
			displayName: 'Workspace Secret Names',
			name: 'workspaceSecretNames',
			// Names of secrets, not their values: nothing to hide.
			// eslint-disable-next-line n8n-nodes-base/node-param-type-options-password-missing
			type: 'string',
			default: '',
			description: 'Comma-separated names of workspace secrets to make available to the run',
		},
	],
};

/**
 * Launch settings for a launch from a repository: its revisions and config profiles are picked from
 * lists the platform reads from the repository, or typed.
 */
export const repositoryLaunchSettingsField: INodeProperties = {
	...launchSettingsField,
	options: (launchSettingsField.options as INodeProperties[]).flatMap((setting) => REPOSITORY_LISTS[setting.name]?.(setting) ?? [setting]),
};

/**
 * Lays the settings the user filled in over `request`, checking each first. Settings left empty keep the
 * value already in the request (from the Launchpad or the original run).
 */
function applyLaunchSettings(context: IExecuteFunctions, itemIndex: number, request: IDataObject): IDataObject {
	const node = context.getNode();
	const settings = context.getNodeParameter('launchSettings', itemIndex, {}) as IDataObject;
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
			case 'labelIds':
				applied.labelIds = requireNumericIdList(node, itemIndex, value, 'Label IDs');
				break;
			case 'revision': {
				// Typed text on most launches; picked from the repository's list, or typed, on a launch from a repository.
				const revision = String(context.getNodeParameter('launchSettings.revision', itemIndex, '', { extractValue: true }) ?? '');
				if (revision.trim() !== '') applied.revision = revision.trim();
				break;
			}
			case 'paramsText':
				// Decided with the saved parameters and the form: see parametersFor.
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

function computeEnvIdFor(context: IExecuteFunctions, itemIndex: number): string | undefined {
	const value = context.getNodeParameter('computeEnvId', itemIndex, '', { extractValue: true }) as string;
	return String(value ?? '').trim() === ''
		? undefined
		: requireStringId(context.getNode(), itemIndex, value, 'Compute Environment');
}

/** A Launchpad pipeline's saved launch request, and its parameter schema (none when the platform has none). */
export interface LaunchpadLaunch {
	pipelineId: string;
	request: IDataObject;
	pipelineSchema: SavedPipelineSchema;
}

/** The launch saved with the Launchpad pipeline chosen in the `pipelineId` field, and the pipeline's schema. */
export async function launchpadLaunch(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	schemas: PipelineSchemas,
): Promise<LaunchpadLaunch> {
	const pipelineId = requireNumericId(
		context.getNode(),
		itemIndex,
		context.getNodeParameter('pipelineId', itemIndex, '', { extractValue: true }),
		'Launchpad Pipeline',
	);
	const saved = await apiRequest<{ launch?: IDataObject }>(context, {
		method: 'GET',
		path: ['pipelines', pipelineId, 'launch'],
		query: { workspaceId },
		itemIndex,
	});
	const pipelineSchema = await schemas.of(pipelineId, workspaceId, itemIndex);
	return { pipelineId, request: launchRequestFromSaved(saved.launch ?? {}), pipelineSchema };
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
	const settings = context.getNodeParameter('launchSettings', itemIndex, {}) as IDataObject;
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
 * Applies the chosen compute environment, the launch settings and the parameters to `request`, sends the
 * launch once, and returns what Launch and Relaunch both output. `pipelineSchema` is given for Launchpad
 * launches; their output names the required parameters left to the pipeline, if any.
 */
export async function sendLaunch(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	base: IDataObject,
	pipelineSchema?: SavedPipelineSchema,
): Promise<IDataObject> {
	const computeEnvId = computeEnvIdFor(context, itemIndex);
	const request = applyLaunchSettings(context, itemIndex, computeEnvId ? { ...base, computeEnvId } : base);
	const { paramsText, leftToPipeline } = await parametersFor(context, itemIndex, workspaceId, request, pipelineSchema);
	if (paramsText === undefined) delete request.paramsText;
	else request.paramsText = paramsText;
	const launched = await apiRequest<{ workflowId?: string }>(context, {
		method: 'POST',
		path: ['workflow', 'launch'],
		query: { workspaceId },
		body: { launch: request },
		itemIndex,
	});
	hintLeftToPipeline(context, leftToPipeline);
	const output: IDataObject = {
		workflowId: launched.workflowId,
		workspaceId: workspaceId === undefined ? null : Number(workspaceId),
		pipeline: request.pipeline,
		...(request.runName ? { runName: request.runName } : {}),
		...(leftToPipeline.names.length > 0 ? { requiredParametersLeftToPipeline: leftToPipeline.names } : {}),
	};
	if (!context.getNodeParameter('waitForCompletion', itemIndex, false)) return output;
	return { ...output, ...(await waitForRun(context, itemIndex, String(launched.workflowId), workspaceId)) };
}
