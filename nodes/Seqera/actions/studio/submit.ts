import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { workspaceIdFor } from '../../helpers/parameters';
import { connectionOf } from '../../transport/connection';
import { apiRequest } from '../../transport/request';
import { forEachItem } from '../perItem';
import { studioIdFor, studioItem } from './studio.descriptions';

/**
 * Start or Stop for each item: `PUT /studios/{sessionId}/<change>`, then the Studio as it is now, with
 * `jobSubmitted` false when there was nothing to do (a Start of a running Studio, a Stop of a stopped one).
 */
export async function submitStudioChange(context: IExecuteFunctions, change: 'start' | 'stop'): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(context);
	return await forEachItem(context, async (itemIndex) => {
		const sessionId = studioIdFor(context, itemIndex);
		const workspaceId = workspaceIdFor(context, itemIndex, connection);
		const submitted = await apiRequest<{ jobSubmitted?: boolean }>(context, {
			method: 'PUT',
			path: ['studios', sessionId, change],
			query: { workspaceId },
			// Start takes overrides of the Studio's configuration; none keeps it as it was created.
			body: change === 'start' ? {} : undefined,
			itemIndex,
		});
		const studio = await apiRequest<IDataObject>(context, { method: 'GET', path: ['studios', sessionId], query: { workspaceId }, itemIndex });
		return { ...studioItem(studio), jobSubmitted: submitted.jobSubmitted === true };
	});
}
