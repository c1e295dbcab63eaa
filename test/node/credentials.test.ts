import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { NodeRunResult } from '../../dev/engine/harness';
import { CREDENTIAL_IDS, credentialsOf, type SimCredential } from '../../dev/simulator/computeEnvRoutes';
import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { useLeakCheck } from './leakCheck';
import { GENOMICS, RND, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

// Keys that cannot appear anywhere by chance; each holds LEAKCHECK, and the quotes of the passphrase make
// its JSON-escaped form differ from it.
const ACCESS_KEY = 'AKIALEAKCHECKEXAMPLE';
const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG+LEAKCHECKEXAMPLEKY';
const NEW_SECRET_KEY = 'LEAKCHECKexampleSecretKey+/0123456789abc';
const PASSPHRASE = 'pp-LEAKCHECK-"7c1d"-e90a';
const TOKEN_VALUE = 'glpat-LEAKCHECK-example-9f8e7d';
const PRIVATE_KEY = [
	'-----BEGIN OPENSSH PRIVATE KEY-----',
	...Array.from(
		{ length: 20 },
		(_, line) => `b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQLEAKCHECK${String(line).padStart(2, '0')}x${line * 7919}`,
	),
	'-----END OPENSSH PRIVATE KEY-----',
].join('\n');
const SERVICE_ACCOUNT_KEY = JSON.stringify({
	type: 'service_account',
	project_id: 'genomics-refs',
	private_key_id: 'LEAKCHECKexample0a1b',
	private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANLEAKCHECKkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n',
	client_email: 'n8n@genomics-refs.iam.gserviceaccount.com',
});
const SECRETS = [ACCESS_KEY, SECRET_KEY, NEW_SECRET_KEY, PASSPHRASE, TOKEN_VALUE, PRIVATE_KEY, SERVICE_ACCOUNT_KEY];
const LEAK_MARKS = ['LEAKCHECK', ...SECRETS.flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)])];

const leaks = useLeakCheck(platform, { resource: 'credential', operation: 'getMany', returnAll: true });

const expectKeysNowhere = (result: NodeRunResult): void => leaks.expectNowhere(result, LEAK_MARKS);

const credentialNamed = (name: string, workspaceId = GENOMICS): SimCredential | undefined =>
	credentialsOf(platform.sim.data).find((credential) => credential.name === name && credential.workspaceId === workspaceId);

const byName = (value: string) => ({ credentialsId: { __rl: true, mode: 'name', value } });
const byId = (value: string) => ({ credentialsId: { __rl: true, mode: 'id', value } });

/** AWS keys given through expressions from the input item, as they would come from a form or a vault. */
function createAws(name: string, extra: INodeParameters = {}): { parameters: INodeParameters; items: IDataObject[] } {
	return {
		parameters: {
			resource: 'credential',
			operation: 'create',
			credentialName: name,
			provider: 'aws',
			awsAccessKey: '={{ $json.accessKey }}',
			awsSecretKey: '={{ $json.secretKey }}',
			awsAssumeRoleArn: 'arn:aws:iam::123456789012:role/SeqeraRole',
			credentialDescription: 'Batch keys of the genomics account',
			...workspaceParameter(GENOMICS),
			...extra,
		},
		items: [{ accessKey: ACCESS_KEY, secretKey: SECRET_KEY }],
	};
}

/** The requests the simulator received since `before`, as the tests compare them. */
const requestsSince = (before: number) =>
	platform.sim.log.slice(before).map(({ method, path, query, body }) => ({ method, path, query, body }));

describe('Credential → Get Many and Get', () => {
	it("lists the workspace's credentials, never with keys", async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({ resource: 'credential', operation: 'getMany', returnAll: true, ...workspaceParameter(RND) });
		expect(result.error).toBeUndefined();
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: '/credentials', query: { workspaceId: String(RND) }, body: undefined },
		]);
		const listed = platform.json(result);
		const expected = credentialsOf(platform.sim.data).filter((credential) => credential.workspaceId === RND);
		expect(listed.map((credential) => credential.id)).toEqual(expected.map((credential) => credential.id));
		expect(listed).toContainEqual(
			expect.objectContaining({
				id: CREDENTIAL_IDS.rndAws,
				name: 'rnd-aws-keys',
				provider: 'aws',
				status: 'AVAILABLE',
				dateCreated: '2024-01-08T10:00:00Z',
				lastUpdated: '2024-01-08T10:00:00Z',
			}),
		);
		for (const credential of listed) expect(credential).not.toHaveProperty('keys');
	});

	it('stops at the limit', async () => {
		const result = await platform.run({
			resource: 'credential',
			operation: 'getMany',
			returnAll: false,
			limit: 1,
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)).toHaveLength(1);
	});

	it('Get by name shows the non-secret settings; never a secret part, nor the access key ID', async () => {
		const { parameters, items } = createAws('aws-get-me');
		await platform.run(parameters, { items });
		const { id } = credentialNamed('aws-get-me')!;
		const before = platform.sim.log.length;

		const result = await platform.run({
			resource: 'credential',
			operation: 'get',
			...byName('aws-get-me'),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: '/credentials', query: { workspaceId: String(GENOMICS) }, body: undefined },
			{ method: 'GET', path: `/credentials/${id}`, query: { workspaceId: String(GENOMICS) }, body: undefined },
		]);
		expect(platform.json(result)).toEqual([
			{
				id,
				name: 'aws-get-me',
				description: 'Batch keys of the genomics account',
				provider: 'aws',
				baseUrl: null,
				status: 'AVAILABLE',
				deleted: false,
				dateCreated: expect.any(String),
				lastUpdated: expect.any(String),
				settings: { assumeRoleArn: 'arn:aws:iam::123456789012:role/SeqeraRole' },
			},
		]);
		expectKeysNowhere(result);
	});

	it('offers the credentials of the chosen workspace in the Credential list, filtered by name or provider', async () => {
		const found = await platform.harness.listSearch(
			'n8n-nodes-seqera.seqera',
			'searchWorkspaceCredentials',
			platform.credentials(),
			'rnd-aws',
			undefined,
			{ resource: 'credential', operation: 'update', ...workspaceParameter(RND) },
		);
		expect(found.results).toEqual([{ name: 'rnd-aws-keys (aws)', value: CREDENTIAL_IDS.rndAws }]);
	});
});

