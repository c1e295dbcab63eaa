import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import { filePathField } from './descriptions';
import { dataLinkOfItem, pathParameter, transferCredentialsLocator } from './dataLinkParameters';

const properties: INodeProperties[] = [
	dataLinkLocator,
	workspaceLocator,
	transferCredentialsLocator,
	filePathField,
	{
		displayName: 'For Preview',
		name: 'preview',
		type: 'boolean',
		default: false,
		description: 'Whether the URL is for showing the file in a browser rather than downloading it',
	},
];

const displayOptions = { show: { resource: ['dataLink'], operation: ['generateDownloadUrl'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** A presigned URL of the storage provider that downloads the file without a Seqera token, for a limited time. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const filePath = pathParameter(this, itemIndex, filePathField.name, filePathField.displayName, { required: true });
		const { scope, dataLink } = await dataLinkOfItem(this, itemIndex);
		const response = await apiRequest<IDataObject>(this, {
			method: 'GET',
			path: ['data-links', dataLink.id, 'generate-download-url'],
			query: {
				workspaceId: scope.workspaceId,
				credentialsId: dataLink.credentialsId,
				filePath,
				preview: this.getNodeParameter('preview', itemIndex, false) as boolean,
			},
			itemIndex,
		});
		return { dataLinkId: dataLink.id, path: filePath, ...response };
	});
}
