import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { computeEnvIdFor } from '../../names/lookups';
import { anyComputeEnvLocator } from './computeEnv.descriptions';

const properties: INodeProperties[] = [
	{
		...anyComputeEnvLocator,
		description: 'The compute environment launches use when they name none; the one primary before stops being it',
	},
	workspaceLocator,
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['makePrimary'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Makes the compute environment the workspace's primary one; a workspace has one primary at most. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const computeEnvId = await computeEnvIdFor(this, itemIndex, 'any');
		await apiRequest(this, {
			method: 'POST',
			path: ['compute-envs', computeEnvId, 'primary'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return { computeEnvId, primary: true };
	});
}
