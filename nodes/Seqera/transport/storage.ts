import { NodeApiError } from 'n8n-workflow';
import type { IExecuteFunctions, IHttpRequestMethods, IHttpRequestOptions, INode, JsonObject } from 'n8n-workflow';
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- node's streams carry a file of any size without holding it in memory
import type { Readable } from 'node:stream';

import { executionCancelSignalOf } from './callScope';
import { classifyNetworkFailure } from '../errors/callErrors';
import { headerText, isSuccessStatus, networkErrorCode } from './exchange';
import { decideRetry, type CallOutcome } from './retry';
import { sleep } from './budget/timing';

/**
 * Requests to a storage provider's presigned URLs (S3, Cloud Storage, Blob Storage), which the
 * platform hands out for uploading parts and downloading files. They go to another host than the
 * platform, and the signature in the URL is their only permission: they carry none of the platform's
 * headers, the bearer token least of all, and follow no redirect (n8n's request helper would pass its
 * headers on). They are not platform calls, so the token's budget does not count them; a process-wide
 * cap bounds how many are on the wire at once, and failed ones are retried as platform calls are.
 */

/** Transfers (part uploads, downloads) to storage hosts on the wire at once, across all executions. */
const MAX_TRANSFERS_IN_FLIGHT = 4;
/** A PUT is answered once its body is sent: a part (up to 250 MiB) gets the credential's timeout plus its time at this pace. */
const SLOWEST_UPLOAD_BYTES_PER_SECOND = 256 * 1024;

let transfersInFlight = 0;
const waitingForTransfer: Array<() => void> = [];

async function transferSlot(): Promise<() => void> {
	if (transfersInFlight >= MAX_TRANSFERS_IN_FLIGHT) await new Promise<void>((resolve) => waitingForTransfer.push(resolve));
	else transfersInFlight++;
	let released = false;
	return () => {
		if (released) return;
		released = true;
		const next = waitingForTransfer.shift();
		if (next) next();
		else transfersInFlight--;
	};
}

export interface StorageTarget {
	/** The presigned URL, signature included; errors show only its host and path. */
	url: string;
	/** What the transfer is, for errors: "part 2 of 5 of reads.bam". */
	purpose: string;
	itemIndex: number;
	/** The credential's "Ignore SSL Issues" applies to the storage host as well. */
	allowUnauthorizedCerts: boolean;
	timeoutMs: number;
}

/** The URL without its query string, which holds the signature. */
function withoutQuery(url: string): string {
	const parsed = new URL(url);
	return `${parsed.origin}${parsed.pathname}`;
}

function storageError(node: INode, method: string, target: StorageTarget, httpCode: string, message: string, description: string): NodeApiError {
	// Built from safe fields only, as the platform's errors are: the raw error would carry the signed URL.
	const errorResponse: JsonObject = { httpCode, method, url: withoutQuery(target.url), message };
	return new NodeApiError(node, errorResponse, { message, description, httpCode, itemIndex: target.itemIndex });
}

function failedAnswer(node: INode, method: string, target: StorageTarget, statusCode: number, attempts: number): NodeApiError {
	const tries = attempts > 1 ? ` after ${attempts} attempts` : '';
	const hint =
		statusCode === 403
			? 'The presigned URL was refused: it may have expired, or the clock of this machine may be far off. Run the node again to get new URLs.'
			: 'Try again later; if it persists, check the storage provider and any proxy between n8n and it.';
	return storageError(node, method, target, String(statusCode), `The storage provider answered ${statusCode} to ${target.purpose}${tries}`, `${method} ${withoutQuery(target.url)}. ${hint}`);
}

interface StorageAnswer<Body> {
	statusCode: number;
	headers: Record<string, unknown>;
	body: Body;
}

interface StorageOutcome<Body> {
	answer: StorageAnswer<Body>;
	attempts: number;
}

