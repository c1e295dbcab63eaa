import type { IDataObject, INode } from 'n8n-workflow';

import { callPriorityOf, callSignalOf } from './callScope';
import { nodeCredentialOf, type SeqeraFunctions } from './connection';
import { errorFromResponse, errorFromUnreadableBody, type CallRecord, type RoleRefusal } from '../errors/callErrors';
import { exchange, headerText, isSuccessStatus, type ApiRequest, type RawResponse } from './exchange';
import { redactValues } from '../errors/redaction';
import { isIdempotent, retryAfterMs } from './retry';
import { senderFor } from './sender';
import { tokenLimiter } from './budget/limiter';

/** Why the platform refused a call (403), read with the refused call's token; undefined when it cannot tell. */
type RefusalExplainer = (call: CallRecord, readJson: (path: string[]) => Promise<IDataObject>) => Promise<RoleRefusal | undefined>;

/**
 * Why a call was refused is known above the transport (roles/: the token's role in the workspace),
 * which the transport does not import: the node that makes changes hands its explainer over once
 * (Seqera.node.ts). Every call still goes through this one door, with no wrapper a caller could go
 * around, and a 403 is explained before any caller sees it: some catch a refusal and reword it
 * (runs/labels.ts).
 */
let explainRefusal: RefusalExplainer = async () => undefined;

export function explainRefusalsWith(explainer: RefusalExplainer): void {
	explainRefusal = explainer;
}

function retryAfterSeconds(response: RawResponse): number | undefined {
	const wait = retryAfterMs(headerText(response.headers, 'retry-after'));
	return wait === undefined ? undefined : Math.ceil(wait / 1000);
}

function parseJsonBody<T>(node: INode, call: CallRecord, response: RawResponse): T {
	const text = response.body.toString('utf8');
	if (text.trim() === '') return {} as T;
	try {
		return JSON.parse(text) as T;
	} catch {
		throw errorFromUnreadableBody(node, call, text);
	}
}

async function send(context: SeqeraFunctions, request: ApiRequest): Promise<{ response: RawResponse; call: CallRecord }> {
	try {
		return await sendUnredacted(context, request);
	} catch (error) {
		throw redactValues(error, request.redact);
	}
}

async function sendUnredacted(context: SeqeraFunctions, request: ApiRequest): Promise<{ response: RawResponse; call: CallRecord }> {
	const { connection, credential } = await nodeCredentialOf(context);
	const node = context.getNode();
	const transmit = await senderFor(context, credential, connection, request, 'arraybuffer');
	const exchanged = await exchange(node, connection, transmit, request, callSignalOf(context), { priority: callPriorityOf(context) });
	const { response, call, attempts } = exchanged;
	if (!isSuccessStatus(response.statusCode)) {
		const roleRefusal =
			response.statusCode === 403
				? await explainRefusal(
						call,
						async (path) => await apiRequest<IDataObject>(context, { method: 'GET', path, itemIndex: request.itemIndex }),
					)
				: undefined;
		// Asked after the explanation, whose reads may have just shown that the token works.
		const tokenHasWorked = tokenLimiter.hasWorked(call.tokenKey);
		throw errorFromResponse(node, { ...call, tokenHasWorked }, response.statusCode, response.body.toString('utf8'), {
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
export async function apiRequestWithStatus<T = IDataObject>(
	context: SeqeraFunctions,
	request: ApiRequest,
): Promise<{ statusCode: number; body: T }> {
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
