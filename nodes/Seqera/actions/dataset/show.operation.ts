import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { datasetLocator, workspaceLocator } from '../../fields/sharedLocators';
import { changeDatasetVisibility } from './datasetVisibility';

const properties: INodeProperties[] = [datasetLocator, workspaceLocator];

const displayOptions = { show: { resource: ['dataset'], operation: ['show'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Brings a hidden dataset back into lists. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeDatasetVisibility(this, 'show');
}
