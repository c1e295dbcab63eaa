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

/** Turns a saved launch configuration into a `WorkflowLaunchRequest`, leaving out empty values. */
export function launchRequestFromSaved(saved: IDataObject): IDataObject {
	const request: IDataObject = {};
	for (const field of LAUNCH_REQUEST_FIELDS) {
		const value = saved[field];
		if (value !== undefined && value !== null && value !== '') request[field] = value;
	}
	const computeEnv = saved.computeEnv as IDataObject | undefined;
	const computeEnvId = saved.computeEnvId ?? computeEnv?.id;
	if (computeEnvId) request.computeEnvId = computeEnvId;
	return request;
}

// A saved launch's session and resume flag belong to the run it made, and its schema ID to the schema it
// was saved with; tower-cli's `launch` leaves them out of a new launch (LaunchCmd.updateLaunchRequest).
const BELONG_TO_THE_SAVED_LAUNCH = ['sessionId', 'resume', 'pipelineSchemaId'];

/**
 * Version 1.2's launch from a saved launch, as Seqera's clients send it: with the saved launch's `id`, by
 * which the platform knows a Launchpad launch (the only kind a user with the Launch role may make), and
 * without what belongs to the saved launch's own run.
 */
export function newLaunchFromSaved(saved: IDataObject): IDataObject {
	const request = launchRequestFromSaved(saved);
	for (const field of BELONG_TO_THE_SAVED_LAUNCH) delete request[field];
	return typeof saved.id === 'string' && saved.id !== '' ? { id: saved.id, ...request } : request;
}
