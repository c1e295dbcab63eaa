// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- the limiter measures this process's event-loop delay
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * A token's arrival bound: how much later than the token's fastest call a call may reach the
 * platform, measured from its start (slidingWindow.ts explains how the budget uses it). It is made
 * of what this process can measure and one stated assumption:
 *
 * - Measured, the event loop's longest delay in this process over the last ten seconds. A call
 *   whose start is followed by a stall reaches the wire late by the stall; a call started after the
 *   stall does not, so the two arrive closer together than they started. A stall is only seen once
 *   it is over, so the bound remembers the stalls of a busy machine for a while. (Remembering them
 *   for two to three seconds only, as long as a call a stall delayed can hold its place, gained
 *   about 2 % of the limit over wan, but the bench then drew a 429 now and then: a busy machine's
 *   next stall is as likely as its last.)
 * - Measured, the token's fastest round trip of its last ROUND_TRIP_SAMPLES calls. Half of it is
 *   the fastest one-way time (a call's answer takes about as long to come back as its request took
 *   to go out; the platform's time to answer only makes round trips longer).
 * - Assumed, network jitter: a request leg is longer than the fastest one by at most JITTER_SHARE
 *   of the fastest one-way time, plus the margin below. Paths with more hops are both slower and
 *   more jittery; 100 ms one way with ±20 ms, or 250 ms with ±50 ms, are within it.
 * - A safety margin of SAFETY_MARGIN_MS on top, for what the jitter share does not cover: the time
 *   between "started" and "on the wire" that the event loop's delay does not show (building and
 *   encrypting the request: with kept connections, 0.6 ms at the median, 5 ms at the 99th
 *   percentile and 11 ms at most over 600 calls on a busy 2-core machine), and arrivals that the
 *   path or the platform itself bunches beyond the jitter share (a router's queue, a pause of the
 *   platform's own process). The bench shows that second part is real: with a 20 ms margin, runs of
 *   2000 calls over 100 ms ± 20 ms each way now and then put 21 arrivals into one second, drawing a
 *   429.
 *
 * The bound is only ever applied to warm calls (slidingWindow.ts): a call that opens its own
 * connection has no bound at all, so the margin need not cover a TCP or TLS handshake, which a warm
 * call does not make. With a fastest leg of 80 ms (100 ms ± 20 ms each way) the bound is
 * 0.4 × 80 + 40 = 72 ms plus the loop's delay, which covers the 40 ms of jitter with room to spare,
 * and 20 places each held 1 s + 72 ms give at most 20 / 1.072 = 0.93 of 20 calls per second.
 * Round trips are measured on warm calls only: a cold call's handshakes say nothing of the request
 * leg a warm call makes.
 *
 * Where nothing is measured yet (fewer than MIN_ROUND_TRIPS answers), and for CAUTION_MS after the
 * platform answered 429 (it saw arrivals bunch more than assumed), a call has no bound: it holds
 * its place until a second after its answer (which assumes only what slidingWindow.ts says). So
 * does a call on a fast network, where the median round trip is no longer than the bound would be:
 * there the answer costs no more than the bound, and a call that a stall on either side delays is
 * still counted.
 */
const ROUND_TRIP_SAMPLES = 64;
const MIN_ROUND_TRIPS = 8;
export const JITTER_SHARE = 0.4;
export const SAFETY_MARGIN_MS = 40;
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
	private readonly roundTrips: number[] = [];
	private next = 0;
	private cautiousUntil = 0;

	/** A warm call of the token was answered `ms` after it started. */
	recordRoundTrip(ms: number): void {
		if (this.roundTrips.length < ROUND_TRIP_SAMPLES) this.roundTrips.push(ms);
		else this.roundTrips[this.next] = ms;
		this.next = (this.next + 1) % ROUND_TRIP_SAMPLES;
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
		const sorted = [...this.roundTrips].sort((a, b) => a - b);
		const fastestOneWayMs = sorted[0] / 2;
		const bound = Math.ceil(JITTER_SHARE * fastestOneWayMs + loopDelay.recentMs(now) + extraMs + SAFETY_MARGIN_MS);
		return sorted[Math.floor(sorted.length / 2)] <= bound ? Infinity : bound;
	}
}
