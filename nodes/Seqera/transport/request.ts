import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunctions,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	IPollFunctions,
} from 'n8n-workflow';

import { SeqeraApi } from '../../../credentials/SeqeraApi.credentials';
import { version as packageVersion } from '../../../package.json';
import { resolveBaseUrl } from '../helpers/baseUrl';
import {
	classifyNetworkFailure,
	errorFromNetworkFailure,
	errorFromResponse,
	errorFromUnreadableBody,
	type FailedCall,
	type NetworkFailureKind,
} from './errors';
import { callSignalOf } from './callScope';
import { tokenLimiter, type TokenBudget } from './limiter';
import { decideRetry, isIdempotent, retryAfterMs, type CallOutcome } from './retry';
import { sleep } from './timing';

export const CREDENTIAL_TYPE = 'seqeraApi';
const USER_AGENT = `n8n-nodes-seqera/${packageVersion}`;
const DEFAULT_TIMEOUT_SECONDS = 60;

/** The n8n contexts that call the platform with the node's credential. */
export type SeqeraFunctions = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** Segments below the base URL; each is URL-encoded on its own, so a value can never change the path. */
	path: ReadonlyArray<string | number>;
	/** Empty values are left out; arrays are sent comma-joined, as the schema declares (`explode: false`). */
	query?: Record<string, QueryValue>;
	body?: IDataObject;
	/** A multipart/form-data body (a file upload), sent instead of `body`. */
	formData?: FormData;
	/** The input item the call is made for, so errors point at it. */
	itemIndex?: number;
}

/** Everything the transport needs from a credential, read once per call. */
export interface Connection {
	baseUrl: string;
	allowUnauthorizedCerts: boolean;
	defaultWorkspaceId: string;
	timeoutMs: number;
	budget: TokenBudget;
}

export function connectionFrom(credentials: ICredentialDataDecryptedObject): Connection {
	const baseUrl = resolveBaseUrl(credentials);
	return {
		baseUrl,
		allowUnauthorizedCerts: credentials.allowUnauthorizedCerts === true,
		defaultWorkspaceId: String(credentials.workspaceId ?? '').trim(),
		timeoutMs: (Number(credentials.timeoutSeconds) || DEFAULT_TIMEOUT_SECONDS) * 1000,
		budget: {
			baseUrl,
			token: String(credentials.accessToken ?? '').trim(),
			maxCallsPerSecond: Number(credentials.maxCallsPerSecond) || 20,
			maxCallsPerHour: Number(credentials.maxCallsPerHour) || 72000,
		},
	};
}

export async function connectionOf(context: SeqeraFunctions): Promise<Connection> {
	return connectionFrom(await context.getCredentials(CREDENTIAL_TYPE));
}

/** Thrown before any call when a path segment could be read as a path step. */
export class UnsafePathSegmentError extends Error {}

function encodeSegment(segment: string | number): string {
	const text = String(segment);
	// URL parsers resolve "." and ".." (even percent-encoded) as path steps, so no encoding makes them safe.
	if (text === '' || /^(\.|%2e){1,2}$/i.test(text)) {
		throw new UnsafePathSegmentError(`"${text}" cannot be used as an ID or path segment`);
	}
	return encodeURIComponent(text);
}

function encodeQuery(query: Record<string, QueryValue> = {}): string {
	const pairs: string[] = [];
	for (const [name, value] of Object.entries(query)) {
		if (value === undefined || value === null || value === '') continue;
		const text = Array.isArray(value) ? value.join(',') : String(value);
		if (Array.isArray(value) && value.length === 0) continue;
		pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
	}
	return pairs.length ? `?${pairs.join('&')}` : '';
}

export function buildUrl(baseUrl: string, request: Pick<ApiRequest, 'path' | 'query'>): string {
	return `${baseUrl}/${request.path.map(encodeSegment).join('/')}${encodeQuery(request.query)}`;
}

interface RawResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: Buffer;
}

/** Sends one prepared request and returns the raw answer, whatever its status. */
type Transmit = (options: IHttpRequestOptions) => Promise<RawResponse>;

