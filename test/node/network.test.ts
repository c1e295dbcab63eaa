import { sendPooled, SlidingWindow } from '../../nodes/Seqera/transport';
import { around, DEFAULT_TOKENS, hashToken, type NetworkProfile } from '../../dev/simulator/server';
import { GENOMICS, TOKEN, expectContractKept, startPlatform, workspaceParameter, type Platform } from './platform';

/**
 * The budget over a network that delays every byte each way, handshakes included: the simulator
 * counts a call when its request arrives, as the platform does. Legs of 160-240 ms vary by 80 ms,
 * more than the 50 ms between two starts, and a call that opens a connection first pays two more
 * round trips, so a rule that charged only starts would let arrivals bunch past 20 in a second.
 */
const JITTERY: NetworkProfile = {
	inbound: around(200, 40),
	outbound: around(200, 40),
	processing: { minMs: 0, maxMs: 300 },
};
const ITEMS = 200;

const getRun = {
	resource: 'workflow',
	operation: 'get',
	workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	...workspaceParameter(GENOMICS),
};

/** One execution of ITEMS Workflow → Get items; what the user gets and what the platform counted. */
async function getRunsOver(platform: Platform): Promise<{ ids: unknown[]; expected: string[]; maxPerSecond: number; refused: number }> {
	const runs = platform.sim.data.runsIn(GENOMICS).map((run) => run.id);
	const expected = Array.from({ length: ITEMS }, (_, index) => runs[index % runs.length]);
	const result = await platform.run(getRun, { items: expected.map((id) => ({ id })) });
	expect(result.error).toBeUndefined();
	const tokenCalls = platform.sim.log.filter((entry) => entry.tokenHash === hashToken(TOKEN));
	return {
		ids: platform.json(result).map((run) => run.id),
		expected,
		maxPerSecond: platform.sim.maxCallsInAnySlidingSecond(hashToken(TOKEN)),
		refused: tokenCalls.filter((entry) => entry.status === 429).length,
	};
}

describe('a network that delays and jitters each leg', () => {
	let platform: Platform;

	// A new simulator per test is also a new base URL, so each test starts with a token budget that
	// has measured nothing yet.
	beforeEach(async () => {
		platform = await startPlatform({ network: JITTERY });
	});

	afterEach(async () => {
		jest.restoreAllMocks();
		expectContractKept(platform.sim);
		await platform.sim.close();
	});

	it('one execution of 200 items: no sliding second receives more than 20 arrivals, no 429, every item comes out', async () => {
		const { ids, expected, maxPerSecond, refused } = await getRunsOver(platform);
		expect(ids).toEqual(expected);
		expect(refused).toBe(0);
		expect(maxPerSecond).toBeLessThanOrEqual(20);
	});

	it('a rule that charges starts only lets arrivals bunch past the limit, so the test above can fail', async () => {
		// Every call, on an open connection or a new one, is taken as sent as it starts, with no bound.
		const tryAcquire = SlidingWindow.prototype.tryAcquire;
		jest.spyOn(SlidingWindow.prototype, 'tryAcquire').mockImplementation(function (this: SlidingWindow, now: number) {
			const admission = tryAcquire.call(this, now, 0);
			if (admission.admitted) this.sent(admission.ticket, now);
			return admission;
		});
		const { ids, expected, maxPerSecond, refused } = await getRunsOver(platform);
		// The items still come out (429s are retried), but the platform saw too many in a second.
		expect(ids).toEqual(expected);
		expect(maxPerSecond).toBeGreaterThan(20);
		expect(refused).toBeGreaterThan(0);
	});

	it('with the event loop stalling 60 ms every 250 ms between starts and the wire, still no second over 20', async () => {
		const stalls = setInterval(() => {
			const until = Date.now() + 60;
			while (Date.now() < until);
		}, 250);
		try {
			const { ids, expected, maxPerSecond, refused } = await getRunsOver(platform);
			expect(ids).toEqual(expected);
			expect(refused).toBe(0);
			expect(maxPerSecond).toBeLessThanOrEqual(20);
		} finally {
			clearInterval(stalls);
		}
	});

	it("a call is told sent when its request leaves, after a new connection's handshakes: it arrives one leg later", async () => {
		const pool = {
			baseUrl: platform.sim.baseUrl,
			tokenKey: 'sent-over-the-network',
			allowUnauthorizedCerts: true,
			maxIdleConnections: 1,
		};
		const request = {
			url: `${platform.sim.baseUrl}/user-info`,
			method: 'GET' as const,
			headers: { Authorization: `Bearer ${DEFAULT_TOKENS[1]}` },
		};
		for (const connection of ['new', 'kept']) {
			const began = performance.now();
			let sentAt = NaN;
			const logged = platform.sim.log.length;
			const answer = await sendPooled(pool, request, true, { sent: () => (sentAt = performance.now()) });
			expect(answer.statusCode).toBe(200);
			const arrivedAt = platform.sim.log[logged].at;
			// A new connection's TCP and TLS round trips come first, each at least 2 × 160 ms.
			if (connection === 'new') expect(sentAt - began).toBeGreaterThanOrEqual(640);
			// From sent, one leg of 160-240 ms to the platform; told sent at its start, a new connection's call
			// would arrive 800 ms or more later (its handshakes, then the leg), and told sent at its answer,
			// before. 600 ms leaves a busy machine's timers 360 ms over the longest leg, and the start 200 ms
			// under the bound.
			expect(arrivedAt - sentAt).toBeGreaterThanOrEqual(100);
			expect(arrivedAt - sentAt).toBeLessThanOrEqual(600);
		}
	});
});