describe('Credential → Create', () => {
	it('sends the name, provider, description and keys, and outputs the new ID, name and provider only', async () => {
		const { parameters, items } = createAws('aws-genomics-keys');
		const before = platform.sim.log.length;
		const result = await platform.run(parameters, { items });

		expect(result.error).toBeUndefined();
		const created = credentialNamed('aws-genomics-keys');
		expect(platform.json(result)).toEqual([{ id: created!.id, name: 'aws-genomics-keys', provider: 'aws' }]);
		expect(requestsSince(before)).toEqual([
			{
				method: 'POST',
				path: '/credentials',
				query: { workspaceId: String(GENOMICS) },
				body: {
					credentials: {
						name: 'aws-genomics-keys',
						provider: 'aws',
						description: 'Batch keys of the genomics account',
						keys: {
							discriminator: 'aws',
							accessKey: ACCESS_KEY,
							secretKey: SECRET_KEY,
							assumeRoleArn: 'arn:aws:iam::123456789012:role/SeqeraRole',
						},
					},
				},
			},
		]);
		expect(created!.keys).toEqual({
			discriminator: 'aws',
			accessKey: ACCESS_KEY,
			secretKey: SECRET_KEY,
			assumeRoleArn: 'arn:aws:iam::123456789012:role/SeqeraRole',
		});
		expectKeysNowhere(result);
	});

	const certificate = '-----BEGIN CERTIFICATE-----\nMIIC/zCCAeegAwIBAgIBATANBgkqhkiG9w0B\n-----END CERTIFICATE-----';
	const providers: Array<[string, INodeParameters, IDataObject, IDataObject?]> = [
		['google', { googleServiceAccountKey: SERVICE_ACCOUNT_KEY }, { data: SERVICE_ACCOUNT_KEY }],
		[
			'google',
			{
				googleServiceAccountEmail: 'nextflow@genomics-refs.iam.gserviceaccount.com',
				googleWorkloadIdentityProvider: 'projects/123456789012/locations/global/workloadIdentityPools/seqera/providers/platform',
				googleTokenAudience: 'https://iam.googleapis.com/seqera',
			},
			{
				serviceAccountEmail: 'nextflow@genomics-refs.iam.gserviceaccount.com',
				workloadIdentityProvider: 'projects/123456789012/locations/global/workloadIdentityPools/seqera/providers/platform',
				tokenAudience: 'https://iam.googleapis.com/seqera',
			},
		],
		[
			'azure',
			{
				azureBatchName: 'genomicsbatch',
				azureBatchKey: 'QmF0Y2hLZXk=',
				azureStorageName: 'genomicsdata',
				azureStorageKey: 'U3RvcmFnZQ==',
			},
			{ batchName: 'genomicsbatch', batchKey: 'QmF0Y2hLZXk=', storageName: 'genomicsdata', storageKey: 'U3RvcmFnZQ==' },
		],
		[
			'azure_entra',
			{
				azureEntraBatchName: 'genomicsbatch',
				azureEntraStorageName: 'genomicsdata',
				azureEntraTenantId: '72f988bf-86f1-41af-91ab-2d7cd011db47',
				azureEntraClientId: '0b2f6a1e-3c4d-4e5f-8a9b-1c2d3e4f5a6b',
				azureEntraClientSecret: 'Xy8Q~client.secret_value',
			},
			{
				batchName: 'genomicsbatch',
				storageName: 'genomicsdata',
				tenantId: '72f988bf-86f1-41af-91ab-2d7cd011db47',
				clientId: '0b2f6a1e-3c4d-4e5f-8a9b-1c2d3e4f5a6b',
				clientSecret: 'Xy8Q~client.secret_value',
			},
		],
		['k8s', { k8sToken: 'eyJhbGciOiJSUzI1NiJ9.example.signature' }, { token: 'eyJhbGciOiJSUzI1NiJ9.example.signature' }],
		['k8s', { k8sCertificate: certificate, k8sPrivateKey: PRIVATE_KEY }, { certificate, privateKey: PRIVATE_KEY }],
		['ssh', { sshPrivateKey: PRIVATE_KEY, sshPassphrase: PASSPHRASE }, { privateKey: PRIVATE_KEY, passphrase: PASSPHRASE }],
		['github', { githubUsername: 'octocat', githubPassword: 'ghp_abc123' }, { username: 'octocat', password: 'ghp_abc123' }],
		[
			'gitlab',
			{ gitlabUsername: 'tanuki', gitlabToken: TOKEN_VALUE, baseUrl: 'https://gitlab.example.com' },
			{ username: 'tanuki', token: TOKEN_VALUE },
			{ baseUrl: 'https://gitlab.example.com' },
		],
		['bitbucket', { bitbucketUsername: 'atlas', bitbucketPassword: 'app pass word' }, { username: 'atlas', password: 'app pass word' }],
		['gitea', { giteaUsername: 'tea', giteaPassword: 'p@ss w0rd!' }, { username: 'tea', password: 'p@ss w0rd!' }],
		[
			'codecommit',
			{ codeCommitAccessKey: ACCESS_KEY, codeCommitSecretKey: SECRET_KEY },
			{ username: ACCESS_KEY, password: SECRET_KEY },
		],
		[
			'container-reg',
			{ registryUsername: 'robot', registryPassword: 'dckr_pat_x' },
			{ registry: 'docker.io', userName: 'robot', password: 'dckr_pat_x' },
		],
		[
			'tw-agent',
			{ agentConnectionId: 'hpc-login-1', agentShared: true },
			{ connectionId: 'hpc-login-1', workDir: '$TW_AGENT_WORK', shared: true },
		],
	];

	it.each(providers.map(([provider, fields, keys, more], index) => [provider, fields, keys, more ?? {}, index] as const))(
		'%s: sends the keys of its form',
		async (provider, fields, keys, more, index) => {
			const name = `${provider.replace('_', '-')}-${index}`;
			const before = platform.sim.log.length;
			const result = await platform.run({
				resource: 'credential',
				operation: 'create',
				credentialName: name,
				provider,
				...fields,
				...workspaceParameter(GENOMICS),
			});
			expect(result.error).toBeUndefined();
			expect(requestsSince(before)).toEqual([
				{
					method: 'POST',
					path: '/credentials',
					query: { workspaceId: String(GENOMICS) },
					body: { credentials: { name, provider, ...more, keys: { discriminator: provider, ...keys } } },
				},
			]);
			expect(platform.json(result)).toEqual([{ id: credentialNamed(name)!.id, name, provider }]);
			expectKeysNowhere(result);
		},
	);
});

