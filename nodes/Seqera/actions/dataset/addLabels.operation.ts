import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels } from '../../runs/labels';
import { datasetLocator, workspaceLocator } from '../../fields/sharedLocators';
import { createMissingLabelsField, labelsField } from '../../fields/labelFields';
import { DATASET_LABELS } from './datasetLabels';

const properties: INodeProperties[] = [
	{ ...datasetLocator, description: 'The dataset to label' },
	workspaceLocator,
	labelsField,
	createMissingLabelsField,
];

const displayOptions = { show: { resource: ['dataset'], operation: ['addLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Add the labels to the dataset (`/datasets/labels/add`); its other labels stay. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, DATASET_LABELS, 'add');
}
