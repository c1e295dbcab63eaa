import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit, searchField } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { listInWorkspace } from '../../items/listInWorkspace';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllAndLimit(),
	searchField('labels whose name (or name=value, for resource labels) contains this text', 'prod'),
	{
		displayName: 'Type',
		name: 'type',
		type: 'options',
		default: 'all',
		options: [
			{ name: 'All', value: 'all' },
			{ name: 'Resource', value: 'resource', description: 'Name=value labels the platform puts on cloud resources' },
			{ name: 'Simple', value: 'simple', description: 'Plain labels, as put on runs and pipelines' },
		],
	},
];

const displayOptions = { show: { resource: ['label'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per label of the workspace, in name order. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await listInWorkspace(this, 'labels', (itemIndex) => ({ type: this.getNodeParameter('type', itemIndex, 'all') as string }));
}
