import { NodeApiError } from 'n8n-workflow';
import type { INode, JsonObject } from 'n8n-workflow';

import { findOperation, takesQueryParameter } from '../contract/operations';
import { looksLikeMissingApiSuffix } from '../server/baseUrl';

/** Why the token's role in the workspace refused a change (roles/workspaceRoles.ts), as the error tells it. */
export interface RoleRefusal {
	headline: string;
	advice: string;
}

/** What the transport knows about a call, told to the error it ends in; never holds the token or request headers. */
export interface CallRecord {
	method: string;
	/** Path below the base URL, without the query string (query values may be user data). */
	path: string;
	baseUrl: string;
	itemIndex?: number;
	/** The workspaceId query parameter, when the call has one. */
	workspaceId?: string;
	/** The hash of base URL and token the budget is keyed by (budget/limiter.ts budgetKey), never the token. */
	tokenKey: string;
	/**
	 * Whether a call with this token has succeeded in this process, as the token's queue knows it when the
	 * error is made (budget/limiter.ts). A 403 with such a token is far more likely an ID that does not
	 * exist (the platform answers 403, not 404) than a refused token.
	 */
	tokenHasWorked?: boolean;
}

const FORBIDDEN_HEADLINE = 'the access token was refused, or this endpoint does not exist at the base URL';

/**
 * What a 403 most likely means for a token known to work: the resource the path names (its last ID other
 * than the workspace, as the contract's path template has it) is not in the workspace, or the workspace is
 * not one the token's user has a role in. Undefined when the path is not one of the contract's.
 */
function likelyForbiddenResource(call: CallRecord): { headline: string; check: string } | undefined {
	const segments = call.path.split('/').filter((segment) => segment !== '');
	const operation = findOperation(call.method, segments);
	if (!operation) return undefined;
	const values = new Map<string, string>();
	operation.path
		.split('/')
		.filter((segment) => segment !== '')
		.forEach((segment, index) => {
			const name = /^\{(.+)\}$/.exec(segment)?.[1];
			if (name !== undefined) values.set(name, decodeURIComponent(segments[index]));
		});
	const workspaceId = values.get('workspaceId') ?? call.workspaceId;
	const inWorkspace = values.has('workspaceId') || takesQueryParameter(operation, 'workspaceId');
	const workspace = workspaceId !== undefined ? `workspace ${workspaceId}` : 'your personal workspace';
	const idName = [...values.keys()].filter((name) => name !== 'workspaceId').pop();
	if (idName !== undefined) {
		const id = `${idName} "${values.get(idName)}"`;
		return inWorkspace
			? {
					headline: `${id} does not exist in ${workspace} or this token may not use it`,
					check: `${idName} and the workspace it belongs to`,
				}
			: { headline: `${id} does not exist or this token may not use it`, check: idName };
	}
	if (!inWorkspace || workspaceId === undefined) return undefined;
	return { headline: `${workspace} does not exist or this token has no role in it`, check: 'the workspace ID' };
}

const ERROR_ID_SUFFIX = /\s*-\s*Error ID:\s*(\S+)\s*$/;

/** Splits the platform's `"<text> - Error ID: <id>"` message into its two parts. */
export function splitErrorId(message: string): { text: string; errorId?: string } {
	const match = ERROR_ID_SUFFIX.exec(message);
	if (!match) return { text: message.trim() };
	return { text: message.slice(0, match.index).trim(), errorId: match[1] };
}

function parseJsonObject(bodyText: string): JsonObject | undefined {
	try {
		const parsed: unknown = JSON.parse(bodyText);
		return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as JsonObject) : undefined;
	} catch {
		return undefined;
	}
}

export function looksLikeHtml(bodyText: string): boolean {
	return /^\s*(<!doctype html|<html|<head|<body)/i.test(bodyText);
}

function baseUrlHint(baseUrl: string): string {
	return looksLikeMissingApiSuffix(baseUrl)
		? ` The base URL ${baseUrl} does not end in /api; Enterprise installs serve the API at https://HOST/api.`
		: '';
}

function build(
	node: INode,
	call: CallRecord,
	httpCode: string,
	message: string,
	description: string,
	details: JsonObject = {},
): NodeApiError {
	// The error response we hand to n8n is built here from safe fields only: n8n stores it with the
	// execution, and the raw HTTP error would carry the request headers, token included.
	const errorResponse: JsonObject = {
		httpCode,
		method: call.method,
		path: call.path,
		message,
		...details,
	};
	return new NodeApiError(node, errorResponse, {
		message,
		description,
		httpCode,
		itemIndex: call.itemIndex,
	});
}

