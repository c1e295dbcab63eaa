/**
 * Workspace credentials: create, describe, update, delete and validate. The store, and the list
 * (`GET /credentials`) that compute environments read, are in computeEnvRoutes.ts.
 *
 * A credential's secret parts (the contract's writeOnly keys) are write-only: describing one sends its
 * other keys without them, and an update that leaves a secret part out keeps the one stored, as tower-cli's
 * `credentials update` relies on (it re-sends only the options given). Everything else an update is
 * given replaces what was stored, and what it leaves out is gone. A 400 quotes the request body (keys
 * included, a long one cut short) as some validators do, so tests can prove the node never repeats it.
 *
 * AWS credentials come in two modes (the contract's AwsCredentialsMode): keys (an access key pair, perhaps
 * with a role to assume) or role (a role the platform assumes, with no keys). `useExternalId=true` on a
 * create or update has the platform generate the External ID the role's trust policy must require; it
 * keeps one it generated before when the update sends it back. Describing credentials that have one adds
 * the trust policy to paste at AWS (`setupSnippet`), as tower-cli's `credentials add aws` shows it.
 */
import { ApiError, badRequest, forbidden, json, noContent, withErrorId, type ApiRequest } from './apiTypes';
import { credentialDto, credentialsOf, type SimCredential } from './computeEnvRoutes';
import type { SimulatorData } from './data';
import { booleanParam, workspaceOf } from './params';
import { SeededRandom, hashString } from './random';
import { route, type Route } from './router';

/** Each provider's secret parts: the keys the contract marks writeOnly. */
const SECRET_KEYS: Readonly<Record<string, readonly string[]>> = {
	aws: ['secretKey'],
	google: ['data'],
	azure: ['batchKey', 'storageKey'],
	azure_entra: ['batchKey', 'storageKey', 'clientSecret'],
	'azure-cloud': ['batchKey', 'storageKey', 'clientSecret'],
	k8s: ['privateKey', 'token'],
	ssh: ['privateKey', 'passphrase'],
	github: ['password'],
	github_app: ['clientSecret', 'privateKey', 'webhookSecret'],
	gitlab: ['password', 'token'],
	bitbucket: ['password', 'token'],
	gitea: ['password'],
	azurerepos: ['password'],
	codecommit: ['password'],
	'container-reg': ['password'],
	'tw-agent': [],
	seqeracompute: ['secretKey'],
	s3: ['secretKey'],
};

/** The keys a new credential of each provider must have; one of the sets, where the provider takes several forms. */
const REQUIRED_KEYS: Readonly<Record<string, ReadonlyArray<readonly string[]>>> = {
	aws: [['accessKey', 'secretKey'], ['assumeRoleArn']],
	google: [['data'], ['serviceAccountEmail', 'workloadIdentityProvider']],
	azure: [['batchName', 'batchKey', 'storageName', 'storageKey']],
	azure_entra: [['batchName', 'storageName', 'tenantId', 'clientId', 'clientSecret']],
	k8s: [['token'], ['certificate', 'privateKey']],
	ssh: [['privateKey']],
	github: [['password']],
	gitlab: [['password'], ['token']],
	bitbucket: [['password'], ['token']],
	gitea: [['password']],
	codecommit: [['username', 'password']],
	'container-reg': [['userName', 'password', 'registry']],
	'tw-agent': [['connectionId']],
};

/** The account the platform assumes roles from: the principal its trust policy names (AWS's documentation account). */
const PLATFORM_AWS_PRINCIPAL = 'arn:aws:iam::111122223333:root';

/** The platform's rule for credential names, as for compute environments. */
const NAME_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** How much of a refused request's body its message quotes: as validators that quote a request do, a long one is cut short. */
const QUOTED_BODY_MAX = 160;

