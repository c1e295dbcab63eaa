import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels } from '../../runs/labels';
import { workspaceLocator } from '../../fields/sharedLocators';
import { createMissingLabelsField, labelsField } from '../../fields/labelFields';
import { anyActionLocator } from './action.descriptions';
import { ACTION_LABELS } from './actionLabels';

const properties: INodeProperties[] = [
	{ ...anyActionLocator, description: 'The pipeline action whose labels to replace' },
	workspaceLocator,
	{ ...labelsField, description: 'The labels the action will have, and no others; none clears its labels' },
	createMissingLabelsField,
];

const displayOptions = { show: { resource: ['action'], operation: ['replaceLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Give the action exactly these labels (`/actions/labels/apply`); an empty list clears them. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, ACTION_LABELS, 'apply');
}