/** Sends one request with no header but `headers`, retrying as platform calls are; the last answer, whatever its status. */
async function send<Body extends Buffer | Readable>(context: IExecuteFunctions, method: IHttpRequestMethods, target: StorageTarget,
	options: { headers: Record<string, string | number>; body?: Buffer; encoding: 'arraybuffer' | 'stream' }): Promise<StorageOutcome<Body>> {
	const node = context.getNode();
	const signal = executionCancelSignalOf(context);
	const request: IHttpRequestOptions = {
		method, url: target.url, headers: options.headers, ...(options.body ? { body: options.body } : {}), encoding: options.encoding,
		json: false, returnFullResponse: true, ignoreHttpStatusErrors: true, disableFollowRedirect: true,
		skipSslCertificateValidation: target.allowUnauthorizedCerts,
		timeout: target.timeoutMs + Math.ceil(((options.body?.length ?? 0) / SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000),
		abortSignal: signal,
	};
	for (let attempt = 1; ; attempt++) {
		const release = await transferSlot();
		let outcome: CallOutcome;
		let answer: StorageAnswer<Body> | undefined;
		let failure: { code?: string; message: string } | undefined;
		try {
			answer = (await context.helpers.httpRequest(request)) as StorageAnswer<Body>;
			outcome = { kind: 'answer', statusCode: answer.statusCode };
		} catch (error) {
			failure = networkErrorCode(error);
			outcome = { kind: 'network', failure: signal?.aborted ? 'cancelled' : classifyNetworkFailure(failure.code, failure.message) };
		}
		const decision = decideRetry(outcome, method, attempt);
		// A streamed answer holds its slot until it has been read; any other answer is complete here.
		if (answer && !decision.retry && options.encoding === 'stream' && isSuccessStatus(answer.statusCode)) {
			(answer.body as Readable).once('close', release);
			return { answer, attempts: attempt };
		}
		release();
		if (answer && !decision.retry) return { answer, attempts: attempt };
		if (answer && options.encoding === 'stream') (answer.body as Readable).destroy();
		if (!decision.retry) {
			const kind = outcome.kind === 'network' ? outcome.failure : 'other';
			// Only the code, and not in the message, which n8n replaces with generic text when it holds one;
			// a network error's own message may quote the signed URL.
			const codeNote = failure?.code ? ` (${failure.code})` : '';
			// n8n recognises a cancelled execution by "canceled" in the message.
			throw storageError(node, method, target, kind === 'cancelled' ? 'CANCELED' : kind.toUpperCase(),
				kind === 'cancelled' ? 'The execution was canceled' : `${target.purpose} got no answer from the storage provider`,
				`${method} ${withoutQuery(target.url)} failed after ${attempt} attempt(s)${codeNote}. Check the network between n8n and the storage provider, then try again.`);
		}
		await sleep(decision.waitMs, signal);
	}
}

/**
 * PUTs bytes to a presigned URL with the headers given (and its length); the answer's status and
 * headers. `accepts` says which statuses are not a failure: any 2xx by default.
 */
export async function putToStorage(context: IExecuteFunctions, target: StorageTarget, bytes: Buffer,
	options: { headers?: Record<string, string>; accepts?: (statusCode: number) => boolean } = {}): Promise<{ statusCode: number; headers: Record<string, unknown> }> {
	const headers = { ...options.headers, 'Content-Length': bytes.length };
	const { answer, attempts } = await send<Buffer>(context, 'PUT', target, { headers, body: bytes, encoding: 'arraybuffer' });
	if (!(options.accepts ?? isSuccessStatus)(answer.statusCode)) throw failedAnswer(context.getNode(), 'PUT', target, answer.statusCode, attempts);
	return { statusCode: answer.statusCode, headers: answer.headers };
}

/** PUTs one part of an S3 multipart upload and returns the ETag the storage provider gave it. */
export async function putPart(context: IExecuteFunctions, target: StorageTarget, bytes: Buffer): Promise<string> {
	const answer = await putToStorage(context, target, bytes);
	const eTag = headerText(answer.headers, 'etag');
	if (!eTag) {
		throw storageError(context.getNode(), 'PUT', target, String(answer.statusCode), `The storage provider gave no ETag for ${target.purpose}`, `PUT ${withoutQuery(target.url)} answered without an ETag header, which finishing the upload needs. A proxy may strip it.`);
	}
	return eTag;
}

/** DELETEs a presigned URL (cancels a resumable upload); whatever the answer, as a cleanup after a failure. */
export async function deleteFromStorage(context: IExecuteFunctions, target: StorageTarget): Promise<void> {
	await send<Buffer>(context, 'DELETE', target, { headers: {}, encoding: 'arraybuffer' });
}

/** GETs a presigned URL; the answer's body is a stream to be read (or destroyed) by the caller. */
export async function getStream(context: IExecuteFunctions, target: StorageTarget): Promise<{ body: Readable; headers: Record<string, unknown> }> {
	const { answer, attempts } = await send<Readable>(context, 'GET', target, { headers: {}, encoding: 'stream' });
	if (!isSuccessStatus(answer.statusCode)) {
		answer.body.destroy();
		throw failedAnswer(context.getNode(), 'GET', target, answer.statusCode, attempts);
	}
	return { body: answer.body, headers: answer.headers };
}
