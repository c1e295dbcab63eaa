import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { returnAllAndLimit } from '../../fields/common';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [...returnAllAndLimit()];

const displayOptions = { show: { resource: ['organization'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per organization of the token's user; the platform sends them all at once, so Limit cuts the list here. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const { organizations = [] } = await apiRequest<{ organizations?: IDataObject[] }>(this, {
			method: 'GET',
			path: ['orgs'],
			itemIndex,
		});
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		return returnAll ? organizations : organizations.slice(0, this.getNodeParameter('limit', itemIndex) as number);
	});
}
