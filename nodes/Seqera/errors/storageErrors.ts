import { NodeApiError, type INode, type JsonObject } from 'n8n-workflow';

/** A transfer to a storage provider's presigned URL, as its errors name it. */
export interface StorageTransfer {
	/** The presigned URL, signature included; errors show only its host and path. */
	url: string;
	/** What the transfer is: "part 2 of 5 of reads.bam". */
	purpose: string;
	itemIndex: number;
}

/** The URL without its query string, which holds the signature. */
function withoutQuery(url: string): string {
	const parsed = new URL(url);
	return `${parsed.origin}${parsed.pathname}`;
}

function storageError(
	node: INode,
	method: string,
	target: StorageTransfer,
	httpCode: string,
	message: string,
	description: string,
): NodeApiError {
	// Built from safe fields only, as the platform's errors are: the raw error would carry the signed URL.
	const errorResponse: JsonObject = { httpCode, method, url: withoutQuery(target.url), message };
	return new NodeApiError(node, errorResponse, { message, description, httpCode, itemIndex: target.itemIndex });
}

export function failedStorageAnswer(
	node: INode,
	method: string,
	target: StorageTransfer,
	statusCode: number,
	attempts: number,
): NodeApiError {
	const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
	const hint =
		statusCode === 403
			? 'The presigned URL was refused: it may have expired, or the clock of this machine may be far off. ' +
				'Run the node again to get new URLs.'
			: 'Try again later; if it persists, check the storage provider and any proxy between n8n and it.';
	return storageError(
		node,
		method,
		target,
		String(statusCode),
		`The storage provider answered ${statusCode} to ${target.purpose}${tries}`,
		`${method} ${withoutQuery(target.url)}. ${hint}`,
	);
}

export function storageNetworkFailure(
	node: INode,
	method: string,
	target: StorageTransfer,
	kind: string,
	attempts: number,
	code?: string,
): NodeApiError {
	// Only the code, and not in the message, which n8n replaces with generic text when it holds one;
	// a network error's own message may quote the signed URL.
	const codeNote = code ? ` (${code})` : '';
	// n8n recognises a cancelled execution by "canceled" in the message.
	return storageError(
		node,
		method,
		target,
		kind === 'cancelled' ? 'CANCELED' : kind.toUpperCase(),
		kind === 'cancelled' ? 'The execution was canceled' : `${target.purpose} got no answer from the storage provider`,
		`${method} ${withoutQuery(target.url)} failed after ${attempts} attempt(s)${codeNote}. Check the network between n8n and ` +
			`the storage provider, then try again.`,
	);
}

export function missingETag(node: INode, target: StorageTransfer, statusCode: number): NodeApiError {
	return storageError(
		node,
		'PUT',
		target,
		String(statusCode),
		`The storage provider gave no ETag for ${target.purpose}`,
		`PUT ${withoutQuery(target.url)} answered without an ETag header, which finishing the upload needs. A proxy may strip it.`,
	);
}
