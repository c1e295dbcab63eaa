/**
 * A credential's fields read and checked before any call. A secret part's value is never quoted in an
 * error: the message names the field and says what is wrong with it. Only mistakes are refused: a value
 * of the wrong kind pasted into a field (a URL or a JSON body in a key field, a key that is not one), and
 * line breaks or spaces where a key has none; a password may hold any other character.
 */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireText } from '../../helpers/validate';
import { describeValue } from '../../text/describeValue';
import type { CredentialProvider, KeyField, KeyKind } from './credentialProviders';

/** The platform's rule for credential names, as for compute environments, within the contract's 100 characters. */
const NAME_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** The contract's limit on Credentials.baseUrl. */
const BASE_URL_MAX_LENGTH = 200;

const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;
const PEM_PRIVATE_KEY = /-----BEGIN ([A-Z0-9]+ )*PRIVATE KEY-----[\s\S]+-----END ([A-Z0-9]+ )*PRIVATE KEY-----/;
const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/;

/** What each kind of value must look like, and how the error explains it. */
const PATTERNS: Partial<Record<KeyKind, { pattern: RegExp; expected: string }>> = {
	awsAccessKey: { pattern: /^(AKIA|ASIA)[A-Z0-9]{16}$/, expected: 'an AWS access key ID is AKIA or ASIA and 16 capitals and digits' },
	awsSecretKey: { pattern: /^[A-Za-z0-9/+]{40}$/, expected: 'an AWS secret access key is 40 letters, digits, / and +' },
	roleArn: {
		pattern: /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]+$/,
		expected: 'a role ARN looks like arn:aws:iam::123456789012:role/SeqeraRole',
	},
	accountName: { pattern: /^[a-z0-9]{3,24}$/, expected: 'an Azure account name is 3 to 24 lowercase letters and digits' },
	accountKey: { pattern: /^[A-Za-z0-9+/]+={0,2}$/, expected: 'an Azure account key is base64 text, as the portal shows it' },
	uuid: {
		pattern: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
		expected: 'an Entra ID is a GUID such as 72f988bf-86f1-41af-91ab-2d7cd011db47',
	},
	serviceAccountEmail: {
		pattern: /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.iam\.gserviceaccount\.com$/,
		expected: 'a service account email looks like nextflow@my-project.iam.gserviceaccount.com',
	},
	workloadIdentityProvider: {
		pattern: /^projects\/[^/\s]+\/locations\/global\/workloadIdentityPools\/[^/\s]+\/providers\/[^/\s]+$/,
		expected: 'a Workload Identity provider is projects/NUMBER/locations/global/workloadIdentityPools/POOL/providers/PROVIDER',
	},
	registry: {
		pattern: /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?(:\d{1,5})?$/,
		expected: 'a registry is a host name, such as docker.io or ghcr.io, without https://',
	},
};

/** Kinds that never hold whitespace anywhere. */
const NO_WHITESPACE: ReadonlySet<KeyKind> = new Set([
	'awsAccessKey',
	'awsSecretKey',
	'roleArn',
	'accountName',
	'accountKey',
	'uuid',
	'token',
	'registry',
	'serviceAccountEmail',
	'workloadIdentityProvider',
]);

function fail(context: IExecuteFunctions, itemIndex: number, message: string, description: string): never {
	throw new NodeOperationError(context.getNode(), message, { itemIndex, description: `${description} (item ${itemIndex}).` });
}

/** A field as the error names it: a secret one without its value, another one with it. */
function named(field: KeyField, value: string): string {
	return field.secret ? field.displayName : `${field.displayName} "${describeValue(value)}"`;
}

