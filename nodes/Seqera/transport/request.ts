import { NodeOperationError, type ICredentialsDecrypted, type IDataObject, type INode, type NodeEgressFilter } from 'n8n-workflow';

import type { AdmissionOptions } from './budget/admission';
import { callPriorityOf, callSignalOf, executionCancelSignalOf } from './callScope';
import { CREDENTIAL_TYPE, nodeCredentialOf, type Connection, type SeqeraFunctions } from './connection';
import { egressRefusal, sendPooled, type PoolTarget } from './connectionPool';
import * as credentialType from './credentialType';
import { errorFromResponse, errorFromUnreadableBody, type FailedCall } from '../errors/callErrors';
import { exchange, headerText, isSuccessStatus, toBuffer, type ApiRequest, type RawResponse, type Transmit } from './exchange';
import { budgetKey, maxCallsInFlight } from './budget/limiter';
import { proxyAppliesTo } from './proxyEnv';
import { redactValues } from '../errors/redaction';
import { isIdempotent, retryAfterMs } from './retry';
import { roleRefusalOf } from '../roles/workspaceRoles';

/**
 * Sends through n8n's helper, for a proxy from n8n's environment, with the credential already read so n8n
 * does not decrypt it again for every call. Each call opens its own connection.
 */
function transmitThroughN8n(context: SeqeraFunctions, credential: ICredentialsDecrypted): Transmit {
	const abortSignal = executionCancelSignalOf(context);
	return async (options) => {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			{ ...options, abortSignal },
			{ credentialsDecrypted: credential },
		)) as { statusCode: number; headers: Record<string, unknown>; body: unknown };
		return { statusCode: response.statusCode, headers: response.headers, body: toBuffer(response.body) };
	};
}

/** n8n's egress filter (its SSRF protection), on n8n releases that offer one to nodes. */
function egressFilterOf(context: SeqeraFunctions): NodeEgressFilter | undefined {
	const helpers = context.helpers as { getSecureEgressFilter?: () => NodeEgressFilter };
	return typeof helpers.getSecureEgressFilter === 'function' ? helpers.getSecureEgressFilter() : undefined;
}

/** How one request goes out, and what the budget needs to know to admit it. */
interface Sender {
	transmit: Transmit;
	admission: AdmissionOptions;
}

/**
 * The token's kept connections (connectionPool.ts) for a call, with n8n's SSRF protection where it is
 * on; undefined when n8n would send the call through a proxy from its environment, which only n8n's
 * helper speaks to.
 */
export async function poolTargetFor(context: SeqeraFunctions, connection: Connection, itemIndex?: number): Promise<PoolTarget | undefined> {
	// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- n8n's proxy settings are in its environment
	if (proxyAppliesTo(connection.baseUrl, process.env)) return undefined;
	const target: PoolTarget = {
		baseUrl: connection.baseUrl,
		tokenKey: budgetKey(connection.baseUrl, connection.budget.token),
		allowUnauthorizedCerts: connection.allowUnauthorizedCerts,
		maxIdleConnections: maxCallsInFlight(connection.budget.maxCallsPerSecond),
		egress: egressFilterOf(context),
	};
	const refusal = await egressRefusal(target);
	if (refusal) {
		throw new NodeOperationError(context.getNode(), `n8n's SSRF protection does not allow calls to ${new URL(connection.baseUrl).host}`, {
			description: `${refusal.message}. Ask the n8n admin to allow this host (N8N_SSRF_ALLOWED_HOSTNAMES or N8N_SSRF_ALLOWED_IP_RANGES), or check the credential's Base URL.`,
			itemIndex,
		});
	}
	return target;
}

/**
 * On the token's kept connections, or through n8n's helper when n8n would send it through a proxy.
 * Cancelling the execution aborts a call on the wire either way (n8n's helper sets the same signal on
 * execute contexts; this does not rely on it); the item pool's stop lets it finish.
 */
async function senderFor(context: SeqeraFunctions, credential: ICredentialsDecrypted, connection: Connection, request: ApiRequest): Promise<Sender> {
	const admission: AdmissionOptions = { priority: callPriorityOf(context) };
	const target = await poolTargetFor(context, connection, request.itemIndex);
	if (!target) return { transmit: transmitThroughN8n(context, credential), admission };
	const safeToRepeat = isIdempotent(request.method);
	const signal = executionCancelSignalOf(context);
	return {
		admission,
		transmit: async (options, sent) =>
			await sendPooled(target, await credentialType.authenticate(credential.data ?? {}, options), safeToRepeat, { signal, sent }),
	};
}

function retryAfterSeconds(response: RawResponse): number | undefined {
	const wait = retryAfterMs(headerText(response.headers, 'retry-after'));
	return wait === undefined ? undefined : Math.ceil(wait / 1000);
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
	try {
		return await sendUnredacted(context, request);
	} catch (error) {
		throw redactValues(error, request.redact);
	}
}

async function sendUnredacted(context: SeqeraFunctions, request: ApiRequest): Promise<{ response: RawResponse; call: FailedCall }> {
	const { connection, credential } = await nodeCredentialOf(context);
	const node = context.getNode();
	const { transmit, admission } = await senderFor(context, credential, connection, request);
	const exchanged = await exchange(node, connection, transmit, request, callSignalOf(context), admission);
	const { response, call, attempts } = exchanged;
	if (!isSuccessStatus(response.statusCode)) {
		const roleRefusal =
			response.statusCode === 403
				? await roleRefusalOf(call, async (path) => await apiRequest<IDataObject>(context, { method: 'GET', path, itemIndex: request.itemIndex }))
				: undefined;
		throw errorFromResponse(node, call, response.statusCode, response.body.toString('utf8'), {
			attempts,
			retryAfterSeconds: retryAfterSeconds(response),
			mayHaveActed: !isIdempotent(request.method),
			roleRefusal,
		});
	}
	return exchanged;
}

/** One JSON call to the platform, within the token's budget, with failures mapped to n8n errors. */
export async function apiRequest<T = IDataObject>(context: SeqeraFunctions, request: ApiRequest): Promise<T> {
	return (await apiRequestWithStatus<T>(context, request)).body;
}

/** As apiRequest, with the success status too, for the operations whose 2xx answers differ (202: not ready yet). */
export async function apiRequestWithStatus<T = IDataObject>(context: SeqeraFunctions, request: ApiRequest): Promise<{ statusCode: number; body: T }> {
	const { response, call } = await send(context, request);
	return { statusCode: response.statusCode, body: parseJsonBody<T>(context.getNode(), call, response) };
}

export interface DownloadedFile {
	data: Buffer;
	fileName?: string;
	mimeType?: string;
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
