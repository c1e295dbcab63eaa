import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { flattenRun } from '../../runs/records';
import { apiRequest } from '../../transport';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [runLocator, workspaceLocator];

const displayOptions = { show: { resource: ['workflow'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const run = await apiRequest<IDataObject>(this, {
			method: 'GET',
			path: ['workflow', runIdFor(this, itemIndex)],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			itemIndex,
		});
		return flattenRun(run);
	});
}
