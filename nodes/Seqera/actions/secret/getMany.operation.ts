import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { returnAllAndLimit } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [workspaceLocator, ...returnAllAndLimit()];

const displayOptions = { show: { resource: ['secret'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * One item per pipeline secret of the workspace (ID, name, dates; never the value), in name order.
 * The platform answers the whole list at once, so Limit applies to that list.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const response = await apiRequest<{ pipelineSecrets?: IDataObject[] }>(this, {
			method: 'GET',
			path: ['pipeline-secrets'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		const secrets = response.pipelineSecrets ?? [];
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		return returnAll ? secrets : secrets.slice(0, this.getNodeParameter('limit', itemIndex) as number);
	});
}
