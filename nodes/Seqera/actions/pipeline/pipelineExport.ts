import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ExportDocument, ExportKind } from '../../items/exportDocument';

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
 * description and icon, its saved launch (of the version exported), and the name of that version where one was asked
 * for and has a name. Fields the platform left empty are left out, as tower-cli's JSON writer leaves out nulls.
 */
export function exportedPipeline(pipeline: IDataObject, launch: IDataObject, versionName?: string | null): IDataObject {
	const computeEnv = isObject(launch.computeEnv) ? launch.computeEnv : {};
	const source: IDataObject = { ...launch, computeEnvId: computeEnv.id };
	const exportedLaunch: IDataObject = {};
	for (const field of EXPORTED_LAUNCH_FIELDS) if (present(source[field])) exportedLaunch[field] = source[field];
	return {
		...(present(pipeline.description) ? { description: pipeline.description } : {}),
		...(present(pipeline.icon) ? { icon: pipeline.icon } : {}),
		launch: exportedLaunch,
		...(present(versionName) ? { version: { name: versionName } } : {}),
	};
}

/** A checked export document: its description, icon and version as given, and its launch. */
export interface ImportedPipeline {
	request: IDataObject;
	launch: IDataObject;
}

/** Export From and its fields, for a pipeline export. */
export const PIPELINE_EXPORT: ExportKind = { resource: 'Pipeline', shape: 'an object with a "launch"' };

/**
 * Checks an export read by readExportDocument, failing the item, naming the field, where it has no launch with a
 * pipeline repository.
 */
export function importedPipeline(context: IExecuteFunctions, itemIndex: number, { document, field }: ExportDocument): ImportedPipeline {
	const node = context.getNode();
	const fail = (message: string, description: string): never => {
		throw new NodeOperationError(node, message, { itemIndex, description: `${description} (item ${itemIndex}). Nothing was sent.` });
	};
	const { launch } = document;
	if (!isObject(launch)) return fail(`${field} has no "launch"`, 'A pipeline export holds the saved launch under "launch"');
	if (typeof launch.pipeline !== 'string' || launch.pipeline.trim() === '') {
		fail(`${field} has no "launch.pipeline"`, 'A pipeline export names the pipeline repository in "launch.pipeline"');
	}
	const request: IDataObject = {};
	for (const key of ['description', 'icon', 'version'] as const) if (present(document[key])) request[key] = document[key];
	const kept = Object.entries(launch).filter(([key, setting]) => LAUNCH_REQUEST_FIELDS.has(key) && present(setting));
	return { request, launch: Object.fromEntries(kept) as IDataObject };
}
