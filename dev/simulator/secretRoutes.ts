/**
 * Pipeline secrets: the list of a workspace, one secret, create, update and delete. A secret's value is
 * write-only: no answer carries it, except a 400, which quotes the request body (value included, a long
 * one cut short) as some validators do, so tests can prove that the node never repeats it, or a part of it.
 */
import { badRequest, forbidden, isoSeconds, json, noContent, type ApiError, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import type { WorkspaceRef } from './model';
import { numericPathParam, workspaceOf } from './params';
import { route, type Route } from './router';
import { WORKSPACE_IDS } from './seed';

export interface SimPipelineSecret {
	id: number;
	workspaceId: WorkspaceRef;
	name: string;
	/** Kept so tests can check what arrived; never sent back. */
	value: string;
	dateCreated: Date;
	lastUpdated: Date;
}

/**
 * The contract's PipelineSecret.name, `maxLength: 100` and `^[a-zA-Z_](?:[0-9A-Za-z]+|(_)(?!\1)){1,49}$`: a letter
 * or _, then letters, digits and single underscores in at most 49 runs. Read in one pass, as the platform must:
 * the pattern as a regex backtracks for seconds on a 30-character name that fails at its end.
 */
function isSecretName(name: string): boolean {
	if (name.length > 100 || !/^[A-Za-z_][0-9A-Za-z_]+$/.test(name)) return false;
	const rest = name.slice(1);
	return !rest.includes('__') && (rest.match(/[0-9A-Za-z]+|_/g) ?? []).length <= 49;
}

export const SECRET_IDS = { genomicsNcbiKey: 184003906254591, genomicsSlackWebhook: 52918845031772, rndNcbiKey: 97420186536230 } as const;

const SECRETS_CREATED = new Date('2024-02-12T09:30:00Z');

function seedSecrets(): SimPipelineSecret[] {
	const secret = (id: number, workspaceId: WorkspaceRef, name: string): SimPipelineSecret => ({
		id,
		workspaceId,
		name,
		value: `seed-value-of-${name}`,
		dateCreated: SECRETS_CREATED,
		lastUpdated: SECRETS_CREATED,
	});
	return [
		secret(SECRET_IDS.genomicsNcbiKey, WORKSPACE_IDS.genomics, 'NCBI_API_KEY'),
		secret(SECRET_IDS.genomicsSlackWebhook, WORKSPACE_IDS.genomics, 'SLACK_WEBHOOK_URL'),
		secret(SECRET_IDS.rndNcbiKey, WORKSPACE_IDS.rnd, 'NCBI_API_KEY'),
	];
}

/** Each simulator's secrets, seeded on first use. */
const secretStores = new WeakMap<SimulatorData, SimPipelineSecret[]>();

/** The secrets a simulator holds, values included: what tests check arrived. */
export function pipelineSecretsOf(data: SimulatorData): SimPipelineSecret[] {
	let secrets = secretStores.get(data);
	if (!secrets) {
		secrets = seedSecrets();
		secretStores.set(data, secrets);
	}
	return secrets;
}

function secretsIn(request: ApiRequest, data: SimulatorData): SimPipelineSecret[] {
	const workspace = workspaceOf(request, data);
	return pipelineSecretsOf(data).filter((secret) => secret.workspaceId === workspace);
}

function findSecret(request: ApiRequest, data: SimulatorData): SimPipelineSecret {
	const id = numericPathParam(request, 'secretId');
	const secret = secretsIn(request, data).find((each) => each.id === id);
	if (!secret) throw forbidden();
	return secret;
}

/** PipelineSecret: never the value. */
function secretDto(secret: SimPipelineSecret): Record<string, unknown> {
	return {
		id: secret.id,
		name: secret.name,
		dateCreated: isoSeconds(secret.dateCreated),
		lastUpdated: isoSeconds(secret.lastUpdated),
	};
}

/** How much of a refused request's body its message quotes: as validators that quote a request do, a long one is cut short. */
const QUOTED_BODY_MAX = 160;

/** A refused request: the message quotes the body it was sent, cut at QUOTED_BODY_MAX characters. */
function rejected(reason: string, body: unknown): ApiError {
	const quoted = JSON.stringify(body);
	return badRequest(`${reason}: request ${quoted.length > QUOTED_BODY_MAX ? `${quoted.slice(0, QUOTED_BODY_MAX)}...` : quoted}`);
}

function requireValue(body: Record<string, unknown>): string {
	if (typeof body.value !== 'string' || body.value === '') throw rejected('Missing secret value', body);
	return body.value;
}

function bodyOf(request: ApiRequest): Record<string, unknown> {
	const body = request.body;
	if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('Missing secret request');
	return body as Record<string, unknown>;
}

let nextSecretId = 300000000000000;

export const secretRoutes: Route[] = [
	route('GET', '/pipeline-secrets', (request, { data }) => {
		const secrets = secretsIn(request, data).sort((a, b) => a.name.localeCompare(b.name));
		return json({ pipelineSecrets: secrets.map(secretDto), totalSize: secrets.length });
	}),
	route('POST', '/pipeline-secrets', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const body = bodyOf(request);
		const name = typeof body.name === 'string' ? body.name : '';
		if (!isSecretName(name)) {
			throw rejected(`Invalid secret name '${name}'`, body);
		}
		const value = requireValue(body);
		if (secretsIn(request, data).some((secret) => secret.name === name)) {
			throw rejected(`A secret named '${name}' already exists in this workspace`, body);
		}
		const now = new Date();
		const secret: SimPipelineSecret = { id: nextSecretId++, workspaceId: workspace, name, value, dateCreated: now, lastUpdated: now };
		pipelineSecretsOf(data).push(secret);
		return json({ secretId: secret.id });
	}),
	route('GET', '/pipeline-secrets/{secretId}', (request, { data }) => json({ pipelineSecret: secretDto(findSecret(request, data)) })),
	route('PUT', '/pipeline-secrets/{secretId}', (request, { data }) => {
		const secret = findSecret(request, data);
		secret.value = requireValue(bodyOf(request));
		secret.lastUpdated = new Date();
		return noContent();
	}),
	route('DELETE', '/pipeline-secrets/{secretId}', (request, { data }) => {
		const secret = findSecret(request, data);
		const secrets = pipelineSecretsOf(data);
		secrets.splice(secrets.indexOf(secret), 1);
		return noContent();
	}),
];
