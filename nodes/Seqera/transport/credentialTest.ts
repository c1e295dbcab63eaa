import type { ICredentialDataDecryptedObject, ICredentialTestFunctions, INode } from 'n8n-workflow';

import { callPriorityOf } from './callScope';
import { connectionFrom } from './connection';
import * as credentialType from './credentialType';
import { exchange, toBuffer, type Transmit } from './exchange';

function transmitForCredentialTest(context: ICredentialTestFunctions, credentials: ICredentialDataDecryptedObject): Transmit {
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
	// A person waits for the test (callPriorityOf), so it goes ahead of queued bulk calls of the token.
	const { response } = await exchange(
		node,
		connectionFrom(credentials),
		transmitForCredentialTest(context, credentials),
		{ method: 'GET', path },
		undefined,
		{ priority: callPriorityOf(context) },
	);
	return { statusCode: response.statusCode, bodyText: response.body.toString('utf8') };
}
