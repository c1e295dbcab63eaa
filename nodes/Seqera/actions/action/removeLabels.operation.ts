import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeLabels } from '../../runs/labels';
import { workspaceLocator } from '../../fields/sharedLocators';
import { labelsField } from '../../fields/labelFields';
import { anyActionLocator } from './action.descriptions';
import { ACTION_LABELS } from './actionLabels';

const properties: INodeProperties[] = [
	{ ...anyActionLocator, description: 'The pipeline action to take the labels off' },
	workspaceLocator,
	labelsField,
];

const displayOptions = { show: { resource: ['action'], operation: ['removeLabels'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Take the labels off the action (`/actions/labels/remove`); its other labels stay. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeLabels(this, ACTION_LABELS, 'remove');
}
