import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { DEFAULT_TIMEOUT_MINUTES } from '../fields/waitFields';
import { apiRequest, callSignalOf, sleep } from '../transport';
import { flattenRun } from './records';
import { hasReached, TERMINAL_STATUSES, type RunStage } from './statuses';

// Each check waits a little longer than the last, up to the most the user allows.
const INTERVAL_GROWTH = 1.5;
// Answers that say nothing about the thing waited for: the next check may well succeed.
const TRANSIENT_CODES = new Set(['429', '500', '502', '503', '504', 'TIMEOUT', 'CONNECTION_DROPPED', 'UNREACHABLE', 'NETWORK']);

function isTransient(error: unknown): boolean {
	return error instanceof NodeApiError && TRANSIENT_CODES.has(String(error.httpCode));
}

/** What one check found: the wait's result once it is over, else nothing yet. */
export type CheckOutcome<T> = { done: true; result: T } | { done: false };

/**
 * Calls `check` with intervals that grow, per the item's Wait Options, until it reports the wait is over,
 * and returns its result with how many checks it took. A check that fails on a transient answer does not
 * end the wait; any other error it throws does. Cancelling the execution, or another item failing the
 * node, ends it at once. Past the timeout, `timedOut` gives the error, with the minutes waited.
 */
export async function pollUntilDone<T>(
	context: IExecuteFunctions,
	itemIndex: number,
	check: () => Promise<CheckOutcome<T>>,
	timedOut: (waitedMinutes: number) => NodeOperationError,
): Promise<{ result: T; checks: number }> {
	const options = context.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject;
	const maxIntervalMs = (Number(options.maxPollIntervalSeconds) || 60) * 1000;
	let intervalMs = Math.min((Number(options.pollIntervalSeconds) || 5) * 1000, maxIntervalMs);
	const timeoutMinutes = Number(options.timeoutMinutes) || DEFAULT_TIMEOUT_MINUTES;
	const deadline = Date.now() + timeoutMinutes * 60_000;
	const signal = callSignalOf(context);
	let checks = 0;

	for (;;) {
		await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())), signal);
		checks++;
		try {
			const outcome = await check();
			if (outcome.done) return { result: outcome.result, checks };
		} catch (error) {
			// Already a NodeApiError, NodeOperationError or cancellation; wrapping would hide its HTTP code
			// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
			if (!isTransient(error)) throw error;
		}
		if (Date.now() >= deadline) throw timedOut(timeoutMinutes);
		intervalMs = Math.min(maxIntervalMs, Math.round(intervalMs * INTERVAL_GROWTH));
	}
}

/** What the timeout's error says a run did not do, by what the wait waited for. */
const MISSED_IN_TIME: Record<RunStage, string> = {
	submitted: 'was not submitted in time',
	running: 'did not start running in time',
	ended: 'did not finish in time',
};

/**
 * Checks the run until it reaches `until` (its end by default, or running or submitted, which a run that has
 * ended is past), with intervals that grow. A run that ended other than SUCCEEDED fails the item unless
 * the item's Wait Options say otherwise. A failed check does not end the wait; an expired token or a deleted run
 * does. Cancelling the execution, or another item failing the node, ends it at once.
 */
export async function waitForRun(
	context: IExecuteFunctions,
	itemIndex: number,
	workflowId: string,
	workspaceId: string | undefined,
	until: RunStage = 'ended',
): Promise<IDataObject> {
	const failOnRunFailure = (context.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject).failOnRunFailure !== false;
	let lastStatus = 'unknown';
	const { result: run, checks } = await pollUntilDone(
		context,
		itemIndex,
		async () => {
			const run = flattenRun(
				await apiRequest<IDataObject>(context, {
					method: 'GET',
					path: ['workflow', workflowId],
					query: { workspaceId },
					itemIndex,
				}),
			);
			lastStatus = String(run.status);
			if (!hasReached(lastStatus, until)) return { done: false };
			if (TERMINAL_STATUSES.has(lastStatus) && lastStatus !== 'SUCCEEDED' && failOnRunFailure) {
				throw new NodeOperationError(context.getNode(), `Run ${workflowId} ended ${lastStatus}`, {
					itemIndex,
					description:
						`${String(run.errorMessage ?? 'The platform gave no reason.')} Turn off "Fail Item When Run Fails" to receive ` +
						`the run as an item instead.`,
				});
			}
			return { done: true, result: run };
		},
		(waitedMinutes) =>
			new NodeOperationError(context.getNode(), `Run ${workflowId} ${MISSED_IN_TIME[until]} (last status ${lastStatus})`, {
				itemIndex,
				description: `Waited ${waitedMinutes} minutes. The run goes on; raise "Timeout (Minutes)" or check it later with Get.`,
			}),
	);
	return { ...run, waitChecks: checks };
}
