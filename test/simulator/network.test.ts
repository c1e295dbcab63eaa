import https from 'node:https';
import { DelayRolls, NETWORK_PROFILES, Network, around, type Spread } from '../../dev/simulator/network';
import { hashToken, startSimulator, type LoggedRequest, type Simulator } from '../../dev/simulator/server';
import { sleep, until } from '../../dev/until';
import { ALPHA, BETA, call, get, stop } from './testClient';

const fixed = (ms: number): Spread => ({ minMs: ms, maxMs: ms });
/** Node timers can fire about a millisecond before their time as performance.now() sees it. */
const EARLY_MS = 2;

describe('network profiles', () => {
	it('spreads around a time, never below 0', () => {
		expect(around(100, 20)).toEqual({ minMs: 80, maxMs: 120 });
		expect(around(10, 30)).toEqual({ minMs: 0, maxMs: 40 });
	});

	it('has lan, wan and far', () => {
		expect(NETWORK_PROFILES).toEqual({
			lan: {},
			wan: { inbound: { minMs: 80, maxMs: 120 }, outbound: { minMs: 80, maxMs: 120 }, processing: { minMs: 20, maxMs: 300 } },
			far: { inbound: { minMs: 200, maxMs: 300 }, outbound: { minMs: 200, maxMs: 300 }, processing: { minMs: 50, maxMs: 800 } },
		});
	});

	it('draws the same delays for the same seed, each within its spread', () => {
		const profile = { ...NETWORK_PROFILES.far, processingByRoute: { 'GET /workflow': fixed(5) } };
		const draws = (seed: number) => {
			const network = new Network(profile, new DelayRolls(seed));
			return Array.from({ length: 50 }, (_, i) => [
				network.inboundMs(),
				network.outboundMs(),
				network.drawProcessing()(i % 2 ? 'GET /workflow' : 'GET /user-info'),
			]);
		};
		const sameSeed = draws(7);
		expect(draws(7)).toEqual(sameSeed);
		expect(draws(8)).not.toEqual(sameSeed);

		const network = new Network(profile, new DelayRolls(7));
		const many = Array.from({ length: 200 }, () => ({
			inboundMs: network.inboundMs(),
			outboundMs: network.outboundMs(),
			processingMs: network.drawProcessing(),
		}));
		const within = (ms: number, { minMs, maxMs }: Spread) => ms >= minMs && ms <= maxMs;
		expect(many.every((d) => within(d.inboundMs, profile.inbound!) && within(d.outboundMs, profile.outbound!))).toBe(true);
		expect(many.every((d) => within(d.processingMs('GET /user-info'), profile.processing!))).toBe(true);
		expect(many.every((d) => within(d.processingMs(undefined), profile.processing!))).toBe(true);
		expect(many.every((d) => d.processingMs('GET /workflow') === 5)).toBe(true);
		// Not all alike: the delays really are spread.
		expect(new Set(many.map((d) => Math.round(d.inboundMs))).size).toBeGreaterThan(20);
	});

	it('draws each kind of delay on its own, so how bytes are cut into chunks leaves the processing times alone', () => {
		const processingTimes = (chunksBetween: number) => {
			const network = new Network(NETWORK_PROFILES.wan, new DelayRolls(3));
			return Array.from({ length: 20 }, () => {
				for (let chunk = 0; chunk < chunksBetween; chunk++) network.inboundMs();
				return network.drawProcessing()(undefined);
			});
		};
		expect(processingTimes(5)).toEqual(processingTimes(1));
	});

	it('refuses reversed or negative spreads', () => {
		const rolls = new DelayRolls(1);
		expect(() => new Network({ inbound: { minMs: 20, maxMs: 10 } }, rolls)).toThrow(/inbound/);
		expect(() => new Network({ processingByRoute: { 'GET /workflow': { minMs: -1, maxMs: 10 } } }, rolls)).toThrow(/GET \/workflow/);
	});
});

