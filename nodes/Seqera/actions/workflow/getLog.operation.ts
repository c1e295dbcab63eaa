import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [runLocator, workspaceLocator];

const displayOptions = { show: { resource: ['workflow'], operation: ['getLog'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The run's Nextflow console log; `downloads` names the files Download File can fetch. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const workflowId = runIdFor(this, itemIndex);
		const response = await apiRequest<{ log?: IDataObject }>(this, {
			method: 'GET',
			path: ['workflow', workflowId, 'log'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return { workflowId, ...(response.log ?? {}) };
	});
}
