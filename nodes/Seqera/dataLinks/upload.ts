import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
// Node's streams carry a file of any size without holding it in memory
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports
import { Readable } from 'node:stream';

import { apiRequest, type Connection, deleteFromStorage, headerText, putPart, putToStorage, type StorageTarget } from '../transport';
import type { DataLinkInfo } from './dataLinkApi';
import { pathSegments, type DataLinkScope } from './calls';

/**
 * How each provider takes the upload the platform opens (the platform's own clients do the same):
 * - S3 (aws, S3-compatible, Seqera Compute): one presigned URL per part; each part is PUT, and the
 *   platform finishes the multipart upload with the parts' ETags, or aborts it (`withError`).
 * - Google Cloud Storage: one resumable session URL; the file is PUT to it in chunks, each with its
 *   Content-Range, and the last one completes it. A failed upload is cancelled with a DELETE.
 * - Azure Blob Storage: one URL per block; each block is PUT, then the block list is PUT to the blob,
 *   which commits it. A failed upload commits an empty list, which drops the blocks.
 */
type UploadFlow = 'multipart' | 'resumable' | 'blocks';

const FLOWS: Record<string, UploadFlow> = {
	aws: 'multipart',
	s3: 'multipart',
	seqeracompute: 'multipart',
	google: 'resumable',
	azure: 'blocks',
	azure_entra: 'blocks',
	'azure-cloud': 'blocks',
};

/** Google Cloud Storage takes chunks of a multiple of 256 KiB (but the last); 8 MiB keeps one chunk's memory small. */
const RESUMABLE_CHUNK_BYTES = 8 * 1024 * 1024;

export interface FileToUpload {
	/** The folder below the data link's root; '' for the root. */
	folder: string;
	fileName: string;
	contentType: string;
	contentLength: number;
	content: Readable;
}

/** What every flow needs: where the calls go, and how to name what failed. */
interface UploadContext {
	context: IExecuteFunctions;
	node: INode;
	itemIndex: number;
	file: FileToUpload;
	/** A storage target for one of the URLs the platform gave; `purpose` names the transfer in errors. */
	target: (url: string, purpose: string) => StorageTarget;
}

/**
 * The item's binary data and its size; the content is opened as a stream once it is wanted, from n8n's binary data store when it is there.
 */