function toBuffer(body: unknown): Buffer {
	if (Buffer.isBuffer(body)) return body;
	if (body instanceof ArrayBuffer) return Buffer.from(body);
	if (body === undefined || body === null) return Buffer.alloc(0);
	return Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
}

/** The low-level error code (ECONNREFUSED, DEPTH_ZERO_SELF_SIGNED_CERT, ...) wherever n8n's wrappers put it. */
function networkErrorCode(error: unknown): { code?: string; message: string } {
	let current: unknown = error;
	for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
		const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
		if (typeof candidate.code === 'string' && candidate.code !== '') {
			return { code: candidate.code, message: String(candidate.message ?? '') };
		}
		current = candidate.cause;
	}
	// n8n-workflow 1.x drops `cause` when it wraps the error; the code survives as httpCode and the
	// original text as the first of `messages` (the message itself is reworded).
	const wrapped = error as { httpCode?: unknown; messages?: unknown[] };
	if (typeof wrapped.httpCode === 'string' && /^[A-Z][A-Z0-9_]+$/.test(wrapped.httpCode)) {
		return { code: wrapped.httpCode, message: String(wrapped.messages?.[0] ?? '') };
	}
	return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * The body as bytes and its Content-Type, encoded once so that every attempt sends the same bytes:
 * a FormData stream could be read only once. The Fetch API's encoder writes the multipart parts
 * and picks the boundary.
 */
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
 */
async function exchange(
	node: INode,
	connection: Connection,
	transmit: Transmit,
	request: ApiRequest,
	signal?: AbortSignal,
): Promise<{ response: RawResponse; call: FailedCall; attempts: number }> {
	const call: FailedCall = {
		method: request.method,
		path: `/${request.path.join('/')}`,
		baseUrl: connection.baseUrl,
		itemIndex: request.itemIndex,
	};
	const payload = await encodeBody(request);
	const options: IHttpRequestOptions = {
		method: request.method,
		url: buildUrl(connection.baseUrl, request),
		headers: {
			Accept: 'application/json',
			'User-Agent': USER_AGENT,
			...(payload ? { 'Content-Type': payload.contentType } : {}),
		},
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
			response = await tokenLimiter.withinBudget(connection.budget, async () => await transmit(options), signal);
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
		if (response) return { response, call, attempts: attempt };
		throw errorFromNetworkFailure(node, call, failure!.kind, failure!.code, {
			attempts: attempt,
			timeoutMs: connection.timeoutMs,
			mayHaveActed: !isIdempotent(request.method),
		});
	}
}

async function sleepOrCancel(node: INode, call: FailedCall, ms: number, signal?: AbortSignal): Promise<void> {
	try {
		await sleep(ms, signal);
	} catch {
		throw errorFromNetworkFailure(node, call, 'cancelled', undefined);
	}
}

function transmitWithNodeCredential(context: SeqeraFunctions): Transmit {
	return async (options) => {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			options,
		)) as { statusCode: number; headers: Record<string, unknown>; body: unknown };
		return { statusCode: response.statusCode, headers: response.headers, body: toBuffer(response.body) };
	};
}

function retryAfterSeconds(response: RawResponse): number | undefined {
	const wait = retryAfterMs(headerText(response.headers, 'retry-after'));
	return wait === undefined ? undefined : Math.ceil(wait / 1000);
}

function isSuccess(statusCode: number): boolean {
	return statusCode >= 200 && statusCode < 300;
}

function parseJsonBody<T>(node: INode, call: FailedCall, response: RawResponse): T {
	const text = response.body.toString('utf8');
	if (text.trim() === '') return {} as T;
	try {
		return JSON.parse(text) as T;
	} catch {
		throw errorFromUnreadableBody(node, call, text);
	}
}

async function send(context: SeqeraFunctions, request: ApiRequest): Promise<{ response: RawResponse; call: FailedCall }> {
	const connection = await connectionOf(context);
	const node = context.getNode();
	const exchanged = await exchange(node, connection, transmitWithNodeCredential(context), request, callSignalOf(context));
	const { response, call, attempts } = exchanged;
	if (!isSuccess(response.statusCode)) {
		throw errorFromResponse(node, call, response.statusCode, response.body.toString('utf8'), {
			attempts,
			retryAfterSeconds: retryAfterSeconds(response),
			mayHaveActed: !isIdempotent(request.method),
		});
	}
	return exchanged;
}

