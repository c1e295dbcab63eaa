/**
 * Exact sliding-window admission for one token, with the clock passed in so the arithmetic can be
 * tested without waiting.
 *
 * The platform counts a call in any sliding second and any sliding hour, at the moment the call
 * arrives. We see when a call starts and when its answer comes back, never when it arrives. Call
 * the fastest request leg of the token `c`: every call arrives at least `c` after its start, and a
 * call arrives at most `c + bound` after its start, where `bound` is the arrival bound (how much
 * later than the fastest call a call may reach the platform: network jitter plus time our own
 * process spends before the request is on the wire; see arrivalBound.ts). A call also arrives
 * before its answer comes back.
 *
 * So when a new call starts at `now` it arrives at `now + c` or later, and an earlier call `j` can
 * share a sliding second with it only if `j` arrives after `now + c - 1000`, which needs
 * `min(start_j + bound, answer_j) > now - 1000`. That minimum is the call's "latest arrival" (the
 * unknown `c` cancels out, or only makes the rule stricter). Admitting a call only while fewer
 * than the limit of earlier calls have a latest arrival within the last second therefore keeps
 * every sliding second of arrivals within the limit: take the last-admitted call of any second
 * that held one call too many; when it was admitted, all the others of that second were already
 * counted.
 *
 * The bound is the one in force when a call asks to start, applied to every call still held, not
 * the one each call had when it started: a stall of the event loop that delays calls already
 * started shows in the bound only afterwards, and must hold those calls longer too.
 *
 * Each call holds its place for one second plus the bound, not plus its whole round trip: the
 * platform's time to answer is not charged. While the arrival cannot be bounded (no round trip
 * measured yet, or just after a 429) the bound is infinite: every call holds its place until a
 * second after its answer, which needs no assumption at all.
 *
 * The hour counts the same way: a start counts for an hour plus its arrival bound. Starts are also
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
	/** When its answer came back; Infinity until then. */
	answeredAt: number;
}

export type WindowAdmission = { admitted: true; ticket: WindowTicket } | { admitted: false; waitMs: number };

const SECOND_MS = 1000;
const HOUR_MS = 3_600_000;
// When every place in the second is held by a call with no bound that still waits for its answer,
// ask again this soon.
const UNBOUNDED_RECHECK_MS = 5;
// The longest bound taken as one, and the hour window's extra length for a call with no bound: a
// call waits at most this long for its answer by default.
const MAX_BOUND_MS = 60_000;

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
	 * Claims a start at `now` for a call that arrives at most `boundMs` after the fastest call would
	 * (Infinity: no bound), or says how many ms to wait before asking again.
	 */
	tryAcquire(now: number, boundMs: number): WindowAdmission {
		const bound = Math.min(boundMs, MAX_BOUND_MS);
		this.forget(now - HOUR_MS - bound);
		const latestArrival = (ticket: WindowTicket) => Math.min(ticket.answeredAt, ticket.start + (Number.isFinite(boundMs) ? bound : Infinity));
		// A call answered over a second ago, or started longer ago than any bound, can hold no place.
		this.held = this.held.filter((ticket) => Math.min(ticket.answeredAt, ticket.start + MAX_BOUND_MS) > now - SECOND_MS);
		if (now < this.pausedUntil) return { admitted: false, waitMs: Math.ceil(this.pausedUntil - now) };

		const { maxCallsPerSecond, maxCallsPerHour, spacingMs } = this.limits;
		const count = this.starts.length - this.head;
		const last = count > 0 ? this.starts[this.starts.length - 1] : -Infinity;
		const waits = [last + spacingMs - now];
		if (count >= maxCallsPerHour) waits.push(this.startAt(count - maxCallsPerHour) + HOUR_MS + bound - now);
		const holding = this.held.map(latestArrival).filter((arrival) => arrival > now - SECOND_MS);
		if (holding.length >= maxCallsPerSecond) {
			// The place frees when enough calls have a latest arrival a second old.
			const freesAt = holding.sort((a, b) => a - b)[holding.length - maxCallsPerSecond];
			waits.push(Number.isFinite(freesAt) ? freesAt + SECOND_MS - now : UNBOUNDED_RECHECK_MS);
		}
		const wait = Math.max(0, ...waits);
		if (wait > 0) return { admitted: false, waitMs: Math.ceil(wait) };
		this.starts.push(now);
		const ticket: WindowTicket = { start: now, answeredAt: Infinity };
		this.held.push(ticket);
		return { admitted: true, ticket };
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
