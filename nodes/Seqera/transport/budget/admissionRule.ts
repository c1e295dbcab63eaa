/**
 * Exact sliding-window admission for one token, with the clock passed in so the arithmetic can be
 * tested without waiting.
 *
 * The platform counts a call in any sliding second and any sliding hour, at the moment the call
 * arrives. We see when a call starts, when its request has been handed to the network (sent), and
 * when its answer comes back, never when it arrives. Call the fastest request leg of the token `c`
 * (from sent to arrival): every call arrives at least `c` after it is sent, and so at least `c`
 * after its start, and a call arrives before its answer comes back.
 *
 * A call is told sent when its request's bytes have been written to the connection (connectionPool.ts:
 * the request's 'finish', which Node emits once the socket has taken the last bytes). Whatever came
 * before is measured, not assumed: the wait for a free connection, the TCP and TLS handshakes of a
 * new one, an event loop that stalled between the start and the write, the time to build and
 * encrypt the request. The moment is only ever noted late (the listener runs after the write),
 * which only makes the latest arrival below later.
 *
 * From then on the request leg is network only, and it is at most `bound` longer than the fastest
 * one, where `bound` is the arrival bound (network jitter and a margin; see ArrivalBound below). So a
 * call's latest arrival is `min(sent + c + bound, answer)`; until it is sent it is its answer.
 *
 * When a new call starts at `now` it arrives at `now + c` or later, and an earlier call `j` can
 * share a sliding second with it only if `j` arrives after `now + c - 1000`, which needs `j`'s
 * latest arrival less `c` (`min(sent + bound, answer - c)`, at most `min(sent + bound, answer)`)
 * to be after `now - 1000`: the unknown `c` cancels out, or only makes the rule stricter. Admitting
 * a call only while fewer than the limit of earlier calls have `min(sent + bound, answer)` within
 * the last second therefore keeps every sliding second of arrivals within the limit: take the
 * last-admitted call of any second that held one call too many; when it was admitted, all the
 * others of that second were already admitted, each with a latest arrival no earlier than its
 * real one, and they were counted.
 *
 * The bound is the one in force when a call asks to start, applied to every call still held that
 * has been sent, not the one in force when each was sent: a bound that grows (the network got
 * slower) must hold the calls already sent longer too.
 *
 * A call holds its place for one second plus the bound after it is sent, not plus its whole round
 * trip: the platform's time to answer is not charged. While the arrival cannot be bounded (no
 * round trip measured yet, or just after a 429) the bound is infinite: every call holds its place
 * until a second after its answer.
 *
 * That last rule assumes one thing: every call reaches the platform within MAX_BOUND_MS (a minute)
 * of its start. A call not answered by then is dropped from the second (and in Redis a process
 * that died mid-call must free its places some time), and the hour counts a start for an hour and
 * MAX_BOUND_MS. The credential's timeout (60 s unless set) has no maximum, but it only lets a call
 * wait longer for its answer: a request that takes over a minute to arrive is one whose connection
 * took over a minute to open, which a timeout of a minute or less never allows; with a longer
 * timeout such a request is the one case this rule does not cover.
 *
 * The hour counts every start for an hour plus MAX_BOUND_MS, the latest any call is assumed to
 * arrive: one length keeps the hour's count a list sorted by start here and in Redis, and costs at
 * most 1/61 of the hour's calls, only when the hour limit is what holds calls back. Starts are also
 * spaced evenly.
 */
export interface WindowLimits {
	maxCallsPerSecond: number;
	maxCallsPerHour: number;
	/** Least time between two starts, in ms. */
	spacingMs: number;
}

/** One admitted call's place in the one-second window. */
export interface WindowTicket {
	start: number;
	/** When its request was handed to the network; Infinity until then. Only from there is its arrival bounded. */
	sentAt: number;
	/** When its answer came back; Infinity until then. */
	answeredAt: number;
}

export type WindowAdmission = { admitted: true; ticket: WindowTicket } | { admitted: false; waitMs: number };

// Shared with the Redis scripts (budgetScripts.ts), which apply the same rule.
export const SECOND_MS = 1000;
export const HOUR_MS = 3_600_000;
/** When every place in the second is held by a call with no bound that still waits for its answer, ask again this soon. */
export const UNBOUNDED_RECHECK_MS = 5;
/**
 * The latest any call is assumed to arrive after its start (see the header): the longest bound
 * taken as one, how long an unanswered call holds its place at most, and the hour's extra length.
 */
export const MAX_BOUND_MS = 60_000;

/**
 * Least time between two call starts: evenly spread calls cannot burst past either window.
 */
export function callSpacingMs(maxCallsPerSecond: number, maxCallsPerHour: number): number {
	return Math.ceil(Math.max(SECOND_MS / maxCallsPerSecond, HOUR_MS / maxCallsPerHour));
}

export function windowLimits(limits: Pick<WindowLimits, 'maxCallsPerSecond' | 'maxCallsPerHour'>): WindowLimits {
	return {
		maxCallsPerSecond: limits.maxCallsPerSecond,
		maxCallsPerHour: limits.maxCallsPerHour,
		spacingMs: callSpacingMs(limits.maxCallsPerSecond, limits.maxCallsPerHour),
	};
}

export class SlidingWindow {
	/** Start times, oldest first, within the last hour and a bit. */
	private readonly starts: number[] = [];

	private head = 0;

	/** Admitted calls that may still have arrived within the last second. */
	private held: WindowTicket[] = [];

	private pausedUntil = 0;

	constructor(private limits: WindowLimits) {}

	setLimits(limits: WindowLimits): void {
		this.limits = limits;
	}

