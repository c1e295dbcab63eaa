import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../helpers/parameters';
import { requireStringId } from '../../helpers/validate';
import { connectionOf } from '../../transport/connection';
import { apiRequest } from '../../transport/request';
import { computeEnvLocator, workspaceLocator } from '../common.descriptions';
import { forEachItem } from '../perItem';

const properties: INodeProperties[] = [
	{ ...computeEnvLocator, required: true, description: 'The compute environment' },
	workspaceLocator,
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The compute environment with its configuration (work directory, region, queues, ...). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(this);
	return await forEachItem(this, async (itemIndex) => {
		const computeEnvId = requireStringId(
			this.getNode(),
			itemIndex,
			this.getNodeParameter('computeEnvId', itemIndex, '', { extractValue: true }),
			'Compute Environment',
		);
		const response = await apiRequest<{ computeEnv?: IDataObject }>(this, {
			method: 'GET',
			path: ['compute-envs', computeEnvId],
			query: { workspaceId: workspaceIdFor(this, itemIndex, connection) },
			itemIndex,
		});
		return response.computeEnv ?? {};
	});
}