export async function binaryToUpload(context: IExecuteFunctions, itemIndex: number, binaryPropertyName: string) {
	const binary = context.helpers.assertBinaryData(itemIndex, binaryPropertyName);
	if (binary.id) {
		const id = binary.id;
		const { fileSize } = await context.helpers.getBinaryMetadata(id);
		return { binary, contentLength: fileSize, open: async () => await context.helpers.getBinaryStream(id) };
	}
	const bytes = await context.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
	return { binary, contentLength: bytes.length, open: async () => Readable.from([bytes]) };
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

function changedSize(upload: UploadContext, readBytes: string): NodeOperationError {
	return new NodeOperationError(upload.node, `The binary data of "${upload.file.fileName}" changed size while it was uploaded`, {
		itemIndex: upload.itemIndex,
		description: `${upload.file.contentLength} bytes were announced to the platform and ${readBytes} read. Run the node again.`,
	});
}

/**
 * Sends the file in as many parts as there are URLs, one part in memory at a time, and returns what each
 * part's PUT gave (the ETag of an S3 part). The platform gives one URL per part of its own size (250
 * MiB): equal parts fill exactly that many URLs, and none but the last is smaller than half the
 * platform's, far above S3's 5 MiB minimum.
 */
async function sendParts(
	upload: UploadContext,
	urls: string[],
	sendPart: (target: StorageTarget, part: Buffer) => Promise<string>,
): Promise<string[]> {
	const { file } = upload;
	const partSize = Math.max(1, Math.ceil(file.contentLength / urls.length));
	const results: string[] = [];
	let sentBytes = 0;
	for await (const part of partsOf(file.content, partSize)) {
		const partNumber = results.length + 1;
		if (partNumber > urls.length) throw changedSize(upload, `more than ${sentBytes}`);
		results.push(
			await sendPart(upload.target(urls[partNumber - 1], `part ${partNumber} of ${urls.length} of "${file.fileName}"`), part),
		);
		sentBytes += part.length;
	}
	if (sentBytes !== file.contentLength) throw changedSize(upload, String(sentBytes));
	return results;
}

/** Google Cloud Storage: the file in chunks to the session URL, each with its range; 308 asks for more. Returns how many chunks. */
async function sendResumable(upload: UploadContext, sessionUrl: string): Promise<number> {
	const { file, context } = upload;
	const target = upload.target(sessionUrl, `the upload of "${file.fileName}"`);
	const sendChunk = async (bytes: Buffer, range: string) =>
		await putToStorage(context, target, bytes, {
			headers: { 'Content-Range': range },
			accepts: (statusCode) => statusCode === 308 || (statusCode >= 200 && statusCode < 300),
		});
	if (file.contentLength === 0) {
		await sendChunk(Buffer.alloc(0), 'bytes */0');
		return 1;
	}
	let start = 0;
	let chunks = 0;
	for await (const chunk of partsOf(file.content, RESUMABLE_CHUNK_BYTES)) {
		chunks++;
		const last = start + chunk.length - 1;
		if (last >= file.contentLength) throw changedSize(upload, `more than ${file.contentLength}`);
		let offset = 0;
		while (offset < chunk.length) {
			const answer = await sendChunk(chunk.subarray(offset), `bytes ${start + offset}-${last}/${file.contentLength}`);
			if (answer.statusCode !== 308) {
				if (last + 1 !== file.contentLength) throw changedSize(upload, String(last + 1));
				return chunks;
			}
			// The service may keep less than it was sent; its Range says where it stands.
			const kept = /bytes=0-(\d+)/.exec(headerText(answer.headers, 'range') ?? '');
			const next = (kept ? Number(kept[1]) + 1 : 0) - start;
			if (next <= offset) {
				throw new NodeOperationError(upload.node, `Google Cloud Storage kept nothing of a chunk of "${file.fileName}"`, {
					itemIndex: upload.itemIndex,
					description:
						`It holds ${kept ? Number(kept[1]) + 1 : 0} of ${file.contentLength} bytes after a chunk from byte ` +
						`${start + offset}. Run the node again.`,
				});
			}
			offset = next;
		}
		start += chunk.length;
	}
	throw changedSize(upload, String(start));
}

/** Azure's block list, which makes the blob of the listed blocks; an empty one drops them. */
function blockList(blockIds: readonly string[]): Buffer {
	const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
	const entries = blockIds.map((blockId) => `<Uncommitted>${escape(blockId)}</Uncommitted>`).join('');
	return Buffer.from(`<?xml version="1.0" encoding="utf-8"?><BlockList>${entries}</BlockList>`);
}

/** The blob's own URL, for its block list: a block URL without its block ID, `comp=blocklist`. */
function blockListUrl(blockUrl: string): string {
	const url = new URL(blockUrl);
	url.searchParams.delete('blockid');
	url.searchParams.set('comp', 'blocklist');
	return url.href;
}

async function putBlockList(upload: UploadContext, urls: string[], blockIds: readonly string[]): Promise<void> {
	await putToStorage(
		upload.context,
		upload.target(blockListUrl(urls[0]), `the block list of "${upload.file.fileName}"`),
		blockList(blockIds),
		{
			headers: { 'Content-Type': 'application/xml', 'x-ms-blob-content-type': upload.file.contentType },
		},
	);
}

/**
 * The first folder name the platform keeps for itself below `upload/`: sent a segment at a time,
 * `upload/finish/...` is the route that ends an upload, not an upload into a folder named so.
 */
export const UPLOAD_FINISH_SEGMENT = 'finish';

/** Whether files sent into `folder` (below the data link's root, a segment at a time) would reach the platform's finish route. */
export const reachesFinishRoute = (folder: string): boolean => folder.split('/')[0] === UPLOAD_FINISH_SEGMENT;

/** An item's binary data as binaryToUpload gives it, to upload as `fileName` into `folder`. */
export interface BinaryUpload {
	folder: string;
	fileName: string;
	upload: Awaited<ReturnType<typeof binaryToUpload>>;
}

/** Uploads an item's binary data with uploadToDataLink, its content opened for the upload and closed after it. */
export async function uploadBinaryToDataLink(
	context: IExecuteFunctions,
	connection: Connection,
	scope: DataLinkScope & { itemIndex: number },
	dataLink: DataLinkInfo,
	{ folder, fileName, upload }: BinaryUpload,
): Promise<IDataObject> {
	const content = await upload.open();
	try {
		return await uploadToDataLink(context, connection, scope, dataLink, {
			folder,
			fileName,
			contentType: upload.binary.mimeType || 'application/octet-stream',
			contentLength: upload.contentLength,
			content,
		});
	} finally {
		// Read to the end, or left half-read by a failure: either way its file is closed.
		content.destroy();
	}
}

/**
 * Uploads a file through the platform's flow: the platform opens the upload and hands out presigned
 * URLs of the storage provider, the file goes there as the provider takes it, and the upload is
 * completed. The storage requests carry none of the platform's headers (see transport/storage.ts).
 * When sending fails, the upload is aborted, so the storage provider drops what it holds, and the
 * item fails with the first error.
 */
export async function uploadToDataLink(
	context: IExecuteFunctions,
	connection: Connection,
	scope: DataLinkScope & { itemIndex: number },
	dataLink: DataLinkInfo,
	file: FileToUpload,
): Promise<IDataObject> {
	const node = context.getNode();
	const flow = FLOWS[dataLink.provider ?? ''];
	if (flow === undefined) {
		throw new NodeOperationError(node, `Upload File does not know how to upload to a ${dataLink.provider ?? 'unknown'} data link`, {
			itemIndex: scope.itemIndex,
			description:
				`"${dataLink.name}" has provider "${dataLink.provider ?? ''}"; Upload File sends files to AWS S3, S3-compatible, ` +
				`Seqera Compute, Google Cloud Storage and Azure data links.`,
		});
	}
	const folderPath = pathSegments(file.folder, scope.pathEncoding);
	const query = { workspaceId: scope.workspaceId, credentialsId: dataLink.credentialsId };
	const started = await apiRequest<{ uploadId?: string; uploadUrls?: string[] }>(context, {
		method: 'POST',
		path: ['data-links', dataLink.id, 'upload', ...folderPath],
		query,
		body: { fileName: file.fileName, contentType: file.contentType, contentLength: file.contentLength },
		itemIndex: scope.itemIndex,
	});
	const urls = started.uploadUrls ?? [];
	const { uploadId } = started;
	if (urls.length === 0 || (flow === 'multipart' && uploadId === undefined)) {
		throw new NodeOperationError(node, 'The platform did not open the upload', {
			itemIndex: scope.itemIndex,
			description:
				`POST /data-links/${dataLink.id}/upload answered without ${urls.length === 0 ? 'uploadUrls' : 'uploadId'}, so ` +
				`"${file.fileName}" was not sent. Check that the data link's credentials may write to the bucket.`,
		});
	}
	const upload: UploadContext = {
		context,
		node,
		itemIndex: scope.itemIndex,
		file,
		target: (url, purpose) => ({
			url,
			purpose,
			itemIndex: scope.itemIndex,
			allowUnauthorizedCerts: connection.allowUnauthorizedCerts,
			timeoutMs: connection.timeoutMs,
		}),
	};
	const finish = async (fields: IDataObject) =>
		await apiRequest(context, {
			method: 'POST',
			path: ['data-links', dataLink.id, 'upload', 'finish', ...folderPath],
			query,
			body: { uploadId, fileName: file.fileName, ...fields },
			itemIndex: scope.itemIndex,
		});

	let parts = 1;
	let tags: Array<{ partNumber: number; eTag: string }> = [];
	try {
		if (flow === 'multipart') {
			const eTags = await sendParts(upload, urls, async (target, part) => await putPart(context, target, part));
			tags = eTags.map((eTag, index) => ({ partNumber: index + 1, eTag }));
			parts = tags.length;
			await finish({ tags });
		} else if (flow === 'blocks') {
			const blockIds = urls.map((url) => new URL(url).searchParams.get('blockid') ?? '');
			await sendParts(upload, urls, async (target, part) => {
				await putToStorage(context, target, part);
				return '';
			});
			parts = urls.length;
			await putBlockList(upload, urls, blockIds);
		} else {
			parts = await sendResumable(upload, urls[0]);
		}
	} catch (error) {
		// The upload failed already: a failing cleanup must not hide why.
		const abort =
			flow === 'multipart'
				? finish({ withError: true, tags })
				: flow === 'blocks'
					? putBlockList(upload, urls, [])
					: deleteFromStorage(context, upload.target(urls[0], `cancelling the upload of "${file.fileName}"`));
		await abort.catch(() => undefined);
		// Already a NodeApiError or NodeOperationError of the transport or the checks above
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
		throw error;
	}
	const path = file.folder === '' ? file.fileName : `${file.folder}/${file.fileName}`;
	return {
		dataLinkId: dataLink.id,
		path,
		uri: `${dataLink.resourceRef.replace(/\/+$/, '')}/${path}`,
		size: file.contentLength,
		mimeType: file.contentType,
		parts,
	};
}
