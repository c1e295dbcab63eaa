import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels, PIPELINE_LABELS } from '../../runs/labels';
import { pipelineLocator, workspaceLocator } from '../../fields/sharedLocators';
import { labelsField } from '../../fields/labelFields';

const properties: INodeProperties[] = [
	{ ...pipelineLocator, description: 'The Launchpad pipeline to take the labels off' },
	workspaceLocator,
	labelsField,
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['removeLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Take the labels off the pipeline (`/pipelines/labels/remove`); its other labels stay. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, PIPELINE_LABELS, 'remove');
}
