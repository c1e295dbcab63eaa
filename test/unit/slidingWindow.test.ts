import { SlidingWindow, type WindowLimits } from '../../nodes/Seqera/transport/slidingWindow';

/**
 * The clock is passed in, so nothing here waits: `acquire` keeps asking, jumping to each answer, and
 * the call is answered at once.
 */
function acquire(window: SlidingWindow, now: number): number {
	let time = now;
	for (;;) {
		const wait = window.tryAcquire(time);
		if (wait === 0) {
			window.settle(time);
			return time;
		}
		time += wait;
	}
}

function startAndAnswer(window: SlidingWindow, now: number): number {
	const wait = window.tryAcquire(now);
	if (wait === 0) window.settle(now);
	return wait;
}

const T0 = 1_000_000_000;

describe('SlidingWindow', () => {
	it('spaces starts by spacingMs and says how long to wait', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 52 });
		expect(window.tryAcquire(T0)).toBe(0);
		expect(window.tryAcquire(T0)).toBe(52);
		expect(window.tryAcquire(T0 + 51)).toBe(1);
		expect(window.tryAcquire(T0 + 52)).toBe(0);
		// A late caller starts at once; the spacing counts from the latest start.
		expect(window.tryAcquire(T0 + 500)).toBe(0);
		expect(window.tryAcquire(T0 + 530)).toBe(22);
	});

	it('rounds a fractional wait up, so the next ask is never early', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 52 });
		window.tryAcquire(T0 + 0.5);
		expect(window.tryAcquire(T0 + 1)).toBe(52);
	});

	it('never admits more than maxCallsPerSecond in any sliding second', () => {
		// No spacing: only the window holds calls back.
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 0 });
		const starts: number[] = [];
		for (let call = 0; call < 20; call++) starts.push(acquire(window, T0 + call));
		expect(starts.at(-1)).toBe(T0 + 19);
		// The 21st waits until the first leaves the window (t - 1000, t].
		expect(window.tryAcquire(T0 + 20)).toBe(980);
		expect(window.tryAcquire(T0 + 999)).toBe(1);
		expect(window.tryAcquire(T0 + 1000)).toBe(0);
		for (let call = 0; call < 100; call++) starts.push(acquire(window, T0 + 1000 + call * 7));
		const inAnySecond = Math.max(...starts.map((start) => starts.filter((other) => other > start - 1000 && other <= start).length));
		expect(inAnySecond).toBe(20);
	});

	it('with the default spacing, 20 calls in a row take over a second and no burst is possible', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 52 });
		const starts = Array.from({ length: 21 }, () => acquire(window, T0));
		expect(starts[20] - starts[0]).toBe(20 * 52);
	});

	it('holds the hour limit, counted over a sliding hour', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 10, maxCallsPerHour: 3, spacingMs: 0 });
		expect([T0, T0 + 10, T0 + 20].map((time) => window.tryAcquire(time))).toEqual([0, 0, 0]);
		expect(window.tryAcquire(T0 + 30)).toBe(3_600_000 - 30);
		expect(window.tryAcquire(T0 + 3_600_000)).toBe(0);
		// The second start (T0 + 10) is still inside the hour.
		expect(window.tryAcquire(T0 + 3_600_001)).toBe(9);
		expect(window.tryAcquire(T0 + 3_600_010)).toBe(0);
	});

	it('forgets starts older than an hour, even after many', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 1000, maxCallsPerHour: 5000, spacingMs: 0 });
		for (let call = 0; call < 5000; call++) expect(startAndAnswer(window, T0 + call)).toBe(0);
		expect(window.tryAcquire(T0 + 5000)).toBe(3_600_000 - 5000);
		for (let call = 0; call < 3000; call++) expect(startAndAnswer(window, T0 + 3_600_000 + call)).toBe(0);
	});

	it('a pause holds every caller until it ends, and only ever grows', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 52 });
		window.pauseUntil(T0 + 3000);
		window.pauseUntil(T0 + 1000);
		expect(window.tryAcquire(T0)).toBe(3000);
		expect(window.tryAcquire(T0 + 2999)).toBe(1);
		expect(window.tryAcquire(T0 + 3000)).toBe(0);
	});

	it('follows new limits at once, keeping the starts it has seen', () => {
		const limits: WindowLimits = { maxCallsPerSecond: 20, maxCallsPerHour: 72000, spacingMs: 52 };
		const window = new SlidingWindow(limits);
		expect(startAndAnswer(window, T0)).toBe(0);
		window.setLimits({ maxCallsPerSecond: 1, maxCallsPerHour: 3600, spacingMs: 1002 });
		expect(window.tryAcquire(T0 + 52)).toBe(1002 - 52);
		window.setLimits({ ...limits, spacingMs: 0, maxCallsPerSecond: 2 });
		expect(startAndAnswer(window, T0 + 52)).toBe(0);
		// Two calls answered at T0 and T0 + 52: the first place frees at T0 + 1000.
		expect(window.tryAcquire(T0 + 60)).toBe(940);
	});

	it('counts a call in the second from its start until a second after its answer', () => {
		const window = new SlidingWindow({ maxCallsPerSecond: 2, maxCallsPerHour: 1000, spacingMs: 0 });
		expect(window.tryAcquire(T0)).toBe(0);
		expect(window.tryAcquire(T0)).toBe(0);
		// Both calls still wait for their answers: ask again soon.
		expect(window.tryAcquire(T0 + 3000)).toBe(5);
		window.settle(T0 + 3000);
		// Answered at T0 + 3000: its place frees a second later, however long ago it started.
		expect(window.tryAcquire(T0 + 3500)).toBe(500);
		expect(window.tryAcquire(T0 + 4000)).toBe(0);
	});
});
