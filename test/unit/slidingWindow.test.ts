import { JITTER_SHARE, SAFETY_MARGIN_MS, SlidingWindow, type WindowLimits, type WindowTicket } from '../../nodes/Seqera/transport';
import { maxInAnyWindow } from '../../dev/simulator/rateLimiter';

/** Asks at `now` with no arrival bound unless given, and tells the call sent at once unless not; the wait, or 0 once admitted. */
function ask(window: SlidingWindow, now: number, boundMs = Infinity, sent = true): number {
	const admission = window.tryAcquire(now, boundMs);
	if (admission.admitted && sent) window.sent(admission.ticket, now);
	return admission.admitted ? 0 : admission.waitMs;
}

/**
 * The clock is passed in, so nothing here waits: `acquire` keeps asking, jumping to each answer, and
 * the call is answered at once.
 */
function acquire(window: SlidingWindow, now: number): number {
	let time = now;
	for (;;) {
		const admission = window.tryAcquire(time, Infinity);
		if (admission.admitted) {
			window.settle(admission.ticket, time);
			return time;
		}
		time += admission.waitMs;
	}
}

function startAndAnswer(window: SlidingWindow, now: number): number {
	const admission = window.tryAcquire(now, Infinity);
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

	it('counts a start in the hour whether or not it was sent', () => {
		for (const sent of [true, false]) {
			const window = new SlidingWindow({ maxCallsPerSecond: 10, maxCallsPerHour: 1, spacingMs: 0 });
			expect(ask(window, T0, 80, sent)).toBe(0);
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
		const first = window.tryAcquire(T0, Infinity);
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

	it('a bound that grows (the network got slower) holds the calls already sent longer too', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		expect(ask(window, T0, 20)).toBe(0);
		expect(ask(window, T0 + 1020, 20)).toBe(0);
		// The next call asks with a bound of 120 ms, and the call sent at T0 + 1020 is held until
		// T0 + 1020 + 120 + 1000.
		expect(ask(window, T0 + 2040, 120)).toBe(100);
	});

	it('a call not yet sent holds its place until a second after its answer, whatever the bound', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		const unsent = window.tryAcquire(T0, 60);
		// Sent at once, it would have arrived by T0 + 60 and freed its place at T0 + 1060; unsent, it waits for its answer.
		expect(ask(window, T0 + 1060, 60)).toBe(5);
		expect(ask(window, T0 + 2500, 60)).toBe(5);
		if (unsent.admitted) window.settle(unsent.ticket, T0 + 2500);
		expect(ask(window, T0 + 3000, 60)).toBe(500);
		expect(ask(window, T0 + 3500, 60)).toBe(0);
	});

	it("a call sent late (a new connection's handshakes first) holds its place until a second after it was sent and the bound", () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		const late = window.tryAcquire(T0, 60);
		if (!late.admitted) throw new Error('not admitted');
		expect(ask(window, T0 + 1500, 60)).toBe(5);
		// Its handshakes took 600 ms: from then on its arrival is bounded.
		window.sent(late.ticket, T0 + 600);
		expect(ask(window, T0 + 1500, 60)).toBe(160);
		expect(ask(window, T0 + 1660, 60)).toBe(0);
	});

	it('a later word that the call was sent changes nothing: it left at the first', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		const admission = window.tryAcquire(T0, 60);
		if (!admission.admitted) throw new Error('not admitted');
		window.sent(admission.ticket, T0 + 600);
		window.sent(admission.ticket, T0 + 900);
		expect(ask(window, T0 + 1600, 60)).toBe(60);
	});

	it('a call never sent nor answered holds its place for a minute at most', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		expect(ask(window, T0, 60, false)).toBe(0);
		expect(ask(window, T0 + 60_000, 60)).toBe(5);
		expect(ask(window, T0 + 61_000, 60)).toBe(0);
	});

	it('an answer that comes back before the bound frees the place a second after the answer', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		const admission = window.tryAcquire(T0, 200);
		if (!admission.admitted) throw new Error('not admitted');
		window.sent(admission.ticket, T0);
		window.settle(admission.ticket, T0 + 3);
		expect(ask(window, T0 + 10, 200)).toBe(993);
	});
});