/** Maps a non-2xx answer of the platform to an error that tells the user what happened and what to do. */
export function errorFromResponse(
	node: INode,
	call: CallRecord,
	statusCode: number,
	bodyText: string,
	extra: { attempts?: number; retryAfterSeconds?: number; mayHaveActed?: boolean; roleRefusal?: RoleRefusal } = {},
): NodeApiError {
	const httpCode = String(statusCode);
	const body = parseJsonObject(bodyText);
	const rawMessage = typeof body?.message === 'string' ? body.message : '';
	const { text, errorId } = splitErrorId(rawMessage);
	const where = `${call.method} ${call.path}`;
	const errorIdLine = errorId ? ` Error ID: ${errorId} (quote it to Seqera support).` : '';

	if (statusCode === 400) {
		const blockers = Array.isArray(body?.errors)
			? (body.errors as JsonObject[]).map((blocker) => String(blocker?.message ?? blocker?.code ?? '')).filter((line) => line !== '')
			: [];
		const blockerLines = blockers.length ? ` Blockers: ${blockers.map((line) => `• ${line}`).join(' ')}` : '';
		return build(
			node,
			call,
			httpCode,
			text || 'The Seqera Platform rejected the request as invalid',
			`${where} was rejected by the platform.${errorIdLine}${blockerLines}`,
			{ ...(errorId ? { errorId } : {}), ...(blockers.length ? { blockers } : {}) },
		);
	}
	if (statusCode === 401 || statusCode === 403) {
		const tokenOrEndpoint =
			'the access token is invalid or expired (create a new one in the Seqera web app under user menu → Your tokens, ' +
			`and paste it into the credential), or the endpoint is not available at ${call.baseUrl}: check the base URL, ` +
			`the workspace ID, and that the token's user has a role in that workspace.${baseUrlHint(call.baseUrl)}`;
		if (statusCode === 403 && extra.roleRefusal) {
			return build(
				node,
				call,
				httpCode,
				`Forbidden: ${extra.roleRefusal.headline}`,
				`${where} answered 403. ${extra.roleRefusal.advice}`,
			);
		}
		const resource = statusCode === 403 && call.tokenHasWorked ? likelyForbiddenResource(call) : undefined;
		if (resource) {
			return build(
				node,
				call,
				httpCode,
				`Forbidden: ${resource.headline}; else ${FORBIDDEN_HEADLINE}`,
				`${where} answered 403, though this token has worked at ${call.baseUrl}. The platform answers 403, not 404, for an ` +
					`ID it does not know: check ${resource.check}. Otherwise ${tokenOrEndpoint}`,
			);
		}
		return build(
			node,
			call,
			httpCode,
			`Forbidden: ${FORBIDDEN_HEADLINE}`,
			`${where} answered ${statusCode}. Either ${tokenOrEndpoint}`,
		);
	}
	if (statusCode === 404) {
		return build(
			node,
			call,
			httpCode,
			text || 'Not found: the platform has no such resource',
			`${where} answered 404. Check the ID and the workspace it belongs to.${errorIdLine}`,
		);
	}
	if (statusCode === 409) {
		return build(
			node,
			call,
			httpCode,
			text || 'Conflict: the request clashes with the current state of the resource',
			`${where} answered 409.${errorIdLine}`,
		);
	}
	if (statusCode === 429) {
		const attempts = extra.attempts ? ` after ${extra.attempts} attempt${extra.attempts === 1 ? '' : 's'}` : '';
		const wait = extra.retryAfterSeconds !== undefined ? ` The platform asked to wait ${extra.retryAfterSeconds} s.` : '';
		return build(
			node,
			call,
			httpCode,
			`Rate limit reached: the platform still refused the call${attempts}`,
			`${where} answered 429 Too Many Requests.${wait} Every node that uses this token shares its per-token budget; lower ` +
				`"Max Calls per Second/Hour" in the credential if your install has stricter limits, and do not stack n8n's Retry On ` +
				`Fail on top.`,
		);
	}
	if (statusCode >= 500) {
		const attempts = extra.attempts && extra.attempts > 1 ? ` after ${extra.attempts} attempts` : '';
		return build(
			node,
			call,
			httpCode,
			`The Seqera Platform failed with ${statusCode}${attempts}`,
			`${where} answered ${statusCode}: a problem on the platform's side. ` +
				`Try again later; if it persists, check the platform's status page.${errorIdLine}` +
				(extra.mayHaveActed
					? ' It was not sent again because the platform may have carried it out: ' +
						'check (for a launch, the runs list) before trying again.'
					: ''),
		);
	}
	return build(
		node,
		call,
		httpCode,
		text || `The Seqera Platform answered ${statusCode}`,
		`${where} answered ${statusCode}.${errorIdLine}`,
	);
}

