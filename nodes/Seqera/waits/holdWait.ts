import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { AT_TIME_LIMIT_FIELD, DEFAULT_CHECK_INTERVAL_MINUTES, DEFAULT_TIMEOUT_MINUTES } from '../fields/waitFields';
import { seqeraPlatform } from '../nodeVersions';
import { holdsWaitInN8n } from '../weblog/launchEvents';
import { startCheckExecution } from './checkExecution';
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
 * How long the wait lasts and what its limit does: version 1.5 takes it in hours or days and fails the
 * items unless told to output them; earlier versions take minutes and output the runs marked.
 */
function timeLimitOf(context: IExecuteFunctions, options: IDataObject): { minutes: number; failAtLimit: boolean } {
	if (!seqeraPlatform.brings(context, 'timeLimitInHoursOrDays'))
		return { minutes: Number(options.timeoutMinutes) || DEFAULT_TIMEOUT_MINUTES, failAtLimit: false };
	const minutesPerUnit = options.timeLimitUnit === 'hours' ? 60 : 24 * 60;
	return { minutes: (Number(options.timeLimit) || 1) * minutesPerUnit, failAtLimit: options[AT_TIME_LIMIT_FIELD] !== 'output' };
}

/**
 * What n8n passes on for a run when the wait reaches its limit: the launched run marked, and where the
 * wait fails its items, an error on the item too, which n8n's error output takes in both releases
 * (n8n 1.x would take an error in the JSON only when `error` and `message` are all it holds, which
 * would leave no room for the run).
 */
function pastLimitItem(context: IExecuteFunctions, item: INodeExecutionData, limit: Date, failAtLimit: boolean): INodeExecutionData {
	const marked = { ...item.json, waitOutcome: WAIT_OUTCOME.timeLimit, waitLimit: limit.toISOString() };
	if (!failAtLimit) return { ...item, json: marked };
	const error = `Run ${String(item.json.workflowId)} had not ended at the wait's time limit`;
	return {
		...item,
		json: { ...marked, error },
		error: new NodeOperationError(context.getNode(), error, {
			description:
				'The run goes on on the platform. Raise Time Limit in Wait Options, or choose At the Time Limit "Output the Runs, ' +
				'Marked" to receive the run as an item.',
		}),
	};
}

/**
 * Puts the execution to wait in n8n until every launched run has ended (the run's events, or the wait's
 * check execution, resume it) or the time limit passes. n8n passes a wait that reaches its time on with the node's input items, so the
 * input is replaced by the launched runs marked as past the limit: that is what the next node then
 * receives, and what the resume reads to know the runs it waits for. The launched runs are the node's
 * output while it waits.
 *
 * Until n8n has saved the execution as waiting, it refuses calls to the resume URL, and Nextflow posts
 * each event once: a run that ended in the meantime (one that failed at once, say) would have no end left
 * to resume the execution with. So the runs are read first, and when all of them have ended the node goes
 * on without waiting. A run that ends between that read and n8n's save loses its end on the way; the
 * wait's check execution finds it at its first check.
 */
async function holdUntilRunsEnd(context: IExecuteFunctions, launched: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const options = context.getNodeParameter('waitOptions', 0, {}) as IDataObject;
	const runs = await Promise.all(launched.map(async (item) => await readRun(context, item.json)));
	if (runs.every(hasEnded)) return endedItems(launched, runs, options.failOnRunFailure !== false);
	const { minutes, failAtLimit } = timeLimitOf(context, options);
	const limit = new Date(Date.now() + minutes * 60_000);
	const pastLimit = launched.map((item) =>
		item.json.workflowId === undefined ? item : pastLimitItem(context, item, limit, failAtLimit),
	);
	context.getExecuteData().data.main[0] = pastLimit;
	await startCheckExecution(context, limit, Number(options.checkIntervalMinutes) || DEFAULT_CHECK_INTERVAL_MINUTES);
	await context.putExecutionToWait(limit);
	return launched;
}
