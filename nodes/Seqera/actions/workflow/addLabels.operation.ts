import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels, RUN_LABELS } from '../../runs/labels';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { createMissingLabelsField, labelsField } from '../../fields/labelFields';

const properties: INodeProperties[] = [runLocator, workspaceLocator, labelsField, createMissingLabelsField];

const displayOptions = { show: { resource: ['workflow'], operation: ['addLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Add the labels to the run; its other labels stay. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, RUN_LABELS, 'add');
}
