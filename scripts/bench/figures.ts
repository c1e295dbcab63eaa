/** What the platform saw of the token, and what the limiter's own timings say. */
import type { QueueTiming } from '../../dev/queue/worker';
import type { Simulator } from '../../dev/simulator/server';
import { LIMIT_PER_SECOND, SPACING_MS, TOKEN_HASH, percentile, round, tokenConnections } from './setup';

export interface Figures {
	fraction: number;
	calls: number;
	r429: number;
	lost: number;
	maxPerSecond: number;
	/**
	 * How much longer than a second the closest run of limit + 1 arrivals took, in ms: the room the
	 * busiest moment left before a second held one call too many (negative: it did).
	 */
	roomMs: number;
	/** n8n processes that did not report (stuck past the cell's time limit, or died); only when there are any. */
	failedProcesses?: number;
	/** TLS connections that carried the token's calls (the warm-up calls are the other token's). */
	tlsConnections: number;
}

export interface QueueFigures {
	p99QueueMs: number;
	p50QueueMs: number;
	p99WaitMs: number;
	p50WaitMs: number;
}

/**
 * What the simulator saw of the token: the calls it answered (429s left out) per second over the span
 * from the first arrival to the last, the 429s, the densest sliding second of everything that
 * arrived, and the connections they came on.
 */
export function platformFigures(sim: Simulator, lost: number): Figures {
	const arrived = sim.log.filter((entry) => entry.tokenHash === TOKEN_HASH);
	const answered = arrived.filter((entry) => entry.status !== 429 && entry.status !== 0);
	const times = arrived.map((entry) => entry.at);
	const span = times.length < 2 ? 0 : (Math.max(...times) - Math.min(...times)) / 1000;
	return {
		fraction: span === 0 ? 0 : round((answered.length - 1) / span / LIMIT_PER_SECOND, 3),
		calls: answered.length,
		r429: arrived.filter((entry) => entry.status === 429).length,
		lost,
		maxPerSecond: sim.maxCallsInAnySlidingSecond(TOKEN_HASH),
		roomMs: roomBeforeOneTooMany(times),
		...tokenConnections(sim),
	};
}

/** Over sorted arrival times: the shortest span of LIMIT_PER_SECOND + 1 arrivals in a row, less a second. */
function roomBeforeOneTooMany(times: number[]): number {
	const sorted = [...times].sort((a, b) => a - b);
	let shortest = Infinity;
	for (let first = 0; first + LIMIT_PER_SECOND < sorted.length; first++)
		shortest = Math.min(shortest, sorted[first + LIMIT_PER_SECOND] - sorted[first]);
	return Number.isFinite(shortest) ? round(shortest - 1000, 1) : Infinity;
}

/** Calls let start per second over the span from the first start to the last, as a fraction of the limit. */
export function startedFraction(timings: QueueTiming[]): number {
	const starts = timings.map((timing) => timing.started).filter((started) => !Number.isNaN(started));
	const span = starts.length < 2 ? 0 : (Math.max(...starts) - Math.min(...starts)) / 1000;
	return span === 0 ? 0 : round((starts.length - 1) / span / LIMIT_PER_SECOND, 3);
}

/**
 * Under a saturating load almost all of a call's wait is what the budget demands: the time the queue
 * added beyond that is from the later of its asking and the previous start + the spacing, to its start.
 */
export function queueFigures(timings: QueueTiming[]): QueueFigures {
	const byStart = timings.filter((timing) => !Number.isNaN(timing.started)).sort((a, b) => a.started - b.started);
	const added = byStart
		.map((timing, index) => {
			const earliest = index === 0 ? timing.asked : Math.max(timing.asked, byStart[index - 1].started + SPACING_MS);
			return Math.max(0, timing.started - earliest);
		})
		.sort((a, b) => a - b);
	const waits = byStart.map((timing) => timing.started - timing.asked).sort((a, b) => a - b);
	return {
		p99QueueMs: round(percentile(added, 0.99), 1),
		p50QueueMs: round(percentile(added, 0.5), 1),
		p99WaitMs: round(percentile(waits, 0.99), 1),
		p50WaitMs: round(percentile(waits, 0.5), 1),
	};
}

/** e.g. `2000 calls, 19.4/s = 0.97 of 20/s; 0 answered 429; 0 items lost; most in any sliding second 20`. */
export function describePlatform(figures: Figures): string {
	const rate = round(figures.fraction * LIMIT_PER_SECOND, 2);
	return (
		`${figures.calls} calls, ${rate}/s = ${figures.fraction} of ${LIMIT_PER_SECOND}/s; ${figures.r429} answered 429; ` +
		`${figures.lost} items lost; most in any sliding second ${figures.maxPerSecond} (room ${figures.roomMs} ms)`
	);
}