/** One JSON call to the platform, within the token's budget, with failures mapped to n8n errors. */
export async function apiRequest<T = IDataObject>(context: SeqeraFunctions, request: ApiRequest): Promise<T> {
	const { response, call } = await send(context, request);
	return parseJsonBody<T>(context.getNode(), call, response);
}

export interface DownloadedFile {
	data: Buffer;
	fileName?: string;
	mimeType?: string;
}

function headerText(headers: Record<string, unknown>, name: string): string | undefined {
	const value = headers[name] ?? headers[name.toLowerCase()];
	if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}

function fileNameFromDisposition(disposition: string | undefined): string | undefined {
	if (!disposition) return undefined;
	const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
	if (encoded) return decodeURIComponent(encoded[1]);
	const plain = /filename="?([^";]+)"?/i.exec(disposition);
	return plain?.[1];
}

/** A call whose answer is a file rather than JSON. */
export async function apiRequestFile(context: SeqeraFunctions, request: ApiRequest): Promise<DownloadedFile> {
	const { response } = await send(context, request);
	return {
		data: response.body,
		fileName: fileNameFromDisposition(headerText(response.headers, 'content-disposition')),
		mimeType: headerText(response.headers, 'content-type')?.split(';')[0].trim(),
	};
}

export interface PageRequest extends ApiRequest {
	/** How many results to collect; `undefined` collects every page. */
	limit?: number;
}

const MAX_PAGE_SIZE = 100;

/**
 * Follows `max`/`offset` pages until the wanted number of results is collected or the platform has no more.
 * `readPage` returns a page's results and whether the platform reports more after it.
 */
export async function apiRequestPages<T>(
	context: SeqeraFunctions,
	request: PageRequest,
	readPage: (page: IDataObject) => { results: T[]; hasMore?: boolean },
): Promise<T[]> {
	const collected: T[] = [];
	let offset = 0;
	for (;;) {
		const wanted = request.limit === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, request.limit - collected.length);
		const page = await apiRequest<IDataObject>(context, {
			...request,
			query: { ...request.query, max: wanted, offset },
		});
		const { results, hasMore } = readPage(page);
		collected.push(...results);
		offset += results.length;
		const reachedLimit = request.limit !== undefined && collected.length >= request.limit;
		const platformHasMore = hasMore ?? results.length === wanted;
		if (reachedLimit || !platformHasMore || results.length === 0) break;
	}
	return request.limit === undefined ? collected : collected.slice(0, request.limit);
}

function transmitForCredentialTest(
	context: ICredentialTestFunctions,
	credentials: ICredentialDataDecryptedObject,
): Transmit {
	const credentialType = new SeqeraApi();
	return async (options) => {
		const authenticated = await credentialType.authenticate(credentials, options);
		// Credential tests only get n8n's legacy request helper; it still applies n8n's proxy settings.
		const response = (await context.helpers.request({
			uri: authenticated.url,
			method: authenticated.method,
			headers: authenticated.headers,
			rejectUnauthorized: !authenticated.skipSslCertificateValidation,
			timeout: authenticated.timeout,
			resolveWithFullResponse: true,
			simple: false,
			encoding: null,
		})) as { statusCode: number; headers: Record<string, unknown>; body: unknown };
		return { statusCode: response.statusCode, headers: response.headers, body: toBuffer(response.body) };
	};
}

export interface ConnectionCheck {
	statusCode: number;
	bodyText: string;
	call: FailedCall;
}

/**
 * The one call a credential test makes, through the same budget and URL rules as every other call.
 * Network failures are thrown as mapped errors; HTTP answers are returned for the caller to judge.
 */
export async function checkConnection(
	context: ICredentialTestFunctions,
	credentials: ICredentialDataDecryptedObject,
	node: INode,
	path: ReadonlyArray<string>,
): Promise<ConnectionCheck> {
	const connection = connectionFrom(credentials);
	const { response, call } = await exchange(node, connection, transmitForCredentialTest(context, credentials), {
		method: 'GET',
		path,
	});
	return { statusCode: response.statusCode, bodyText: response.body.toString('utf8'), call };
}
