import { Container } from '@n8n/di';
import { SsrfProtectionConfig } from '@n8n/config';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

import { type PoolTarget, sendPooled } from '../../nodes/Seqera/transport';
import { DEFAULT_TOKENS, hashToken } from '../../dev/simulator/server';
import { GENOMICS, TOKEN, usePlatform, workspaceParameter, type Platform } from './platform';

const platform = usePlatform();

const getRun = {
	resource: 'workflow',
	operation: 'get',
	workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	...workspaceParameter(GENOMICS),
};
const runItems = (count: number, on: Platform = platform) =>
	on.sim.data
		.runsIn(GENOMICS)
		.slice(0, count)
		.map((run) => ({ id: run.id }));
const tokenRequests = (on: Platform = platform) => on.sim.log.filter((entry) => entry.tokenHash === hashToken(TOKEN)).length;

/** An HTTP proxy that tunnels CONNECT requests, as corporate proxies do for HTTPS, and counts them. */
async function startConnectProxy(): Promise<{ url: string; tunnels: string[]; close: () => Promise<void> }> {
	const tunnels: string[] = [];
	const sockets = new Set<net.Socket>();
	const server = http.createServer((_request, response) => response.writeHead(405).end());
	server.on('connect', (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
		tunnels.push(request.url ?? '');
		const [host, port] = (request.url ?? '').split(':');
		const upstream = net.connect(Number(port), host, () => {
			client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
			upstream.write(head);
			upstream.pipe(client);
			client.pipe(upstream);
		});
		for (const socket of [client, upstream]) {
			sockets.add(socket);
			socket.on('error', () => undefined);
			socket.on('close', () => sockets.delete(socket));
		}
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		tunnels,
		close: async () => {
			for (const socket of sockets) socket.destroy();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

/** Runs `use` with these environment variables set, then puts the environment back as it was. */
async function withEnv<T>(variables: Record<string, string>, use: () => Promise<T>): Promise<T> {
	const before = Object.fromEntries(Object.keys(variables).map((name) => [name, process.env[name]]));
	Object.assign(process.env, variables);
	try {
		return await use();
	} finally {
		for (const [name, value] of Object.entries(before)) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	}
}

describe('kept connections', () => {
	// Idle connections kept 30 s, as load balancers in front of an install keep them: a busy machine's pause between the two
	// executions cannot then outlast them, so every call of the second has a kept connection to go out on.
	const patient = usePlatform({ keepAliveTimeoutMs: 30_000 });

	it('an execution keeps its connections, far fewer than its calls, and the next execution goes out on them', async () => {
		const tokenHash = hashToken(TOKEN);
		const before = { requests: tokenRequests(patient), connections: patient.sim.connectionsOf(tokenHash) };
		const first = await patient.run(getRun, { items: runItems(60, patient) });
		expect(first.error).toBeUndefined();
		const afterFirst = { requests: tokenRequests(patient), connections: patient.sim.connectionsOf(tokenHash) };
		expect(afterFirst.requests - before.requests).toBe(60);
		// At most one per call in flight at once (twice the per-second limit), however many items.
		expect(afterFirst.connections - before.connections).toBeLessThanOrEqual(40);

		const lastOfFirst = Math.max(...patient.sim.log.map((entry) => entry.connection));
		const second = await patient.run(getRun, { items: runItems(5, patient) });
		expect(second.error).toBeUndefined();
		const calls = patient.sim.log.slice(-5);
		expect(tokenRequests(patient) - afterFirst.requests).toBe(5);
		expect(calls.filter((entry) => entry.connection <= lastOfFirst)).toHaveLength(5);
		expect(patient.sim.connectionsOf(tokenHash)).toBe(afterFirst.connections);
	});
});

describe('which calls go out on a kept connection', () => {
	let pools = 0;
	const freshPool = (): PoolTarget => ({
		baseUrl: platform.sim.baseUrl,
		tokenKey: `pool-of-test-${++pools}`,
		allowUnauthorizedCerts: true,
		maxIdleConnections: 4,
	});
	// Sent straight on a pool, outside the budget: with a token of their own, which the other tests leave alone.
	const userInfo = () => ({
		url: `${platform.sim.baseUrl}/user-info`,
		method: 'GET' as const,
		headers: { Authorization: `Bearer ${DEFAULT_TOKENS[1]}` },
		timeout: 10_000,
	});

	it('once a call is answered, the next goes out on its connection', async () => {
		const pool = freshPool();
		expect((await sendPooled(pool, userInfo(), true)).statusCode).toBe(200);
		const opened = platform.sim.connections().opened;
		expect((await sendPooled(pool, userInfo(), true)).statusCode).toBe(200);
		expect(platform.sim.connections().opened).toBe(opened);
	});

	it('a call is told sent once, after it is handed to the connection and before its answer, on a new connection and on a kept one', async () => {
		const pool = freshPool();
		for (const connection of ['new', 'kept']) {
			const sentCalls: string[] = [];
			const sending = sendPooled(pool, userInfo(), true, { sent: () => sentCalls.push(connection) });
			// Node writes the request on a later turn of the event loop: not yet.
			expect(sentCalls).toEqual([]);
			expect((await sending).statusCode).toBe(200);
			expect(sentCalls).toEqual([connection]);
		}
	});
});

/**
 * n8n 1.x's request helper does not apply the credential's Ignore SSL Issues through a proxy from its
 * environment, so there the simulator's self-signed certificate is refused through the proxy, for this
 * node as for any other: the calls do go to the proxy, as the test below on n8n 2.x shows.
 */
const n8nMajor = Number((require('n8n-core/package.json') as { version: string }).version.split('.')[0]);
const describeWhereN8nProxiesWithIgnoreSsl = n8nMajor >= 2 ? describe : describe.skip;

describeWhereN8nProxiesWithIgnoreSsl('calls through n8n proxy settings', () => {
	it('with HTTPS_PROXY set, every call goes through the proxy and is answered', async () => {
		const proxy = await startConnectProxy();
		try {
			const result = await withEnv({ HTTPS_PROXY: proxy.url }, async () => await platform.run(getRun, { items: runItems(3) }));
			expect(result.error).toBeUndefined();
			expect(platform.json(result)).toHaveLength(3);
			const simulatorHost = new URL(platform.sim.baseUrl).host;
			expect(proxy.tunnels.length).toBeGreaterThanOrEqual(3);
			expect(new Set(proxy.tunnels)).toEqual(new Set([simulatorHost]));
		} finally {
			await proxy.close();
		}
	});

	it('NO_PROXY naming the platform keeps its calls off the proxy', async () => {
		const proxy = await startConnectProxy();
		try {
			const { hostname } = new URL(platform.sim.baseUrl);
			const result = await withEnv(
				{ HTTPS_PROXY: proxy.url, NO_PROXY: `example.org, ${hostname}` },
				async () => await platform.run(getRun, { items: runItems(2) }),
			);
			expect(result.error).toBeUndefined();
			expect(proxy.tunnels).toEqual([]);
		} finally {
			await proxy.close();
		}
	});
});

// n8n 1.x has no SSRF protection (no such setting in its config): there, nothing is checked, as in n8n's own helper.
const describeWhereN8nHasSsrfProtection = (SsrfProtectionConfig as unknown) === undefined ? describe.skip : describe;

describeWhereN8nHasSsrfProtection("n8n's SSRF protection", () => {
	// Read in the tests: a skipped block's body still runs, where n8n 1.x has no such setting.
	const ssrf = () => Container.get(SsrfProtectionConfig);
	afterEach(() => {
		ssrf().enabled = false;
	});

	it('where it is on and the platform address is blocked, the call fails naming the host, and nothing is sent', async () => {
		ssrf().enabled = true;
		const before = tokenRequests();
		const result = await platform.run(getRun, { items: runItems(1) });
		expect(result.error?.message).toBe(`n8n's SSRF protection does not allow calls to ${new URL(platform.sim.baseUrl).host}`);
		expect((result.error as { description?: string }).description).toContain('N8N_SSRF_ALLOWED_HOSTNAMES');
		expect(tokenRequests()).toBe(before);
	});
});
