import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator, workspaceLocator } from '../../fields/sharedLocators';
import { changeDatasetVisibility } from './datasetVisibility';

const properties: INodeProperties[] = [datasetLocator, workspaceLocator];

const displayOptions = { show: { resource: ['dataset'], operation: ['hide'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Lists leave a hidden dataset out; its versions stay, and runs that use them keep working. Show undoes it. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeDatasetVisibility(this, 'hide');
}
