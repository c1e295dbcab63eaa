import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit, searchField } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { listInWorkspace } from '../../items/listInWorkspace';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllAndLimit(),
	searchField('datasets whose name or description contains this text', 'samplesheet'),
	{
		displayName: 'Visibility',
		name: 'visibility',
		type: 'options',
		default: 'visible',
		options: [
			{ name: 'Visible', value: 'visible', description: 'Datasets not hidden' },
			{ name: 'Hidden', value: 'hidden', description: 'Datasets hidden with Hide' },
			{ name: 'All', value: 'all' },
		],
	},
];

const displayOptions = { show: { resource: ['dataset'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per dataset of the workspace (visible ones unless asked), in name order; `version` is the latest version's number. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await listInWorkspace(this, 'datasets', (itemIndex) => ({
		visibility: this.getNodeParameter('visibility', itemIndex, 'visible') as string,
	}));
}
