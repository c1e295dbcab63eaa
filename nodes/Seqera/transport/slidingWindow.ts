import type { ConnectionKind } from './admission';

/**
 * Exact sliding-window admission for one token, with the clock passed in so the arithmetic can be
 * tested without waiting.
 *
 * The platform counts a call in any sliding second and any sliding hour, at the moment the call
 * arrives. We see when a call starts and when its answer comes back, never when it arrives. Call
 * the fastest request leg of the token `c`: every call arrives at least `c` after its start, and a
 * call arrives before its answer comes back.
 *
 * How late a call may arrive depends on the connection it goes out on, which is decided for each
 * call when it is admitted (admission.ts) and kept with its ticket:
 * - A warm call goes out on a connection already open: one request leg, so it arrives at most
 *   `c + bound` after its start, where `bound` is the arrival bound (how much later than the
 *   fastest call a call may reach the platform: network jitter plus time our own process spends
 *   before the request is on the wire; see arrivalBound.ts). Its latest arrival is
 *   `min(start + bound, answer)`.
 * - A cold call opens its connection first: a TCP and a TLS handshake, two or three round trips
 *   whose jitter adds up, before its request leg. Nothing bounds the handshakes, so until its
 *   connection is up its latest arrival is its answer. Once the connection is up (the client has the
 *   server's last handshake message), the request goes out on it at once, and from there it is a
 *   warm call's request leg: its latest arrival is `min(connected + bound, answer)`. It still
 *   arrives at least `c` after its start: handshakes only make it later. The moment it is told
 *   connected can only be late (the event loop runs the listener after the request was handed to
 *   the kernel), which only makes its latest arrival later.
 *
 * So every call has a request leg that starts at a known moment once it is known (a warm call's
 * start, a cold call's connection), and its latest arrival is `min(legStart + bound, answer)`.
 *
 * So when a new call starts at `now` it arrives at `now + c` or later, whatever its kind, and an
 * earlier call `j` can share a sliding second with it only if `j` arrives after `now + c - 1000`,
 * which needs `j`'s latest arrival (above, by `j`'s own kind) to be after `now - 1000` (the unknown
 * `c` cancels out, or only makes the rule stricter). Admitting a call only while fewer than the
 * limit of earlier calls have a latest arrival within the last second therefore keeps every
 * sliding second of arrivals within the limit: take the last-admitted call of any second that held
 * one call too many; when it was admitted, all the others of that second were already admitted,
 * each with its kind and so a latest arrival no earlier than its real one, and they were counted.
 * Mixing kinds changes nothing in this: each earlier call is judged by the kind it was admitted as,
 * and the new call's earliest arrival does not depend on its kind. What the kind must never be is
 * wrong in the unsafe direction: a call admitted as warm that finds no open connection sends
 * nothing (ConnectionNotWarmError) and is admitted again as cold, and a warm ticket that never
 * arrives only counts one call too many for a second. A call admitted as cold that finds a warm
 * connection is told connected as it sends, which is when its request leg begins.
 *
 * The bound is the one in force when a call asks to start, applied to every call still held whose
 * request leg has begun, not the one each call had when it started: a stall of the event loop that delays calls already
 * started shows in the bound only afterwards, and must hold those calls longer too.
 *
 * A warm call holds its place for one second plus the bound, not plus its whole round trip: the
 * platform's time to answer is not charged; a cold call holds it for its handshakes more. While the arrival cannot be bounded (no round trip
 * measured yet, or just after a 429) the bound is infinite: every call, warm or cold, holds its
 * place until a second after its answer.
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
 * arrive, whatever its kind: one length keeps the hour's count a list sorted by start here and in
 * Redis, and costs at most 1/61 of the hour's calls, only when the hour limit is what holds calls
 * back. Starts are also spaced evenly.
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
	/** The kind it was admitted as. */
	connection: ConnectionKind;
	/**
	 * When its request leg began: a warm call's start; a cold call's connection, Infinity until it is up.
	 * Only from there is its arrival bounded.
	 */
	legStart: number;
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
	 * Claims a start at `now` for a call of the given kind, or says how many ms to wait before asking
	 * again. `boundMs` is how much later than the fastest call a warm call may arrive (Infinity: no
	 * bound); a cold call has none.
	 */
	tryAcquire(now: number, boundMs: number, connection: ConnectionKind): WindowAdmission {
		const bound = boundMs > MAX_BOUND_MS ? Infinity : boundMs;
		this.forget(now - HOUR_MS - MAX_BOUND_MS);
		const latestArrival = (ticket: WindowTicket) => Math.min(ticket.answeredAt, ticket.legStart + bound);
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
		const ticket: WindowTicket = { start: now, answeredAt: Infinity, connection, legStart: connection === 'warm' ? now : Infinity };
		this.held.push(ticket);
		return { admitted: true, ticket };
	}

	/** The connection a cold call opened is up at `now`: its request leg begins. */
	connected(ticket: WindowTicket, now: number): void {
		ticket.legStart = Math.min(ticket.legStart, now);
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
