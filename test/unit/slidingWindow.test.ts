import { SlidingWindow, type WindowLimits, type WindowTicket } from '../../nodes/Seqera/transport/slidingWindow';
import { maxInAnyWindow } from '../../dev/simulator/rateLimiter';

/** Asks at `now` with no arrival bound; the wait, or 0 once admitted. */
function ask(window: SlidingWindow, now: number, boundMs = Infinity): number {
	const admission = window.tryAcquire(now, boundMs);
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

	it('holds the hour limit, counted over a sliding hour', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 10, maxCallsPerHour: 3, spacingMs: 0 });
		expect([T0, T0 + 10, T0 + 20].map((time) => ask(window, time, 0))).toEqual([0, 0, 0]);
		expect(ask(window, T0 + 30, 0)).toBe(3_600_000 - 30);
		expect(ask(window, T0 + 3_600_000, 0)).toBe(0);
		// The second start (T0 + 10) is still inside the hour.
		expect(ask(window, T0 + 3_600_001, 0)).toBe(9);
		expect(ask(window, T0 + 3_600_010, 0)).toBe(0);
	});

	it('counts a start in the hour for an hour plus its arrival bound', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 10, maxCallsPerHour: 1, spacingMs: 0 });
		expect(ask(window, T0, 80)).toBe(0);
		expect(ask(window, T0 + 3_600_000, 80)).toBe(80);
		expect(ask(window, T0 + 3_600_080, 80)).toBe(0);
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

	it('a bound that grows (the event loop stalled) holds the calls already started longer too', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		expect(ask(window, T0, 20)).toBe(0);
		expect(ask(window, T0 + 1020, 20)).toBe(0);
		// A stall of 100 ms after this start: the next call asks with a bound of 120 ms, and the call
		// started at T0 + 1020 is held until T0 + 1020 + 120 + 1000.
		expect(ask(window, T0 + 2040, 120)).toBe(100);
	});

	it('an answer that comes back before the bound frees the place a second after the answer', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1, maxCallsPerHour: 1000, spacingMs: 0 });
		const admission = window.tryAcquire(T0, 200);
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

	/** Runs `calls` calls, `inFlight` at a time, and returns the arrival times and the span of the run. */
	function run(seed: number, boundMs: number, jitterMs: number, calls = 600, inFlight = 40): { arrivals: number[]; spanMs: number } {
		const random = seeded(seed);
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 50 });
		const fastestLegMs = 80;
		const arrivals: number[] = [];
		// Each slot of the pool asks again when its previous call is answered, or when told to wait.
		const slots = Array.from({ length: inFlight }, () => T0);
		let started = 0;
		let now = T0;
		const pending: Array<{ answerAt: number; ticket: WindowTicket }> = [];
		while (started < calls) {
			const slot = slots.indexOf(Math.min(...slots));
			now = Math.max(now, slots[slot]);
			for (const call of pending.filter((entry) => entry.answerAt <= now)) window.settle(call.ticket, call.answerAt);
			pending.splice(0, pending.length, ...pending.filter((entry) => entry.answerAt > now));
			const admission = window.tryAcquire(now, boundMs);
			if (!admission.admitted) {
				slots[slot] = now + admission.waitMs;
				continue;
			}
			started++;
			const arrival = now + fastestLegMs + random() * jitterMs;
			const answerAt = arrival + 20 + random() * 780 + fastestLegMs + random() * jitterMs;
			arrivals.push(arrival);
			pending.push({ answerAt, ticket: admission.ticket });
			slots[slot] = answerAt;
		}
		arrivals.sort((a, b) => a - b);
		return { arrivals, spanMs: arrivals.at(-1)! - arrivals[0] };
	}

	it('keeps every sliding second of arrivals within the limit when the delays stay within the bound', () => {
		for (let seed = 1; seed <= 50; seed++) {
			const { arrivals } = run(seed, 60, 60, 400);
			if (maxInAnyWindow(arrivals, 1000) > 20) throw new Error(`seed ${seed}: ${maxInAnyWindow(arrivals, 1000)} arrivals in one second`);
		}
	});

	it('does not charge the platform\'s time to answer: 0.94 of the limit with a 60 ms bound and answers up to a second', () => {
		const { arrivals, spanMs } = run(7, 60, 60, 2000);
		expect((arrivals.length - 1) / (spanMs / 1000) / 20).toBeGreaterThan(0.93);
	});

	it('a rule that counts starts only lets arrivals bunch past the limit, so the test above can fail', () => {
		const over = Array.from({ length: 20 }, (_, seed) => maxInAnyWindow(run(seed + 1, 0, 60, 400).arrivals, 1000)).filter((max) => max > 20);
		expect(over.length).toBeGreaterThan(10);
	});
});
