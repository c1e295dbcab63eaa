import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { computeEnvIdFor } from '../../names/lookups';
import { anyComputeEnvLocator } from './computeEnv.descriptions';

const properties: INodeProperties[] = [
	{ ...anyComputeEnvLocator, description: 'The compute environment to delete; runs cannot go to it any more' },
	workspaceLocator,
	{
		displayName: 'Force',
		name: 'force',
		type: 'boolean',
		default: false,
		description:
			'Whether to delete a stuck compute environment without the checks for active runs and without cleaning up what Forge ' +
			'made. The platform allows it only for one that is ERRORED, INVALID or DELETING.',
	},
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Deletes the compute environment. The platform refuses (409) while runs on it are active, unless forced;
 * resources Forge made for it are removed with it.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const computeEnvId = await computeEnvIdFor(this, itemIndex, 'any');
		const force = this.getNodeParameter('force', itemIndex, false) as boolean;
		await apiRequest(this, {
			method: 'DELETE',
			path: ['compute-envs', computeEnvId],
			query: { workspaceId: await workspaceIdFor(this, itemIndex), force: force || undefined },
			itemIndex,
		});
		return { computeEnvId, deleted: true };
	});
}
