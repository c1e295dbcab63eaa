import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	INode,
} from 'n8n-workflow';

import { SeqeraApi } from '../../../credentials/SeqeraApi.credentials';
import { callSignalOf, executionCancelSignalOf } from './callScope';
import { CREDENTIAL_TYPE, connectionFrom, nodeCredentialOf, type SeqeraFunctions } from './connection';
import { errorFromResponse, errorFromUnreadableBody, type FailedCall } from './errors';
import { exchange, headerText, toBuffer, type ApiRequest, type RawResponse, type Transmit } from './exchange';
import { redactValues } from './redaction';
import { isIdempotent, retryAfterMs } from './retry';

/**
 * Sends through n8n with the credential already read for this context, so n8n does not decrypt it
 * again for every call. Cancelling the execution aborts a call on the wire (n8n's helper sets the
 * same signal on execute contexts; this does not rely on it); the item pool's stop lets it finish.
 */
function transmitWithNodeCredential(context: SeqeraFunctions, credential: ICredentialsDecrypted): Transmit {
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
	try {
		return await sendUnredacted(context, request);
	} catch (error) {
		throw redactValues(error, request.redact);
	}
}

async function sendUnredacted(context: SeqeraFunctions, request: ApiRequest): Promise<{ response: RawResponse; call: FailedCall }> {
	const { connection, credential } = await nodeCredentialOf(context);
	const node = context.getNode();
	const transmit = transmitWithNodeCredential(context, credential);
	const exchanged = await exchange(node, connection, transmit, request, callSignalOf(context));
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
