import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { validateAgain } from '../../helpers/validation';
import { computeEnvIdFor } from '../../names/lookups';
import { anyComputeEnvLocator } from './computeEnv.descriptions';

const properties: INodeProperties[] = [
	{
		...anyComputeEnvLocator,
		description: 'The compute environment to check again, typically one marked INVALID whose problem has been fixed',
	},
	workspaceLocator,
	{
		displayName: 'Force Available',
		name: 'force',
		type: 'boolean',
		default: false,
		description:
			'Whether to skip the checks and mark an INVALID compute environment AVAILABLE. The platform refuses (409) unless it is ' +
			'INVALID and its credentials are available.',
	},
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['validate'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Runs the platform's checks again (credentials, work directory) and keeps the outcome; `valid` is what to branch on
 * (see validateAgain).
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const computeEnvId = await computeEnvIdFor(this, itemIndex, 'any');
		const workspaceId = await workspaceIdFor(this, itemIndex);
		return { computeEnvId, ...(await validateAgain(this, itemIndex, ['compute-envs', computeEnvId, 'validate'], workspaceId)) };
	});
}
