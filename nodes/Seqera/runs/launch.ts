import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { LAUNCH_SETTINGS_FIELD } from '../fields/fieldNames';
import { requireJsonOrYaml, requireNumericId, requireNumericIdList, requireStringId, toList } from '../helpers/validate';
import { apiRequest } from '../transport/request';
import { hintLeftToPipeline, launchpadParameters, type LaunchpadParameters, type PipelineSchemas } from './launchParameters';
import type { SavedPipelineSchema } from './pipelineSchema';
import { launchRequestFromSaved } from './records';
import { waitForRun } from './wait';

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
