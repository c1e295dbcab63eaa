import { NodeOperationError, type IBinaryData, type IExecuteFunctions } from 'n8n-workflow';
// Node's streams carry a file of any size without holding it in memory
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports
import { Transform } from 'node:stream';

import type { StreamedFile } from '../transport';

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
 * A streamed file put into n8n's binary data store as it arrives: with filesystem or S3 binary data mode a
 * file of any size passes through without being held in memory. A file shorter than its answer announced
 * (the connection closed early) fails the item rather than pass on part of it.
 */
export async function binaryOfStreamedFile(
	context: IExecuteFunctions,
	file: StreamedFile,
	target: { fileName: string; mimeType?: string; itemIndex: number; purpose: string },
): Promise<{ binary: IBinaryData; size: number }> {
	const counted = byteCounter();
	file.body.on('error', (error) => counted.destroy(error));
	const binary = await context.helpers.prepareBinaryData(file.body.pipe(counted), target.fileName, target.mimeType ?? file.mimeType);
	if (file.contentLength !== undefined && counted.bytes !== file.contentLength) {
		throw new NodeOperationError(context.getNode(), `${target.purpose.charAt(0).toUpperCase()}${target.purpose.slice(1)} ended early`, {
			itemIndex: target.itemIndex,
			description: `${counted.bytes} of ${file.contentLength} bytes arrived before the connection closed. Run the node again.`,
		});
	}
	return { binary, size: counted.bytes };
}
