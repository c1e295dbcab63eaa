import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { pagesCountedByTotalSize } from '../../helpers/pages';
import { workspaceIdFor } from '../../helpers/parameters';
import { apiRequestPages, connectionOf } from '../../transport/request';
import { returnAllAndLimit, workspaceLocator } from '../common.descriptions';
import { forEachItem } from '../perItem';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllAndLimit(),
	{
		displayName: 'Search',
		name: 'search',
		type: 'string',
		default: '',
		placeholder: 'samplesheet',
		description: 'Only datasets whose name or description contains this text',
	},
];

const displayOptions = { show: { resource: ['dataset'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per dataset of the workspace, in name order; `version` is the latest version's number. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(this);
	return await forEachItem(this, async (itemIndex) => {
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		return await apiRequestPages<IDataObject>(
			this,
			{
				method: 'GET',
				path: ['datasets'],
				query: {
					workspaceId: workspaceIdFor(this, itemIndex, connection),
					search: (this.getNodeParameter('search', itemIndex, '') as string).trim(),
				},
				limit: returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number),
				itemIndex,
			},
			pagesCountedByTotalSize('datasets'),
		);
	});
}
