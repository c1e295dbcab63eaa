import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { datasetLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { datasetFileOf, datasetFileProperties, uploadDatasetVersion } from './datasetFile';
import { datasetIdFor } from './datasetParameters';

const properties: INodeProperties[] = [datasetLocator, workspaceLocator, ...datasetFileProperties];

const displayOptions = { show: { resource: ['dataset'], operation: ['uploadVersion'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Uploads the item's CSV or TSV file as the dataset's next version. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const datasetId = datasetIdFor(this, itemIndex);
		const file = await datasetFileOf(this, itemIndex);
		return await uploadDatasetVersion(this, itemIndex, { datasetId, workspaceId: await workspaceIdFor(this, itemIndex) }, file);
	});
}
