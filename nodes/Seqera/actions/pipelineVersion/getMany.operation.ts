import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit, searchField } from '../../fields/common';
import { forEachItem } from '../../items/perItem';
import { pipelineIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { versionItems } from '../../runs/pipelineVersions';
import { pipelineFields } from './versionFields';

const properties: INodeProperties[] = [
	...pipelineFields,
	...returnAllAndLimit(),
	searchField('versions whose name holds this text, as the platform searches names', 'hello-'),
	{
		displayName: 'Published Only',
		name: 'publishedOnly',
		type: 'boolean',
		default: false,
		description: 'Whether to leave out the drafts, which have no name yet',
	},
];

const displayOptions = { show: { resource: ['pipelineVersion'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per version of the pipeline (`GET /pipelines/{pipelineId}/versions`), as tower-cli's `pipelines versions list`. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const search = (this.getNodeParameter('search', itemIndex, '') as string).trim();
		const publishedOnly = this.getNodeParameter('publishedOnly', itemIndex, false) as boolean;
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		return await versionItems(
			this,
			await pipelineIdFor(this, itemIndex),
			await workspaceIdFor(this, itemIndex),
			{ ...(search !== '' ? { search } : {}), ...(publishedOnly ? { isPublished: true } : {}) },
			returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number),
			itemIndex,
		);
	});
}
