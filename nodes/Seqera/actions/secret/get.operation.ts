import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { secretLocator } from './secret.descriptions';
import { secretIdFor } from './secretParameters';

const properties: INodeProperties[] = [secretLocator, workspaceLocator];

const displayOptions = { show: { resource: ['secret'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The pipeline secret as the platform describes it: ID, name and dates. The platform never sends its value. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const secretId = await secretIdFor(this, itemIndex);
		const response = await apiRequest<{ pipelineSecret?: IDataObject }>(this, {
			method: 'GET',
			path: ['pipeline-secrets', secretId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return response.pipelineSecret ?? {};
	});
}
