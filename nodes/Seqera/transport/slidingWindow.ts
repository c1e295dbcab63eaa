/**
 * Exact sliding-window admission for one token, with the clock passed in so the arithmetic can be
 * tested without waiting. The platform may count any sliding second and any sliding hour. It counts a
 * call when the call arrives, which is some time between our start and its answer: so in the
 * one-second window a call counts from its start until a second after its answer, and however a
 * delay on the way bunches arrivals, no second holds more than the limit. The hour window counts
 * starts; starts are also spaced evenly.
 */
export interface WindowLimits {
	maxCallsPerSecond: number;
	maxCallsPerHour: number;
	/** Least time between two starts, in ms. */
	spacingMs: number;
}

const SECOND_MS = 1000;
const HOUR_MS = 3_600_000;
// When every place in the second is held by a call still waiting for its answer, ask again this soon.
const IN_FLIGHT_RECHECK_MS = 5;

export class SlidingWindow {
	/** Start times, oldest first, within the last hour. */
	private readonly starts: number[] = [];

	private head = 0;

	/** Calls started and not yet answered. */
	private inFlight = 0;

	/** Answer times within the last second, oldest first. */
	private readonly answered: number[] = [];

	private pausedUntil = 0;

	constructor(private limits: WindowLimits) {}

	setLimits(limits: WindowLimits): void {
		this.limits = limits;
	}

	/** Every caller of the token waits until `until` (after a 429 with Retry-After). */
	pauseUntil(until: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, until);
	}

	/** Claims a start at `now` and returns 0, or returns how many ms to wait before asking again. */
	tryAcquire(now: number): number {
		this.forget(now - HOUR_MS);
		while (this.answered.length > 0 && this.answered[0] <= now - SECOND_MS) this.answered.shift();
		if (now < this.pausedUntil) return this.pausedUntil - now;

		const count = this.starts.length - this.head;
		const last = count > 0 ? this.starts[this.starts.length - 1] : -Infinity;
		const waits = [last + this.limits.spacingMs - now];
		if (count >= this.limits.maxCallsPerHour) waits.push(this.startAt(count - this.limits.maxCallsPerHour) + HOUR_MS - now);
		const inLastSecond = this.inFlight + this.answered.length;
		if (inLastSecond >= this.limits.maxCallsPerSecond) {
			const mustLeave = inLastSecond - this.limits.maxCallsPerSecond;
			waits.push(mustLeave < this.answered.length ? this.answered[mustLeave] + SECOND_MS - now : IN_FLIGHT_RECHECK_MS);
		}
		const wait = Math.max(0, ...waits);
		if (wait > 0) return Math.ceil(wait);
		this.starts.push(now);
		this.inFlight++;
		return 0;
	}

	/** The answer to one admitted call arrived at `now`. */
	settle(now: number): void {
		if (this.inFlight === 0) return;
		this.inFlight--;
		this.answered.push(now);
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
