import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { workspaceIdFor } from '../names/workspaceId';
import { apiRequestPages, pagesCountedByTotal } from '../lists/pages';
import type { QueryValue } from '../transport';
import { forEachItem } from './perItem';

/**
 * The Get Many of a workspace list that reports `totalSize` (`GET /<listName>`): Search, Return All or
 * Limit, and one output item per entry. `extraQuery` adds an operation's own filters.
 */
export async function listInWorkspace(
	context: IExecuteFunctions,
	listName: string,
	extraQuery: (itemIndex: number) => Record<string, QueryValue> = () => ({}),
): Promise<INodeExecutionData[]> {
	return await forEachItem(context, async (itemIndex) => {
		const returnAll = context.getNodeParameter('returnAll', itemIndex) as boolean;
		return await apiRequestPages<IDataObject>(
			context,
			{
				method: 'GET',
				path: [listName],
				query: {
					workspaceId: await workspaceIdFor(context, itemIndex),
					search: (context.getNodeParameter('search', itemIndex, '') as string).trim(),
					...extraQuery(itemIndex),
				},
				limit: returnAll ? undefined : (context.getNodeParameter('limit', itemIndex) as number),
				itemIndex,
			},
			pagesCountedByTotal(listName),
		);
	});
}
