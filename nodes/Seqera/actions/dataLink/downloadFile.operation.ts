import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { pathSegments } from '../../dataLinks/calls';
import { binaryOfStreamedFile } from '../../items/binaryFromStream';
import { apiRequestStream } from '../../transport';
import { outputFileField, outputFileFieldName } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItemWithBinary } from '../../items/perItem';
import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import { filePathField } from './descriptions';
import { dataLinkOfItem, pathParameter, transferCredentialsLocator } from './dataLinkParameters';

const properties: INodeProperties[] = [dataLinkLocator, workspaceLocator, transferCredentialsLocator, filePathField, outputFileField];

const displayOptions = { show: { resource: ['dataLink'], operation: ['downloadFile'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * The file as binary data, streamed from the platform (or the storage it redirects to) straight into
 * n8n's binary data store: with filesystem or S3 binary data mode a file of any size passes through
 * without being held in memory.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItemWithBinary(this, async (itemIndex) => {
		const filePath = pathParameter(this, itemIndex, filePathField.name, filePathField.displayName, { required: true });
		const binaryPropertyName = outputFileFieldName(this, itemIndex);
		const { scope, dataLink } = await dataLinkOfItem(this, itemIndex);
		const fileName = filePath.slice(filePath.lastIndexOf('/') + 1);
		const purpose = `the download of "${filePath}"`;
		const file = await apiRequestStream(this, {
			method: 'GET',
			path: ['data-links', dataLink.id, 'download', ...pathSegments(filePath, scope.pathEncoding)],
			query: { workspaceId: scope.workspaceId, credentialsId: dataLink.credentialsId },
			itemIndex,
			purpose,
		});
		const { binary, size } = await binaryOfStreamedFile(this, file, { fileName, itemIndex, purpose });
		return [
			{
				json: { dataLinkId: dataLink.id, path: filePath, fileName, size, mimeType: binary.mimeType },
				binary: { [binaryPropertyName]: binary },
			},
		];
	});
}
