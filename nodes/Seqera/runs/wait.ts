import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { flattenRun } from '../helpers/runs';
import { callSignalOf } from '../transport/callScope';
import { apiRequest } from '../transport/request';
import { sleep } from '../transport/timing';
import { TERMINAL_STATUSES } from './statuses';

// Each check waits a little longer than the last, up to the most the user allows.
const INTERVAL_GROWTH = 1.5;
// Answers that say nothing about the run: the next check may well succeed.
const TRANSIENT_CODES = new Set(['429', '500', '502', '503', '504', 'TIMEOUT', 'CONNECTION_DROPPED', 'UNREACHABLE', 'NETWORK']);

export const waitOptionsField: INodeProperties = {
	displayName: 'Wait Options',
	name: 'waitOptions',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Fail Item When Run Fails',
			name: 'failOnRunFailure',
			type: 'boolean',
			default: true,
			description: 'Whether a run that ends FAILED, CANCELLED or UNKNOWN makes this item fail',
		},
		{
			displayName: 'First Check After (Seconds)',
			name: 'pollIntervalSeconds',
			type: 'number',
			default: 5,
			typeOptions: { minValue: 1 },
			description: 'Checks start this often and slow down as the run goes on',
		},
		{
			displayName: 'Longest Interval (Seconds)',
			name: 'maxPollIntervalSeconds',
			type: 'number',
			default: 60,
			typeOptions: { minValue: 1 },
		},
		{
			displayName: 'Timeout (Minutes)',
			name: 'timeoutMinutes',
			type: 'number',
			default: 1440,
			typeOptions: { minValue: 1 },
			description: 'Give up waiting after this long; the run itself goes on',
		},
	],
};

/** "Wait for Completion" and its options, for the operations that start a run. */
export function waitFields(): INodeProperties[] {
	return [
		{
			displayName: 'Wait for Completion',
			name: 'waitForCompletion',
			type: 'boolean',
			default: false,
			description: 'Whether to hold the item until the run finishes, and output the run with its final status and progress',
		},
		{ ...waitOptionsField, displayOptions: { show: { waitForCompletion: [true] } } },
	];
}

function isTransient(error: unknown): boolean {
	return error instanceof NodeApiError && TRANSIENT_CODES.has(String(error.httpCode));
}

/**
 * Checks the run until it reaches a terminal status, with intervals that grow. A failed check does
 * not end the wait; an expired token or a deleted run does. Cancelling the execution, or another item
 * failing the node, ends it at once.
 */
export async function waitForRun(
	context: IExecuteFunctions,
	itemIndex: number,
	workflowId: string,
	workspaceId: string | undefined,
): Promise<IDataObject> {
	const options = context.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject;
	const maxIntervalMs = (Number(options.maxPollIntervalSeconds) || 60) * 1000;
	let intervalMs = Math.min((Number(options.pollIntervalSeconds) || 5) * 1000, maxIntervalMs);
	const deadline = Date.now() + (Number(options.timeoutMinutes) || 1440) * 60_000;
	const signal = callSignalOf(context);
	let lastStatus = 'unknown';
	let checks = 0;

	for (;;) {
		await sleep(Math.min(intervalMs, Math.max(0, deadline - Date.now())), signal);
		checks++;
		try {
			const run = flattenRun(
				await apiRequest<IDataObject>(context, { method: 'GET', path: ['workflow', workflowId], query: { workspaceId }, itemIndex }),
			);
			lastStatus = String(run.status);
			if (TERMINAL_STATUSES.has(lastStatus)) {
				if (lastStatus !== 'SUCCEEDED' && options.failOnRunFailure !== false) {
					throw new NodeOperationError(context.getNode(), `Run ${workflowId} ended ${lastStatus}`, {
						itemIndex,
						description: `${String(run.errorMessage ?? 'The platform gave no reason.')} Turn off "Fail Item When Run Fails" to receive the run as an item instead.`,
					});
				}
				return { ...run, waitChecks: checks };
			}
		} catch (error) {
			// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- already a NodeApiError, NodeOperationError or cancellation; wrapping would hide its HTTP code
			if (!isTransient(error)) throw error;
		}
		if (Date.now() >= deadline) {
			throw new NodeOperationError(context.getNode(), `Run ${workflowId} did not finish in time (last status ${lastStatus})`, {
				itemIndex,
				description: `Waited ${Number(options.timeoutMinutes) || 1440} minutes. The run goes on; raise "Timeout (Minutes)" or check it later with Get.`,
			});
		}
		intervalMs = Math.min(maxIntervalMs, Math.round(intervalMs * INTERVAL_GROWTH));
	}
}
