import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { computeEnvIdFor } from '../../names/lookups';
import { anyComputeEnvLocator, workspaceCredentialsIdFor, workspaceCredentialsLocator } from './computeEnv.descriptions';

const properties: INodeProperties[] = [
	anyComputeEnvLocator,
	workspaceLocator,
	{
		displayName: 'New Name',
		name: 'name',
		type: 'string',
		default: '',
		placeholder: 'aws-batch-eu',
		description: 'Leave empty to keep the name. Names are unique in a workspace.',
	},
	{
		displayName: 'New Description',
		name: 'description',
		type: 'string',
		default: '',
		description: 'Leave empty to keep the description',
	},
	{
		...workspaceCredentialsLocator,
		description:
			"Credentials of the workspace for the compute environment's cloud or cluster, such as new keys. Leave empty to keep its " +
			'credentials.',
	},
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Reads the compute environment, then sends its name, description and credentials back with the given
 * changes laid over, as tower-cli's `compute-envs update` does: the platform saves what it is sent. Its
 * configuration (platform, region, work directory, queues) cannot change; create a new one for that.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const text = (name: string) => String(this.getNodeParameter(name, itemIndex, '') ?? '').trim();
		const newName = text('name');
		const newDescription = text('description');
		const newCredentialsId = workspaceCredentialsIdFor(this, itemIndex);
		const computeEnvId = await computeEnvIdFor(this, itemIndex, 'any');
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const { computeEnv = {} } = await apiRequest<{ computeEnv?: IDataObject }>(this, {
			method: 'GET',
			path: ['compute-envs', computeEnvId],
			query: { workspaceId },
			itemIndex,
		});
		const body: IDataObject = {
			name: newName !== '' ? newName : computeEnv.name,
			description: newDescription !== '' ? newDescription : (computeEnv.description ?? undefined),
			credentialsId: newCredentialsId ?? computeEnv.credentialsId ?? undefined,
			fusionMetricsCollectionEnabled: computeEnv.fusionMetricsCollectionEnabled ?? undefined,
		};
		await apiRequest(this, {
			method: 'PUT',
			path: ['compute-envs', computeEnvId],
			query: { workspaceId },
			body: Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
			itemIndex,
		});
		return {
			computeEnvId,
			name: body.name,
			description: body.description ?? null,
			credentialsId: body.credentialsId ?? null,
			updated: true,
		};
	});
}
