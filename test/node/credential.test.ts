import { createServer } from 'node:net';

import { credentialReads } from '../../dev/engine/credentialsHelper';
import { startSimulator, type Simulator } from '../../dev/simulator/server';
import { GENOMICS, SEQERA_NODE, seqeraCredentials, startPlatform, workspaceParameter, type Platform } from './platform';

let platform: Platform;
let enterprise: Simulator;

beforeAll(async () => {
	platform = await startPlatform();
	enterprise = await startSimulator({ basePath: '/api' });
});

afterAll(async () => {
	await platform.sim.close();
	await enterprise.close();
});

async function testCredential(data: Record<string, unknown>) {
	return await platform.harness.testCredential(SEQERA_NODE, 'seqeraApiConnectionTest', 'seqeraApi', data as never);
}

async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

describe('credential test button', () => {
	it('connects and names the user', async () => {
		expect(await testCredential(seqeraCredentials(platform.sim))).toEqual({ status: 'OK', message: 'Connected as ada-lovelace' });
	});

	it('works against an Enterprise base URL ending in /api', async () => {
		expect(await testCredential(seqeraCredentials(enterprise))).toEqual({ status: 'OK', message: 'Connected as ada-lovelace' });
	});

	it('says the token is bad or expired', async () => {
		const result = await testCredential(seqeraCredentials(platform.sim, { accessToken: 'expired-token' }));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^Bad or expired token: .*Your tokens/);
	});

	it('says the base URL is wrong when an Enterprise URL misses /api', async () => {
		const withoutApi = enterprise.baseUrl.replace(/\/api$/, '');
		const result = await testCredential(seqeraCredentials(enterprise, { baseUrl: withoutApi }));
		expect(result.status).toBe('Error');
		expect(result.message).toBe(
			`Wrong base URL or path: ${withoutApi} answered with a web page instead of JSON, so it is not the Seqera API. Enterprise installs serve the API at https://HOST/api: add /api to the base URL.`,
		);
	});

	it('says the base URL is wrong when the path does not exist', async () => {
		const result = await testCredential(seqeraCredentials(platform.sim, { baseUrl: `${platform.sim.baseUrl}/v2` }));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^Wrong base URL or path: .*\/v2 answered 403 to \/service-info/);
	});

	it('names a TLS problem when the certificate is not trusted', async () => {
		const result = await testCredential(seqeraCredentials(platform.sim, { allowUnauthorizedCerts: false }));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/^TLS problem: The TLS certificate of https:\/\/127\.0\.0\.1:\d+ is not trusted/);
		expect(result.message).toContain('Ignore SSL Issues');
	});

	it('names an unreachable host', async () => {
		const port = await closedPort();
		const result = await testCredential(seqeraCredentials(platform.sim, { baseUrl: `https://127.0.0.1:${port}/api` }));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(
			/^Host unreachable: Cannot reach https:\/\/127\.0\.0\.1:\d+\/api\. GET \/user-info found no server \(4 attempts\) \(ECONNREFUSED\)/,
		);
	});

	it('refuses plain HTTP before sending anything', async () => {
		const before = platform.sim.log.length;
		const result = await testCredential(seqeraCredentials(platform.sim, { baseUrl: platform.sim.baseUrl.replace('https:', 'http:') }));
		expect(result).toEqual({ status: 'Error', message: expect.stringMatching(/does not use HTTPS/) });
		expect(platform.sim.log.length).toBe(before);
	});
});

describe('the credential in a workflow', () => {
	it('is decrypted once per node execution, not once per item or call', async () => {
		const items = platform.sim.data
			.runsIn(GENOMICS)
			.slice(0, 30)
			.map((run) => ({ id: run.id }));
		const before = platform.sim.log.length;
		credentialReads.clear();

		const result = await platform.run(
			{
				resource: 'workflow',
				operation: 'get',
				workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				...workspaceParameter(GENOMICS),
			},
			{ items },
		);

		expect(result.error).toBeUndefined();
		expect(platform.json(result).map((item) => item.id)).toEqual(items.map((item) => item.id));
		expect(platform.sim.log.length - before).toBeGreaterThanOrEqual(items.length);
		expect(credentialReads.get('seqeraApi')).toBe(1);
	});
});
