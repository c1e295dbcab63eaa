import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels, PIPELINE_LABELS } from '../../runs/labels';
import { pipelineLocator, workspaceLocator } from '../../fields/sharedLocators';
import { createMissingLabelsField, labelsField } from '../../fields/labelFields';

const properties: INodeProperties[] = [
	{ ...pipelineLocator, description: 'The Launchpad pipeline to label' },
	workspaceLocator,
	labelsField,
	createMissingLabelsField,
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['addLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Add the labels to the pipeline (`/pipelines/labels/add`); its other labels stay. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, PIPELINE_LABELS, 'add');
}
