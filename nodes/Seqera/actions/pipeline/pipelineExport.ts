import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * The launch settings tower-cli's `pipelines export` copies from a pipeline's saved launch
 * (`ModelHelper.createLaunchRequest`), in its order; the saved compute environment becomes `computeEnvId`.
 */
const EXPORTED_LAUNCH_FIELDS = [
	'id',
	'computeEnvId',
	'pipeline',
	'workDir',
	'revision',
	'commitId',
	'sessionId',
	'configProfiles',
	'userSecrets',
	'workspaceSecrets',
	'configText',
	'towerConfig',
	'paramsText',
	'preRunScript',
	'postRunScript',
	'mainScript',
	'entryName',
	'schemaName',
	'pipelineSchemaId',
	'resume',
	'pullLatest',
	'stubRun',
	'optimizationId',
	'optimizationTargets',
	'headJobCpus',
	'headJobMemoryMb',
	'dateCreated',
] as const;

/** The fields of the contract's WorkflowLaunchRequest: what an imported launch may hold. */
const LAUNCH_REQUEST_FIELDS = new Set<string>([
	...EXPORTED_LAUNCH_FIELDS,
	'labelIds',
	'launchContainer',
	'nextflowVersion',
	'outputDir',
	'runName',
	'syntaxParser',
]);

const present = (value: unknown): boolean => value !== undefined && value !== null;

const isObject = (value: unknown): value is IDataObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The document tower-cli's `pipelines export` writes (a CreatePipelineRequest without a name): the pipeline's
 * description and icon and its saved launch. Fields the platform left empty are left out, as tower-cli's
 * JSON writer leaves out nulls.
 */
export function exportedPipeline(pipeline: IDataObject, launch: IDataObject): IDataObject {
	const computeEnv = isObject(launch.computeEnv) ? launch.computeEnv : {};
	const source: IDataObject = { ...launch, computeEnvId: computeEnv.id };
	const exportedLaunch: IDataObject = {};
	for (const field of EXPORTED_LAUNCH_FIELDS) if (present(source[field])) exportedLaunch[field] = source[field];
	return {
		...(present(pipeline.description) ? { description: pipeline.description } : {}),
		...(present(pipeline.icon) ? { icon: pipeline.icon } : {}),
		launch: exportedLaunch,
	};
}

/** A checked export document: its description, icon and version as given, and its launch. */
export interface ImportedPipeline {
	request: IDataObject;
	launch: IDataObject;
}

/**
 * Reads an export document (text, or an object an expression gave), failing the item, naming the field,
 * where it is not JSON, not an object, or has no launch with a pipeline repository.
 */
export function importedPipeline(context: IExecuteFunctions, itemIndex: number, value: unknown, field: string): ImportedPipeline {
	const node = context.getNode();
	const fail = (message: string, description: string): never => {
		throw new NodeOperationError(node, message, { itemIndex, description: `${description} (item ${itemIndex}).` });
	};
	let parsed: unknown = value;
	if (typeof value === 'string') {
		if (value.trim() === '') fail(`${field} is empty`, `Give the JSON a pipeline export wrote`);
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			fail(`${field} is not valid JSON`, `${(error as Error).message}. Give the JSON a pipeline export wrote, unchanged`);
		}
	}
	if (!isObject(parsed)) return fail(`${field} is not a JSON object`, 'A pipeline export is an object with a "launch"');
	const { launch } = parsed;
	if (!isObject(launch)) return fail(`${field} has no "launch"`, 'A pipeline export holds the saved launch under "launch"');
	if (typeof launch.pipeline !== 'string' || launch.pipeline.trim() === '') {
		fail(`${field} has no "launch.pipeline"`, 'A pipeline export names the pipeline repository in "launch.pipeline"');
	}
	const request: IDataObject = {};
	for (const key of ['description', 'icon', 'version'] as const) if (present(parsed[key])) request[key] = parsed[key];
	const kept = Object.entries(launch).filter(([key, setting]) => LAUNCH_REQUEST_FIELDS.has(key) && present(setting));
	return { request, launch: Object.fromEntries(kept) as IDataObject };
}
