import { NodeOperationError, type ICredentialsDecrypted, type IHttpRequestOptions, type NodeEgressFilter } from 'n8n-workflow';
// Node's streams carry a file of any size without holding it in memory
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports
import type { Readable } from 'node:stream';

import { proxyAppliesTo } from '../environment/proxy';
import { budgetKey, maxCallsInFlight } from './budget/limiter';
import { executionCancelSignalOf } from './callScope';
import { CREDENTIAL_TYPE, type Connection, type SeqeraFunctions } from './connection';
import { egressRefusal, sendPooled, type PoolTarget } from './connectionPool';
import * as credentialType from './credentialType';
import { toBuffer, type ApiRequest } from './exchange';
import { isIdempotent } from './retry';

export type ResponseType = 'arraybuffer' | 'stream';

/** One answer, its body read whole or still on the wire (for the caller to read to the end or destroy). */
export interface Answer<Type extends ResponseType> {
	statusCode: number;
	headers: Record<string, unknown>;
	body: Type extends 'stream' ? Readable : Buffer;
}

/** n8n's egress filter (its SSRF protection), on n8n releases that offer one to nodes. */
function egressFilterOf(context: SeqeraFunctions): NodeEgressFilter | undefined {
	const helpers = context.helpers as { getSecureEgressFilter?: () => NodeEgressFilter };
	return typeof helpers.getSecureEgressFilter === 'function' ? helpers.getSecureEgressFilter() : undefined;
}

/**
 * The token's kept connections (connectionPool.ts) for a call, with n8n's SSRF protection where it is
 * on; undefined when n8n would send the call through a proxy from its environment, which only n8n's
 * helper speaks to.
 */
async function poolTargetFor(context: SeqeraFunctions, connection: Connection, itemIndex?: number): Promise<PoolTarget | undefined> {
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
		throw new NodeOperationError(
			context.getNode(),
			`n8n's SSRF protection does not allow calls to ${new URL(connection.baseUrl).host}`,
			{
				description:
					`${refusal.message}. Ask the n8n admin to allow this host (N8N_SSRF_ALLOWED_HOSTNAMES or ` +
					`N8N_SSRF_ALLOWED_IP_RANGES), or check the credential's Base URL.`,
				itemIndex,
			},
		);
	}
	return target;
}

/**
 * How a call of `context` goes out: on the token's kept connections, or through n8n's helper when n8n
 * would send it through a proxy (with the credential already read, so n8n does not decrypt it again;
 * each call then opens its own connection, and a streamed answer is not redirected with the token).
 * Cancelling the execution aborts a call on the wire either way; the item pool's stop lets it finish.
 */
export async function senderFor<Type extends ResponseType>(
	context: SeqeraFunctions,
	credential: ICredentialsDecrypted,
	connection: Connection,
	request: ApiRequest,
	responseType: Type,
): Promise<(options: IHttpRequestOptions, sent: () => void) => Promise<Answer<Type>>> {
	const signal = executionCancelSignalOf(context);
	const target = await poolTargetFor(context, connection, request.itemIndex);
	if (target) {
		const safeToRepeat = isIdempotent(request.method);
		return async (options, sent) =>
			await sendPooled(
				target,
				await credentialType.authenticate(credential.data ?? {}, options),
				safeToRepeat,
				{ signal, sent },
				responseType,
			);
	}
	const streamed = responseType === 'stream' ? ({ encoding: 'stream', disableFollowRedirect: true } as const) : {};
	return async (options) => {
		const response = (await context.helpers.httpRequestWithAuthentication.call(
			context,
			CREDENTIAL_TYPE,
			{ ...options, ...streamed, abortSignal: signal },
			{ credentialsDecrypted: credential },
		)) as { statusCode: number; headers: Record<string, unknown>; body: unknown };
		const body = (responseType === 'stream' ? response.body : toBuffer(response.body)) as Answer<Type>['body'];
		return { statusCode: response.statusCode, headers: response.headers, body };
	};
}
