import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels } from '../../runs/labels';
import { workspaceLocator } from '../../fields/sharedLocators';
import { createMissingLabelsField, labelsField } from '../../fields/labelFields';
import { anyActionLocator } from './action.descriptions';
import { ACTION_LABELS } from './actionLabels';

const properties: INodeProperties[] = [
	{ ...anyActionLocator, description: 'The pipeline action to label' },
	workspaceLocator,
	labelsField,
	createMissingLabelsField,
];

const displayOptions = { show: { resource: ['action'], operation: ['addLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Add the labels to the action (`/actions/labels/add`); its other labels stay. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, ACTION_LABELS, 'add');
}
