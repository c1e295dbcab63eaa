import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { actionIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';

/**
 * Pause and Resume: `POST /actions/{id}/pause` pauses an active action and resumes a paused one, so the
 * action's status is read first, and the call is sent only when the action is not yet as asked.
 */
export async function pauseOrResume(context: IExecuteFunctions, wanted: 'PAUSED' | 'ACTIVE'): Promise<INodeExecutionData[]> {
	return await forEachItem(context, async (itemIndex) => {
		const actionId = await actionIdFor(context, itemIndex);
		const workspaceId = await workspaceIdFor(context, itemIndex);
		const { action } = await apiRequest<{ action?: { name?: string; status?: string } }>(context, {
			method: 'GET',
			path: ['actions', actionId],
			query: { workspaceId },
			itemIndex,
		});
		const status = action?.status;
		if (status === wanted) return { actionId, status, changed: false };
		const from = wanted === 'PAUSED' ? 'ACTIVE' : 'PAUSED';
		if (status !== from) {
			throw new NodeOperationError(context.getNode(), `Action '${String(action?.name ?? actionId)}' is ${String(status)}`, {
				itemIndex,
				description:
					`Only an ${from === 'ACTIVE' ? 'active' : 'paused'} action can be ${wanted === 'PAUSED' ? 'paused' : 'resumed'} ` +
					`(item ${itemIndex}).`,
			});
		}
		await apiRequest(context, { method: 'POST', path: ['actions', actionId, 'pause'], query: { workspaceId }, body: {}, itemIndex });
		return { actionId, status: wanted, changed: true };
	});
}
