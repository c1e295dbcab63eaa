import type { IDataObject } from 'n8n-workflow';

/**
 * The platform wraps a run as `{workflow: {...}, progress, labels, orgName, ...}`; users map fields of the
 * run itself, so the run's own fields come first and the context around it sits beside them.
 */
export function flattenRun(element: IDataObject): IDataObject {
	const { workflow, ...context } = element;
	return { ...((workflow as IDataObject | undefined) ?? {}), ...context };
}

/** Tasks come as `{task: {...}}`; one level is all the wrapper adds. */
export function unwrapTask(element: IDataObject): IDataObject {
	return (element.task as IDataObject | undefined) ?? element;
}

// Fields of a saved launch (of a run, or of a Launchpad pipeline) that a new launch request accepts.
const LAUNCH_REQUEST_FIELDS = [
	'pipeline',
	'workDir',
	'revision',
	'commitId',
	'configProfiles',
	'configText',
	'paramsText',
	'preRunScript',
	'postRunScript',
	'mainScript',
	'entryName',
	'schemaName',
	'pipelineSchemaId',
	'towerConfig',
	'pullLatest',
	'stubRun',
	'labelIds',
	'headJobCpus',
	'headJobMemoryMb',
	'optimizationId',
	'optimizationTargets',
	'launchContainer',
	'userSecrets',
	'workspaceSecrets',
	'sessionId',
	'resume',
	'nextflowVersion',
	'outputDir',
	'syntaxParser',
] as const;

const hasValue = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** The named fields of a saved launch that have a value (`kept`: by default, neither missing, null nor empty). */
function fieldsWithValue(saved: IDataObject, fields: readonly string[], kept: (value: unknown) => boolean = hasValue): IDataObject {
	const request: IDataObject = {};
	for (const field of fields) {
		const value = saved[field];
		if (kept(value)) request[field] = value;
	}
	return request;
}

/** The compute environment a saved launch names, by ID or as the whole environment. */
function savedComputeEnvId(saved: IDataObject): IDataObject {
	const computeEnvId = saved.computeEnvId ?? (saved.computeEnv as IDataObject | undefined)?.id;
	return computeEnvId ? { computeEnvId } : {};
}

/** Turns a saved launch configuration into a `WorkflowLaunchRequest`, leaving out empty values. */
export function launchRequestFromSaved(saved: IDataObject): IDataObject {
	return { ...fieldsWithValue(saved, LAUNCH_REQUEST_FIELDS), ...savedComputeEnvId(saved) };
}

type LaunchRequestField = (typeof LAUNCH_REQUEST_FIELDS)[number];
const without = (leftOut: readonly LaunchRequestField[]) => LAUNCH_REQUEST_FIELDS.filter((field) => !leftOut.includes(field));

// What tower-cli's `launch` leaves out of a Launchpad pipeline's saved launch (ModelHelper.createLaunchRequest,
// then LaunchCmd.updateLaunchRequest): the session, resume flag and schema ID belong to the run and schema it
// was saved with; for the Nextflow version, output directory, syntax parser and launch container the platform
// takes its own unless the launch names them.
const LAUNCHPAD_LAUNCH_FIELDS = without([
	'sessionId',
	'resume',
	'pipelineSchemaId',
	'nextflowVersion',
	'outputDir',
	'syntaxParser',
	'launchContainer',
	'labelIds',
]);

// What tower-cli's `runs relaunch` leaves out of the run's launch (RelaunchCmd): the run's commit, Tower config,
// labels, head job resources, optimization and Nextflow version are not carried over; Launch Settings may give them.
const RELAUNCH_FIELDS = without([
	'commitId',
	'towerConfig',
	'labelIds',
	'headJobCpus',
	'headJobMemoryMb',
	'optimizationId',
	'optimizationTargets',
	'launchContainer',
	'nextflowVersion',
	'outputDir',
	'syntaxParser',
	'pipelineSchemaId',
	'resume',
]);

/**
 * The named fields of a saved launch with a value, after its `id` (by which the platform knows a Launchpad
 * launch, the only kind a user with the Launch role may make, and a relaunch of a run of the workspace) and
 * its compute environment.
 */
function savedFields(saved: IDataObject, fields: readonly string[]): IDataObject {
	return {
		...(typeof saved.id === 'string' && saved.id !== '' ? { id: saved.id } : {}),
		...savedComputeEnvId(saved),
		...fieldsWithValue(saved, fields),
	};
}

/** Version 1.2's launch of a Launchpad pipeline's saved launch, with the fields tower-cli's `launch` sends. */
export function newLaunchFromSaved(saved: IDataObject): IDataObject {
	return savedFields(saved, LAUNCHPAD_LAUNCH_FIELDS);
}

/** Version 1.2's relaunch of a run's launch, with the fields tower-cli's `runs relaunch` sends. */
export function relaunchFromSaved(saved: IDataObject): IDataObject {
	return savedFields(saved, RELAUNCH_FIELDS);
}

// What tower-cli's `pipelines update` sends again of the saved launch when it is not given (UpdateCmd.buildUpdateRequest),
// in the order it sends them.
const TOWER_CLI_UPDATE_FIELDS: readonly LaunchRequestField[] = [
	'pipeline',
	'revision',
	'workDir',
	'configProfiles',
	'paramsText',
	'configText',
	'preRunScript',
	'postRunScript',
	'pullLatest',
	'stubRun',
	'mainScript',
	'entryName',
	'schemaName',
	'pipelineSchemaId',
	'userSecrets',
	'workspaceSecrets',
];

/**
 * The launch Pipeline → Update sends back: a Launchpad pipeline's saved launch, with `computeEnvId` the compute
 * environment given, else the saved one. From version 1.3 (`keepsAll`) it is launchRequestFromSaved's reading,
 * every field with a value. Versions 1 to 1.2 send what tower-cli's `pipelines update` sends again, and differ
 * from a launch on purpose, as their saved workflows send it: fewer fields, each kept unless missing or null, an
 * empty text too, since tower-cli copies them as the platform gave them. Both take the saved compute environment
 * from the launch's `computeEnv` first, as tower-cli does: versions 1 to 1.2 leave a `computeEnvId` beside it
 * out, and from version 1.3 that goes back only where `computeEnv` has no ID.
 */
export function pipelineUpdateFromSaved(saved: IDataObject, computeEnvId: string | undefined, keepsAll: boolean): IDataObject {
	const launch: IDataObject = keepsAll ? launchRequestFromSaved(saved) : {};
	const sentComputeEnvId = computeEnvId ?? (saved.computeEnv as IDataObject | undefined)?.id;
	if (sentComputeEnvId) launch.computeEnvId = sentComputeEnvId;
	if (!keepsAll)
		Object.assign(
			launch,
			fieldsWithValue(saved, TOWER_CLI_UPDATE_FIELDS, (value) => value !== undefined && value !== null),
		);
	return launch;
}
