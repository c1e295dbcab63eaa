import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { anyActionLocator } from './action.descriptions';
import { pauseOrResume } from './pauseOrResume';

const properties: INodeProperties[] = [anyActionLocator, workspaceLocator];

const displayOptions = { show: { resource: ['action'], operation: ['resume'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await pauseOrResume(this, 'ACTIVE');
}
