import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels } from '../../runs/labels';
import { datasetLocator, workspaceLocator } from '../../fields/sharedLocators';
import { createMissingLabelsField, labelsField } from '../../fields/labelFields';
import { DATASET_LABELS } from './datasetLabels';

const properties: INodeProperties[] = [
	{ ...datasetLocator, description: 'The dataset whose labels to replace' },
	workspaceLocator,
	{ ...labelsField, description: 'The labels the dataset will have, and no others; none clears its labels' },
	createMissingLabelsField,
];

const displayOptions = { show: { resource: ['dataset'], operation: ['replaceLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Give the dataset exactly these labels (`/datasets/labels/apply`); an empty list clears them. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, DATASET_LABELS, 'apply');
}
