import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- node's streams carry a file of any size without holding it in memory
import type { Readable } from 'node:stream';

import type { Connection } from '../transport/connection';
import { apiRequest } from '../transport/request';
import { putPart } from '../transport/storage';
import type { DataLinkInfo } from '../trigger/dataLinkFiles/api';
import type { DataLinkScope } from './calls';

/**
 * Providers whose uploads are S3 multipart uploads: parts PUT to presigned URLs, then finished through
 * the platform with their ETags. Google Cloud Storage (one resumable session URL) and Azure Blob Storage
 * (blocks, then a block list sent to the storage host) follow other flows.
 */
const MULTIPART_PROVIDERS = new Set(['aws', 's3', 'seqeracompute']);

export interface FileToUpload {
	/** The folder below the data link's root; '' for the root. */
	folder: string;
	fileName: string;
	contentType: string;
	contentLength: number;
	content: Readable;
}

/** The parts a file is cut into, in order, each `partSize` bytes but the last; an empty file is one empty part. */
async function* partsOf(content: Readable, partSize: number): AsyncGenerator<Buffer> {
	let pending: Buffer[] = [];
	let pendingBytes = 0;
	let yielded = false;
	for await (const chunk of content as AsyncIterable<Buffer>) {
		pending.push(chunk);
		pendingBytes += chunk.length;
		while (pendingBytes >= partSize) {
			const joined = Buffer.concat(pending);
			yield joined.subarray(0, partSize);
			yielded = true;
			pending = [joined.subarray(partSize)];
			pendingBytes = joined.length - partSize;
		}
	}
	if (pendingBytes > 0 || !yielded) yield Buffer.concat(pending);
}

/**
 * Uploads a file through the platform's flow: the platform opens a (multipart) upload and hands out one
 * presigned URL per part, each part is PUT to the storage provider, and the platform is told to finish
 * with the parts' ETags. How many parts is the platform's choice (a small file is one part); the file is
 * cut into as many equal parts, the last one smaller. Only one part is in memory at a time. When a part
 * fails, the platform is told to finish with an error, so the storage provider drops the parts it holds.
 */
export async function uploadToDataLink(
	context: IExecuteFunctions,
	connection: Connection,
	scope: DataLinkScope & { itemIndex: number },
	dataLink: DataLinkInfo,
	file: FileToUpload,
): Promise<IDataObject> {
	const node = context.getNode();
	if (!MULTIPART_PROVIDERS.has(dataLink.provider ?? '')) {
		throw new NodeOperationError(node, `Upload File does not support ${dataLink.provider ?? 'unknown'} data links yet`, {
			itemIndex: scope.itemIndex,
			description: `"${dataLink.name}" is a ${dataLink.provider ?? 'unknown'} data link; Upload File sends S3 multipart uploads, for AWS S3, S3-compatible and Seqera Compute data links. Upload to this bucket with the provider's own n8n node, or with tw data-links upload.`,
		});
	}
	const folderPath = file.folder === '' ? [] : [file.folder];
	const query = { workspaceId: scope.workspaceId, credentialsId: dataLink.credentialsId };
	const started = await apiRequest<{ uploadId?: string; uploadUrls?: string[] }>(context, {
		method: 'POST',
		path: ['data-links', dataLink.id, 'upload', ...folderPath],
		query,
		body: { fileName: file.fileName, contentType: file.contentType, contentLength: file.contentLength },
		itemIndex: scope.itemIndex,
	});
	const uploadUrls = started.uploadUrls ?? [];
	if (uploadUrls.length === 0) {
		throw new NodeOperationError(node, 'The platform gave no upload URL', {
			itemIndex: scope.itemIndex,
			description: `POST /data-links/${dataLink.id}/upload answered without uploadUrls, so "${file.fileName}" was not sent. Check that the data link's credentials may write to the bucket.`,
		});
	}
	const finish = async (fields: IDataObject) =>
		await apiRequest(context, {
			method: 'POST',
			path: ['data-links', dataLink.id, 'upload', 'finish', ...folderPath],
			query,
			body: { uploadId: started.uploadId, fileName: file.fileName, ...fields },
			itemIndex: scope.itemIndex,
		});

	// The platform gives one URL per part of its own size (250 MiB); equal parts fill exactly that many
	// URLs, and none but the last is smaller than half the platform's, far above S3's 5 MiB minimum.
	const partSize = Math.max(1, Math.ceil(file.contentLength / uploadUrls.length));
	const tags: Array<{ partNumber: number; eTag: string }> = [];
	const changedSize = (readBytes: string) =>
		new NodeOperationError(node, `The binary data of "${file.fileName}" changed size while it was uploaded`, {
			itemIndex: scope.itemIndex,
			description: `${file.contentLength} bytes were announced to the platform and ${readBytes} read. Run the node again.`,
		});
	try {
		let sentBytes = 0;
		for await (const part of partsOf(file.content, partSize)) {
			const partNumber = tags.length + 1;
			if (partNumber > uploadUrls.length) throw changedSize(`more than ${sentBytes}`);
			const eTag = await putPart(
				context,
				{
					url: uploadUrls[partNumber - 1],
					purpose: `part ${partNumber} of ${uploadUrls.length} of "${file.fileName}"`,
					itemIndex: scope.itemIndex,
					allowUnauthorizedCerts: connection.allowUnauthorizedCerts,
					timeoutMs: connection.timeoutMs,
				},
				part,
			);
			tags.push({ partNumber, eTag });
			sentBytes += part.length;
		}
		if (sentBytes !== file.contentLength) throw changedSize(String(sentBytes));
		if (started.uploadId !== undefined) await finish({ tags });
	} catch (error) {
		// A part, or completing the upload, failed: the storage provider must not keep the parts. The
		// upload failed already, so an abort the platform refuses must not hide why.
		if (started.uploadId !== undefined) await finish({ withError: true, tags }).catch(() => undefined);
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- already a NodeApiError or NodeOperationError of the transport or the checks above
		throw error;
	}
	const path = file.folder === '' ? file.fileName : `${file.folder}/${file.fileName}`;
	return {
		dataLinkId: dataLink.id,
		path,
		uri: `${dataLink.resourceRef.replace(/\/+$/, '')}/${path}`,
		size: file.contentLength,
		mimeType: file.contentType,
		parts: tags.length,
	};
}
