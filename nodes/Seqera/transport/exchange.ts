import type { IDataObject, IHttpRequestMethods, IHttpRequestOptions, INode } from 'n8n-workflow';

import { version as packageVersion } from '../../../package.json';
import type { AdmissionOptions } from './budget/gate';
import type { Connection } from './connection';
import {
	classifyNetworkFailure,
	errorFromNetworkFailure,
	networkErrorCode,
	type CallRecord,
	type NetworkFailureKind,
} from '../errors/callErrors';
import { budgetKey, tokenLimiter } from './budget/limiter';
import { decideRetry, isIdempotent, retryAfterMs, type CallOutcome } from './retry';
import { sleep } from './budget/timing';
import { buildUrl, type CallTarget } from './url';

const USER_AGENT = `n8n-nodes-seqera/${packageVersion}`;

export interface ApiRequest extends CallTarget {
	method: IHttpRequestMethods;
	body?: IDataObject;
	/** A multipart/form-data body (a file upload), sent instead of `body`. */
	formData?: FormData;
	/** The input item the call is made for, so errors point at it. */
	itemIndex?: number;
	/** Values this call sends that its errors must never repeat, such as a secret's value (see errors/redaction.ts). */
	redact?: readonly string[];
}

export interface RawResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: Buffer;
}

/**
 * Sends one prepared request and returns the raw answer, whatever its status; it calls `sent` when it
 * sees the request go out. One that sends out of sight (n8n's helper) cannot, and its calls then hold
 * their place in the budget until a second after their answer.
 */
export type Transmit = (options: IHttpRequestOptions, sent: () => void) => Promise<RawResponse>;

export function isSuccessStatus(statusCode: number): boolean {
	return statusCode >= 200 && statusCode < 300;
}

export function toBuffer(body: unknown): Buffer {
	if (Buffer.isBuffer(body)) return body;
	if (body instanceof ArrayBuffer) return Buffer.from(body);
	if (body === undefined || body === null) return Buffer.alloc(0);
	return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
}

export function headerText(headers: Record<string, unknown>, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

/** The body as bytes and its Content-Type, encoded once (by the Fetch API's encoder for FormData, which can be read only once). */
async function encodeBody(request: ApiRequest): Promise<{ contentType: string; bytes: string | Buffer } | undefined> {
	if (request.formData !== undefined) {
		const encoded = new Response(request.formData);
		return { contentType: encoded.headers.get('content-type') ?? '', bytes: Buffer.from(await encoded.arrayBuffer()) };
	}
	if (request.body !== undefined) return { contentType: 'application/json', bytes: JSON.stringify(request.body) };
	return undefined;
}

/**
 * Sends one request within the token's budget, retrying as `decideRetry` allows, and returns the
 * platform's final answer whatever its status. Calls that got no answer are thrown as mapped errors.
 * `signal` keeps new attempts from starting and ends the waits between them; once it has fired, a
 * call that failed on the wire ends as cancelled.
 */
export async function exchange(
	node: INode,
	connection: Connection,
	transmit: Transmit,
	request: ApiRequest,
	signal?: AbortSignal,
	admission?: AdmissionOptions,
): Promise<{ response: RawResponse; call: CallRecord; attempts: number }> {
	const call: CallRecord = {
		method: request.method,
		path: `/${request.path.join('/')}`,
		baseUrl: connection.baseUrl,
		itemIndex: request.itemIndex,
		workspaceId: request.query?.workspaceId === undefined ? undefined : String(request.query.workspaceId),
		tokenKey: budgetKey(connection.baseUrl, connection.budget.token),
	};
	const payload = await encodeBody(request);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: buildUrl(connection.baseUrl, request),
		headers: { Accept: 'application/json', 'User-Agent': USER_AGENT, ...(payload ? { 'Content-Type': payload.contentType } : {}) },
		...(payload ? { body: payload.bytes } : {}),
		encoding: 'arraybuffer',
		json: false,
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		skipSslCertificateValidation: connection.allowUnauthorizedCerts,
		timeout: connection.timeoutMs,
	};
	for (let attempt = 1; ; attempt++) {
		let outcome: CallOutcome;
		let response: RawResponse | undefined;
		let failure: { kind: NetworkFailureKind; code?: string } | undefined;
		try {
			response = await tokenLimiter.withinBudget(connection.budget, async (sent) => await transmit(options, sent), signal, admission);
			outcome = {
				kind: 'answer',
				statusCode: response.statusCode,
				retryAfterMs: retryAfterMs(headerText(response.headers, 'retry-after')),
			};
		} catch (error) {
			const { code, message } = networkErrorCode(error);
			failure = { kind: signal?.aborted ? 'cancelled' : classifyNetworkFailure(code, message), code };
			outcome = { kind: 'network', failure: failure.kind };
		}

		const decision = decideRetry(outcome, request.method, attempt);
		if (decision.retry) {
			if (decision.pauseToken) await tokenLimiter.pause(connection.budget, Date.now() + decision.waitMs);
			else await sleepOrCancel(node, call, decision.waitMs, signal);
			continue;
		}
		if (response) {
			if (isSuccessStatus(response.statusCode)) tokenLimiter.noteWorked(call.tokenKey);
			return { response, call, attempts: attempt };
		}
		throw errorFromNetworkFailure(node, call, failure!.kind, failure!.code, {
			attempts: attempt,
			timeoutMs: connection.timeoutMs,
			mayHaveActed: !isIdempotent(request.method),
		});
	}
}

async function sleepOrCancel(node: INode, call: CallRecord, ms: number, signal?: AbortSignal): Promise<void> {
	try {
		await sleep(ms, signal);
	} catch {
		throw errorFromNetworkFailure(node, call, 'cancelled', undefined);
	}
}
