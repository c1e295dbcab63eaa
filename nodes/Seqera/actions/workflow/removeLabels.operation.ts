import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeRunLabels } from '../../runs/labels';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { labelsField } from './labels.descriptions';

const properties: INodeProperties[] = [runLocator, workspaceLocator, labelsField];

const displayOptions = { show: { resource: ['workflow'], operation: ['removeLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Take the labels off the run. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeRunLabels(this, 'remove');
}
