import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit, searchField } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { apiRequestPages, pagesCountedByTotal } from '../../lists/pages';
import { studioIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { studioLocator } from './studio.descriptions';

const properties: INodeProperties[] = [
	studioLocator,
	workspaceLocator,
	...returnAllAndLimit(),
	searchField(
		"Checkpoints whose name contains this text. The platform's keywords work too, such as after:2025-01-01 or before:2025-02-01.",
		'rnaseq-exploration_2',
	),
];

const displayOptions = { show: { resource: ['studio'], operation: ['getCheckpoints'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per checkpoint of the Studio (the state it saved when it stopped), newest first, as the platform sorts them. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		return await apiRequestPages<IDataObject>(
			this,
			{
				method: 'GET',
				path: ['studios', await studioIdFor(this, itemIndex), 'checkpoints'],
				query: {
					workspaceId: await workspaceIdFor(this, itemIndex),
					search: (this.getNodeParameter('search', itemIndex, '') as string).trim(),
				},
				limit: returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number),
				itemIndex,
			},
			pagesCountedByTotal('checkpoints'),
		);
	});
}
