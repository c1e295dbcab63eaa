/**
 * Exact sliding-window admission for one token, with the clock passed in so the arithmetic can be
 * tested without waiting. The platform may count any sliding second and any sliding hour, so every
 * start inside the longest window is remembered, and starts are also spaced out so that requests
 * arriving a little bunched still fit.
 */
export interface WindowLimits {
	maxCallsPerSecond: number;
	maxCallsPerHour: number;
	/** Least time between two starts, in ms. */
	spacingMs: number;
}

const SECOND_MS = 1000;
const HOUR_MS = 3_600_000;

export class SlidingWindow {
	/** Start times, oldest first, within the last hour. */
	private readonly starts: number[] = [];

	private head = 0;

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
		if (now < this.pausedUntil) return this.pausedUntil - now;

		const count = this.starts.length - this.head;
		const last = count > 0 ? this.starts[this.starts.length - 1] : -Infinity;
		const waits = [last + this.limits.spacingMs - now];
		if (count >= this.limits.maxCallsPerHour) waits.push(this.startAt(count - this.limits.maxCallsPerHour) + HOUR_MS - now);
		const inLastSecond = count - this.firstIndexAfter(now - SECOND_MS);
		if (inLastSecond >= this.limits.maxCallsPerSecond) {
			waits.push(this.startAt(count - this.limits.maxCallsPerSecond) + SECOND_MS - now);
		}
		const wait = Math.max(0, ...waits);
		if (wait > 0) return Math.ceil(wait);
		this.starts.push(now);
		return 0;
	}

	private startAt(offset: number): number {
		return this.starts[this.head + offset];
	}

	/** Index (relative to head) of the first start later than `time`. */
	private firstIndexAfter(time: number): number {
		let low = 0;
		let high = this.starts.length - this.head;
		while (low < high) {
			const middle = (low + high) >>> 1;
			if (this.startAt(middle) > time) high = middle;
			else low = middle + 1;
		}
		return low;
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
