import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels, PIPELINE_LABELS } from '../../runs/labels';
import { pipelineLocator, workspaceLocator } from '../../fields/sharedLocators';
import { createMissingLabelsField, labelsField } from '../../fields/labelFields';

const properties: INodeProperties[] = [
	{ ...pipelineLocator, description: 'The Launchpad pipeline whose labels to replace' },
	workspaceLocator,
	{ ...labelsField, description: 'The labels the pipeline will have, and no others; none clears its labels' },
	createMissingLabelsField,
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['replaceLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Give the pipeline exactly these labels (`/pipelines/labels/apply`); an empty list clears them. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, PIPELINE_LABELS, 'apply');
}
