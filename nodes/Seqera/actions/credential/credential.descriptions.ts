import type { INodeProperties } from 'n8n-workflow';

import { byId, byName, fromList, locator } from '../../fields/locatorBuilders';
import { keyPairModes } from './awsMode';
import { CREDENTIAL_PROVIDERS, type KeyField } from './credentialProviders';

export const credentialLocator: INodeProperties = locator(
	{ displayName: 'Credential', name: 'credentialsId', required: true, description: 'Credentials saved in the workspace' },
	[
		fromList('searchWorkspaceCredentials'),
		byName({ placeholder: 'aws-genomics-keys' }),
		byId({
			placeholder: '5cY2ZPQ3zNCred',
			check: { kind: 'string', errorMessage: 'A credentials ID has only letters, digits, - and _' },
		}),
	],
);

export const providerField: INodeProperties = {
	displayName: 'Provider',
	name: 'provider',
	type: 'options',
	noDataExpression: true,
	options: CREDENTIAL_PROVIDERS.map((provider) => ({ name: provider.name, value: provider.value }))
		.slice()
		.sort((a, b) => a.name.localeCompare(b.name)),
	default: 'aws',
	description: 'Whose keys these are: a cloud, a cluster, a Git server, a container registry or a Seqera agent',
};

function keyProperty(provider: string, field: KeyField, updating: boolean): INodeProperties {
	const keep = field.secret ? 'Leave empty to keep the current one.' : 'Leave empty to keep the current value.';
	const base = {
		displayName: field.displayName,
		name: field.parameter,
		description: updating ? `${field.description}. ${keep}` : field.description,
		displayOptions: { show: { provider: [provider], ...(field.keyPairPart ? { awsMode: keyPairModes(updating) } : {}) } },
		...(field.placeholder ? { placeholder: field.placeholder } : {}),
	};
	if (field.kind === 'boolean') return { ...base, type: 'boolean', default: field.defaultValue === true };
	const typeOptions = { ...(field.secret ? { password: true } : {}), ...(field.multiline ? { rows: 4 } : {}) };
	return { ...base, type: 'string', default: '', ...(Object.keys(typeOptions).length > 0 ? { typeOptions } : {}) };
}

/** Every provider's key fields, each shown for its provider; on Update none is required and each may stay empty. */
export function keyProperties(updating: boolean): INodeProperties[] {
	return CREDENTIAL_PROVIDERS.flatMap((provider) =>
		provider.fields.filter((field) => !(updating && field.createOnly)).map((field) => keyProperty(provider.value, field, updating)),
	);
}

/** A Git server's address, for the providers that take one. */
export const baseUrlField: INodeProperties = {
	displayName: 'Base URL',
	name: 'baseUrl',
	type: 'string',
	default: '',
	placeholder: 'https://gitlab.example.com',
	description: "The Git server's address, for a self-hosted server; empty for the public service",
	displayOptions: { show: { provider: CREDENTIAL_PROVIDERS.filter((provider) => provider.baseUrl).map((provider) => provider.value) } },
};

export const credentialDescriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'credentialDescription',
	type: 'string',
	default: '',
	description: 'What the credentials are for',
};