describe('Credential → Create with Overwrite', () => {
	it("deletes the workspace's credentials of that name first, as tw credentials add --overwrite does", async () => {
		const createAgain = (overwrite: boolean) => {
			const { parameters, items } = createAws('aws-overwritten', { options: { overwrite } });
			return platform.run(parameters, { items });
		};
		const before = platform.sim.log.length;
		const first = await createAgain(true);
		expect(first.error).toBeUndefined();
		expect(requestsSince(before).map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /credentials', 'POST /credentials']);
		const firstId = String(platform.json(first)[0].id);

		const refused = await createAgain(false);
		expect(refused.error?.message).toMatch(/^Credentials with name 'aws-overwritten' already exists/);

		const beforeSecond = platform.sim.log.length;
		const second = await createAgain(true);
		expect(second.error).toBeUndefined();
		expect(requestsSince(beforeSecond)).toEqual([
			{ method: 'GET', path: '/credentials', query: { workspaceId: String(GENOMICS) }, body: undefined },
			{
				method: 'DELETE',
				path: `/credentials/${firstId}`,
				query: { workspaceId: String(GENOMICS), checked: 'false' },
				body: undefined,
			},
			expect.objectContaining({ method: 'POST', path: '/credentials', query: { workspaceId: String(GENOMICS) } }),
		]);
		const named = credentialsOf(platform.sim.data).filter((each) => each.workspaceId === GENOMICS && each.name === 'aws-overwritten');
		expect(named.map((each) => each.id)).toEqual([platform.json(second)[0].id]);
		expect(named[0].id).not.toBe(firstId);
		for (const result of [first, refused, second]) expectKeysNowhere(result);
	});

	it('with a role that may not delete them, is refused the delete and creates nothing', async () => {
		const { parameters, items } = createAws('aws-kept', { options: { overwrite: true } });
		await platform.run(parameters, { items });
		const kept = credentialNamed('aws-kept')!;
		const before = platform.sim.log.length;
		const result = await platform.run(parameters, { items, credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } });
		expect(result.error?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow deleting credentials",
		);
		// After the refusal only reads, to name the role in the error: nothing is created.
		const changes = platform.sim.log.slice(before).filter(({ method }) => method !== 'GET');
		expect(changes.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([`DELETE /credentials/${kept.id} 403`]);
		expect(credentialsOf(platform.sim.data).filter((each) => each.name === 'aws-kept')).toEqual([kept]);
		expectKeysNowhere(result);
	});
});

describe('Credential → Update', () => {
	async function created(name: string): Promise<SimCredential> {
		const { parameters, items } = createAws(name);
		expect((await platform.run(parameters, { items })).error).toBeUndefined();
		return credentialNamed(name)!;
	}

	it('reads the credentials and sends them back with only the role changed; the secret key left empty is kept', async () => {
		const credential = await created('aws-update-role');
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'credential',
			operation: 'update',
			...byName('aws-update-role'),
			provider: 'aws',
			awsAssumeRoleArn: 'arn:aws:iam::210987654321:role/OtherRole',
			...workspaceParameter(GENOMICS),
		});

		expect(result.error).toBeUndefined();
		expect(platform.json(result)).toEqual([{ id: credential.id, name: 'aws-update-role', provider: 'aws', updated: true }]);
		const query = { workspaceId: String(GENOMICS) };
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: '/credentials', query, body: undefined },
			{ method: 'GET', path: `/credentials/${credential.id}`, query, body: undefined },
			{
				method: 'PUT',
				path: `/credentials/${credential.id}`,
				query,
				body: {
					credentials: {
						id: credential.id,
						name: 'aws-update-role',
						provider: 'aws',
						description: 'Batch keys of the genomics account',
						keys: { discriminator: 'aws', accessKey: ACCESS_KEY, assumeRoleArn: 'arn:aws:iam::210987654321:role/OtherRole' },
					},
				},
			},
		]);
		expect(credentialNamed('aws-update-role')).toMatchObject({
			description: 'Batch keys of the genomics account',
			keys: {
				discriminator: 'aws',
				accessKey: ACCESS_KEY,
				secretKey: SECRET_KEY,
				assumeRoleArn: 'arn:aws:iam::210987654321:role/OtherRole',
			},
		});
		expectKeysNowhere(result);
	});

	it('replaces the secret key and the name, keeping the description and the other keys', async () => {
		const credential = await created('aws-update-secret');
		const result = await platform.run(
			{
				resource: 'credential',
				operation: 'update',
				...byId(credential.id),
				provider: 'aws',
				credentialName: 'aws-renamed',
				awsSecretKey: '={{ $json.secretKey }}',
				...workspaceParameter(GENOMICS),
			},
			{ items: [{ secretKey: NEW_SECRET_KEY }] },
		);
		expect(result.error).toBeUndefined();
		expect(platform.sim.log.at(-1)).toMatchObject({
			method: 'PUT',
			body: {
				credentials: {
					name: 'aws-renamed',
					description: 'Batch keys of the genomics account',
					keys: {
						discriminator: 'aws',
						accessKey: ACCESS_KEY,
						secretKey: NEW_SECRET_KEY,
						assumeRoleArn: 'arn:aws:iam::123456789012:role/SeqeraRole',
					},
				},
			},
		});
		expect(credentialsOf(platform.sim.data).find((each) => each.id === credential.id)).toMatchObject({
			name: 'aws-renamed',
			description: 'Batch keys of the genomics account',
			keys: { accessKey: ACCESS_KEY, secretKey: NEW_SECRET_KEY, assumeRoleArn: 'arn:aws:iam::123456789012:role/SeqeraRole' },
		});
		expectKeysNowhere(result);
	});

	it('refuses a provider that is not the credentials’ own after reading them, and changes nothing', async () => {
		const credential = await created('aws-wrong-provider');
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'credential',
			operation: 'update',
			...byId(credential.id),
			provider: 'google',
			...workspaceParameter(GENOMICS),
		});
		expect(result.error?.message).toBe('Provider is Google Cloud, but the credentials are not');
		expect((result.error as { description?: string }).description).toMatch(/are aws credentials; pick that provider in "Provider"/);
		expect(requestsSince(before).map((request) => request.method)).toEqual(['GET']);
	});
});

