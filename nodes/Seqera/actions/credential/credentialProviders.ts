/**
 * The platform's credential providers the node creates and updates, as tower-cli's `credentials add`
 * has them (the contract's SecurityKeys, one schema per provider), and each part of their keys: its field,
 * whether it is secret (the contract's writeOnly keys: never shown by the platform, never output by the node)
 * and how it is checked before any call (credentialChecks.ts).
 */

/** How a key's value is checked: what a value of that kind looks like. */
export type KeyKind =
	| 'awsAccessKey'
	| 'awsSecretKey'
	| 'roleArn'
	| 'serviceAccountJson'
	| 'serviceAccountEmail'
	| 'workloadIdentityProvider'
	| 'accountName'
	| 'accountKey'
	| 'uuid'
	| 'token'
	| 'password'
	| 'privateKey'
	| 'certificate'
	| 'registry'
	| 'text'
	| 'boolean';

export interface KeyField {
	/** The property in the contract's SecurityKeys. */
	key: string;
	/** The node parameter that holds it. */
	parameter: string;
	displayName: string;
	kind: KeyKind;
	/** A secret part: a password field, sent and never shown again. */
	secret: boolean;
	description: string;
	placeholder?: string;
	/** Text of several lines: a PEM block or a JSON key file. */
	multiline?: boolean;
	/** What Create sends when the field is left empty. */
	defaultValue?: string | boolean;
	/** Set when created only; an update keeps what the platform holds. */
	createOnly?: boolean;
	/** Part of an AWS access key pair: hidden in Role mode, which takes none (awsMode.ts). */
	keyPairPart?: boolean;
}

export interface CredentialProvider {
	/** The contract's provider, and the discriminator of its keys. */
	value: string;
	name: string;
	fields: KeyField[];
	/** The keys a new credential needs: all of one of these sets. */
	required: ReadonlyArray<readonly string[]>;
	/** Whether the credential has a Base URL (a Git server's). */
	baseUrl?: boolean;
	/** Key parts no field sets that the node may output: what the platform chose or generated. */
	settings?: readonly string[];
	/** Keys of one form that refuse those of another (a key file and Workload Identity): each with the keys it excludes. */
	excludes?: ReadonlyArray<readonly [string, readonly string[]]>;
}

const gitFields = (provider: string, label: string, secretLabel: string, secretHelp: string): KeyField[] => [
	{
		key: 'username',
		parameter: `${provider}Username`,
		displayName: 'Username',
		kind: 'text',
		secret: false,
		description: `The ${label} user name the token or password belongs to`,
	},
	{
		key: 'password',
		parameter: `${provider}Password`,
		displayName: secretLabel,
		kind: 'password',
		secret: true,
		description: secretHelp,
	},
];

