import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- node's streams carry a file of any size without holding it in memory
import { Transform } from 'node:stream';

import { pathSegments } from '../../dataLinks/calls';
import { connectionOf } from '../../transport/connection';
import { apiRequestStream } from '../../transport/streamRequest';
import { outputFileField, outputFileFieldName } from '../../fields/common';
import { workspaceLocator } from '../../fields/locators';
import { forEachItemWithBinary } from '../../items/perItem';
import { dataLinkLocator } from '../../dataLinks/locator';
import { filePathField } from './descriptions';
import { dataLinkOfItem, pathParameter } from './resolve';

const properties: INodeProperties[] = [
	dataLinkLocator,
	workspaceLocator,
	filePathField,
	outputFileField,
];

const displayOptions = { show: { resource: ['dataLink'], operation: ['downloadFile'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Counts the bytes that pass, so a download cut short is told from a complete one. */
function byteCounter(): Transform & { bytes: number } {
	const counter = new Transform({
		transform(chunk: Buffer, _encoding, done) {
			counter.bytes += chunk.length;
			done(null, chunk);
		},
	}) as Transform & { bytes: number };
	counter.bytes = 0;
	return counter;
}

/**
 * The file as binary data, streamed from the platform (or the storage it redirects to) straight into
 * n8n's binary data store: with filesystem or S3 binary data mode a file of any size passes through
 * without being held in memory.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(this);
	return await forEachItemWithBinary(this, async (itemIndex) => {
		const node = this.getNode();
		const filePath = pathParameter(this, itemIndex, filePathField.name, filePathField.displayName, { required: true });
		const binaryPropertyName = outputFileFieldName(this, itemIndex);
		const { scope, dataLink } = await dataLinkOfItem(this, itemIndex, connection);
		const fileName = filePath.slice(filePath.lastIndexOf('/') + 1);
		const file = await apiRequestStream(this, {
			method: 'GET',
			path: ['data-links', dataLink.id, 'download', ...pathSegments(filePath, scope.pathEncoding)],
			query: { workspaceId: scope.workspaceId, credentialsId: dataLink.credentialsId },
			itemIndex,
			purpose: `the download of "${filePath}"`,
		});
		const counted = byteCounter();
		file.body.on('error', (error) => counted.destroy(error));
		const binary = await this.helpers.prepareBinaryData(file.body.pipe(counted), fileName, file.mimeType);
		if (file.contentLength !== undefined && counted.bytes !== file.contentLength) {
			throw new NodeOperationError(node, `The download of "${filePath}" ended early`, {
				itemIndex,
				description: `${counted.bytes} of ${file.contentLength} bytes arrived before the connection closed. Run the node again.`,
			});
		}
		return [
			{
				json: { dataLinkId: dataLink.id, path: filePath, fileName, size: counted.bytes, mimeType: binary.mimeType },
				binary: { [binaryPropertyName]: binary },
			},
		];
	});
}
