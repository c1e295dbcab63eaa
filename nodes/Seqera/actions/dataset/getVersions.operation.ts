import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { datasetLocator, workspaceLocator } from '../../fields/sharedLocators';
import { returnAllAndLimit } from '../../fields/common';
import { forEachItem } from '../../items/perItem';
import { datasetIdFor } from './datasetParameters';
import { datasetVersions } from './datasetVersions';

const properties: INodeProperties[] = [datasetLocator, workspaceLocator, ...returnAllAndLimit()];

const displayOptions = { show: { resource: ['dataset'], operation: ['getVersions'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * One item per version of the dataset, newest first: number, file name, media type, size, and the
 * `url` a launch takes as a pipeline input. The platform answers the whole list, so Limit applies here.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const versions = await datasetVersions(this, itemIndex, {
			datasetId: datasetIdFor(this, itemIndex),
			workspaceId: await workspaceIdFor(this, itemIndex),
		});
		const newestFirst = [...versions].sort((a, b) => Number(b.version) - Number(a.version));
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		return returnAll ? newestFirst : newestFirst.slice(0, this.getNodeParameter('limit', itemIndex) as number);
	});
}
