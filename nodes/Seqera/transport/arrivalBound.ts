// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- the limiter measures this process's event-loop delay
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * A token's arrival bound: how much later than the token's fastest call a call may reach the
 * platform, measured from the start of its request leg (slidingWindow.ts explains how the budget
 * uses it). It is made of what this process can measure and one stated assumption:
 *
 * - Measured, the event loop's longest delay in this process over the last ten seconds. A call
 *   whose start is followed by a stall reaches the wire late by the stall; a call started after the
 *   stall does not, so the two arrive closer together than they started. A stall is only seen once
 *   it is over, so the bound remembers the stalls of a busy machine for a while. (Remembering them
 *   for two to three seconds only, as long as a call a stall delayed can hold its place, gained
 *   about 2 % of the limit over wan, but the bench then drew a 429 now and then: a busy machine's
 *   next stall is as likely as its last.)
 * - Measured, the token's fastest round trip of its last FASTEST_OF request legs: a warm call's
 *   from its start, a cold call's from the end of its handshakes (the handshakes say nothing of a
 *   request leg). Half of it is the fastest one-way time: a call's answer takes about as long to
 *   come back as its request took to go out, and the platform's time to answer only makes round
 *   trips longer, and so the estimate larger. The longer the record, the less of the platform's
 *   time it counts as network: over 100 ms ± 20 ms each way with 20-300 ms on the platform, the
 *   fastest of the last 64 (about three seconds at the limit) came to 200-250 ms in the bench, the
 *   fastest of the last 512 to 190-200 ms.
 * - Assumed, network jitter: a request leg is longer than the fastest one by at most JITTER_SHARE
 *   of the fastest one-way time, plus the margin below. Paths with more hops are both slower and
 *   more jittery; 100 ms one way with ±20 ms, or 250 ms with ±50 ms, are within it.
 * - A safety margin of SAFETY_MARGIN_MS on top, for what the jitter share does not cover: the time
 *   between "started" and "on the wire" that the event loop's delay does not show (building and
 *   encrypting the request: with kept connections, 0.6 ms at the median, 5 ms at the 99th
 *   percentile and 11 ms at most over 600 calls on a busy 2-core machine), and arrivals that the
 *   path or the platform itself bunches beyond the jitter share (a router's queue, a pause of the
 *   platform's own process). Measured in the bench over 100 ms ± 20 ms each way with this margin,
 *   any 21 arrivals of 2000 calls in a row still spanned at least 1027 ms: no sliding second came
 *   within 27 ms of a 21st arrival. A 40 ms margin kept 45 ms of room, for 2 % less of the limit.
 *
 * The bound is only applied from the start of a call's request leg (slidingWindow.ts): a call that
 * opens its own connection has none until the connection is up, so the margin need not cover a TCP
 * or TLS handshake. With a fastest leg measured as 97 ms (100 ms ± 20 ms each way, the platform's
 * fastest answer included) the bound is 0.4 × 97 + 25 = 64 ms plus the loop's delay (4 to 11 ms on
 * a quiet machine), which covers the 40 ms of jitter with room to spare, and 20 places each held
 * 1 s + 70 ms give at most 20 / 1.07 = 0.93 of 20 calls per second.
 *
 * Where nothing is measured yet (fewer than MIN_ROUND_TRIPS answers), and for CAUTION_MS after the
 * platform answered 429 (it saw arrivals bunch more than assumed), a call has no bound: it holds
 * its place until a second after its answer (which assumes only what slidingWindow.ts says). So
 * does a call on a fast network, where the median of the last ROUND_TRIP_SAMPLES round trips is no
 * longer than the bound would be: there the answer costs no more than the bound, and a call that a
 * stall on either side delays is still counted.
 */
const ROUND_TRIP_SAMPLES = 64;
const FASTEST_OF = 512;
const MIN_ROUND_TRIPS = 8;
export const JITTER_SHARE = 0.4;
export const SAFETY_MARGIN_MS = 25;
export const CAUTION_MS = 60_000;