export const CREDENTIAL_PROVIDERS: readonly CredentialProvider[] = [
	{
		value: 'aws',
		name: 'AWS',
		fields: [
			{
				key: 'accessKey',
				parameter: 'awsAccessKey',
				displayName: 'Access Key ID',
				kind: 'awsAccessKey',
				secret: false,
				placeholder: 'AKIAIOSFODNN7EXAMPLE',
				description: "The IAM user's access key ID: AKIA or ASIA and 16 capitals and digits",
				keyPairPart: true,
			},
			{
				key: 'secretKey',
				parameter: 'awsSecretKey',
				displayName: 'Secret Access Key',
				kind: 'awsSecretKey',
				secret: true,
				description: 'The secret access key that goes with the access key ID (40 characters)',
				keyPairPart: true,
			},
			{
				key: 'assumeRoleArn',
				parameter: 'awsAssumeRoleArn',
				displayName: 'Assume Role ARN',
				kind: 'roleArn',
				secret: false,
				placeholder: 'arn:aws:iam::123456789012:role/SeqeraRole',
				description:
					'An IAM role to assume with these keys, for access to another account or for more rights; in Role mode, the role',
			},
		],
		required: [['accessKey', 'secretKey']],
		// Role or keys, and the External ID the role's trust policy requires (awsMode.ts).
		settings: ['mode', 'externalId'],
	},
	{
		value: 'google',
		name: 'Google Cloud',
		fields: [
			{
				key: 'data',
				parameter: 'googleServiceAccountKey',
				displayName: 'Service Account Key (JSON)',
				kind: 'serviceAccountJson',
				secret: true,
				multiline: true,
				description:
					"The whole JSON key file of a service account, from Google Cloud's IAM & Admin → Service Accounts → Keys; leave " +
					'empty for Workload Identity',
			},
			{
				key: 'serviceAccountEmail',
				parameter: 'googleServiceAccountEmail',
				displayName: 'Service Account Email',
				kind: 'serviceAccountEmail',
				secret: false,
				placeholder: 'nextflow@my-project.iam.gserviceaccount.com',
				description: 'Workload Identity Federation, with no key file: the service account the platform impersonates',
			},
			{
				key: 'workloadIdentityProvider',
				parameter: 'googleWorkloadIdentityProvider',
				displayName: 'Workload Identity Provider',
				kind: 'workloadIdentityProvider',
				secret: false,
				placeholder: 'projects/123456789012/locations/global/workloadIdentityPools/seqera/providers/platform',
				description: "Workload Identity Federation: the full resource name of the pool's provider",
			},
			{
				key: 'tokenAudience',
				parameter: 'googleTokenAudience',
				displayName: 'Token Audience',
				kind: 'text',
				secret: false,
				description: "Workload Identity Federation: the OIDC token's audience; empty for the provider's resource name",
			},
		],
		// A key file, or Workload Identity Federation without one, as tower-cli's --mode service-account-key|workload-identity.
		required: [['data'], ['serviceAccountEmail', 'workloadIdentityProvider']],
		excludes: [['data', ['serviceAccountEmail', 'workloadIdentityProvider', 'tokenAudience']]],
	},
	{
		value: 'azure',
		name: 'Azure (Shared Keys)',
		fields: [
			{
				key: 'batchName',
				parameter: 'azureBatchName',
				displayName: 'Batch Account Name',
				kind: 'accountName',
				secret: false,
				description: 'The Azure Batch account runs execute in',
			},
			{
				key: 'batchKey',
				parameter: 'azureBatchKey',
				displayName: 'Batch Account Key',
				kind: 'accountKey',
				secret: true,
				description: "An access key of the Batch account (the account's Keys page)",
			},
			{
				key: 'storageName',
				parameter: 'azureStorageName',
				displayName: 'Storage Account Name',
				kind: 'accountName',
				secret: false,
				description: 'The Azure Storage account that holds the work directory',
			},
			{
				key: 'storageKey',
				parameter: 'azureStorageKey',
				displayName: 'Storage Account Key',
				kind: 'accountKey',
				secret: true,
				description: "An access key of the Storage account (the account's Access keys page)",
			},
		],
		required: [['batchName', 'batchKey', 'storageName', 'storageKey']],
	},
	{
		value: 'azure_entra',
		name: 'Azure (Entra Service Principal)',
		fields: [
			{
				key: 'batchName',
				parameter: 'azureEntraBatchName',
				displayName: 'Batch Account Name',
				kind: 'accountName',
				secret: false,
				description: 'The Azure Batch account runs execute in',
			},
			{
				key: 'storageName',
				parameter: 'azureEntraStorageName',
				displayName: 'Storage Account Name',
				kind: 'accountName',
				secret: false,
				description: 'The Azure Storage account that holds the work directory',
			},
			{
				key: 'tenantId',
				parameter: 'azureEntraTenantId',
				displayName: 'Tenant ID',
				kind: 'uuid',
				secret: false,
				placeholder: '72f988bf-86f1-41af-91ab-2d7cd011db47',
				description: 'The directory (tenant) ID of the Entra application',
			},
			{
				key: 'clientId',
				parameter: 'azureEntraClientId',
				displayName: 'Client ID',
				kind: 'uuid',
				secret: false,
				placeholder: '0b2f6a1e-3c4d-4e5f-8a9b-1c2d3e4f5a6b',
				description: 'The application (client) ID of the service principal',
			},
			{
				key: 'clientSecret',
				parameter: 'azureEntraClientSecret',
				displayName: 'Client Secret',
				kind: 'token',
				secret: true,
				description: "The value of a client secret of the service principal (not the secret's ID)",
			},
		],
		required: [['batchName', 'storageName', 'tenantId', 'clientId', 'clientSecret']],
	},
	{
		value: 'k8s',
		name: 'Kubernetes',
		fields: [
			{
				key: 'token',
				parameter: 'k8sToken',
				displayName: 'Service Account Token',
				kind: 'token',
				secret: true,
				description: 'A service account token; or leave empty and give a client certificate and its private key',
			},
			{
				key: 'certificate',
				parameter: 'k8sCertificate',
				displayName: 'Client Certificate (PEM)',
				kind: 'certificate',
				secret: false,
				multiline: true,
				placeholder: '-----BEGIN CERTIFICATE-----',
				description: 'The client certificate, with its BEGIN and END lines, when not using a token',
			},
			{
				key: 'privateKey',
				parameter: 'k8sPrivateKey',
				displayName: 'Client Private Key (PEM)',
				kind: 'privateKey',
				secret: true,
				multiline: true,
				description: "The client certificate's private key, with its BEGIN and END lines",
			},
		],
		required: [['token'], ['certificate', 'privateKey']],
	},
	{
		value: 'ssh',
		name: 'SSH',
		fields: [
			{
				key: 'privateKey',
				parameter: 'sshPrivateKey',
				displayName: 'Private Key (PEM)',
				kind: 'privateKey',
				secret: true,
				multiline: true,
				description: 'The private key (RSA, ECDSA or Ed25519), with its BEGIN and END lines',
			},
			{
				key: 'passphrase',
				parameter: 'sshPassphrase',
				displayName: 'Passphrase',
				kind: 'password',
				secret: true,
				description: 'The passphrase of an encrypted private key; empty when the key has none',
			},
		],
		required: [['privateKey']],
	},
	{
		value: 'github',
		name: 'GitHub',
		fields: gitFields('github', 'GitHub', 'Access Token', 'A personal access token (Settings → Developer settings)'),
		required: [['username', 'password']],
		baseUrl: true,
	},
	{
		value: 'gitlab',
		name: 'GitLab',
		fields: [
			...gitFields('gitlab', 'GitLab', 'Password', 'The account password; may stay empty when the token is given'),
			{
				key: 'token',
				parameter: 'gitlabToken',
				displayName: 'Access Token',
				kind: 'token',
				secret: true,
				description: 'A personal access token with the api, read_repository and write_repository scopes',
			},
		],
		required: [['username', 'token']],
		baseUrl: true,
	},
	{
		value: 'bitbucket',
		name: 'Bitbucket',
		fields: gitFields('bitbucket', 'Bitbucket', 'App Password', 'An app password (Personal settings → App passwords)'),
		required: [['username', 'password']],
		baseUrl: true,
	},
	{
		value: 'gitea',
		name: 'Gitea',
		fields: gitFields('gitea', 'Gitea', 'Password or Token', 'The account password or an access token (Settings → Applications)'),
		required: [['username', 'password']],
		baseUrl: true,
	},
	{
		value: 'codecommit',
		name: 'AWS CodeCommit',
		fields: [
			{
				key: 'username',
				parameter: 'codeCommitAccessKey',
				displayName: 'Access Key ID',
				kind: 'awsAccessKey',
				secret: false,
				placeholder: 'AKIAIOSFODNN7EXAMPLE',
				description: 'The access key ID of an IAM user with CodeCommit rights',
			},
			{
				key: 'password',
				parameter: 'codeCommitSecretKey',
				displayName: 'Secret Access Key',
				kind: 'awsSecretKey',
				secret: true,
				description: 'The secret access key that goes with the access key ID (40 characters)',
			},
		],
		required: [['username', 'password']],
		baseUrl: true,
	},
	{
		value: 'container-reg',
		name: 'Container Registry',
		fields: [
			{
				key: 'registry',
				parameter: 'registryServer',
				displayName: 'Registry',
				kind: 'registry',
				secret: false,
				placeholder: 'docker.io',
				defaultValue: 'docker.io',
				description: "The registry's host name, such as docker.io, quay.io or ghcr.io; docker.io when empty",
			},
			{
				key: 'userName',
				parameter: 'registryUsername',
				displayName: 'Username',
				kind: 'text',
				secret: false,
				description: 'The registry user name',
			},
			{
				key: 'password',
				parameter: 'registryPassword',
				displayName: 'Password or Token',
				kind: 'password',
				secret: true,
				description: "The registry password, or better an access token of the registry's own",
			},
		],
		required: [['registry', 'userName', 'password']],
	},
	{
		value: 'tw-agent',
		name: 'Seqera Agent',
		fields: [
			{
				key: 'connectionId',
				parameter: 'agentConnectionId',
				displayName: 'Connection ID',
				kind: 'text',
				secret: false,
				description: 'The connection ID the agent was started with (tw-agent CONNECTION_ID)',
			},
			{
				key: 'workDir',
				parameter: 'agentWorkDir',
				displayName: 'Work Directory',
				kind: 'text',
				secret: false,
				placeholder: '$TW_AGENT_WORK',
				defaultValue: '$TW_AGENT_WORK',
				description: "The agent's default work directory; $TW_AGENT_WORK when empty",
			},
			{
				key: 'shared',
				parameter: 'agentShared',
				displayName: 'Shared Agent',
				kind: 'boolean',
				secret: false,
				defaultValue: false,
				createOnly: true,
				description: 'Whether the agent is shared by the workspace, rather than started by one user',
			},
		],
		required: [['connectionId']],
	},
];

export function providerNamed(value: string): CredentialProvider | undefined {
	return CREDENTIAL_PROVIDERS.find((provider) => provider.value === value);
}

/**
 * The key parts of a provider the node may output (Get): none that is secret, and no access key ID,
 * which the platform shows but which is half of a key pair.
 */
export function shownKeysOf(provider: string): string[] {
	const known = providerNamed(provider);
	const fields = (known?.fields ?? [])
		.filter((field) => !field.secret && field.kind !== 'awsAccessKey' && field.kind !== 'certificate')
		.map((field) => field.key);
	return [...fields, ...(known?.settings ?? [])];
}
