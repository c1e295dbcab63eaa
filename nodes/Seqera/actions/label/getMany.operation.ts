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
		placeholder: 'prod',
		description: 'Only labels whose name (or name=value, for resource labels) contains this text',
	},
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'all',
		options: [
			{ name: 'All', value: 'all' },
			{ name: 'Resource', value: 'resource', description: 'Name=value labels the platform puts on cloud resources' },
			{ name: 'Simple', value: 'simple', description: 'Plain labels, as put on runs and pipelines' },
		],
	},
];

const displayOptions = { show: { resource: ['label'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per label of the workspace, in name order. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(this);
	return await forEachItem(this, async (itemIndex) => {
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		return await apiRequestPages<IDataObject>(
			this,
			{
				method: 'GET',
				path: ['labels'],
				query: {
					workspaceId: workspaceIdFor(this, itemIndex, connection),
					search: (this.getNodeParameter('search', itemIndex, '') as string).trim(),
					type: this.getNodeParameter('type', itemIndex, 'all') as string,
				},
				limit: returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number),
				itemIndex,
			},
			pagesCountedByTotalSize('labels'),
		);
	});
}
