import type { ICredentialDataDecryptedObject, ICredentialType, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { authenticate, DEFAULT_TOKEN_LIMITS } from '../nodes/Seqera/transport';

export class SeqeraApi implements ICredentialType {
	name = 'seqeraApi';

	displayName = 'Seqera Platform API';

	icon = 'file:../icons/seqera.svg' as const;

	documentationUrl = 'https://docs.seqera.io/platform-api';

	properties: INodeProperties[] = [
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Create one in the Seqera web app: user menu → Your tokens → Add token. The value is shown only once.',
		},
		{
			displayName: 'Server',
			name: 'server',
			type: 'options',
			options: [
				{ name: 'Seqera Cloud', value: 'cloud', description: 'https://api.cloud.seqera.io' },
				{ name: 'Legacy Tower Cloud', value: 'legacy', description: 'https://api.tower.nf' },
				{ name: 'Enterprise or Custom URL', value: 'custom' },
			],
			default: 'cloud',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			placeholder: 'https://seqera.example.com/api',
			required: true,
			description: 'The API address of your install. Enterprise installs serve the API under /api.',
			displayOptions: { show: { server: ['custom'] } },
		},
		{
			displayName: 'API Version',
			name: 'apiVersion',
			type: 'string',
			default: '1',
			description: 'Sent as the Accept-Version header',
		},
		{
			displayName: 'Default Workspace ID',
			name: 'workspaceId',
			type: 'string',
			default: '',
			placeholder: '138659136604200',
			description: 'Numeric ID of the workspace used when a node does not choose one. Leave empty for your personal workspace.',
		},
		// eslint-disable-next-line @n8n/community-nodes/credential-password-field -- a yes/no switch, not a secret
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'allowUnauthorizedCerts',
			type: 'boolean',
			default: false,
			description:
				'Whether to accept a certificate your system does not trust. Only for an Enterprise install whose certificate ' +
				'authority you trust.',
		},
		{
			displayName: 'Timeout (Seconds)',
			name: 'timeoutSeconds',
			type: 'number',
			default: 60,
			typeOptions: { minValue: 1 },
			description: 'How long to wait for an answer to one call before giving up on it',
		},
		{
			displayName: 'Max Calls per Second',
			name: 'maxCallsPerSecond',
			type: 'number',
			default: DEFAULT_TOKEN_LIMITS.maxCallsPerSecond,
			typeOptions: { minValue: 1 },
			description: 'The per-token limit of your install; every node using this token shares it',
		},
		{
			displayName: 'Max Calls per Hour',
			name: 'maxCallsPerHour',
			type: 'number',
			default: DEFAULT_TOKEN_LIMITS.maxCallsPerHour,
			typeOptions: { minValue: 1 },
			description: 'The per-token hourly limit of your install; every node using this token shares it',
		},
	];

	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		return await authenticate(credentials, requestOptions);
	}
}
