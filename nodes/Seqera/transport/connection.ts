import { createHmac } from 'node:crypto';

import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { resolveBaseUrl } from '../server/baseUrl';
import type { TokenBudget } from './budget/limiter';

export const CREDENTIAL_TYPE = 'seqeraApi';

/**
 * The platform's published per-token limits: the credential offers them as its defaults, and a credential
 * saved without them gets them. Enterprise installs may configure others.
 */
export const DEFAULT_TOKEN_LIMITS = { maxCallsPerSecond: 20, maxCallsPerHour: 72_000 } as const;

/** The n8n contexts that call the platform with the node's credential; a webhook's confirms a held wait's end. */
export type SeqeraFunctions = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions | IWebhookFunctions;

const DEFAULT_TIMEOUT_SECONDS = 60;

/** Everything the transport needs from a credential. */
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
			maxCallsPerSecond: Number(credentials.maxCallsPerSecond) || DEFAULT_TOKEN_LIMITS.maxCallsPerSecond,
			maxCallsPerHour: Number(credentials.maxCallsPerHour) || DEFAULT_TOKEN_LIMITS.maxCallsPerHour,
		},
	};
}

/** One read of the node's credential: the decrypted credential that authenticates calls, and its Connection. */
export interface NodeCredential {
	credential: ICredentialsDecrypted;
	connection: Connection;
}

/** Kept per execute or load-options context (one run, one request): one decryption, shared by calls made at once. */
const readsByContext = new WeakMap<SeqeraFunctions, Promise<NodeCredential>>();

async function readNodeCredential(context: SeqeraFunctions): Promise<NodeCredential> {
	const data = await context.getCredentials(CREDENTIAL_TYPE);
	const details = context.getNode().credentials?.[CREDENTIAL_TYPE];
	return {
		credential: { id: details?.id ?? '', name: details?.name ?? '', type: CREDENTIAL_TYPE, data },
		connection: connectionFrom(data),
	};
}

export async function nodeCredentialOf(context: SeqeraFunctions): Promise<NodeCredential> {
	// A poll context lives as long as its workflow stays active: each poll must see the credential as last saved.
	if ('__emit' in context) return await readNodeCredential(context);
	let read = readsByContext.get(context);
	if (read === undefined) {
		read = readNodeCredential(context);
		readsByContext.set(context, read);
	}
	return await read;
}

export async function connectionOf(context: SeqeraFunctions): Promise<Connection> {
	return (await nodeCredentialOf(context)).connection;
}

/** An HMAC-SHA256 of `message` keyed with the credential's token: a secret made from the token, which stays in here. */
export async function tokenDigest(context: SeqeraFunctions, message: string): Promise<string> {
	return createHmac('sha256', (await connectionOf(context)).budget.token)
		.update(message)
		.digest('hex');
}