function isJson(text: string): boolean {
	if (!/^[[{]/.test(text)) return false;
	try {
		JSON.parse(text);
		return true;
	} catch {
		return false;
	}
}

function checkServiceAccountKey(context: IExecuteFunctions, itemIndex: number, field: KeyField, text: string): void {
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		fail(
			context,
			itemIndex,
			`${field.displayName} is not JSON`,
			`Paste the whole JSON key file of the service account, from { to }, as Google Cloud downloads it`,
		);
	}
	const keyFile = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
	if (keyFile.type !== 'service_account' || typeof keyFile.private_key !== 'string' || typeof keyFile.client_email !== 'string') {
		fail(
			context,
			itemIndex,
			`${field.displayName} is not a service account key`,
			`A service account key file has "type": "service_account", a client_email and a private_key; create one under ` +
				`IAM & Admin → Service Accounts → Keys`,
		);
	}
}

/** Checks one given value of `field`; the value as sent. */
function checkedValue(context: IExecuteFunctions, itemIndex: number, field: KeyField, value: string): string {
	const { kind } = field;
	if (kind === 'serviceAccountJson') {
		checkServiceAccountKey(context, itemIndex, field, value);
		return value;
	}
	if (kind === 'privateKey' || kind === 'certificate') {
		if (!(kind === 'privateKey' ? PEM_PRIVATE_KEY : PEM_CERTIFICATE).test(value)) {
			const block = kind === 'privateKey' ? 'PRIVATE KEY' : 'CERTIFICATE';
			fail(
				context,
				itemIndex,
				`${field.displayName} holds no PEM ${block.toLowerCase()} block`,
				`Paste the whole ${block.toLowerCase()}, from its -----BEGIN ... ${block}----- line to its -----END ... ${block}----- line`,
			);
		}
		return value;
	}
	if (/[\r\n]/.test(value)) {
		fail(
			context,
			itemIndex,
			`${field.displayName} holds a line break`,
			`"${field.displayName}" is one line: check what was pasted or the expression`,
		);
	}
	if (NO_WHITESPACE.has(kind) && /\s/.test(value)) {
		fail(
			context,
			itemIndex,
			`${field.displayName} holds a space`,
			`"${field.displayName}" has no spaces, not even at its ends: check what was pasted or the expression`,
		);
	}
	if (kind !== 'text' && URL_LIKE.test(value)) {
		fail(
			context,
			itemIndex,
			`${field.displayName} holds a URL, not a key`,
			`Give the ${field.displayName.toLowerCase()} itself in "${field.displayName}"; a Git server's address goes in Base URL`,
		);
	}
	if (kind !== 'text' && isJson(value)) {
		fail(
			context,
			itemIndex,
			`${field.displayName} holds JSON, not a key`,
			`Give the ${field.displayName.toLowerCase()} itself, not a JSON document or the output of another node`,
		);
	}
	const rule = PATTERNS[kind];
	if (rule && !rule.pattern.test(value)) {
		fail(context, itemIndex, `${named(field, value)} is not valid`, `${rule.expected[0].toUpperCase()}${rule.expected.slice(1)}`);
	}
	return value;
}

/** A field's value as text: a JSON key file given as an object (from an expression) is sent as JSON. */
function textOf(context: IExecuteFunctions, itemIndex: number, field: KeyField, value: unknown): string {
	if (typeof value === 'string') return field.multiline || field.kind === 'password' ? value : value.trim();
	if (typeof value === 'number') return String(value);
	if (field.kind === 'serviceAccountJson' && typeof value === 'object' && value !== null) return JSON.stringify(value);
	return fail(context, itemIndex, `${field.displayName} is not text`, `The expression in "${field.displayName}" gave ${typeof value}`);
}

export interface GivenKeys {
	/** The keys given, by their SecurityKeys property. */
	keys: Record<string, string | boolean>;
	/** The secret values among them: what the call's errors must never repeat. */
	secrets: string[];
}

/**
 * The provider's key fields that were given, checked. On Create (`creating`) a field left empty takes its
 * default, and the keys must make one of the `required` sets, when there are any; on Update an empty field is not sent.
 */
export function givenKeys(
	context: IExecuteFunctions,
	itemIndex: number,
	provider: CredentialProvider,
	creating: boolean,
	required = provider.required,
): GivenKeys {
	const keys: Record<string, string | boolean> = {};
	const secrets: string[] = [];
	for (const field of provider.fields) {
		if (field.createOnly && !creating) continue;
		const raw = context.getNodeParameter(field.parameter, itemIndex, field.kind === 'boolean' ? false : '');
		if (field.kind === 'boolean') {
			keys[field.key] = raw === true;
			continue;
		}
		const value = raw === undefined || raw === null ? '' : textOf(context, itemIndex, field, raw);
		if (value === '') {
			if (creating && typeof field.defaultValue === 'string') keys[field.key] = field.defaultValue;
			continue;
		}
		keys[field.key] = checkedValue(context, itemIndex, field, value);
		if (field.secret || field.kind === 'awsAccessKey') secrets.push(value);
	}
	const fieldNamed = (key: string) => provider.fields.find((field) => field.key === key)?.displayName ?? key;
	for (const [key, excluded] of provider.excludes ?? []) {
		const clashing = excluded.filter((other) => keys[other] !== undefined);
		if (keys[key] !== undefined && clashing.length > 0) {
			fail(
				context,
				itemIndex,
				`${fieldNamed(key)} cannot go with ${clashing.map(fieldNamed).join(', ')}`,
				`Give ${fieldNamed(key)}, or ${excluded.map(fieldNamed).join(', ')}, not both`,
			);
		}
	}
	if (creating && required.length > 0 && !required.some((set) => set.every((key) => keys[key] !== undefined))) {
		const sets = required.map((set) => set.map(fieldNamed).join(', '));
		fail(context, itemIndex, `${provider.name} credentials need ${sets.join(', or ')}`, `Fill in ${sets.join(', or ')}`);
	}
	return { keys, secrets };
}

/** The credential's name (Create, or the new name on Update), checked as the platform checks it. */
export function credentialNameOf(context: IExecuteFunctions, itemIndex: number, field: string, value: unknown): string {
	const name = requireText(context.getNode(), itemIndex, field, value);
	if (!NAME_PATTERN.test(name)) {
		fail(
			context,
			itemIndex,
			`${field} "${describeValue(name)}" is not a valid credential name`,
			'A credential name has up to 100 letters, digits, - and _, like aws-genomics-keys',
		);
	}
	return name;
}

/** A Git server's base URL: an http(s) address within the contract's 200 characters, or undefined when empty. */
export function baseUrlOf(context: IExecuteFunctions, itemIndex: number, value: unknown): string | undefined {
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') return undefined;
	let url: URL | undefined;
	try {
		url = new URL(text);
	} catch {
		url = undefined;
	}
	if (!url || !/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '' || text.length > BASE_URL_MAX_LENGTH) {
		fail(
			context,
			itemIndex,
			// Not quoted: a URL with a user and password in it carries a secret.
			'Base URL is not a server address',
			`Give the Git server's http(s) address, up to ${BASE_URL_MAX_LENGTH} characters and without a user or password in it, ` +
				'like https://gitlab.example.com',
		);
	}
	return text;
}
