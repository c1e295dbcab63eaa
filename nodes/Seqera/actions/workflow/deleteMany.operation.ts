import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { requireWorkflowId, toList } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	{
		displayName: 'Run IDs',
		name: 'workflowIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: '4Bx1Hmn3fXk2Qp, 2mPq8ZkT0aBc1d',
		description: 'Comma-separated run IDs, or an expression giving an array of them',
	},
	workspaceLocator,
	{
		displayName: 'Force',
		name: 'force',
		type: 'boolean',
		default: false,
		description: 'Whether to delete runs even while they are still active',
	},
];

const displayOptions = { show: { resource: ['workflow'], operation: ['deleteMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One call per input item; the output says which runs were deleted and which the platform refused. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const workflowIds = toList(this.getNodeParameter('workflowIds', itemIndex)).map((id) =>
			requireWorkflowId(this.getNode(), itemIndex, id, 'Run IDs'),
		);
		if (workflowIds.length === 0) requireWorkflowId(this.getNode(), itemIndex, '', 'Run IDs');
		const force = this.getNodeParameter('force', itemIndex, false) as boolean;
		const response = await apiRequest<{ failedWorkflowIds?: string[] }>(this, {
			method: 'POST',
			path: ['workflow', 'delete'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex), force: force || undefined },
			body: { workflowIds },
			itemIndex,
		});
		const failedWorkflowIds = response.failedWorkflowIds ?? [];
		return {
			deletedWorkflowIds: workflowIds.filter((id) => !failedWorkflowIds.includes(id)),
			failedWorkflowIds,
		};
	});
}
