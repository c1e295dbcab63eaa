import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	workspaceLocator,
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		default: '',
		description: 'Only compute environments in this status',
		options: [
			{ name: 'Any', value: '' },
			{ name: 'Available', value: 'AVAILABLE' },
			{ name: 'Creating', value: 'CREATING' },
			{ name: 'Deleting', value: 'DELETING' },
			{ name: 'Disabled', value: 'DISABLED' },
			{ name: 'Errored', value: 'ERRORED' },
			{ name: 'Invalid', value: 'INVALID' },
		],
	},
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per compute environment of the workspace. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const response = await apiRequest<{ computeEnvs?: IDataObject[] }>(this, {
			method: 'GET',
			path: ['compute-envs'],
			query: {
				workspaceId: await workspaceIdFor(this, itemIndex),
				status: this.getNodeParameter('status', itemIndex, '') as string,
			},
			itemIndex,
		});
		return response.computeEnvs ?? [];
	});
}
