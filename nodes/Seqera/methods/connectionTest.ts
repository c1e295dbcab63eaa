import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { ICredentialTestFunctions, ICredentialsDecrypted, INode, INodeCredentialTestResult } from 'n8n-workflow';

import { looksLikeHtml } from '../errors/callErrors';
import { basicTokenProblem } from '../weblog/launchEvents';
import { InvalidBaseUrlError, looksLikeMissingApiSuffix, resolveBaseUrl } from '../server/baseUrl';
import { checkConnection } from '../transport';

// Errors need a node to belong to; a credential test runs outside any workflow.
const CREDENTIAL_TEST_NODE: INode = {
	id: 'seqera-credential-test',
	name: 'Seqera Platform',
	type: 'n8n-nodes-seqera.seqera',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

function failed(message: string): INodeCredentialTestResult {
	return { status: 'Error', message };
}

function wrongAddress(baseUrl: string, answer: string): INodeCredentialTestResult {
	const hint = looksLikeMissingApiSuffix(baseUrl)
		? ' Enterprise installs serve the API at https://HOST/api: add /api to the base URL.'
		: ' Check the base URL.';
	return failed(`Wrong base URL or path: ${baseUrl} ${answer}, so it is not the Seqera API.${hint}`);
}

/**
 * Calls GET /user-info with the token. When that fails, GET /service-info (which needs no token) tells a
 * bad token apart from a wrong address: the platform answers 403 to both.
 */
export async function seqeraApiConnectionTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	let baseUrl: string;
	try {
		baseUrl = resolveBaseUrl(data);
	} catch (error) {
		if (error instanceof InvalidBaseUrlError) return failed(error.message);
		throw new NodeOperationError(CREDENTIAL_TEST_NODE, error as Error);
	}
	if (String(data.accessToken ?? '').trim() === '') return failed('Access Token is empty: paste the token created under "Your tokens"');

	try {
		const user = await checkConnection(this, data, CREDENTIAL_TEST_NODE, ['user-info']);
		if (user.statusCode === 200 && !looksLikeHtml(user.bodyText)) {
			try {
				const parsed = JSON.parse(user.bodyText) as { user?: { userName?: string } };
				if (parsed.user) return { status: 'OK', message: `Connected as ${parsed.user.userName ?? 'unknown user'}` };
			} catch {
				// Not JSON: judged below as a wrong address.
			}
		}
		if (user.statusCode === 200) return wrongAddress(baseUrl, 'answered with a web page instead of JSON');

		const service = await checkConnection(this, data, CREDENTIAL_TEST_NODE, ['service-info']);
		const apiAnswered = service.statusCode === 200 && /"serviceInfo"/.test(service.bodyText);
		if (!apiAnswered) {
			return wrongAddress(baseUrl, `answered ${service.statusCode} to /service-info`);
		}
		if (user.statusCode === 401 || user.statusCode === 403) {
			return failed(
				'Bad or expired token: the platform refused the access token. Create a new one in the Seqera web app (user menu → ' +
					'Your tokens) and paste it here.',
			);
		}
		return failed(`The platform answered ${user.statusCode} to /user-info; try again later`);
	} catch (error) {
		if (!(error instanceof NodeApiError)) throw new NodeOperationError(CREDENTIAL_TEST_NODE, error as Error);
		const prefix =
			error.httpCode === 'TLS' ? 'TLS problem' : error.httpCode === 'UNREACHABLE' ? 'Host unreachable' : 'Connection failed';
		return failed(`${prefix}: ${error.message}. ${error.description ?? ''}`.trim());
	}
}

/**
 * The Seqera Nextflow Events API credential calls nothing: its pair goes into a run's Nextflow config and
 * comes back with the run's events. The test checks that Nextflow can send it.
 */
export async function seqeraNextflowEventsCheck(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const data = credential.data ?? {};
	const problem = basicTokenProblem(data.user, data.password);
	return problem === undefined
		? { status: 'OK', message: 'Nextflow can send this user and password with its events' }
		: failed(`The credential ${problem}`);
}