	/** Every caller of the token waits until `until` (after a 429 with Retry-After). */
	pauseUntil(until: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, until);
	}

	/**
	 * Claims a start at `now`, or says how many ms to wait before asking again. `boundMs` is how much
	 * later than the fastest call a sent call may arrive (Infinity: no bound).
	 */
	tryAcquire(now: number, boundMs: number): WindowAdmission {
		const bound = boundMs > MAX_BOUND_MS ? Infinity : boundMs;
		this.forget(now - HOUR_MS - MAX_BOUND_MS);
		const latestArrival = (ticket: WindowTicket) => Math.min(ticket.answeredAt, ticket.sentAt + bound);
		// A call answered over a second ago, or started longer ago than any call may take to arrive, can hold no place.
		this.held = this.held.filter((ticket) => Math.min(ticket.answeredAt, ticket.start + MAX_BOUND_MS) > now - SECOND_MS);
		if (now < this.pausedUntil) return { admitted: false, waitMs: Math.ceil(this.pausedUntil - now) };

		const { maxCallsPerSecond, maxCallsPerHour, spacingMs } = this.limits;
		const count = this.starts.length - this.head;
		const last = count > 0 ? this.starts[this.starts.length - 1] : -Infinity;
		const waits = [last + spacingMs - now];
		if (count >= maxCallsPerHour) waits.push(this.startAt(count - maxCallsPerHour) + HOUR_MS + MAX_BOUND_MS - now);
		const holding = this.held.map(latestArrival).filter((arrival) => arrival > now - SECOND_MS);
		if (holding.length >= maxCallsPerSecond) {
			// The place frees when enough calls have a latest arrival a second old.
			const freesAt = holding.sort((a, b) => a - b)[holding.length - maxCallsPerSecond];
			waits.push(Number.isFinite(freesAt) ? freesAt + SECOND_MS - now : UNBOUNDED_RECHECK_MS);
		}
		const wait = Math.max(0, ...waits);
		if (wait > 0) return { admitted: false, waitMs: Math.ceil(wait) };
		this.starts.push(now);
		const ticket: WindowTicket = { start: now, sentAt: Infinity, answeredAt: Infinity };
		this.held.push(ticket);
		return { admitted: true, ticket };
	}

	/** The admitted call's request was handed to the network by `now`. */
	sent(ticket: WindowTicket, now: number): void {
		ticket.sentAt = Math.min(ticket.sentAt, now);
	}

	/** The answer to an admitted call came back at `now`: the call arrived by then. */
	settle(ticket: WindowTicket, now: number): void {
		ticket.answeredAt = Math.min(ticket.answeredAt, now);
	}

	private startAt(offset: number): number {
		return this.starts[this.head + offset];
	}

	private forget(before: number): void {
		while (this.head < this.starts.length && this.starts[this.head] <= before) this.head++;
		// Compact now and then rather than shifting the array on every call.
		if (this.head > 1024 && this.head * 2 > this.starts.length) {
			this.starts.splice(0, this.head);
			this.head = 0;
		}
	}
}

/**
 * A token's arrival bound: how much later than the token's fastest call a call may reach the
 * platform, measured from the moment its request was handed to the network, so it is about the
 * network only (everything in this process before that moment is measured per call by the moment
 * itself). It is one measurement and one stated assumption:
 *
 * - Measured, the token's fastest round trip of its last FASTEST_OF calls, each from its request
 *   being sent to its answer. Half of it is the fastest one-way time: an answer takes about as long
 *   to come back as its request took to go out, and the platform's time to answer only makes the
 *   estimate larger. The longer the record, the less of the platform's time it counts as network.
 * - Assumed, network jitter: a request leg is longer than the fastest one by at most JITTER_SHARE
 *   of the fastest one-way time, plus SAFETY_MARGIN_MS for arrivals that the path or the platform
 *   bunches beyond that share. Paths with more hops are both slower and more jittery; 100 ms one way
 *   with ±20 ms, or 250 ms with ±50 ms, are within it. docs/rate-limits.md has what the bench
 *   measures of it.
 *
 * Where nothing is measured yet (fewer than MIN_ROUND_TRIPS answers), and for CAUTION_MS after a
 * 429 (the platform saw arrivals bunch more than assumed), a call has no bound: it holds its place
 * until a second after its answer. So does a call on a short path (loopback, a LAN), where the
 * fastest round trip is no longer than the bound would be: there the bound would be its margin
 * alone, a bet that the platform counts every call within SAFETY_MARGIN_MS, and the answer settles
 * it instead, for the platform's time to answer. The fastest round trip decides, not a typical one:
 * a process that other work stalls reads its answers late, which lengthens its round trips but not
 * the path, and a median round trip so lengthened once gave loopback calls a bound of their margin
 * while the platform's side stalled for longer (docs/rate-limits.md).
 */
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
	private fastest: number | undefined;

	/** A call of the token was answered `ms` after its request was sent. */
	recordRoundTrip(ms: number): void {
		if (this.roundTrips.length < FASTEST_OF) this.roundTrips.push(ms);
		else this.roundTrips[this.next] = ms;
		this.next = (this.next + 1) % FASTEST_OF;
		this.fastest = undefined;
	}

	/** The platform answered 429: arrivals bunched more than the bound allowed. */
	beCautious(now: number): void {
		this.cautiousUntil = Math.max(this.cautiousUntil, now + CAUTION_MS);
	}

	/** The bound for a call starting at `now`, in ms; Infinity when none can be given. */
	boundMs(now: number): number {
		if (now < this.cautiousUntil || this.roundTrips.length < MIN_ROUND_TRIPS) return Infinity;
		const fastest = (this.fastest ??= Math.min(...this.roundTrips));
		const bound = Math.ceil(JITTER_SHARE * (fastest / 2) + SAFETY_MARGIN_MS);
		return fastest <= bound ? Infinity : bound;
	}
}
