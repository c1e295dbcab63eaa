import type { ICredentialDataDecryptedObject, IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

import { resolveBaseUrl } from '../helpers/baseUrl';
import type { TokenBudget } from './limiter';

export const CREDENTIAL_TYPE = 'seqeraApi';

/** The n8n contexts that call the platform with the node's credential. */
export type SeqeraFunctions = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

const DEFAULT_TIMEOUT_SECONDS = 60;
const DEFAULT_MAX_CALLS_PER_SECOND = 20;
const DEFAULT_MAX_CALLS_PER_HOUR = 72_000;

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
			maxCallsPerSecond: Number(credentials.maxCallsPerSecond) || DEFAULT_MAX_CALLS_PER_SECOND,
			maxCallsPerHour: Number(credentials.maxCallsPerHour) || DEFAULT_MAX_CALLS_PER_HOUR,
		},
	};
}

export async function connectionOf(context: SeqeraFunctions): Promise<Connection> {
	return connectionFrom(await context.getCredentials(CREDENTIAL_TYPE));
}
