import type { ConnectionKind } from '../../nodes/Seqera/transport/admission';
import { JITTER_SHARE, SAFETY_MARGIN_MS } from '../../nodes/Seqera/transport/arrivalBound';
import { SlidingWindow, type WindowLimits, type WindowTicket } from '../../nodes/Seqera/transport/slidingWindow';
import { maxInAnyWindow } from '../../dev/simulator/rateLimiter';

/** Asks at `now` for a warm call with no arrival bound unless given; the wait, or 0 once admitted. */
function ask(window: SlidingWindow, now: number, boundMs = Infinity, connection: ConnectionKind = 'warm'): number {
	const admission = window.tryAcquire(now, boundMs, connection);
	return admission.admitted ? 0 : admission.waitMs;
}

/**
 * The clock is passed in, so nothing here waits: `acquire` keeps asking, jumping to each answer, and
 * the call is answered at once.
 */
function acquire(window: SlidingWindow, now: number): number {
	let time = now;
	for (;;) {
		const admission = window.tryAcquire(time, Infinity, 'cold');
		if (admission.admitted) {
			window.settle(admission.ticket, time);
			return time;
		}
		time += admission.waitMs;
	}
}

function startAndAnswer(window: SlidingWindow, now: number): number {
	const admission = window.tryAcquire(now, Infinity, 'cold');
	if (admission.admitted) window.settle(admission.ticket, now);
	return admission.admitted ? 0 : admission.waitMs;
}

const T0 = 1_000_000_000;

