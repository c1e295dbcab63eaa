import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { forEachItem } from '../../items/perItem';
import { studioIdFor } from '../../names/lookups';
import { studioItem } from '../../studios/status';

/**
 * The body of an item's Start, built from the Studio as the platform describes it now: `readStudio` reads it,
 * so the item's fields can be checked before any call.
 */
export type StartBodyOf = (itemIndex: number, readStudio: () => Promise<IDataObject>) => Promise<IDataObject>;

/**
 * Start or Stop for each item: `PUT /studios/{sessionId}/<change>`, then the Studio as it is now, with
 * `jobSubmitted` false when there was nothing to do (a Start of a running Studio, a Stop of a stopped one).
 * A Start given `startBodyOf` reads the Studio first and sends the body built from it; without it, a
 * Start sends no overrides, `{}`, as version 1 of the node does.
 */
export async function submitStudioChange(
	context: IExecuteFunctions,
	change: 'start' | 'stop',
	startBodyOf?: StartBodyOf,
): Promise<INodeExecutionData[]> {
	return await forEachItem(context, async (itemIndex) => {
		const sessionId = await studioIdFor(context, itemIndex);
		const workspaceId = await workspaceIdFor(context, itemIndex);
		const describe = async () =>
			await apiRequest<IDataObject>(context, { method: 'GET', path: ['studios', sessionId], query: { workspaceId }, itemIndex });
		let body: IDataObject | undefined;
		if (change === 'start') body = startBodyOf ? await startBodyOf(itemIndex, describe) : {};
		const submitted = await apiRequest<{ jobSubmitted?: boolean }>(context, {
			method: 'PUT',
			path: ['studios', sessionId, change],
			query: { workspaceId },
			body,
			itemIndex,
		});
		return { ...studioItem(await describe()), jobSubmitted: submitted.jobSubmitted === true };
	});
}
