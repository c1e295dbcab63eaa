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
/** Statuses a compute environment being deleted stops in: the platform could not remove what Forge made. */
const DELETE_FAILED = new Set(['ERRORED', 'INVALID']);

type Target = 'available' | 'deleted';

const properties: INodeProperties[] = [
	{ ...anyComputeEnvLocator, description: 'The compute environment to wait for, typically one just created or deleted' },
	workspaceLocator,
	{
		displayName: 'Wait Until',
		name: 'waitUntil',
		type: 'options',
		default: 'available',
		options: [
			{ name: 'Available', value: 'available', description: 'A new one is AVAILABLE, as tw compute-envs add --wait AVAILABLE' },
			{
				name: 'Deleted',
				value: 'deleted',
				description: 'It is gone, with what Batch Forge made for it, as tw compute-envs delete --wait',
			},
		],
	},
	waitOptionsCollection('compute environment', {
		displayName: 'Fail Item When It Fails',
		name: 'failOnComputeEnvFailure',
		type: 'boolean',
		default: true,
		description:
			'Whether a compute environment that ends ERRORED or INVALID (or, awaited available, is being deleted) makes this ' +
			'item fail',
	}),
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['wait'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** What one check found of the compute environment: as Get outputs it, or undefined once it is gone. */
async function currentComputeEnv(
	context: IExecuteFunctions,
	itemIndex: number,
	computeEnvId: string,
	workspaceId: string | undefined,
	target: Target,
): Promise<IDataObject | undefined> {
	if (target === 'available') {
		const { computeEnv = {} } = await apiRequest<{ computeEnv?: IDataObject }>(context, {
			method: 'GET',
			path: ['compute-envs', computeEnvId],
			query: { workspaceId },
			itemIndex,
		});
		return computeEnv;
	}
	// A deleted one is refused (403) as an unknown ID is, as a token that may not read it would be: the list tells them apart.
	const { computeEnvs = [] } = await apiRequest<{ computeEnvs?: IDataObject[] }>(context, {
		method: 'GET',
		path: ['compute-envs'],
		query: { workspaceId },
		itemIndex,
	});
	return computeEnvs.find((each) => each.id === computeEnvId);
}

/**
 * Holds each item until its compute environment is AVAILABLE, as tw's `compute-envs add --wait AVAILABLE` does (a new
 * one is CREATING while the platform checks it and, with Batch Forge, makes its resources), or until it is gone, as
 * `compute-envs delete --wait` does (a Batch Forge one is DELETING while what Forge made is removed). Outputs it as Get
 * does, or `{computeEnvId, status: 'DELETED'}`, with `waitChecks`. Checks grow apart as the run Wait's do; a failed
 * check does not end the wait, cancelling the execution does.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const computeEnvId = await computeEnvIdFor(this, itemIndex, 'any');
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const target = this.getNodeParameter('waitUntil', itemIndex, 'available') as Target;
		const failed = target === 'available' ? NEVER_AVAILABLE : DELETE_FAILED;
		const options = this.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject;
		let lastStatus = 'unknown';

		const { result, checks } = await pollUntilDone(
			this,
			itemIndex,
			async () => {
				const computeEnv = await currentComputeEnv(this, itemIndex, computeEnvId, workspaceId, target);
				lastStatus = String(computeEnv?.status ?? 'DELETED');
				if (target === 'available' && lastStatus === 'AVAILABLE') return { done: true, result: computeEnv! };
				if (target === 'deleted' && lastStatus === 'DELETED') return { done: true, result: { computeEnvId, status: 'DELETED' } };
				if (!failed.has(lastStatus)) return { done: false };
				if (options.failOnComputeEnvFailure === false) return { done: true, result: computeEnv! };
				const reason = String(computeEnv?.message ?? '').trim() || 'The platform gave no reason.';
				throw new NodeOperationError(
					this.getNode(),
					`Compute environment ${computeEnvId} is ${lastStatus}, so it will not be ${target}`,
					{
						itemIndex,
						description:
							`${reason} ${target === 'available' ? 'Fix it and use Validate' : 'Delete it with Force'}, or turn off "Fail ` +
							'Item When It Fails" to receive the compute environment as an item instead.',
					},
				);
			},
			(waitedMinutes) =>
				new NodeOperationError(
					this.getNode(),
					`Compute environment ${computeEnvId} was not ${target} in time (last status ${lastStatus})`,
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