const LOOP_DELAY_RESOLUTION_MS = 10;
const LOOP_DELAY_PERIOD_MS = 1000;
const LOOP_DELAY_PERIODS = 10;

/** The event loop's recent delay, for the whole process: its stalls hold back every token's calls. */
class LoopDelay {
	private histogram: ReturnType<typeof monitorEventLoopDelay> | undefined;
	private periodStart = 0;
	/** The longest stall of each of the last periods, newest last. */
	private readonly periodMaxMs: number[] = [];

	/** The longest stall seen in the current period and the ones before it, in ms. */
	recentMs(now: number): number {
		if (!this.histogram) {
			// Its timer does not keep the process up.
			this.histogram = monitorEventLoopDelay({ resolution: LOOP_DELAY_RESOLUTION_MS });
			this.histogram.enable();
			this.periodStart = now;
		}
		const currentMaxMs = this.stallMs();
		if (now - this.periodStart >= LOOP_DELAY_PERIOD_MS) {
			this.periodMaxMs.push(currentMaxMs);
			if (this.periodMaxMs.length > LOOP_DELAY_PERIODS - 1) this.periodMaxMs.shift();
			this.histogram.reset();
			this.periodStart = now;
		}
		return Math.max(currentMaxMs, ...this.periodMaxMs);
	}

	private stallMs(): number {
		const { histogram } = this;
		// The histogram records the time between its samples; the stall is what exceeds the resolution.
		return histogram && histogram.count > 0 ? Math.max(0, histogram.max / 1e6 - LOOP_DELAY_RESOLUTION_MS) : 0;
	}
}

const loopDelay = new LoopDelay();

export class ArrivalBound {
	/** The last FASTEST_OF round trips, oldest first from `next` once full. */
	private readonly roundTrips: number[] = [];
	private next = 0;
	private cautiousUntil = 0;
	private summary: { fastest: number; median: number } | undefined;

	/** A request leg of the token (a warm call's, or a cold call's once connected) was answered `ms` after it began. */
	recordRoundTrip(ms: number): void {
		if (this.roundTrips.length < FASTEST_OF) this.roundTrips.push(ms);
		else this.roundTrips[this.next] = ms;
		this.next = (this.next + 1) % FASTEST_OF;
		this.summary = undefined;
	}

	/** The fastest of the kept round trips, and the median of the last ROUND_TRIP_SAMPLES. */
	private roundTripSummary(): { fastest: number; median: number } {
		if (this.summary) return this.summary;
		const { roundTrips, next } = this;
		const recent: number[] = [];
		for (let back = 1; back <= Math.min(ROUND_TRIP_SAMPLES, roundTrips.length); back++) {
			recent.push(roundTrips[(next - back + FASTEST_OF) % FASTEST_OF]);
		}
		recent.sort((a, b) => a - b);
		this.summary = { fastest: Math.min(...roundTrips), median: recent[Math.floor(recent.length / 2)] };
		return this.summary;
	}

	/** The platform answered 429: arrivals bunched more than the bound allowed. */
	beCautious(now: number): void {
		this.cautiousUntil = Math.max(this.cautiousUntil, now + CAUTION_MS);
	}

	/**
	 * The bound for a call starting at `now`, in ms; Infinity when none can be given. `extraMs` is time
	 * the caller knows a call may spend between its admission and its start (e.g. a Redis round trip).
	 */
	boundMs(now: number, extraMs = 0): number {
		if (now < this.cautiousUntil || this.roundTrips.length < MIN_ROUND_TRIPS) return Infinity;
		const { fastest, median } = this.roundTripSummary();
		const fastestOneWayMs = fastest / 2;
		const bound = Math.ceil(JITTER_SHARE * fastestOneWayMs + loopDelay.recentMs(now) + extraMs + SAFETY_MARGIN_MS);
		return median <= bound ? Infinity : bound;
	}
}
