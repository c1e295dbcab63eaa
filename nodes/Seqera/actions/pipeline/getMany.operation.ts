import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit, searchField } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { listInWorkspace } from '../../items/listInWorkspace';
import { seqeraPlatform } from '../../nodeVersions';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllAndLimit(),
	searchField('pipelines whose name, description or repository contains this text', 'rnaseq'),
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * One item per Launchpad pipeline of the workspace, in name order; from version 1.2 with the pipelines
 * other workspaces of the organization share with it, as tower-cli lists them (`visibility=all`).
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const visibility = seqeraPlatform.brings(this, 'sharedPipelines') ? 'all' : undefined;
	return await listInWorkspace(this, 'pipelines', () => ({ visibility }));
}
