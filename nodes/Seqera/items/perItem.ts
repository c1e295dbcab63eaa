import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { connectionOf, maxCallsInFlight, stopCallsWith } from '../transport';

/** What one input item produced as JSON: one output item per object. */
export type JsonOutput = IDataObject | IDataObject[];

function asItems(output: JsonOutput): INodeExecutionData[] {
	return (Array.isArray(output) ? output : [output]).map((json) => ({ json }));
}

function pairedWith(produced: INodeExecutionData[], itemIndex: number): INodeExecutionData[] {
	return produced.map((item) => ({ ...item, pairedItem: { item: itemIndex } }));
}

function asNodeError(context: IExecuteFunctions, caught: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	return caught instanceof NodeApiError || caught instanceof NodeOperationError
		? caught
		: new NodeOperationError(context.getNode(), caught as Error, { itemIndex });
}

/** A call the transport refused, or a wait it ended, because the execution or the item pool stopped. */
function isStop(caught: unknown): boolean {
	if (caught instanceof NodeApiError) return caught.httpCode === 'CANCELED';
	return (caught as { code?: unknown } | null)?.code === 'ERR_CANCELED';
}

/**
 * Runs one operation for every input item; `handle` returns the item's JSON, and each object it returns
 * becomes one output item as it is. Items run together, as many at once as the token's queue
 * lets calls be in flight, so an execution keeps the token's budget busy instead of waiting for one
 * answer at a time; each item's own calls still go one after another. Each output item is paired with
 * the item it came from, and outputs leave in item order whatever order the items finish in.
 *
 * With Continue On Fail (or the error output) a failing item becomes one error item and the rest go
 * on, so the number of items out never drops below the number in. Without it, the first item that
 * fails stops the pool: no item and no call starts after it, the calls already sent are answered, and
 * the node fails with the error of the lowest item that failed, as if the items had run in order.
 */
export async function forEachItem(
	context: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<JsonOutput>,
): Promise<INodeExecutionData[]> {
	return await forEachItemWithBinary(context, async (itemIndex) => asItems(await handle(itemIndex)));
}

/** As `forEachItem`, for operations whose output items carry binary data: `handle` returns complete items. */
export async function forEachItemWithBinary(
	context: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<INodeExecutionData[]>,
): Promise<INodeExecutionData[]> {
	const itemCount = context.getInputData().length;
	const poolSize = Math.min(itemCount, maxCallsInFlight((await connectionOf(context)).budget.maxCallsPerSecond));
	const cancel = context.getExecutionCancelSignal();
	const stop = new AbortController();
	const outputs: INodeExecutionData[][] = new Array<INodeExecutionData[]>(itemCount);
	let nextItem = 0;
	let finishedItems = 0;
	let failure: { itemIndex: number; error: NodeApiError | NodeOperationError } | undefined;
	let cancelled: NodeApiError | NodeOperationError | undefined;

	const runItem = async (itemIndex: number): Promise<void> => {
		try {
			outputs[itemIndex] = pairedWith(await handle(itemIndex), itemIndex);
			finishedItems++;
		} catch (caught) {
			// A cancelled execution stops here; Continue On Fail is for items that failed, not for a stop.
			// An item that fails on its own just after the cancel does not speak for the execution: n8n
			// would show the run as failed with that item's error instead of as cancelled.
			if (cancel?.aborted) {
				if (isStop(caught)) cancelled ??= asNodeError(context, caught, itemIndex);
				return;
			}
			// Stopped by an earlier failure: this item did not fail on its own.
			if (stop.signal.aborted && isStop(caught)) return;
			const error = asNodeError(context, caught, itemIndex);
			if (!context.continueOnFail()) {
				if (failure === undefined || itemIndex < failure.itemIndex) failure = { itemIndex, error };
				stop.abort();
				return;
			}
			// n8n routes an item to the error output only when its JSON holds nothing but `error` and
			// `message` (n8n 1.x is the strictest), so the description travels as the message.
			outputs[itemIndex] = [
				{
					json: { error: error.message, ...(error.description ? { message: error.description } : {}) },
					pairedItem: { item: itemIndex },
				},
			];
			finishedItems++;
		}
	};
	// Each worker takes the next item when its last one is done: the pool, not the input, bounds how
	// many items (and their promises) are alive at once.
	const worker = async (): Promise<void> => {
		while (nextItem < itemCount && !stop.signal.aborted && !cancel?.aborted) await runItem(nextItem++);
	};

	const stopCalls = stopCallsWith(context, stop.signal);
	try {
		await Promise.all(Array.from({ length: poolSize }, worker));
	} finally {
		stopCalls();
	}
	if (failure) throw failure.error;
	if (cancelled) throw cancelled;
	if (finishedItems < itemCount) {
		// n8n recognises a cancelled execution by "canceled" in the error message.
		throw new NodeOperationError(context.getNode(), 'The execution was canceled');
	}
	return outputs.flat();
}