/** The low-level error code (ECONNREFUSED, DEPTH_ZERO_SELF_SIGNED_CERT, ...) wherever n8n's wrappers put it. */
export function networkErrorCode(error: unknown): { code?: string; message: string } {
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

/** A 2xx answer whose body is not the JSON the API promises: almost always a base URL that points at the web app. */
export function errorFromUnreadableBody(node: INode, call: CallRecord, bodyText: string): NodeApiError {
	const html = looksLikeHtml(bodyText);
	return build(
		node,
		call,
		'200',
		html
			? 'The server answered with an HTML page instead of JSON: the base URL points at a web page, not the API'
			: 'The server answered with a body that is not valid JSON',
		html
			? `${call.method} ${call.path} returned HTML. Check the credential's base URL.${baseUrlHint(call.baseUrl)}`
			: `${call.method} ${call.path} returned a truncated or malformed body. ` +
					`Try again; if it persists, check any proxy between n8n and ${call.baseUrl}.`,
	);
}

const TLS_ERROR_CODES = new Set([
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'CERT_HAS_EXPIRED',
	'ERR_TLS_CERT_ALTNAME_INVALID',
	'CERT_UNTRUSTED',
	'EPROTO',
]);

export type NetworkFailureKind = 'tls' | 'unreachable' | 'timeout' | 'dropped' | 'cancelled' | 'other';

export function classifyNetworkFailure(code: string | undefined, message: string): NetworkFailureKind {
	if (code === 'ERR_CANCELED' || /aborted|canceled/i.test(message)) return 'cancelled';
	if ((code && TLS_ERROR_CODES.has(code)) || /certificate|self[- ]signed|SSL/i.test(message)) return 'tls';
	if (code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout/i.test(message)) return 'timeout';
	if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
		return 'unreachable';
	}
	if (code === 'ECONNRESET' || code === 'EPIPE' || /socket hang up/i.test(message)) return 'dropped';
	return 'other';
}

/** Maps a call that got no HTTP answer at all (TLS, DNS, refused, timeout, dropped) to an actionable error. */
export function errorFromNetworkFailure(
	node: INode,
	call: CallRecord,
	kind: NetworkFailureKind,
	code: string | undefined,
	extra: { attempts?: number; timeoutMs?: number; mayHaveActed?: boolean } = {},
): NodeApiError {
	const where = `${call.method} ${call.path}`;
	// A request that is not safe to repeat was sent once; the user must look before sending it again.
	const notRepeated = extra.mayHaveActed
		? ` It was not sent again because the platform may have carried it out: check (for a launch, the runs list) before trying again.`
		: '';
	const attempts = extra.attempts && extra.attempts > 1 ? ` (${extra.attempts} attempts)` : '';
	// The low-level code goes into the description: n8n replaces a message that contains one with generic text.
	const codeNote = code ? ` (${code})` : '';
	switch (kind) {
		case 'tls':
			return build(
				node,
				call,
				'TLS',
				`The TLS certificate of ${call.baseUrl} is not trusted`,
				`${where} could not be sent securely${codeNote}. If this is your own Enterprise install with its own certificate ` +
					`authority, add that CA to n8n (NODE_EXTRA_CA_CERTS) or, only for an install you trust, turn on "Ignore SSL ` +
					`Issues" in the credential.`,
			);
		case 'unreachable':
			return build(
				node,
				call,
				'UNREACHABLE',
				`Cannot reach ${call.baseUrl}`,
				`${where} found no server${attempts}${codeNote}. Check the base URL's host name, DNS, firewalls and proxies ` +
					`between n8n and the platform.`,
			);
		case 'timeout':
			return build(
				node,
				call,
				'TIMEOUT',
				`The Seqera Platform did not answer in time${attempts}`,
				`${where} took longer than ${Math.round((extra.timeoutMs ?? 0) / 1000)} s. The platform may be overloaded; try ` +
					`again later.${notRepeated}`,
			);
		case 'dropped':
			return build(
				node,
				call,
				'CONNECTION_DROPPED',
				`The connection to ${call.baseUrl} was closed before an answer arrived${attempts}`,
				`${where} got no answer${codeNote}. Check proxies or load balancers between n8n and the platform; try again ` +
					`later.${notRepeated}`,
			);
		case 'cancelled':
			// n8n recognises a cancelled execution by "canceled" in the error message.
			return build(node, call, 'CANCELED', 'The execution was canceled', `${where} was stopped with the execution.`);
		default:
			return build(
				node,
				call,
				'NETWORK',
				`The call to ${call.baseUrl} failed`,
				`${where} did not complete${attempts}${codeNote}.${notRepeated}`,
			);
	}
}