describe('simulator on a network', () => {
	let sim: Simulator;

	beforeEach(async () => {
		sim = await startSimulator({ validateContract: false });
	});

	afterEach(() => stop(sim));

	/** The request just answered, when requests go one at a time. */
	const lastEntry = (): LoggedRequest => sim.log[sim.log.length - 1];

	/** GETs with token alpha on `agent`, timed from just before the request is written until its answer has arrived. */
	const timedGets =
		(agent: https.Agent) =>
		(path: string): Promise<{ status: number; sentAt: number; ms: number }> =>
			new Promise((resolve, reject) => {
				const sentAt = performance.now();
				https
					.get(
						sim.baseUrl + path,
						{ agent, headers: { Authorization: `Bearer ${ALPHA}`, 'Accept-Version': '1' } },
						(response) => {
							response.resume();
							response.on('end', () => resolve({ status: response.statusCode ?? 0, sentAt, ms: performance.now() - sentAt }));
						},
					)
					.on('error', reject);
			});

	it("costs a new connection its TCP and TLS round trips before its request's own, and a kept-alive one only the request's", async () => {
		// Legs of 500 ms, so a round trip more or less is a second, which no busy machine adds.
		sim.setNetwork({ inbound: fixed(500), outbound: fixed(500), processing: fixed(50) });
		const keptAlive = new https.Agent({ keepAlive: true, ca: sim.certPem });
		try {
			const getKeptAlive = timedGets(keptAlive);
			const cold = await getKeptAlive('/user-info');
			const coldEntry = lastEntry();
			const warm = await getKeptAlive('/user-info');
			const warmEntry = lastEntry();
			expect([cold.status, warm.status]).toEqual([200, 200]);

			// Three round trips of a second (TCP, TLS 1.3, the request) and 50 ms of processing: not four, which
			// would take 4050 ms; the 900 ms between is a margin no busy machine takes up.
			expect(cold.ms).toBeGreaterThanOrEqual(3050 - EARLY_MS);
			expect(cold.ms).toBeLessThan(3950);
			// One round trip, on the same connection: no handshakes again.
			expect(warm.ms).toBeGreaterThanOrEqual(1050 - EARLY_MS);
			expect(warmEntry.connection).toBe(coldEntry.connection);
			// The platform sees a request when its bytes arrive: after both handshakes and its inbound leg, or that leg alone.
			expect(coldEntry.at - cold.sentAt).toBeGreaterThanOrEqual(2500 - EARLY_MS);
			expect(warmEntry.at - warm.sentAt).toBeGreaterThanOrEqual(500 - EARLY_MS);
			expect(sim.connections()).toEqual({ opened: 1, requests: 2 });
			expect(sim.connectionsOf(hashToken(ALPHA))).toBe(1);
		} finally {
			keptAlive.destroy();
		}

		// A client that opens a connection per call pays the handshakes every time.
		sim.setNetwork({ inbound: fixed(100), outbound: fixed(100), processing: fixed(50) });
		const perCall = new https.Agent({ keepAlive: false, ca: sim.certPem });
		const again = await timedGets(perCall)('/user-info');
		expect(again.ms).toBeGreaterThanOrEqual(650 - EARLY_MS);
		expect(lastEntry().connection).not.toBe(sim.log[0].connection);
		expect(sim.connections()).toEqual({ opened: 2, requests: 3 });
		expect(sim.connectionsOf(hashToken(ALPHA))).toBe(2);
		expect(sim.connectionsOf(hashToken(BETA))).toBe(0);
	});

	it('keeps the order of the bytes of a large request and a large answer, each chunk delayed on its own', async () => {
		const list = '/workflow?workspaceId=138659136604200&max=100';
		const onLoopback = await get(sim, list);
		sim.setNetwork({ inbound: { minMs: 0, maxMs: 40 }, outbound: { minMs: 0, maxMs: 40 } });

		// Hundreds of kilobytes go as many TLS records: one out of order and the connection fails.
		const body = { items: Array.from({ length: 20_000 }, (_, index) => `item-${index}`) };
		const posted = await call(sim, 'POST', '/workflow/launch?workspaceId=138659136604200', { body });
		expect(posted.status).toBe(400);
		expect(lastEntry().body).toEqual(body);

		const listed = await get(sim, list);
		expect(listed.status).toBe(200);
		// Running runs' durations grow between the two lists; which runs, and in which order, do not.
		const runIds = (json: unknown) =>
			(json as { workflows: Array<{ workflow: { id: string } }> }).workflows.map((entry) => entry.workflow.id);
		expect(runIds(listed.json)).toEqual(runIds(onLoopback.json));
		expect(runIds(listed.json)).toHaveLength(64);
		expect(listed.text.length).toBeGreaterThan(50_000);
	});

	it('counts a call when it arrives, after the inbound delay', async () => {
		// A full second's worth of calls on loopback...
		const burst = await Promise.all(Array.from({ length: 20 }, () => get(sim, '/user-info')));
		expect(burst.every((reply) => reply.status === 200)).toBe(true);
		const lastAdmitted = Math.max(...sim.log.map((entry) => entry.at));

		// ...then one more sent half a second later that takes 600 ms to arrive: by then the window has slid past the burst.
		sim.setNetwork({ inbound: fixed(600) });
		// The half second is the case: the window slides on the simulator's own clock, which no test drives.
		await sleep(lastAdmitted + 500 - performance.now());
		const late = await get(sim, '/user-info');
		const entry = lastEntry();
		expect(entry.at - late.sentAt).toBeGreaterThanOrEqual(600 - EARLY_MS);
		expect(late.status).toBe(200);
		expect(sim.maxCallsInAnySlidingSecond(hashToken(ALPHA))).toBe(20);
	});

	it('spreads the arrivals of a burst, so fewer calls are refused than on loopback', async () => {
		// On loopback 25 calls at once get 5 refusals (see simulator.test.ts); spread over 2 s they mostly arrive in time.
		sim.setNetwork({ inbound: { minMs: 0, maxMs: 2000 } });
		const replies = await Promise.all(Array.from({ length: 25 }, () => get(sim, '/user-info')));
		// Sent together: the 25 requests are made in one turn of the event loop, which takes milliseconds;
		// the spread the test is about is the network's 2 s, four times this bound.
		const sentWithin = Math.max(...replies.map((r) => r.sentAt)) - Math.min(...replies.map((r) => r.sentAt));
		expect(sentWithin).toBeLessThan(500);
		expect(replies.filter((r) => r.status === 429).length).toBeLessThan(5);
		expect(sim.maxCallsInAnySlidingSecond()).toBeLessThan(25);
		// The log is in arrival order: what the platform saw, not what the client sent.
		const arrivals = sim.log.map((entry) => entry.at);
		expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
		expect(arrivals[arrivals.length - 1] - arrivals[0]).toBeGreaterThan(1000);
	});

	it('takes the processing time of the route once the call is admitted', async () => {
		sim.setNetwork({
			processing: fixed(60),
			processingByRoute: { 'GET /user-info': fixed(250), 'GET /workflow/{workflowId}': fixed(150) },
		});
		const timeOf = async (path: string) => {
			const reply = await get(sim, path);
			const entry = lastEntry();
			expect(entry.path).toBe(path.replace(/\?.*/, ''));
			return { reply, drawn: entry.processingMs, processing: entry.answeredAt! - entry.at };
		};

		const userInfo = await timeOf('/user-info');
		expect(userInfo.reply.status).toBe(200);
		expect(userInfo.drawn).toBe(250);
		expect(userInfo.processing).toBeGreaterThanOrEqual(250 - EARLY_MS);
		expect(userInfo.reply.receivedAt - userInfo.reply.sentAt).toBeGreaterThanOrEqual(250 - EARLY_MS);

		// A route with a path parameter, even one that answers 403.
		const run = await timeOf('/workflow/noSuchRun1?workspaceId=138659136604200');
		expect(run.reply.status).toBe(403);
		expect(run.drawn).toBe(150);
		expect(run.processing).toBeGreaterThanOrEqual(150 - EARLY_MS);

		const other = await timeOf('/service-info');
		expect(other.drawn).toBe(60);
		expect(other.processing).toBeGreaterThanOrEqual(60 - EARLY_MS);
	});

	it('refuses a route the simulator does not have in processingByRoute', async () => {
		expect(() => sim.setNetwork({ processingByRoute: { 'GET /workflows': fixed(1) } })).toThrow(/GET \/workflows/);
		await expect(
			startSimulator({ validateContract: false, network: { processingByRoute: { '/user-info': fixed(1) } } }),
		).rejects.toThrow(/\/user-info/);
	});

	it('delays every answer on its way back by the outbound delay', async () => {
		sim.setNetwork({ outbound: fixed(200) });
		const reply = await get(sim, '/user-info');
		const entry = lastEntry();
		expect(reply.status).toBe(200);
		// The platform took no time of its own: the delay is all on the way back.
		expect(entry.processingMs).toBe(0);
		expect(reply.receivedAt - entry.answeredAt!).toBeGreaterThanOrEqual(200 - EARLY_MS);

		sim.addFault({ kind: 'status', status: 503 });
		const fault = await get(sim, '/user-info');
		expect(fault.status).toBe(503);
		expect(fault.receivedAt - fault.sentAt).toBeGreaterThanOrEqual(200 - EARLY_MS);

		sim.addFault({ kind: 'drop' });
		const sentAt = performance.now();
		await expect(get(sim, '/user-info')).rejects.toThrow();
		expect(performance.now() - sentAt).toBeGreaterThanOrEqual(200 - EARLY_MS);
	});

	it('answers a 429 and a 403 for a bad token without processing time, but after the outbound delay', async () => {
		await stop(sim);
		sim = await startSimulator({ validateContract: false, perSecond: 1, network: { processing: fixed(300), outbound: fixed(100) } });

		const admitted = await get(sim, '/user-info');
		expect(admitted.status).toBe(200);
		expect(admitted.receivedAt - admitted.sentAt).toBeGreaterThanOrEqual(400 - EARLY_MS);

		for (const [token, status] of [
			[undefined, 429],
			['not-a-token', 403],
		] as const) {
			const reply = await get(sim, '/user-info', { token });
			const entry = lastEntry();
			expect(reply.status).toBe(status);
			expect(entry.processingMs).toBeUndefined();
			expect(reply.receivedAt - reply.sentAt).toBeGreaterThanOrEqual(100 - EARLY_MS);
		}
	});

	it('goes back to loopback with setNetwork(undefined)', async () => {
		sim.setNetwork({ inbound: fixed(1000), processing: fixed(150), outbound: fixed(1000) });
		const slow = await get(sim, '/user-info');
		expect(slow.receivedAt - slow.sentAt).toBeGreaterThanOrEqual(2150 - EARLY_MS);

		sim.setNetwork(undefined);
		const fast = await get(sim, '/user-info');
		expect(lastEntry().processingMs).toBeUndefined();
		// Neither leg of a second: half of one is a margin no busy machine takes up.
		expect(lastEntry().at - fast.sentAt).toBeLessThan(500);
		expect(fast.receivedAt - fast.sentAt).toBeLessThan(1000);
	});

	it('closes at once while requests wait on the network, and answers none of them', async () => {
		sim.setNetwork({ processingByRoute: { 'GET /user-info': fixed(3000) }, outbound: fixed(3000) });
		const inProcessing = get(sim, '/user-info');
		const onTheWayBack = get(sim, '/service-info');
		await until(
			'both calls arrived, /service-info answered',
			() => sim.log.length >= 2 && !sim.log.some((entry) => entry.path === '/service-info' && entry.answeredAt === undefined),
			10_000,
			{ everyMs: 5 },
		);
		// The answer's bytes may still be entering the path: they take the outbound delay in force then.
		sim.setNetwork({ inbound: fixed(3000), outbound: fixed(3000) });
		const onTheWayIn = get(sim, '/user-info?late=1');
		const pending = [inProcessing, onTheWayBack, onTheWayIn];
		pending.forEach((p) => p.catch(() => undefined));
		// Nothing marks a call held on its way in: wait as long as one that was not held would take to arrive, then look.
		await sleep(50);
		expect(sim.log.map((entry) => entry.path).sort()).toEqual(['/service-info', '/user-info']);

		const closing = performance.now();
		await sim.close();
		// Not after the 3 s delays: half of one is a margin no busy machine takes up.
		expect(performance.now() - closing).toBeLessThan(1500);
		for (const request of pending) await expect(request).rejects.toThrow();

		// Past every delay: nothing went on once closed. Nothing marks what does not happen: wait past the
		// 3 s delays, then look.
		await sleep(closing + 3100 - performance.now());
		expect(sim.log).toHaveLength(2);
		expect(sim.log.find((entry) => entry.path === '/user-info')?.answeredAt).toBeUndefined();
	});
});
