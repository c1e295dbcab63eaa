import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { computeEnvIdFor } from '../../names/lookups';
import { anyComputeEnvLocator } from './computeEnv.descriptions';

const properties: INodeProperties[] = [anyComputeEnvLocator, workspaceLocator];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The compute environment with its configuration (work directory, region, queues, ...). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const computeEnvId = await computeEnvIdFor(this, itemIndex, 'any');
		const response = await apiRequest<{ computeEnv?: IDataObject }>(this, {
			method: 'GET',
			path: ['compute-envs', computeEnvId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return response.computeEnv ?? {};
	});
}
