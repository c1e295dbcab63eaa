import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MINUTES, WAIT_IN_FIELD } from '../fields/waitFields';
import { EVENTS_URL_NAME, eventsUrlOf, withWeblogTarget } from '../runs/weblogLaunch';
import { eventsTargetFor } from './eventsTarget';

/** Wait In's option that has n8n hold the wait, as errors quote it. */
const HELD_BY_N8N = "Held by n8n Until the Run's Events";

/** What a held wait's items say of how the wait ended. */
export const WAIT_OUTCOME = { runEnded: 'runEnded', timeLimit: 'timeLimit' } as const;

/**
 * Whether this node holds its wait in n8n rather than in the running execution: version 1.3's Wait In,
 * read once for the node, since n8n puts the whole execution to wait, not an item.
 */
export function holdsWaitInN8n(context: IExecuteFunctions): boolean {
	if (context.getNode().typeVersion < 1.3 || context.getInputData().length === 0) return false;
	return context.getNodeParameter('waitForCompletion', 0, false) === true && context.getNodeParameter(WAIT_IN_FIELD, 0, 'execution') === 'n8n';
}

/**
 * The launch with a `weblog` block that sends the run's events to this execution's resume URL. Nextflow's
 * weblog sends a run's events to one URL, so a launch that also asks to send them to a trigger fails the
 * item before anything is launched, as does a config that sets `weblog` itself.
 */
export async function withEventsToExecution(context: IExecuteFunctions, itemIndex: number, launch: IDataObject): Promise<IDataObject> {
	if (eventsUrlOf(context, itemIndex) !== undefined) {
		throw new NodeOperationError(context.getNode(), `Wait In "${HELD_BY_N8N}" and ${EVENTS_URL_NAME} both send the run's events`, {
			itemIndex,
			description: `Nextflow's weblog sends a run's events to one URL. Choose Wait In "This Execution" to send them to the trigger, or remove ${EVENTS_URL_NAME} to let n8n hold the wait.`,
		});
	}
	return withWeblogTarget(context, itemIndex, launch, await eventsTargetFor(context, itemIndex), {
		adds: `Wait In "${HELD_BY_N8N}" adds a weblog block that sends the run's events to this execution.`,
		orElse: 'choose Wait In "This Execution"',
	});
}

/**
 * The launched runs, held until they end where the node's Wait In asks n8n to hold the wait. Items whose
 * launch failed (with Continue On Fail) have no run: when no item has one, there is nothing to wait for.
 */
export async function holdIfAsked(context: IExecuteFunctions, launched: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const anyRun = launched.some((item) => item.json.workflowId !== undefined);
	return anyRun && holdsWaitInN8n(context) ? await holdUntilRunsEnd(context, launched) : launched;
}

/**
 * Puts the execution to wait in n8n until every launched run has ended (the run's events resume it) or
 * the time limit passes. n8n passes a wait that reaches its time on with the node's input items, so the
 * input is replaced by the launched runs marked as past the limit: that is what the next node then
 * receives, and what the resume reads to know the runs it waits for. The launched runs are the node's
 * output while it waits.
 */
async function holdUntilRunsEnd(context: IExecuteFunctions, launched: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const options = context.getNodeParameter('waitOptions', 0, {}) as IDataObject;
	const timeoutMinutes = Number(options.timeoutMinutes) || DEFAULT_TIMEOUT_MINUTES;
	const limit = new Date(Date.now() + timeoutMinutes * 60_000);
	const pastLimit = launched.map((item) => ({
		...item,
		json: item.json.workflowId === undefined ? item.json : { ...item.json, waitOutcome: WAIT_OUTCOME.timeLimit, waitLimit: limit.toISOString() },
	}));
	context.getExecuteData().data.main[0] = pastLimit;
	await context.putExecutionToWait(limit);
	return launched;
}
