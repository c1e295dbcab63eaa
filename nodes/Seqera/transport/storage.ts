// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- Bottleneck is a runtime dependency of this self-hosted package
import Bottleneck from 'bottleneck/light';
import type { IExecuteFunctions, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';
// Node's streams carry a file of any size without holding it in memory
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports
import type { Readable } from 'node:stream';

import { executionCancelSignalOf } from './callScope';
import { classifyNetworkFailure, networkErrorCode } from '../errors/callErrors';
import { failedStorageAnswer, missingETag, storageNetworkFailure, type StorageTransfer } from '../errors/storageErrors';
import { headerText, isSuccessStatus } from './exchange';
import { decideRetry, type CallOutcome } from './retry';
import type { Answer, ResponseType } from './sender';
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
const transfers = new Bottleneck({ maxConcurrent: 4 });
/** A PUT is answered once its body is sent: a part (up to 250 MiB) gets the credential's timeout plus its time at this pace. */
const SLOWEST_UPLOAD_BYTES_PER_SECOND = 256 * 1024;

/** Waits for a place among the transfers; it is held until the returned function is called. */
async function transferSlot(): Promise<() => void> {
	return await new Promise((granted) => {
		void transfers.schedule(async () => await new Promise<void>((release) => granted(release)));
	});
}

export interface StorageTarget extends StorageTransfer {
	/** The credential's "Ignore SSL Issues" applies to the storage host as well. */
	allowUnauthorizedCerts: boolean;
	timeoutMs: number;
}

/** Sends one request with no header but `headers`, retrying as platform calls are; the last answer, whatever its status. */
async function send<Type extends ResponseType>(
	context: IExecuteFunctions,
	method: IHttpRequestMethods,
	target: StorageTarget,
	options: { headers: Record<string, string | number>; body?: Buffer; encoding: Type },
): Promise<{ answer: Answer<Type>; attempts: number }> {
	const node = context.getNode();
	const signal = executionCancelSignalOf(context);
	const request: IHttpRequestOptions = {
		method,
		url: target.url,
		headers: options.headers,
		...(options.body ? { body: options.body } : {}),
		encoding: options.encoding,
		json: false,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		skipSslCertificateValidation: target.allowUnauthorizedCerts,
		timeout: target.timeoutMs + Math.ceil(((options.body?.length ?? 0) / SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000),
		abortSignal: signal,
	};
	for (let attempt = 1; ; attempt++) {
		const release = await transferSlot();
		let outcome: CallOutcome;
		let answer: Answer<Type> | undefined;
		let failure: { code?: string; message: string } | undefined;
		try {
			answer = (await context.helpers.httpRequest(request)) as Answer<Type>;
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
		if (!decision.retry)
			throw storageNetworkFailure(
				node,
				method,
				target,
				outcome.kind === 'network' ? outcome.failure : 'other',
				attempt,
				failure?.code,
			);
		await sleep(decision.waitMs, signal);
	}
}

/**
 * PUTs bytes to a presigned URL with the headers given (and its length); the answer's status and
 * headers. `accepts` says which statuses are not a failure: any 2xx by default.
 */
export async function putToStorage(
	context: IExecuteFunctions,
	target: StorageTarget,
	bytes: Buffer,
	options: { headers?: Record<string, string>; accepts?: (statusCode: number) => boolean } = {},
): Promise<{ statusCode: number; headers: Record<string, unknown> }> {
	const headers = { ...options.headers, 'Content-Length': bytes.length };
	const { answer, attempts } = await send(context, 'PUT', target, { headers, body: bytes, encoding: 'arraybuffer' });
	if (!(options.accepts ?? isSuccessStatus)(answer.statusCode))
		throw failedStorageAnswer(context.getNode(), 'PUT', target, answer.statusCode, attempts);
	return { statusCode: answer.statusCode, headers: answer.headers };
}

/** PUTs one part of an S3 multipart upload and returns the ETag the storage provider gave it. */
export async function putPart(context: IExecuteFunctions, target: StorageTarget, bytes: Buffer): Promise<string> {
	const answer = await putToStorage(context, target, bytes);
	const eTag = headerText(answer.headers, 'etag');
	if (!eTag) throw missingETag(context.getNode(), target, answer.statusCode);
	return eTag;
}

/** DELETEs a presigned URL (cancels a resumable upload); whatever the answer, as a cleanup after a failure. */
export async function deleteFromStorage(context: IExecuteFunctions, target: StorageTarget): Promise<void> {
	await send(context, 'DELETE', target, { headers: {}, encoding: 'arraybuffer' });
}

/** GETs a presigned URL; the answer's body is a stream to be read (or destroyed) by the caller. */
export async function getStream(
	context: IExecuteFunctions,
	target: StorageTarget,
): Promise<{ body: Readable; headers: Record<string, unknown> }> {
	const { answer, attempts } = await send(context, 'GET', target, { headers: {}, encoding: 'stream' });
	if (!isSuccessStatus(answer.statusCode)) {
		answer.body.destroy();
		throw failedStorageAnswer(context.getNode(), 'GET', target, answer.statusCode, attempts);
	}
	return { body: answer.body, headers: answer.headers };
}