describe('Credential → AWS Role mode and Generate External ID, as tw credentials add aws --mode role does', () => {
	const ROLE_ARN = 'arn:aws:iam::123456789012:role/SeqeraRole';
	const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
	const trustPolicyOf = (externalId: string) => ({
		Version: '2012-10-17',
		Statement: [
			{
				Effect: 'Allow',
				Principal: { AWS: 'arn:aws:iam::111122223333:root' },
				Action: 'sts:AssumeRole',
				Condition: { StringEquals: { 'sts:ExternalId': externalId } },
			},
		],
	});

	it('Role mode sends the role without keys, asks for an External ID, and outputs it with the trust policy', async () => {
		const before = platform.sim.log.length;
		// Keys typed before switching to Role mode stay in the hidden fields; they are not sent.
		const { parameters, items } = createAws('aws-role-only', { awsMode: 'role', credentialDescription: '' });
		const result = await platform.run(parameters, { items });

		expect(result.error).toBeUndefined();
		const created = credentialNamed('aws-role-only')!;
		const externalId = String(created.keys?.externalId);
		expect(externalId).toMatch(UUID);
		const query = { workspaceId: String(GENOMICS) };
		expect(requestsSince(before)).toEqual([
			{
				method: 'POST',
				path: '/credentials',
				query: { ...query, useExternalId: 'true' },
				body: {
					credentials: {
						name: 'aws-role-only',
						provider: 'aws',
						keys: { discriminator: 'aws', assumeRoleArn: ROLE_ARN, mode: 'role' },
					},
				},
			},
			{ method: 'GET', path: `/credentials/${created.id}`, query, body: undefined },
		]);
		const [output] = platform.json(result);
		expect(output).toEqual({
			id: created.id,
			name: 'aws-role-only',
			provider: 'aws',
			externalId,
			trustPolicy: expect.any(String),
		});
		expect(JSON.parse(String(output.trustPolicy))).toEqual(trustPolicyOf(externalId));

		const got = await platform.run({ resource: 'credential', operation: 'get', ...byId(created.id), ...workspaceParameter(GENOMICS) });
		expect(platform.json(got)[0].settings).toEqual({ assumeRoleArn: ROLE_ARN, mode: 'role', externalId });
		expectKeysNowhere(result);
		expectKeysNowhere(got);
	});

	it('Generate External ID in Keys mode sends the keys as before with useExternalId; no key part reaches the output', async () => {
		const { parameters, items } = createAws('aws-keys-external-id', { awsGenerateExternalId: true });
		const before = platform.sim.log.length;
		const result = await platform.run(parameters, { items });

		expect(result.error).toBeUndefined();
		const created = credentialNamed('aws-keys-external-id')!;
		expect(requestsSince(before)).toEqual([
			{
				method: 'POST',
				path: '/credentials',
				query: { workspaceId: String(GENOMICS), useExternalId: 'true' },
				body: {
					credentials: {
						name: 'aws-keys-external-id',
						provider: 'aws',
						description: 'Batch keys of the genomics account',
						keys: { discriminator: 'aws', accessKey: ACCESS_KEY, secretKey: SECRET_KEY, assumeRoleArn: ROLE_ARN },
					},
				},
			},
			// The platform describes the access key ID too; the node takes only the External ID and the trust policy.
			{ method: 'GET', path: `/credentials/${created.id}`, query: { workspaceId: String(GENOMICS) }, body: undefined },
		]);
		expect(created.keys).toEqual({
			discriminator: 'aws',
			accessKey: ACCESS_KEY,
			secretKey: SECRET_KEY,
			assumeRoleArn: ROLE_ARN,
			externalId: expect.stringMatching(UUID),
		});
		expect(platform.json(result)).toEqual([
			{
				id: created.id,
				name: 'aws-keys-external-id',
				provider: 'aws',
				externalId: created.keys?.externalId,
				trustPolicy: expect.any(String),
			},
		]);
		expectKeysNowhere(result);
	});

	it('Update to Role mode drops the key pair and gets an External ID; a later update keeps it', async () => {
		const { parameters, items } = createAws('aws-to-role');
		expect((await platform.run(parameters, { items })).error).toBeUndefined();
		const credential = credentialNamed('aws-to-role')!;
		const before = platform.sim.log.length;
		const toRole = await platform.run({
			resource: 'credential',
			operation: 'update',
			...byId(credential.id),
			provider: 'aws',
			awsMode: 'role',
			...workspaceParameter(GENOMICS),
		});

		expect(toRole.error).toBeUndefined();
		const query = { workspaceId: String(GENOMICS) };
		expect(requestsSince(before)).toEqual([
			{ method: 'GET', path: `/credentials/${credential.id}`, query, body: undefined },
			{
				method: 'PUT',
				path: `/credentials/${credential.id}`,
				query: { ...query, useExternalId: 'true' },
				body: {
					credentials: {
						id: credential.id,
						name: 'aws-to-role',
						provider: 'aws',
						description: 'Batch keys of the genomics account',
						keys: { discriminator: 'aws', assumeRoleArn: ROLE_ARN, mode: 'role' },
					},
				},
			},
			{ method: 'GET', path: `/credentials/${credential.id}`, query, body: undefined },
		]);
		const externalId = String(credentialNamed('aws-to-role')!.keys?.externalId);
		expect(credentialNamed('aws-to-role')!.keys).toEqual({ discriminator: 'aws', assumeRoleArn: ROLE_ARN, mode: 'role', externalId });
		expect(platform.json(toRole)).toEqual([
			{ id: credential.id, name: 'aws-to-role', provider: 'aws', updated: true, externalId, trustPolicy: expect.any(String) },
		]);
		expectKeysNowhere(toRole);

		// Without the new fields an update sends what it did before: the keys as the platform describes them, External ID included.
		const renamed = await platform.run({
			resource: 'credential',
			operation: 'update',
			...byId(credential.id),
			provider: 'aws',
			credentialName: 'aws-role-renamed',
			...workspaceParameter(GENOMICS),
		});
		expect(renamed.error).toBeUndefined();
		expect(platform.sim.log.at(-1)).toMatchObject({
			method: 'PUT',
			query,
			body: {
				credentials: {
					name: 'aws-role-renamed',
					keys: { discriminator: 'aws', assumeRoleArn: ROLE_ARN, mode: 'role', externalId },
				},
			},
		});
		expect(platform.sim.log.at(-1)!.query).toEqual(query);
		expect(platform.json(renamed)).toEqual([{ id: credential.id, name: 'aws-role-renamed', provider: 'aws', updated: true }]);
	});

	it('Update back to Keys mode needs a new key pair, refused before the update', async () => {
		const created = await platform.run({
			resource: 'credential',
			operation: 'create',
			credentialName: 'aws-role-to-keys',
			provider: 'aws',
			awsMode: 'role',
			awsAssumeRoleArn: ROLE_ARN,
			...workspaceParameter(GENOMICS),
		});
		expect(created.error).toBeUndefined();
		const credential = credentialNamed('aws-role-to-keys')!;
		const before = platform.sim.log.length;
		const update = (extra: INodeParameters, items?: IDataObject[]) =>
			platform.run(
				{
					resource: 'credential',
					operation: 'update',
					...byId(credential.id),
					provider: 'aws',
					awsMode: 'keys',
					...extra,
					...workspaceParameter(GENOMICS),
				},
				items ? { items } : {},
			);

		const refused = await update({ awsAccessKey: '={{ $json.accessKey }}' }, [{ accessKey: ACCESS_KEY }]);
		expect(refused.error?.message).toBe('Keys mode needs an Access Key ID and a Secret Access Key');
		expect(requestsSince(before).map((request) => request.method)).toEqual(['GET']);
		expectKeysNowhere(refused);

		const keys = { accessKey: ACCESS_KEY, secretKey: SECRET_KEY };
		const result = await update({ awsAccessKey: '={{ $json.accessKey }}', awsSecretKey: '={{ $json.secretKey }}' }, [keys]);
		expect(result.error).toBeUndefined();
		expect(credentialNamed('aws-role-to-keys')!.keys).toEqual({
			discriminator: 'aws',
			assumeRoleArn: ROLE_ARN,
			externalId: credential.keys?.externalId,
			mode: 'keys',
			...keys,
		});
		expectKeysNowhere(result);
	});

	const refusals: Array<[string, INodeParameters, string]> = [
		['Role mode without a role', { awsMode: 'role' }, 'Role mode needs an Assume Role ARN'],
		[
			'Generate External ID without a role',
			{ awsAccessKey: ACCESS_KEY, awsSecretKey: SECRET_KEY, awsGenerateExternalId: true },
			'Generate External ID needs an Assume Role ARN',
		],
	];

	it.each(refusals)('Create refuses %s before any call', async (_what, fields, message) => {
		const keyFields = Object.entries(fields).filter(([field]) => field === 'awsAccessKey' || field === 'awsSecretKey');
		const fromItem = Object.fromEntries(keyFields.map(([field]) => [field, `={{ $json.${field} }}`]));
		const before = platform.sim.log.length;
		const result = await platform.run(
			{
				resource: 'credential',
				operation: 'create',
				credentialName: 'refused',
				provider: 'aws',
				...fields,
				...fromItem,
				...workspaceParameter(GENOMICS),
			},
			{ items: [Object.fromEntries(keyFields) as IDataObject] },
		);
		expect(result.error?.message).toBe(message);
		expect(platform.sim.log.length).toBe(before);
		expectKeysNowhere(result);
	});
});

