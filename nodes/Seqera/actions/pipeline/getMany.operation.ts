import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit } from '../../fields/common';
import { workspaceLocator } from '../../fields/locators';
import { listInWorkspace } from '../../items/listInWorkspace';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllAndLimit(),
	{
		displayName: 'Search',
		name: 'search',
		type: 'string',
		default: '',
		placeholder: 'rnaseq',
		description: 'Only pipelines whose name, description or repository contains this text',
	},
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per Launchpad pipeline of the workspace, in name order. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await listInWorkspace(this, 'pipelines');
}
