import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireText } from '../../helpers/validate';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import {
	DATA_LINK_PROVIDERS,
	RESOURCE_REFERENCE_FIELD,
	dataLinkCredentialsLocator,
	providerFor,
	resourceReferenceFor,
} from './dataLinkParameters';
import { workspaceCredentialsIdFor } from '../computeEnv/computeEnv.descriptions';

const properties: INodeProperties[] = [
	workspaceLocator,
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'sequencing-inbox',
		description: 'The name the Data Explorer shows',
	},
	{
		displayName: 'Provider',
		name: 'provider',
		type: 'options',
		default: 'aws',
		options: [
			{ name: DATA_LINK_PROVIDERS.aws.name, value: 'aws' },
			{ name: DATA_LINK_PROVIDERS.azure.name, value: 'azure' },
			{ name: DATA_LINK_PROVIDERS.google.name, value: 'google' },
		],
		description: "The bucket's cloud",
	},
	{
		displayName: RESOURCE_REFERENCE_FIELD,
		name: 'resourceRef',
		type: 'string',
		default: '',
		required: true,
		placeholder: 's3://acme-sequencing-inbox',
		description:
			'The bucket, or a folder of one: s3://bucket for AWS S3, gs://bucket for Google Cloud Storage, az://container for Azure',
	},
	{
		...dataLinkCredentialsLocator,
		description: 'Credentials of the workspace that can read the bucket. Leave empty for a public bucket.',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		placeholder: 'Where the sequencers deliver their runs',
	},
];

const displayOptions = { show: { resource: ['dataLink'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Adds a bucket, or a folder of one, to the workspace's Data Explorer, as tower-cli's `data-links add`
 * does: without credentials the bucket is public. The output is the data link as the platform answers.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const name = requireText(this.getNode(), itemIndex, 'Name', this.getNodeParameter('name', itemIndex, ''));
		const provider = providerFor(this, itemIndex);
		const resourceRef = resourceReferenceFor(this, itemIndex, provider);
		const credentialsId = workspaceCredentialsIdFor(this, itemIndex);
		const text = String(this.getNodeParameter('description', itemIndex, '') ?? '').trim();
		return await apiRequest<IDataObject>(this, {
			method: 'POST',
			path: ['data-links'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			body: {
				name,
				...(text === '' ? {} : { description: text }),
				type: 'bucket',
				provider,
				resourceRef,
				publicAccessible: credentialsId === undefined,
				...(credentialsId === undefined ? {} : { credentialsId }),
			},
			itemIndex,
		});
	});
}
