import { hashToken } from '../../dev/simulator/server';
import { GENOMICS, TOKEN, runParameter, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 60_000 });

afterEach(() => platform.sim.clearFaults());

const getRun = {
	resource: 'workflow',
	operation: 'get',
	workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	...workspaceParameter(GENOMICS),
};
const launchHello = {
	resource: 'workflow',
	operation: 'launch',
	source: 'repository',
	pipeline: 'https://github.com/nextflow-io/hello',
	...workspaceParameter(GENOMICS),
};

function runItems(count: number) {
	return platform.sim.data
		.runsIn(GENOMICS)
		.slice(0, count)
		.map((run) => ({ id: run.id }));
}

function sentSince(before: number) {
	return platform.sim.log.slice(before);
}

describe('429 and Retry-After', () => {
	it('pauses every caller of the token for Retry-After, then retries; no item is lost', async () => {
		const items = runItems(30);
		platform.sim.addFault({ method: 'GET', path: /^\/workflow\/\w+$/, kind: 'rateLimit', retryAfterSeconds: 1, times: 2 });
		const before = platform.sim.log.length;
		const result = await platform.run(getRun, { items });

		expect(result.error).toBeUndefined();
		expect(result.outputs[0].map((item) => item.json.id)).toEqual(items.map((item) => item.id));
		const sent = sentSince(before);
		const refused = sent.filter((entry) => entry.status === 429);
		expect(refused).toHaveLength(2);
		expect(sent.filter((entry) => entry.status === 200)).toHaveLength(items.length);
		// The client pauses the token once it has read the last 429, a second from then. Calls it had let go
		// before that still arrive within the second: on a quiet machine none, on a busy one a few, since
		// the process the client and the simulator share may take a while to read the answer, and a call let
		// go may wait for a connection's handshakes. Without a pause the other items would go on 50 ms apart,
		// about 20 of them within the second. At most 10 allows 500 ms of calls let go before the client
		// acted on the 429; the failures this replaces saw 2.
		const lastRefusal = Math.max(...refused.map((entry) => entry.answeredAt ?? entry.at));
		const afterRefusal = sent.filter((entry) => entry.at > lastRefusal);
		// 5 ms for the pause's clock (Date.now, whole ms) against the simulator's (performance.now).
		const waited = afterRefusal.filter((entry) => entry.at >= lastRefusal + 995);
		expect(afterRefusal.length - waited.length).toBeLessThanOrEqual(10);
		const retried = refused.map((entry) => entry.path);
		expect(waited.map((entry) => entry.path)).toEqual(expect.arrayContaining(retried));
	});

	it('retries a refused launch: a 429 means the platform did nothing, and the run is launched once', async () => {
		platform.sim.addFault({ method: 'POST', path: /^\/workflow\/launch$/, kind: 'rateLimit', retryAfterSeconds: 1 });
		const launches = platform.sim.data.launches.length;
		const result = await platform.run(launchHello);
		expect(result.error).toBeUndefined();
		expect(platform.sim.data.launches.length).toBe(launches + 1);
		expect(platform.json(result)[0].workflowId).toBe(platform.sim.data.launches[launches].workflowId);
	});

	it('gives up after a bounded number of attempts and says so', async () => {
		platform.sim.addFault({ method: 'GET', path: /^\/workflow\/\w+$/, kind: 'rateLimit', retryAfterSeconds: 1, times: Infinity });
		const before = platform.sim.log.length;
		const result = await platform.run(getRun, { items: runItems(1) });
		expect(sentSince(before)).toHaveLength(4);
		expect(result.error).toMatchObject({
			httpCode: '429',
			message: 'Rate limit reached: the platform still refused the call after 4 attempts',
		});
		expect((result.error as { description?: string }).description).toContain('The platform asked to wait 1 s');
	});
});

describe('server errors and lost connections', () => {
	it('retries a read after 503 and returns the run', async () => {
		platform.sim.addFault({ method: 'GET', path: /^\/workflow\/\w+$/, kind: 'status', status: 503, times: 2 });
		const before = platform.sim.log.length;
		const result = await platform.run(getRun, { items: runItems(1) });
		expect(result.error).toBeUndefined();
		expect(sentSince(before).map((entry) => entry.status)).toEqual([503, 503, 200]);
	});

	it('never sends a launch twice after a 502, and tells the user to check the runs list', async () => {
		platform.sim.addFault({ method: 'POST', path: /^\/workflow\/launch$/, kind: 'status', status: 502 });
		const before = platform.sim.log.length;
		const result = await platform.run(launchHello);
		expect(sentSince(before).filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(result.error).toMatchObject({ httpCode: '502' });
		expect((result.error as { description?: string }).description).toContain(
			'It was not sent again because the platform may have carried it out',
		);
	});

	it('never sends a launch twice when the connection drops', async () => {
		platform.sim.addFault({ method: 'POST', path: /^\/workflow\/launch$/, kind: 'drop' });
		const before = platform.sim.log.length;
		const result = await platform.run(launchHello);
		expect(sentSince(before).filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(result.error).toMatchObject({ httpCode: 'CONNECTION_DROPPED' });
		expect((result.error as { description?: string }).description).toContain('check (for a launch, the runs list) before trying again');
	});
});

describe('budgets per token', () => {
	it("gives two tokens a budget each: together they exceed one token's 20 calls per second, each stays within it", async () => {
		const items = runItems(40);
		const before = platform.sim.log.length;
		const [alpha, beta] = await Promise.all([
			platform.run(getRun, { items }),
			platform.run(getRun, { items, credentialOverrides: { accessToken: 'sim-token-beta' } }),
		]);
		expect(alpha.error).toBeUndefined();
		expect(beta.error).toBeUndefined();
		expect(sentSince(before).filter((entry) => entry.status === 429)).toHaveLength(0);
		expect(platform.sim.maxCallsInAnySlidingSecond(hashToken(TOKEN))).toBeLessThanOrEqual(20);
		expect(platform.sim.maxCallsInAnySlidingSecond(hashToken('sim-token-beta'))).toBeLessThanOrEqual(20);
		expect(platform.sim.maxCallsInAnySlidingSecond()).toBeGreaterThan(25);
	});

	it('stops waiting as soon as the execution is cancelled', async () => {
		platform.sim.addFault({ method: 'GET', path: /^\/workflow\/\w+$/, kind: 'rateLimit', retryAfterSeconds: 60 });
		// Cancelled once the 429 has left the platform: the token then pauses for 60 s.
		const refused = platform.sim.logged((entry) => entry.status === 429, { answered: true });
		// Another token, so the 60 s pause does not hold up the other tests.
		const result = await platform.run(getRun, {
			items: runItems(3),
			cancelWhen: refused,
			continueOnFail: true,
			credentialOverrides: { accessToken: 'sim-token-beta' },
		});
		expect(result.run.status).toBe('canceled');
		// The run did not sit out the 60 s pause. Half of it is a margin no busy machine takes up: a machine
		// running both test lanes delays a timer by well under a second.
		expect(performance.now() - result.cancelledAt!).toBeLessThan(30_000);
	});
});

it('a single run works after all of this', async () => {
	const run = platform.sim.data.runsIn(GENOMICS)[0];
	const result = await platform.run({ resource: 'workflow', operation: 'get', ...runParameter(run.id), ...workspaceParameter(GENOMICS) });
	expect(platform.json(result)[0].id).toBe(run.id);
});
