import { createHash } from 'node:crypto';

import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import type { WeblogEvent } from '../../weblog/protocol';

/** What the trigger can start the workflow on, each made from one kind of weblog event. */
export const NEXTFLOW_EVENT_OPTIONS = [
	{
		name: 'Process Failed',
		value: 'processFailed',
		description: 'A task ended FAILED: its process, name, tag, exit status and work directory, whatever its error strategy does next',
	},
	{ name: 'Process Completed', value: 'processCompleted', description: 'A task ended COMPLETED' },
	{ name: 'Run Started', value: 'runStarted', description: 'Nextflow started the run' },
	{ name: 'Run Completed', value: 'runCompleted', description: 'The run ended and Nextflow reports it a success' },
	{ name: 'Run Failed', value: 'runFailed', description: 'The run ended without success: it failed, or was cancelled' },
] as const satisfies readonly INodePropertyOptions[];

export type NextflowEventName = (typeof NEXTFLOW_EVENT_OPTIONS)[number]['value'];

/**
 * What a weblog event reports, if it is one the trigger knows. A task that fails is reported by
 * `process_completed` with status FAILED and, when it stops the run, again by `error` with the same
 * trace: both are one Process Failed, and its key (below) is the same, so it is reported once. A
 * `completed` event is a success only when its metadata says so.
 */
export function nextflowEventOf(event: WeblogEvent): NextflowEventName | undefined {
	const status = event.trace?.status;
	switch (event.event) {
		case 'started':
			return 'runStarted';
		case 'process_completed':
			return status === 'FAILED' ? 'processFailed' : status === 'COMPLETED' ? 'processCompleted' : undefined;
		case 'error':
			// Without a trace, the run failed outside any task; `completed` reports it.
			return status === 'FAILED' ? 'processFailed' : undefined;
		case 'completed':
			return workflowOf(event).success === true ? 'runCompleted' : 'runFailed';
		default:
			return undefined;
	}
}

function workflowOf(event: WeblogEvent): IDataObject {
	const workflow = event.metadata?.workflow;
	return typeof workflow === 'object' && workflow !== null ? (workflow as IDataObject) : {};
}

/**
 * Which report an event is, whatever post brought it: the run, what it reports, and for a task its ID,
 * hash and status. 12 characters of a SHA-256 of those (72 bits): two reports of the ones kept share a
 * key with odds of about n² in 2^73.
 */
export function eventKeyOf(event: WeblogEvent, reported: NextflowEventName): string {
	const trace = event.trace ?? {};
	const identity = JSON.stringify([event.runId, reported, trace.task_id ?? null, trace.hash ?? null, trace.status ?? null]);
	return createHash('sha256').update(identity).digest('base64url').slice(0, 12);
}

const given = (value: unknown) => value ?? null;

/** A trace time (milliseconds since the epoch, as Nextflow writes them) as an ISO time. */
function isoTime(value: unknown): string | null {
	return typeof value === 'number' && Number.isFinite(value) ? new Date(value).toISOString() : null;
}

function taskFields(trace: IDataObject): IDataObject {
	return {
		process: given(trace.process),
		name: given(trace.name),
		tag: given(trace.tag),
		status: given(trace.status),
		exit: given(trace.exit),
		errorAction: given(trace.error_action),
		attempt: given(trace.attempt),
		workdir: given(trace.workdir),
		taskId: given(trace.task_id),
		hash: given(trace.hash),
		nativeId: given(trace.native_id),
		container: given(trace.container),
		submit: isoTime(trace.submit),
		start: isoTime(trace.start),
		complete: isoTime(trace.complete),
		durationMs: given(trace.duration),
		realtimeMs: given(trace.realtime),
		trace,
	};
}

/** The run's metadata; its outcome only once it ended, since at its start Nextflow sends `success: false`. */
function runFields(event: WeblogEvent, ended: boolean): IDataObject {
	const workflow = workflowOf(event);
	const outcome: IDataObject = ended
		? {
				success: given(workflow.success),
				exitStatus: given(workflow.exitStatus),
				errorMessage: given(workflow.errorMessage),
				errorReport: given(workflow.errorReport),
				complete: given(workflow.complete),
				durationMs: given(workflow.duration),
			}
		: {};
	return {
		...outcome,
		start: given(workflow.start),
		projectName: given(workflow.projectName),
		repository: given(workflow.repository),
		revision: given(workflow.revision),
		commitId: given(workflow.commitId),
		workDir: given(workflow.workDir),
		launchDir: given(workflow.launchDir),
		profile: given(workflow.profile),
		metadata: event.metadata ?? null,
	};
}

/**
 * The item for one reported event: the run (`runId` is Nextflow's session ID, which the platform shows
 * as the run's `sessionId`, so both names are given), then the task's fields for process events or the
 * run's outcome for run events, with the trace or metadata Nextflow sent as it sent them.
 */
export function eventItemOf(event: WeblogEvent, reported: NextflowEventName): IDataObject {
	const head: IDataObject = {
		event: reported,
		weblogEvent: event.event,
		runName: event.runName,
		runId: event.runId,
		sessionId: event.runId,
		utcTime: given(event.utcTime),
	};
	if (reported === 'processFailed' || reported === 'processCompleted')
		return { ...head, ...taskFields((event.trace ?? {}) as IDataObject) };
	return { ...head, ...runFields(event, reported !== 'runStarted') };
}
