import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequestPages, pagesCountedByTotal } from '../../lists/pages';
import { returnAllAndLimit } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [workspaceLocator, ...returnAllAndLimit()];

const displayOptions = { show: { resource: ['studio'], operation: ['getTemplates'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per Studio template the workspace may start (its image, tool and status), as tw's `studios templates` lists them. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		return await apiRequestPages<IDataObject>(
			this,
			{
				method: 'GET',
				path: ['studios', 'templates'],
				query: { workspaceId: await workspaceIdFor(this, itemIndex) },
				limit: returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number),
				itemIndex,
			},
			pagesCountedByTotal('templates'),
		);
	});
}