describe('SlidingWindow', () => {
	it('spaces starts by spacingMs and says how long to wait', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 52 });
		expect(ask(window, T0)).toBe(0);
		expect(ask(window, T0)).toBe(52);
		expect(ask(window, T0 + 51)).toBe(1);
		expect(ask(window, T0 + 52)).toBe(0);
		// A late caller starts at once; the spacing counts from the latest start.
		expect(ask(window, T0 + 500)).toBe(0);
		expect(ask(window, T0 + 530)).toBe(22);
	});

	it('rounds a fractional wait up, so the next ask is never early', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 52 });
		ask(window, T0 + 0.5);
		expect(ask(window, T0 + 1)).toBe(52);
	});

	it('never admits more than maxCallsPerSecond in any sliding second', () => {
		// No spacing: only the window holds calls back.
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 0 });
		const starts: number[] = [];
		for (let call = 0; call < 20; call++) starts.push(acquire(window, T0 + call));
		expect(starts.at(-1)).toBe(T0 + 19);
		// The 21st waits until the first leaves the window (t - 1000, t].
		expect(ask(window, T0 + 20)).toBe(980);
		expect(ask(window, T0 + 999)).toBe(1);
		expect(ask(window, T0 + 1000)).toBe(0);
		for (let call = 0; call < 100; call++) starts.push(acquire(window, T0 + 1000 + call * 7));
		expect(maxInAnyWindow(starts, 1000)).toBe(20);
	});

	it('with the default spacing, 20 calls in a row take over a second and no burst is possible', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 52 });
		const starts = Array.from({ length: 21 }, () => acquire(window, T0));
		expect(starts[20] - starts[0]).toBe(20 * 52);
	});

	it('holds the hour limit, counting each start for an hour and the minute any call may take to arrive', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 10, maxCallsPerHour: 3, spacingMs: 0 });
		const hour = 3_600_000 + 60_000;
		expect([T0, T0 + 10, T0 + 20].map((time) => ask(window, time, 0))).toEqual([0, 0, 0]);
		expect(ask(window, T0 + 30, 0)).toBe(hour - 30);
		expect(ask(window, T0 + hour, 0)).toBe(0);
		// The second start (T0 + 10) is still inside the hour.
		expect(ask(window, T0 + hour + 1, 0)).toBe(9);
		expect(ask(window, T0 + hour + 10, 0)).toBe(0);
	});

	it('counts a warm or a cold start in the hour alike: a cold call has no bound', () => {
		for (const connection of ['warm', 'cold'] as const) {
			const window = new SlidingWindow({ maxCallsPerSecond: 10, maxCallsPerHour: 1, spacingMs: 0 });
			expect(ask(window, T0, 80, connection)).toBe(0);
			expect(ask(window, T0 + 3_600_000, 80)).toBe(60_000);
			expect(ask(window, T0 + 3_660_000, 80)).toBe(0);
		}
	});

	it('forgets starts older than an hour, even after many', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1000, maxCallsPerHour: 2000, spacingMs: 0 });
		for (let call = 0; call < 2000; call++) expect(startAndAnswer(window, T0 + call * 2)).toBe(0);
		// With no arrival bound a start counts for an hour and the minute a call may wait for its answer.
		expect(ask(window, T0 + 4000)).toBe(3_600_000 + 60_000 - 4000);
		for (let call = 0; call < 1500; call++) expect(startAndAnswer(window, T0 + 3_660_000 + call * 2)).toBe(0);
	});

	it('a pause holds every caller until it ends, and only ever grows', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 52 });
		window.pauseUntil(T0 + 3000);
		window.pauseUntil(T0 + 1000);
		expect(ask(window, T0)).toBe(3000);
		expect(ask(window, T0 + 2999)).toBe(1);
		expect(ask(window, T0 + 3000)).toBe(0);
	});

	it('follows new limits at once, keeping the starts it has seen', () => {
		const limits: WindowLimits = { maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 52 };
		const window = new SlidingWindow(limits);
		expect(startAndAnswer(window, T0)).toBe(0);
		window.setLimits({ maxCallsPerSecond: 1, maxCallsPerHour: 3600, spacingMs: 1002 });
		expect(ask(window, T0 + 52)).toBe(1002 - 52);
		window.setLimits({ ...limits, spacingMs: 0, maxCallsPerSecond: 2 });
		expect(startAndAnswer(window, T0 + 52)).toBe(0);
		// Two calls answered at T0 and T0 + 52: the first place frees at T0 + 1000.
		expect(ask(window, T0 + 60)).toBe(940);
	});

	it('with no arrival bound, counts a call from its start until a second after its answer', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 2, maxCallsPerHour: 1000, spacingMs: 0 });
		const first = window.tryAcquire(T0, Infinity, 'warm');
		expect(ask(window, T0)).toBe(0);
		// Both calls still wait for their answers: ask again soon.
		expect(ask(window, T0 + 3000)).toBe(5);
		if (first.admitted) window.settle(first.ticket, T0 + 3000);
		// Answered at T0 + 3000: its place frees a second later, however long ago it started.
		expect(ask(window, T0 + 3500)).toBe(500);
		expect(ask(window, T0 + 4000)).toBe(0);
	});

	it('with an arrival bound, a slow answer holds the place only until a second after the bound', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 2, maxCallsPerHour: 1000, spacingMs: 0 });
		expect(ask(window, T0, 60)).toBe(0);
		expect(ask(window, T0, 60)).toBe(0);
		// Neither is answered, but both have reached the platform by T0 + 60: their places free at T0 + 1060.
		expect(ask(window, T0 + 500, 60)).toBe(560);
		expect(ask(window, T0 + 1060, 60)).toBe(0);
	});

	it('a bound that grows (the event loop stalled) holds the calls already started longer too', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		expect(ask(window, T0, 20)).toBe(0);
		expect(ask(window, T0 + 1020, 20)).toBe(0);
		// A stall of 100 ms after this start: the next call asks with a bound of 120 ms, and the call
		// started at T0 + 1020 is held until T0 + 1020 + 120 + 1000.
		expect(ask(window, T0 + 2040, 120)).toBe(100);
	});

	it('a cold call holds its place until a second after its answer, whatever the bound', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		const cold = window.tryAcquire(T0, 60, 'cold');
		// A warm call would have arrived by T0 + 60 and freed its place at T0 + 1060; the cold one waits for its answer.
		expect(ask(window, T0 + 1060, 60)).toBe(5);
		expect(ask(window, T0 + 2500, 60)).toBe(5);
		if (cold.admitted) window.settle(cold.ticket, T0 + 2500);
		expect(ask(window, T0 + 3000, 60)).toBe(500);
		expect(ask(window, T0 + 3500, 60)).toBe(0);
	});

	it('a cold call whose connection is up holds its place until a second after its connection and the bound', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		const cold = window.tryAcquire(T0, 60, 'cold');
		if (!cold.admitted) throw new Error('not admitted');
		expect(ask(window, T0 + 1500, 60)).toBe(5);
		// Its handshakes took 600 ms: from then on it is a request leg like a warm call's.
		window.connected(cold.ticket, T0 + 600);
		expect(ask(window, T0 + 1500, 60)).toBe(160);
		expect(ask(window, T0 + 1660, 60)).toBe(0);
	});

	it('a later word of the same connection changes nothing: the leg began at the first', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		const cold = window.tryAcquire(T0, 60, 'cold');
		if (!cold.admitted) throw new Error('not admitted');
		window.connected(cold.ticket, T0 + 600);
		window.connected(cold.ticket, T0 + 900);
		expect(ask(window, T0 + 1600, 60)).toBe(60);
	});

	it('a cold call never answered holds its place for a minute at most', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		expect(ask(window, T0, 60, 'cold')).toBe(0);
		expect(ask(window, T0 + 60_000, 60)).toBe(5);
		expect(ask(window, T0 + 61_000, 60)).toBe(0);
	});

	it('an answer that comes back before the bound frees the place a second after the answer', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		const admission = window.tryAcquire(T0, 200, 'warm');
		if (!admission.admitted) throw new Error('not admitted');
		window.settle(admission.ticket, T0 + 3);
		expect(ask(window, T0 + 10, 200)).toBe(993);
	});
});

