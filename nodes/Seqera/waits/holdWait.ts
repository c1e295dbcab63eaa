import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MINUTES } from '../fields/waitFields';
import { holdsWaitInN8n } from '../runs/weblogLaunch';
import { endedItems, hasEnded, readRun, WAIT_OUTCOME } from './endedRuns';

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
 *
 * Until n8n has saved the execution as waiting, it refuses calls to the resume URL, and Nextflow posts
 * each event once: a run that ended in the meantime (one that failed at once, say) would have no end left
 * to resume the execution with. So the runs are read first, and when all of them have ended the node goes
 * on without waiting. A run that ends between that read and n8n's save still loses its end; the wait then
 * ends at its time limit, unless another run's end comes later and finds them all ended.
 */
async function holdUntilRunsEnd(context: IExecuteFunctions, launched: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const options = context.getNodeParameter('waitOptions', 0, {}) as IDataObject;
	const runs = await Promise.all(launched.map(async (item) => await readRun(context, item.json)));
	if (runs.every(hasEnded)) return endedItems(launched, runs, options.failOnRunFailure !== false);
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