describe('Credential → Delete and Validate', () => {
	it('Delete removes the credentials picked by name, as tower-cli does (checked=false)', async () => {
		const { parameters, items } = createAws('aws-delete-me');
		await platform.run(parameters, { items });
		const { id } = credentialNamed('aws-delete-me')!;
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'credential',
			operation: 'delete',
			...byName('aws-delete-me'),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)).toEqual([{ id, deleted: true }]);
		expect(requestsSince(before).at(-1)).toEqual({
			method: 'DELETE',
			path: `/credentials/${id}`,
			query: { workspaceId: String(GENOMICS), checked: 'false' },
			body: undefined,
		});
		expect(credentialNamed('aws-delete-me')).toBeUndefined();
	});

	it('Validate reports what the provider said; Force Available marks INVALID credentials AVAILABLE', async () => {
		const credential = credentialsOf(platform.sim.data).find((each) => each.id === CREDENTIAL_IDS.rndAws)!;
		credential.status = 'INVALID';
		credential.message = 'The security token included in the request is invalid';
		const validate = (force: boolean) =>
			platform.run({
				resource: 'credential',
				operation: 'validate',
				...byId(CREDENTIAL_IDS.rndAws),
				force,
				...workspaceParameter(RND),
			});

		const before = platform.sim.log.length;
		expect(platform.json(await validate(false))).toEqual([
			{
				id: CREDENTIAL_IDS.rndAws,
				valid: false,
				status: 'INVALID',
				message: 'The security token included in the request is invalid',
				transientError: false,
			},
		]);
		expect(platform.json(await validate(true))).toEqual([
			{ id: CREDENTIAL_IDS.rndAws, valid: true, status: 'AVAILABLE', message: null, transientError: false },
		]);
		expect(requestsSince(before)).toEqual([
			{
				method: 'POST',
				path: `/credentials/${CREDENTIAL_IDS.rndAws}/validate`,
				query: { workspaceId: String(RND) },
				body: undefined,
			},
			{
				method: 'POST',
				path: `/credentials/${CREDENTIAL_IDS.rndAws}/validate`,
				query: { workspaceId: String(RND), force: 'true' },
				body: undefined,
			},
		]);
	});
});

