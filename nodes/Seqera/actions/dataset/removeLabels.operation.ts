import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels } from '../../runs/labels';
import { datasetLocator, workspaceLocator } from '../../fields/sharedLocators';
import { labelsField } from '../../fields/labelFields';
import { DATASET_LABELS } from './datasetLabels';

const properties: INodeProperties[] = [
	{ ...datasetLocator, description: 'The dataset to take the labels off' },
	workspaceLocator,
	labelsField,
];

const displayOptions = { show: { resource: ['dataset'], operation: ['removeLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Take the labels off the dataset (`/datasets/labels/remove`); its other labels stay. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, DATASET_LABELS, 'remove');
}
