import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { studioLocator } from './studio.descriptions';
import { submitStudioChange } from './submit';

const properties: INodeProperties[] = [studioLocator, workspaceLocator];

const displayOptions = { show: { resource: ['studio'], operation: ['stop'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await submitStudioChange(this, 'stop');
}
