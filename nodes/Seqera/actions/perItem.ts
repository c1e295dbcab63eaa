import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** What one input item produced: plain JSON objects, or complete items when binary data is attached. */
export type ItemOutput = IDataObject | IDataObject[] | INodeExecutionData[];

function isExecutionData(output: ItemOutput): output is INodeExecutionData[] {
	return Array.isArray(output) && output.length > 0 && typeof (output[0] as INodeExecutionData).json === 'object';
}

/**
 * Runs one operation for every input item. Each output item is paired with the item it came from; with
 * Continue On Fail (or the error output) a failing item becomes one error item and the rest go on, so the
 * number of items out never drops below the number in.
 */
export async function forEachItem(
	context: IExecuteFunctions,
	handle: (itemIndex: number) => Promise<ItemOutput>,
): Promise<INodeExecutionData[]> {
	const items = context.getInputData();
	const results: INodeExecutionData[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			const output = await handle(itemIndex);
			const produced = isExecutionData(output)
				? output
				: (Array.isArray(output) ? output : [output]).map((json) => ({ json }));
			for (const item of produced) results.push({ ...item, pairedItem: { item: itemIndex } });
		} catch (caught) {
			const error =
				caught instanceof NodeApiError || caught instanceof NodeOperationError
					? caught
					: new NodeOperationError(context.getNode(), caught as Error, { itemIndex });
			// A cancelled execution stops here; Continue On Fail is for items that failed, not for a stop.
			if (!context.continueOnFail() || context.getExecutionCancelSignal()?.aborted) throw error;
			// n8n routes an item to the error output only when its JSON holds nothing but `error` and
			// `message` (n8n 1.x is the strictest), so the description travels as the message.
			results.push({
				json: { error: error.message, ...(error.description ? { message: error.description } : {}) },
				pairedItem: { item: itemIndex },
			});
		}
	}
	return results;
}
