import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { dataLinksPage } from '../../dataLinks/list';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequestPages, pagesCountedByTotal } from '../../lists/pages';
import { returnAllAndLimit, searchField } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { describeValue } from '../../text/describeValue';
import { workspaceCredentialsIdFor } from '../computeEnv/computeEnv.descriptions';
import { dataLinkCredentialsLocator } from './dataLinkParameters';

const VISIBILITY_FIELD = 'Visibility';

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
	{
		displayName: VISIBILITY_FIELD,
		name: 'visibility',
		type: 'options',
		default: '',
		options: [
			{ name: 'All', value: 'all', description: 'Visible and hidden data links' },
			{ name: 'Hidden', value: 'hidden', description: 'Only the data links hidden from the Data Explorer' },
			{ name: 'Visible', value: '', description: "Only the data links the Data Explorer shows, the platform's default" },
		],
		description: 'Which data links to list: those the Data Explorer shows, those hidden from it, or both',
	},
	{
		...dataLinkCredentialsLocator,
		description: 'Only data links the platform reads with these credentials of the workspace. Leave empty for every data link.',
	},
];

/** What the platform takes as `visibility`; the empty value sends none, so the platform lists the visible ones. */
const VISIBILITIES = ['', 'visible', 'hidden', 'all'];

const displayOptions = { show: { resource: ['dataLink'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The platform's search text: free text for the name, `provider:` and `region:` keywords for the rest. */
function searchText(search: string, provider: string, region: string): string {
	const terms = [search, provider && `provider:${provider}`, region && `region:${region}`];
	return terms.filter((term) => term !== '').join(' ');
}

/**
 * One item per data link of the workspace that the Data Explorer shows (or hides, by Visibility), in name
 * order, once the platform has fetched them. Visibility and credentials go as tw's `data-links list` sends them.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const text = (name: string) => String(this.getNodeParameter(name, itemIndex, '') ?? '').trim();
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		const visibility = text('visibility');
		if (!VISIBILITIES.includes(visibility)) {
			throw new NodeOperationError(
				this.getNode(),
				`${VISIBILITY_FIELD} "${describeValue(visibility)}" is not one the platform takes`,
				{
					itemIndex,
					description: `Give visible, hidden or all, or leave it empty for the visible data links (item ${itemIndex}).`,
				},
			);
		}
		const credentialsId = workspaceCredentialsIdFor(this, itemIndex);
		return await apiRequestPages<IDataObject>(
			this,
			{
				method: 'GET',
				path: ['data-links'],
				query: {
					workspaceId: await workspaceIdFor(this, itemIndex),
					credentialsId,
					search: searchText(text('search'), text('provider'), text('region').replace(/\s+/g, '')),
					visibility,
				},
				limit: returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number),
				itemIndex,
			},
			pagesCountedByTotal('dataLinks'),
			async (pageRequest) => await dataLinksPage(this, pageRequest),
		);
	});
}
