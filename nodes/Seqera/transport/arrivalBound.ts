/**
 * A token's arrival bound: how much later than the token's fastest call a call may reach the
 * platform, measured from the moment its request was handed to the network (slidingWindow.ts
 * explains how the budget uses it). Everything that happens in this process before that moment,
 * the wait for a connection, its handshakes, a stalled event loop, building and encrypting the
 * request, is measured per call by that moment itself, so the bound is about the network only. It
 * is made of one measurement and one stated assumption:
 *
 * - Measured, the token's fastest round trip of its last FASTEST_OF calls, each from its request
 *   being sent to its answer. Half of it is the fastest one-way time: a call's answer takes about as
 *   long to come back as its request took to go out, and the platform's time to answer only makes
 *   round trips longer, and so the estimate larger. The longer the record, the less of the
 *   platform's time it counts as network: over 100 ms ± 20 ms each way with 20-300 ms on the
 *   platform, the fastest of the last 64 (about three seconds at the limit) came to 200-250 ms in
 *   the bench, the fastest of the last 512 to 190-200 ms.
 * - Assumed, network jitter: a request leg is longer than the fastest one by at most JITTER_SHARE
 *   of the fastest one-way time, plus SAFETY_MARGIN_MS for arrivals that the path or the platform
 *   itself bunches beyond the jitter share (a router's queue, a pause of the platform's own
 *   process). Paths with more hops are both slower and more jittery; 100 ms one way with ±20 ms,
 *   or 250 ms with ±50 ms, are within it.
 *
 * The margin need not cover the time from a call's start to the wire (building and encrypting the
 * request took up to 11 ms over 600 calls on a busy 2-core machine): each call's sent moment
 * measures it. Measured in the bench with this margin (2000 calls over 100 ms ± 20 ms and 250 ms ±
 * 50 ms each way), any 21 arrivals in a row still spanned at least 1013 ms, and no call was
 * answered 429.
 *
 * With a fastest round trip of 194 ms (100 ms ± 20 ms each way, the platform's fastest answer
 * included) the bound is 0.4 × 97 + 15 = 54 ms, which covers the 40 ms of jitter with room to
 * spare, and 20 places each held 1 s + 54 ms give at most 20 / 1.054 = 0.95 of 20 calls per second.
 *
 * Where nothing is measured yet (fewer than MIN_ROUND_TRIPS answers), and for CAUTION_MS after the
 * platform answered 429 (it saw arrivals bunch more than assumed), a call has no bound: it holds
 * its place until a second after its answer (which assumes only what slidingWindow.ts says). So
 * does a call on a fast network, where the median of the last ROUND_TRIP_SAMPLES round trips is no
 * longer than the bound would be: there the answer costs no more than the bound.
 */
const ROUND_TRIP_SAMPLES = 64;
const FASTEST_OF = 512;
const MIN_ROUND_TRIPS = 8;
export const JITTER_SHARE = 0.4;
export const SAFETY_MARGIN_MS = 15;
export const CAUTION_MS = 60_000;

export class ArrivalBound {
	/** The last FASTEST_OF round trips, oldest first from `next` once full. */
	private readonly roundTrips: number[] = [];
	private next = 0;
	private cautiousUntil = 0;
	private summary: { fastest: number; median: number } | undefined;

	/** A call of the token was answered `ms` after its request was sent. */
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

	/** The bound for a call starting at `now`, in ms; Infinity when none can be given. */
	boundMs(now: number): number {
		if (now < this.cautiousUntil || this.roundTrips.length < MIN_ROUND_TRIPS) return Infinity;
		const { fastest, median } = this.roundTripSummary();
		const fastestOneWayMs = fastest / 2;
		const bound = Math.ceil(JITTER_SHARE * fastestOneWayMs + SAFETY_MARGIN_MS);
		return median <= bound ? Infinity : bound;
	}
}
