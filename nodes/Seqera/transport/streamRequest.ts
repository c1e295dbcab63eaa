import type { IExecuteFunctions } from 'n8n-workflow';
// Node's streams carry a file of any size without holding it in memory
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports
import type { Readable } from 'node:stream';
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- reads a failed answer's short text from its stream
import { buffer } from 'node:stream/consumers';

import { callPriorityOf, callSignalOf } from './callScope';
import { nodeCredentialOf } from './connection';
import { errorFromResponse } from '../errors/callErrors';
import { exchange, headerText, isSuccessStatus, type ApiRequest, type RawResponse, type Transmit } from './exchange';
import { senderFor } from './sender';
import { getStream } from './storage';
import { tokenLimiter } from './budget/limiter';

/** A file the platform answered with, still on the wire: the caller reads `body` to the end or destroys it. */
export interface StreamedFile {
	body: Readable;
	mimeType?: string;
	/** Bytes announced by the answer, when it announced them. */
	contentLength?: number;
}

function fileOf(body: Readable, headers: Record<string, unknown>): StreamedFile {
	const length = Number(headerText(headers, 'content-length'));
	return {
		body,
		mimeType: headerText(headers, 'content-type')?.split(';')[0].trim() || undefined,
		contentLength: Number.isSafeInteger(length) && length >= 0 ? length : undefined,
	};
}

/**
 * A platform call whose answer is a file of any size, handed on as a stream so it never sits in memory.
 * It goes through the same budget, retries and errors as every other call: only a successful answer
 * is streamed; any other is read (it is small) for the exchange to judge. It goes out on the token's
 * kept connections, or through n8n's helper behind a proxy. A redirect (the platform sending the file
 * from its storage, by a presigned URL) is followed here rather than by n8n's helper, which would pass
 * the bearer token on to the other host: the storage request carries none of it.
 */
export async function apiRequestStream(
	context: IExecuteFunctions,
	request: ApiRequest & { itemIndex: number; purpose: string },
): Promise<StreamedFile> {
	const { connection, credential } = await nodeCredentialOf(context);
	const node = context.getNode();
	const send = await senderFor(context, credential, connection, request, 'stream');
	let streamed: { body: Readable; headers: Record<string, unknown> } | undefined;
	const transmit: Transmit = async (options, sent): Promise<RawResponse> => {
		const response = await send(options, sent);
		if (!isSuccessStatus(response.statusCode)) return { ...response, body: await buffer(response.body) };
		streamed = { body: response.body, headers: response.headers };
		return { ...response, body: Buffer.alloc(0) };
	};
	const { response, call, attempts } = await exchange(node, connection, transmit, request, callSignalOf(context), {
		priority: callPriorityOf(context),
	});
	if (streamed && isSuccessStatus(response.statusCode)) return fileOf(streamed.body, streamed.headers);

	const location = response.statusCode >= 300 && response.statusCode < 400 ? headerText(response.headers, 'location') : undefined;
	if (location) {
		const { purpose, itemIndex } = request;
		const { allowUnauthorizedCerts, timeoutMs } = connection;
		const storage = await getStream(context, {
			url: new URL(location, connection.baseUrl).href,
			purpose,
			itemIndex,
			allowUnauthorizedCerts,
			timeoutMs,
		});
		return fileOf(storage.body, storage.headers);
	}
	const tokenHasWorked = tokenLimiter.hasWorked(call.tokenKey);
	throw errorFromResponse(node, { ...call, tokenHasWorked }, response.statusCode, response.body.toString('utf8'), {
		attempts,
		mayHaveActed: false,
	});
}
