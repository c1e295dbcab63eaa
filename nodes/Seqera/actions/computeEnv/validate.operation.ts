import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
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

/** What `POST /compute-envs/{id}/validate` answers (ValidateComputeEnvResponse). */
interface ValidationOutcome {
	status?: string;
	message?: string | null;
	transientError?: boolean;
}

/**
 * Runs the platform's checks again (credentials, work directory) and keeps the outcome. `valid` is what
 * to branch on: true when the compute environment is AVAILABLE after a completed check. When a provider
 * could not be reached, `transientError` is true, the status is left as it was, and `valid` is false: try later.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const computeEnvId = await computeEnvIdFor(this, itemIndex, 'any');
		const force = this.getNodeParameter('force', itemIndex, false) as boolean;
		const outcome = await apiRequest<ValidationOutcome>(this, {
			method: 'POST',
			path: ['compute-envs', computeEnvId, 'validate'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex), force: force || undefined },
			itemIndex,
		});
		const transientError = outcome.transientError === true;
		const result: IDataObject = {
			computeEnvId,
			valid: outcome.status === 'AVAILABLE' && !transientError,
			status: outcome.status,
			message: outcome.message ?? null,
			transientError,
		};
		return result;
	});
}