/**
 * The admission rule against a model of a network: each call reaches the platform `c + delta` after
 * it starts (the fastest leg `c`, a random delay `delta`), the platform takes a random time to
 * answer, and the answer takes a leg back. The platform's count is of arrivals.
 */
describe('SlidingWindow against arrivals on a jittery network', () => {
	function seeded(seed: number): () => number {
		let state = seed >>> 0;
		return () => {
			state = (state + 0x6d2b79f5) >>> 0;
			let t = state;
			t = Math.imul(t ^ (t >>> 15), t | 1);
			t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
			return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
		};
	}

	interface Network {
		seed: number;
		boundMs: number;
		jitterMs: number;
		calls?: number;
		inFlight?: number;
		/** The share of calls that open their connection: two or three round trips of handshakes first. */
		coldShare?: number;
		/** The kind a cold call is admitted as: 'warm' models a rule that bounds every call alike. */
		coldAdmittedAs?: ConnectionKind;
		/** Whether a cold call tells the window when its handshakes are done (connectionPool.ts does). */
		coldTellsConnected?: boolean;
	}

	/** Runs `calls` calls, `inFlight` at a time, and returns the arrival times and the span of the run. */
	function run(network: Network): { arrivals: number[]; spanMs: number } {
		const { seed, boundMs, jitterMs, calls = 600, inFlight = 40, coldShare = 0, coldAdmittedAs = 'cold', coldTellsConnected = false } = network;
		const random = seeded(seed);
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 50 });
		const fastestLegMs = 80;
		const leg = () => fastestLegMs + random() * jitterMs;
		const arrivals: number[] = [];
		// Each slot of the pool asks again when its previous call is answered, or when told to wait.
		const slots = Array.from({ length: inFlight }, () => T0);
		let started = 0;
		let now = T0;
		const pending: Array<{ connectedAt: number; answerAt: number; ticket: WindowTicket }> = [];
		while (started < calls) {
			const slot = slots.indexOf(Math.min(...slots));
			now = Math.max(now, slots[slot]);
			for (const call of pending.filter((entry) => entry.connectedAt <= now)) window.connected(call.ticket, call.connectedAt);
			for (const call of pending.filter((entry) => entry.answerAt <= now)) window.settle(call.ticket, call.answerAt);
			pending.splice(0, pending.length, ...pending.filter((entry) => entry.answerAt > now));
			const cold = random() < coldShare;
			const admission = window.tryAcquire(now, boundMs, cold ? coldAdmittedAs : 'warm');
			if (!admission.admitted) {
				slots[slot] = now + admission.waitMs;
				continue;
			}
			started++;
			let handshakesMs = 0;
			if (cold) for (let roundTrip = random() < 0.5 ? 2 : 3; roundTrip > 0; roundTrip--) handshakesMs += leg() + leg();
			const arrival = now + handshakesMs + leg();
			const answerAt = arrival + 20 + random() * 780 + leg();
			arrivals.push(arrival);
			pending.push({ connectedAt: cold && coldTellsConnected ? now + handshakesMs : Infinity, answerAt, ticket: admission.ticket });
			slots[slot] = answerAt;
		}
		arrivals.sort((a, b) => a - b);
		return { arrivals, spanMs: arrivals.at(-1)! - arrivals[0] };
	}

	it('keeps every sliding second of arrivals within the limit when the delays stay within the bound', () => {
		for (let seed = 1; seed <= 50; seed++) {
			const { arrivals } = run({ seed, boundMs: 60, jitterMs: 60, calls: 400 });
			if (maxInAnyWindow(arrivals, 1000) > 20) throw new Error(`seed ${seed}: ${maxInAnyWindow(arrivals, 1000)} arrivals in one second`);
		}
	});

	it('does not charge the platform\'s time to answer: 0.94 of the limit with a 60 ms bound and answers up to a second', () => {
		const { arrivals, spanMs } = run({ seed: 7, boundMs: 60, jitterMs: 60, calls: 2000 });
		expect((arrivals.length - 1) / (spanMs / 1000) / 20).toBeGreaterThan(0.93);
	});

	it('a rule that counts starts only lets arrivals bunch past the limit, so the test above can fail', () => {
		const over = Array.from({ length: 20 }, (_, seed) => maxInAnyWindow(run({ seed: seed + 1, boundMs: 0, jitterMs: 60, calls: 400 }).arrivals, 1000)).filter((max) => max > 20);
		expect(over.length).toBeGreaterThan(10);
	});

	it('keeps every sliding second within the limit when cold calls arrive two or three round trips later than warm ones', () => {
		for (const coldShare of [0.1, 0.5, 0.9]) {
			for (let seed = 1; seed <= 20; seed++) {
				const { arrivals } = run({ seed, boundMs: 60, jitterMs: 60, calls: 400, coldShare });
				const most = maxInAnyWindow(arrivals, 1000);
				if (most > 20) throw new Error(`cold share ${coldShare}, seed ${seed}: ${most} arrivals in one second`);
			}
		}
	});

	it('keeps every sliding second within the limit when cold calls are bounded from the end of their handshakes', () => {
		for (const coldShare of [0.1, 0.5, 0.9]) {
			for (let seed = 1; seed <= 20; seed++) {
				const { arrivals } = run({ seed, boundMs: 60, jitterMs: 60, calls: 400, coldShare, coldTellsConnected: true });
				const most = maxInAnyWindow(arrivals, 1000);
				if (most > 20) throw new Error(`cold share ${coldShare}, seed ${seed}: ${most} arrivals in one second`);
			}
		}
	});

	it('cold calls bounded from the end of their handshakes, not their answer, leave more of the limit to use', () => {
		const fraction = (coldTellsConnected: boolean) => {
			const { arrivals, spanMs } = run({ seed: 5, boundMs: 60, jitterMs: 60, calls: 1000, coldShare: 0.3, coldTellsConnected });
			return (arrivals.length - 1) / (spanMs / 1000) / 20;
		};
		expect(fraction(true)).toBeGreaterThan(fraction(false) + 0.05);
	});

	it('the same calls, with cold ones bounded like warm ones, bunch past the limit: the class per call matters', () => {
		const over = Array.from({ length: 20 }, (_, seed) => run({ seed: seed + 1, boundMs: 60, jitterMs: 60, calls: 400, coldShare: 0.3, coldAdmittedAs: 'warm' }))
			.map(({ arrivals }) => maxInAnyWindow(arrivals, 1000))
			.filter((most) => most > 20);
		expect(over.length).toBeGreaterThan(5);
	});

	it('warm calls over 100 ms ± 20 ms each way, with the bound such a network gets, reach 0.92 of the limit', () => {
		// The bound arrivalBound.ts gives for a fastest leg of 80 ms, with 5 ms of event-loop delay.
		const boundMs = Math.ceil(JITTER_SHARE * 80 + SAFETY_MARGIN_MS + 5);
		const { arrivals, spanMs } = run({ seed: 11, boundMs, jitterMs: 40, calls: 2000 });
		expect((arrivals.length - 1) / (spanMs / 1000) / 20).toBeGreaterThanOrEqual(0.92);
		expect(maxInAnyWindow(arrivals, 1000)).toBeLessThanOrEqual(20);
	});
});
