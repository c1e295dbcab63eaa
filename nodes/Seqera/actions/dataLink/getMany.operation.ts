import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { dataLinksPage } from '../../dataLinks/list';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequestPages, pagesCountedByTotal } from '../../lists/pages';
import { returnAllAndLimit, searchField } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllAndLimit(),
	searchField('data links whose name contains this text', 'inbox'),
	{
		displayName: 'Provider',
		name: 'provider',
		type: 'options',
		default: '',
		options: [
			{ name: 'Any', value: '' },
			{ name: 'AWS S3', value: 'aws' },
			{ name: 'Azure Blob Storage', value: 'azure' },
			{ name: 'Google Cloud Storage', value: 'google' },
			{ name: 'Seqera Compute', value: 'seqeracompute' },
		],
		description: 'Only data links of this cloud provider',
	},
	{
		displayName: 'Region',
		name: 'region',
		type: 'string',
		default: '',
		placeholder: 'eu-west-1',
		description: 'Only data links in this region, written as the provider writes it. Leave empty for every region.',
	},
];

const displayOptions = { show: { resource: ['dataLink'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The platform's search text: free text for the name, `provider:` and `region:` keywords for the rest. */
function searchText(search: string, provider: string, region: string): string {
	const terms = [search, provider && `provider:${provider}`, region && `region:${region}`];
	return terms.filter((term) => term !== '').join(' ');
}

/** One item per data link of the workspace that the Data Explorer shows, in name order, once the platform has fetched them. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const text = (name: string) => String(this.getNodeParameter(name, itemIndex, '') ?? '').trim();
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		return await apiRequestPages<IDataObject>(
			this,
			{
				method: 'GET',
				path: ['data-links'],
				query: {
					workspaceId: await workspaceIdFor(this, itemIndex),
					search: searchText(text('search'), text('provider'), text('region').replace(/\s+/g, '')),
				},
				limit: returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number),
				itemIndex,
			},
			pagesCountedByTotal('dataLinks'),
			async (pageRequest) => await dataLinksPage(this, pageRequest),
		);
	});
}