describe('Credential: bad input is refused naming the field, before any call', () => {
	const notJsonKey = '-----BEGIN PRIVATE KEY-----LEAKCHECK';
	const cases: Array<[string, INodeParameters, string]> = [
		[
			'an access key ID that is not one',
			{ provider: 'aws', awsAccessKey: 'not-a-key', awsSecretKey: SECRET_KEY },
			'Access Key ID "not-a-key" is not valid',
		],
		[
			'a base URL in a key field',
			{ provider: 'aws', awsAccessKey: ACCESS_KEY, awsSecretKey: 'https://LEAKCHECK.example.com/key' },
			'Secret Access Key holds a URL, not a key',
		],
		[
			'a JSON body in a key field',
			{ provider: 'aws', awsAccessKey: ACCESS_KEY, awsSecretKey: '{"secretKey":"LEAKCHECK"}' },
			'Secret Access Key holds JSON, not a key',
		],
		[
			'a line break in a key',
			{ provider: 'aws', awsAccessKey: ACCESS_KEY, awsSecretKey: `${SECRET_KEY.slice(0, 20)}\n${SECRET_KEY.slice(20)}` },
			'Secret Access Key holds a line break',
		],
		['a space in a token', { provider: 'k8s', k8sToken: 'LEAKCHECK token' }, 'Service Account Token holds a space'],
		['a missing secret key', { provider: 'aws', awsAccessKey: ACCESS_KEY }, 'AWS credentials need Access Key ID, Secret Access Key'],
		[
			'a service account key that is not JSON',
			{ provider: 'google', googleServiceAccountKey: notJsonKey },
			'Service Account Key (JSON) is not JSON',
		],
		[
			'JSON that is no service account key',
			{ provider: 'google', googleServiceAccountKey: '{"LEAKCHECK":true}' },
			'Service Account Key (JSON) is not a service account key',
		],
		[
			'a key file beside Workload Identity',
			{
				provider: 'google',
				googleServiceAccountKey: SERVICE_ACCOUNT_KEY,
				googleServiceAccountEmail: 'nextflow@genomics-refs.iam.gserviceaccount.com',
			},
			'Service Account Key (JSON) cannot go with Service Account Email',
		],
		[
			'a Workload Identity provider that is not a resource name',
			{
				provider: 'google',
				googleServiceAccountEmail: 'nextflow@genomics-refs.iam.gserviceaccount.com',
				googleWorkloadIdentityProvider: 'seqera-pool',
			},
			'Workload Identity Provider "seqera-pool" is not valid',
		],
		[
			'a private key without a PEM block',
			{ provider: 'ssh', sshPrivateKey: 'ssh-ed25519 AAAAC3LEAKCHECK user@host' },
			'Private Key (PEM) holds no PEM private key block',
		],
		[
			'an Azure account name in capitals',
			{ provider: 'azure', azureBatchName: 'GenomicsBatch' },
			'Batch Account Name "GenomicsBatch" is not valid',
		],
		[
			'a base URL with a password in it',
			{ provider: 'github', githubUsername: 'octocat', githubPassword: 'x', baseUrl: 'https://octocat:LEAKCHECK@github.example.com' },
			'Base URL is not a server address',
		],
		['a name the platform refuses', { provider: 'aws', credentialName: 'my keys!' }, 'Name "my keys!" is not a valid credential name'],
	];

	it.each(cases)('%s', async (_what, fields, message) => {
		// Keys come from the input item, as from a form or a vault: a value typed into a field is saved with the
		// workflow, and n8n puts the node's parameters in its errors.
		const { provider, credentialName = 'refused', ...keys } = fields;
		const fromItem = Object.fromEntries(Object.keys(keys).map((field) => [field, `={{ $json.${field} }}`]));
		const before = platform.sim.log.length;
		const result = await platform.run(
			{ resource: 'credential', operation: 'create', credentialName, provider, ...fromItem, ...workspaceParameter(GENOMICS) },
			{ items: [keys as IDataObject] },
		);
		expect(result.error?.message).toBe(message);
		expect(platform.sim.log.length).toBe(before);
		expectKeysNowhere(result);
	});

	it('Update checks what it is given before reading the credentials', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'credential',
			operation: 'update',
			...byId(CREDENTIAL_IDS.rndAws),
			provider: 'aws',
			awsSecretKey: '{"LEAKCHECK":1}',
			...workspaceParameter(RND),
		});
		expect(result.error?.message).toBe('Secret Access Key holds JSON, not a key');
		expect(platform.sim.log.length).toBe(before);
	});
});

