import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MINUTES, WAIT_IN_FIELD } from '../fields/waitFields';
import { setsWeblogScope, withWeblogBlock } from '../runs/weblog';
import { eventsTargetFor } from './eventsTarget';

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
 * The launch with a `weblog` block that sends the run's events to this execution's resume URL. A config
 * that sets `weblog` itself fails the item before anything is launched: one of the two blocks would
 * silently lose, and with it either the user's events or the end of the wait.
 */
export async function withEventsToExecution(context: IExecuteFunctions, itemIndex: number, launch: IDataObject): Promise<IDataObject> {
	const configText = typeof launch.configText === 'string' ? launch.configText : undefined;
	if (setsWeblogScope(configText)) {
		throw new NodeOperationError(context.getNode(), "The launch's Nextflow config already sets weblog", {
			itemIndex,
			description:
				'Wait In "Held by n8n Until the Run\'s Events" adds a weblog block that sends the run\'s events to this execution. Remove the weblog settings from Nextflow Config (in Launch Settings or the saved pipeline), or choose Wait In "This Execution".',
		});
	}
	return { ...launch, configText: withWeblogBlock(configText, await eventsTargetFor(context, itemIndex)) };
}

/** The launched runs, held until they end where the node's Wait In asks n8n to hold the wait. */
export async function holdIfAsked(context: IExecuteFunctions, launched: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	return holdsWaitInN8n(context) ? await holdUntilRunsEnd(context, launched) : launched;
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