/** A refused request: the message quotes the body it was sent, cut at QUOTED_BODY_MAX characters. */
function rejected(reason: string, body: unknown): ApiError {
	const quoted = JSON.stringify(body);
	return badRequest(`${reason}: request ${quoted.length > QUOTED_BODY_MAX ? `${quoted.slice(0, QUOTED_BODY_MAX)}...` : quoted}`);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isGiven = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** The `credentials` of a create or update request, checked as the platform checks it. */
function credentialsOfBody(request: ApiRequest): { body: unknown; credentials: Record<string, unknown>; keys: Record<string, unknown> } {
	const body = request.body;
	const credentials = isRecord(body) && isRecord(body.credentials) ? body.credentials : undefined;
	if (!credentials) throw badRequest('Missing credentials request');
	const name = typeof credentials.name === 'string' ? credentials.name : '';
	if (!NAME_PATTERN.test(name)) throw rejected(`Invalid credentials name '${name}'`, body);
	const provider = String(credentials.provider);
	if (!(provider in SECRET_KEYS)) throw rejected(`Unknown credentials provider '${provider}'`, body);
	const keys = credentials.keys;
	if (!isRecord(keys)) throw rejected('Missing credentials keys', body);
	if (keys.discriminator !== provider) {
		throw rejected(`Credentials keys type '${String(keys.discriminator)}' does not match provider '${provider}'`, body);
	}
	return { body, credentials, keys };
}

function requireUniqueName(request: ApiRequest, data: SimulatorData, name: string, body: unknown, except?: SimCredential): void {
	const workspace = workspaceOf(request, data);
	const taken = credentialsOf(data).some((each) => each.workspaceId === workspace && each.name === name && each !== except);
	if (taken) throw rejected(`Credentials with name '${name}' already exists`, body);
}

function findCredential(request: ApiRequest, data: SimulatorData): SimCredential {
	const workspace = workspaceOf(request, data);
	const credential = credentialsOf(data).find((each) => each.workspaceId === workspace && each.id === request.pathParams.credentialsId);
	if (!credential) throw forbidden();
	return credential;
}

/** The keys as the platform describes them: every part but the secret ones. */
function visibleKeys(credential: SimCredential): Record<string, unknown> {
	const secret = SECRET_KEYS[credential.provider] ?? [];
	const keys = Object.entries(credential.keys ?? {}).filter(([key]) => !secret.includes(key));
	return { discriminator: credential.provider, ...Object.fromEntries(keys) };
}

/** Each simulator's stream of new credential IDs, of its own so creating one never changes other seeded data. */
const idStreams = new WeakMap<SimulatorData, SeededRandom>();

function newCredentialId(data: SimulatorData): string {
	let random = idStreams.get(data);
	if (!random) {
		random = new SeededRandom(hashString('credentials'));
		idStreams.set(data, random);
	}
	return random.base62(22);
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * AWS keys as the platform keeps them: in role mode without a key pair (refused if sent), and with the External ID
 * `useExternalId` asks for, which needs a role to go with.
 */
function awsKeysKept(request: ApiRequest, data: SimulatorData, keys: Record<string, unknown>, body: unknown): Record<string, unknown> {
	const useExternalId = booleanParam(request, 'useExternalId');
	if (keys.discriminator !== 'aws') {
		if (useExternalId) throw rejected('An External ID is for AWS credentials only', body);
		return keys;
	}
	if (keys.mode !== undefined && keys.mode !== 'keys' && keys.mode !== 'role') throw rejected('Invalid AWS credentials mode', body);
	if (keys.mode === 'role') {
		if (isGiven(keys.accessKey) || isGiven(keys.secretKey)) throw rejected('AWS credentials in role mode take no access key', body);
		if (!isGiven(keys.assumeRoleArn)) throw rejected('AWS credentials in role mode need an IAM role ARN', body);
	}
	if (!useExternalId) return keys;
	if (!isGiven(keys.assumeRoleArn)) throw rejected('Generating an External ID requires an IAM role ARN', body);
	return isGiven(keys.externalId) ? keys : { ...keys, externalId: newExternalId(data) };
}

/** Each simulator's stream of External IDs: UUIDs, as the platform generates them. */
const externalIdStreams = new WeakMap<SimulatorData, SeededRandom>();

function newExternalId(data: SimulatorData): string {
	let random = externalIdStreams.get(data);
	if (!random) {
		random = new SeededRandom(hashString('external IDs'));
		externalIdStreams.set(data, random);
	}
	return random.uuid();
}

/** The trust policy to give the role, for AWS credentials with an External ID. */
function setupSnippetOf(credential: SimCredential): string | undefined {
	const externalId = text(credential.keys?.externalId);
	if (credential.provider !== 'aws' || externalId === undefined) return undefined;
	const statement = {
		Effect: 'Allow',
		Principal: { AWS: PLATFORM_AWS_PRINCIPAL },
		Action: 'sts:AssumeRole',
		Condition: { StringEquals: { 'sts:ExternalId': externalId } },
	};
	return JSON.stringify({ Version: '2012-10-17', Statement: [statement] }, null, 2);
}

export const credentialRoutes: Route[] = [
	route('POST', '/credentials', (request, { data }) => {
		const { body, credentials, keys } = credentialsOfBody(request);
		const provider = String(credentials.provider);
		const forms = REQUIRED_KEYS[provider] ?? [[]];
		if (!forms.some((form) => form.every((key) => isGiven(keys[key])))) {
			throw rejected(`Missing keys for ${provider} credentials: ${forms.map((form) => form.join(' + ')).join(' or ')}`, body);
		}
		const name = String(credentials.name);
		requireUniqueName(request, data, name, body);
		const kept = awsKeysKept(request, data, keys, body);
		const credential: SimCredential = {
			id: newCredentialId(data),
			workspaceId: workspaceOf(request, data),
			name,
			provider,
			description: text(credentials.description),
			baseUrl: text(credentials.baseUrl),
			status: 'AVAILABLE',
			keys: { ...kept },
			dateCreated: new Date(),
		};
		credentialsOf(data).push(credential);
		return json({ credentialsId: credential.id });
	}),
	route('GET', '/credentials/{credentialsId}', (request, { data }) => {
		const credential = findCredential(request, data);
		const setupSnippet = setupSnippetOf(credential);
		return json({
			credentials: { ...credentialDto(credential), keys: visibleKeys(credential) },
			...(setupSnippet === undefined ? {} : { setupSnippet }),
		});
	}),
	// The platform replaces the credential with what it is sent, but for secret parts left out, which it keeps.
	route('PUT', '/credentials/{credentialsId}', (request, { data }) => {
		const credential = findCredential(request, data);
		const { body, credentials, keys } = credentialsOfBody(request);
		if (credentials.provider !== credential.provider) {
			throw rejected(`Credentials provider cannot change from '${credential.provider}' to '${String(credentials.provider)}'`, body);
		}
		const name = String(credentials.name);
		requireUniqueName(request, data, name, body, credential);
		const sent = awsKeysKept(request, data, keys, body);
		// Role mode holds no key pair, so a secret key is not kept into it.
		const kept = (sent.mode === 'role' ? [] : (SECRET_KEYS[credential.provider] ?? []))
			.filter((key) => !isGiven(keys[key]) && credential.keys?.[key] !== undefined)
			.map((key) => [key, credential.keys?.[key]]);
		credential.name = name;
		credential.description = text(credentials.description);
		credential.baseUrl = text(credentials.baseUrl);
		credential.keys = {
			...Object.fromEntries(Object.entries(sent).filter(([, value]) => isGiven(value))),
			...Object.fromEntries(kept),
		};
		credential.lastUpdated = new Date();
		return noContent();
	}),
	route('DELETE', '/credentials/{credentialsId}', (request, { data }) => {
		const credential = findCredential(request, data);
		const credentials = credentialsOf(data);
		credentials.splice(credentials.indexOf(credential), 1);
		return noContent();
	}),
	// The probe's outcome is the status the credential holds (tests set INVALID, with a message, to stand for a refusal).
	route('POST', '/credentials/{credentialsId}/validate', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const credential = credentialsOf(data).find(
			(each) => each.workspaceId === workspace && each.id === request.pathParams.credentialsId,
		);
		if (!credential) throw new ApiError(404, { message: withErrorId('Credentials not found') });
		if (booleanParam(request, 'force')) {
			if (credential.status !== 'INVALID') {
				throw new ApiError(409, { message: withErrorId(`Cannot force credentials '${credential.name}': they are not INVALID`) });
			}
			credential.status = 'AVAILABLE';
			credential.message = undefined;
		}
		credential.lastValidated = new Date();
		return json({ status: credential.status, message: credential.message ?? null, transientError: false });
	}),
];