describe("credentials' keys appear nowhere in what n8n records", () => {
	it('when the platform refuses a create with a 400 that quotes the body, keys included', async () => {
		const { parameters, items } = createAws('aws-twice');
		await platform.run(parameters, { items });
		const before = platform.sim.log.length;

		const stopped = await platform.run(parameters, { items });
		const continued = await platform.run(parameters, { items, continueOnFail: true });

		// The platform did quote the keys, so the scrubbing is what kept them out.
		expect(platform.sim.log.slice(before).map((entry) => entry.status)).toEqual([400, 400]);
		expect(stopped.error?.message).toMatch(/^Credentials with name 'aws-twice' already exists: request .*\[redacted\]/);
		expect(String(platform.json(continued)[0].error)).toContain('[redacted]');
		expectKeysNowhere(stopped);
		expectKeysNowhere(continued);
	});

	it('when the platform refuses an update with a 400 that quotes the access key ID the node sent back', async () => {
		for (const name of ['aws-taken', 'aws-to-rename']) {
			const { parameters, items } = createAws(name, { credentialDescription: '' });
			await platform.run(parameters, { items });
		}
		const result = await platform.run(
			{
				resource: 'credential',
				operation: 'update',
				...byName('aws-to-rename'),
				provider: 'aws',
				credentialName: 'aws-taken',
				...workspaceParameter(GENOMICS),
			},
			{ continueOnFail: true },
		);
		const put = platform.sim.log.at(-1);
		expect(put).toMatchObject({ method: 'PUT', status: 400, body: { credentials: { keys: { accessKey: ACCESS_KEY } } } });
		expect(String(platform.json(result)[0].error)).toMatch(/"accessKey":"\[redacted\]"/);
		expectKeysNowhere(result);
	});

	it('when the platform refuses an update with a 400 that quotes the new private key, cut short', async () => {
		await platform.run({
			resource: 'credential',
			operation: 'create',
			credentialName: 'ssh-taken',
			provider: 'ssh',
			sshPrivateKey: PRIVATE_KEY,
			...workspaceParameter(GENOMICS),
		});
		await platform.run({
			resource: 'credential',
			operation: 'create',
			credentialName: 'ssh-renamed',
			provider: 'ssh',
			sshPrivateKey: PRIVATE_KEY,
			...workspaceParameter(GENOMICS),
		});
		const result = await platform.run(
			{
				resource: 'credential',
				operation: 'update',
				...byName('ssh-renamed'),
				provider: 'ssh',
				credentialName: 'ssh-taken',
				sshPrivateKey: '={{ $json.key }}',
				sshPassphrase: '={{ $json.passphrase }}',
				...workspaceParameter(GENOMICS),
			},
			{ items: [{ key: PRIVATE_KEY, passphrase: PASSPHRASE }], continueOnFail: true },
		);
		expect(platform.sim.log.at(-1)?.status).toBe(400);
		expect(String(platform.json(result)[0].error)).toMatch(/^Credentials with name 'ssh-taken' already exists: request .*\[redacted\]/);
		const parts = [PRIVATE_KEY, JSON.stringify(PRIVATE_KEY).slice(1, -1)].flatMap((form) =>
			Array.from({ length: form.length - 7 }, (_, start) => form.slice(start, start + 8)).filter((part) => !/\s/.test(part)),
		);
		for (const recorded of leaks.recordedByNode(result)) expect(parts.filter((part) => recorded.includes(part))).toEqual([]);
		expectKeysNowhere(result);
	});
});

describe('roles', () => {
	it('a Launch role token is refused creating, updating and deleting credentials, and nothing changes', async () => {
		const asLaunchRole = { credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } };
		const { parameters, items } = createAws('aws-from-launch-role');
		const created = await platform.run(parameters, { items, ...asLaunchRole });
		expect(created.error?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow creating credentials",
		);
		expect(credentialNamed('aws-from-launch-role')).toBeUndefined();
		expectKeysNowhere(created);

		const target = credentialsOf(platform.sim.data).find((credential) => credential.workspaceId === GENOMICS)!;
		const updated = await platform.run(
			{
				resource: 'credential',
				operation: 'update',
				...byId(target.id),
				provider: target.provider,
				credentialName: 'renamed',
				...workspaceParameter(GENOMICS),
			},
			asLaunchRole,
		);
		expect(updated.error?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow updating credentials",
		);
		const deleted = await platform.run(
			{ resource: 'credential', operation: 'delete', ...byId(target.id), ...workspaceParameter(GENOMICS) },
			asLaunchRole,
		);
		expect(deleted.error?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow deleting credentials",
		);
		expect(credentialsOf(platform.sim.data)).toContainEqual(expect.objectContaining({ id: target.id, name: target.name }));
	});
});