/**
 * The admission rule against a model of a network: each call leaves this process a while after it
 * starts (at once, after a stall of the event loop, or after a new connection's handshakes), reaches
 * the platform `c + delta` after it leaves (the fastest leg `c`, a random delay `delta`), the
 * platform takes a random time to answer, and the answer takes a leg back. The platform's count is
 * of arrivals.
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
		/** The share of calls that open their connection: two or three round trips of handshakes before they leave. */
		coldShare?: number;
		/** The longest stall of the event loop between a start and the wire, drawn per call from 0 up to this. */
		stallMs?: number;
		/**
		 * When the window is told a call was sent: as it leaves (connectionPool.ts), at its start (a rule
		 * that takes every call as sent at once), or never (each holds its place until its answer).
		 */
		sentTold?: 'asItLeaves' | 'atStart' | 'never';
	}

	/** Runs `calls` calls, `inFlight` at a time, and returns the arrival times and the span of the run. */
	function run(network: Network): { arrivals: number[]; spanMs: number } {
		const { seed, boundMs, jitterMs, calls = 600, inFlight = 40, coldShare = 0, stallMs = 0, sentTold = 'asItLeaves' } = network;
		const random = seeded(seed);
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 50 });
		const fastestLegMs = 80;
		const leg = () => fastestLegMs + random() * jitterMs;
		const arrivals: number[] = [];
		// Each slot of the pool asks again when its previous call is answered, or when told to wait.
		const slots = Array.from({ length: inFlight }, () => T0);
		let started = 0;
		let now = T0;
		const pending: Array<{ sentAt: number; answerAt: number; ticket: WindowTicket }> = [];
		while (started < calls) {
			const slot = slots.indexOf(Math.min(...slots));
			now = Math.max(now, slots[slot]);
			for (const call of pending.filter((entry) => entry.sentAt <= now)) window.sent(call.ticket, call.sentAt);
			for (const call of pending.filter((entry) => entry.answerAt <= now)) window.settle(call.ticket, call.answerAt);
			pending.splice(0, pending.length, ...pending.filter((entry) => entry.answerAt > now));
			const admission = window.tryAcquire(now, boundMs);
			if (!admission.admitted) {
				slots[slot] = now + admission.waitMs;
				continue;
			}
			started++;
			let beforeLeavingMs = random() * stallMs;
			if (random() < coldShare)
				for (let roundTrip = random() < 0.5 ? 2 : 3; roundTrip > 0; roundTrip--) beforeLeavingMs += leg() + leg();
			const leaves = now + beforeLeavingMs;
			const arrival = leaves + leg();
			const answerAt = arrival + 20 + random() * 780 + leg();
			arrivals.push(arrival);
			if (sentTold === 'atStart') window.sent(admission.ticket, now);
			pending.push({ sentAt: sentTold === 'asItLeaves' ? leaves : Infinity, answerAt, ticket: admission.ticket });
			slots[slot] = answerAt;
		}
		arrivals.sort((a, b) => a - b);
		return { arrivals, spanMs: arrivals.at(-1)! - arrivals[0] };
	}

	const fraction = ({ arrivals, spanMs }: { arrivals: number[]; spanMs: number }) => (arrivals.length - 1) / (spanMs / 1000) / 20;
	const secondsOverLimit = (networks: Network[]) =>
		networks.map((network) => maxInAnyWindow(run(network).arrivals, 1000)).filter((most) => most > 20).length;
	const seeds = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

	it('keeps every sliding second of arrivals within the limit when the delays stay within the bound', () => {
		for (let seed = 1; seed <= 50; seed++) {
			const { arrivals } = run({ seed, boundMs: 60, jitterMs: 60, calls: 400 });
			if (maxInAnyWindow(arrivals, 1000) > 20)
				throw new Error(`seed ${seed}: ${maxInAnyWindow(arrivals, 1000)} arrivals in one second`);
		}
	});

	it("does not charge the platform's time to answer: 0.94 of the limit with a 60 ms bound and answers up to a second", () => {
		expect(fraction(run({ seed: 7, boundMs: 60, jitterMs: 60, calls: 2000 }))).toBeGreaterThan(0.93);
	});

	it('a rule that counts starts only lets arrivals bunch past the limit, so the test above can fail', () => {
		expect(
			secondsOverLimit(seeds(20).map((seed) => ({ seed, boundMs: 0, jitterMs: 60, calls: 400, sentTold: 'atStart' as const }))),
		).toBeGreaterThan(10);
	});

	it("keeps every sliding second within the limit when calls leave late: new connections' handshakes, a stalling event loop", () => {
		for (const [coldShare, stallMs] of [
			[0.1, 0],
			[0.5, 0],
			[0.9, 0],
			[0, 60],
			[0.3, 200],
		]) {
			for (let seed = 1; seed <= 20; seed++) {
				const { arrivals } = run({ seed, boundMs: 60, jitterMs: 60, calls: 400, coldShare, stallMs });
				const most = maxInAnyWindow(arrivals, 1000);
				if (most > 20)
					throw new Error(`cold share ${coldShare}, stalls up to ${stallMs} ms, seed ${seed}: ${most} arrivals in one second`);
			}
		}
	});

	it('the same calls, taken as sent at their start, bunch past the limit: when a call leaves matters', () => {
		expect(
			secondsOverLimit(
				seeds(20).map((seed) => ({ seed, boundMs: 60, jitterMs: 60, calls: 400, coldShare: 0.3, sentTold: 'atStart' as const })),
			),
		).toBeGreaterThan(5);
		expect(
			secondsOverLimit(
				seeds(20).map((seed) => ({ seed, boundMs: 60, jitterMs: 60, calls: 400, stallMs: 200, sentTold: 'atStart' as const })),
			),
		).toBeGreaterThan(5);
	});

	it('calls bounded from when they leave, not held until their answer, leave more of the limit to use', () => {
		const network = { seed: 5, boundMs: 60, jitterMs: 60, calls: 1000, coldShare: 0.3 };
		expect(fraction(run(network))).toBeGreaterThan(fraction(run({ ...network, sentTold: 'never' })) + 0.05);
	});

	it('calls over 100 ms ± 20 ms each way, with the bound such a network gets, reach 0.94 of the limit', () => {
		// The bound ArrivalBound gives for a fastest leg of 80 ms.
		const boundMs = Math.ceil(JITTER_SHARE * 80 + SAFETY_MARGIN_MS);
		const result = run({ seed: 11, boundMs, jitterMs: 40, calls: 2000 });
		expect(fraction(result)).toBeGreaterThanOrEqual(0.94);
		expect(maxInAnyWindow(result.arrivals, 1000)).toBeLessThanOrEqual(20);
	});
});
