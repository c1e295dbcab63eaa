import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	runLocator,
	workspaceLocator,
	{
		displayName: 'Force',
		name: 'force',
		type: 'boolean',
		default: false,
		description: 'Whether to delete the run even while it is still active',
	},
];

const displayOptions = { show: { resource: ['workflow'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const workflowId = runIdFor(this, itemIndex);
		const force = this.getNodeParameter('force', itemIndex, false) as boolean;
		await apiRequest(this, {
			method: 'DELETE',
			path: ['workflow', workflowId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex), force: force || undefined },
			itemIndex,
		});
		return { workflowId, deleted: true };
	});
}
