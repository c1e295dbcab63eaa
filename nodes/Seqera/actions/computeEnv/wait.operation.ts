import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { waitOptionsCollection } from '../../fields/waitFields';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { computeEnvIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { pollUntilDone } from '../../runs/wait';
import { apiRequest } from '../../transport';
import { anyComputeEnvLocator } from './computeEnv.descriptions';

/** Statuses a compute environment does not leave for AVAILABLE on its own: its pre-flight or its resources failed. */
const NEVER_AVAILABLE = new Set(['ERRORED', 'INVALID', 'DISABLED', 'DELETING', 'DELETED']);

const properties: INodeProperties[] = [
	{ ...anyComputeEnvLocator, description: 'The compute environment to wait for, typically one just created' },
	workspaceLocator,
	waitOptionsCollection('compute environment', {
		displayName: 'Fail Item When It Fails',
		name: 'failOnComputeEnvFailure',
		type: 'boolean',
		default: true,
		description: 'Whether a compute environment that ends ERRORED or INVALID, or is being deleted, makes this item fail',
	}),
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['wait'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Holds each item until its compute environment is AVAILABLE, as tw's `compute-envs add --wait AVAILABLE` does: a new
 * one is CREATING while the platform checks it and, with Batch Forge, makes its resources. Outputs it as Get does, with
 * `waitChecks`. Checks grow apart as the run Wait's do; a failed check does not end the wait, cancelling the execution does.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const computeEnvId = await computeEnvIdFor(this, itemIndex, 'any');
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const options = this.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject;
		let lastStatus = 'unknown';

		const { result, checks } = await pollUntilDone(
			this,
			itemIndex,
			async () => {
				const { computeEnv = {} } = await apiRequest<{ computeEnv?: IDataObject }>(this, {
					method: 'GET',
					path: ['compute-envs', computeEnvId],
					query: { workspaceId },
					itemIndex,
				});
				lastStatus = String(computeEnv.status);
				if (lastStatus === 'AVAILABLE') return { done: true, result: computeEnv };
				if (!NEVER_AVAILABLE.has(lastStatus)) return { done: false };
				if (options.failOnComputeEnvFailure === false) return { done: true, result: computeEnv };
				const reason = String(computeEnv.message ?? '').trim() || 'The platform gave no reason.';
				throw new NodeOperationError(
					this.getNode(),
					`Compute environment ${computeEnvId} is ${lastStatus}, so it will not be available`,
					{
						itemIndex,
						description:
							`${reason} Fix it and use Validate, or turn off "Fail Item When It Fails" to receive the compute environment ` +
							'as an item instead.',
					},
				);
			},
			(waitedMinutes) =>
				new NodeOperationError(
					this.getNode(),
					`Compute environment ${computeEnvId} was not available in time (last status ${lastStatus})`,
					{
						itemIndex,
						description:
							`Waited ${waitedMinutes} minutes. It is left as it is; raise "Timeout (Minutes)" or check it later ` +
							'with Get.',
					},
				),
		);
		return { ...result, waitChecks: checks };
	});
}
