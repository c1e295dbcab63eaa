import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels, RUN_LABELS } from '../../runs/labels';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { createMissingLabelsField, labelsField } from '../../fields/labelFields';

const properties: INodeProperties[] = [runLocator, workspaceLocator, labelsField, createMissingLabelsField];

const displayOptions = { show: { resource: ['workflow'], operation: ['replaceLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Give the run exactly these labels; an empty list clears them. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, RUN_LABELS, 'apply');
}
