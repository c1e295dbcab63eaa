import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels, RUN_LABELS } from '../../runs/labels';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { labelsField } from '../../fields/labelFields';

const properties: INodeProperties[] = [runLocator, workspaceLocator, labelsField];

const displayOptions = { show: { resource: ['workflow'], operation: ['removeLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Take the labels off the run. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, RUN_LABELS, 'remove');
}
