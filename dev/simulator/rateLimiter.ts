/**
 * Per-token sliding-window limits, the way the platform enforces them: a request
 * is refused when admitting it would put more than `limit` admitted requests in
 * the window (now - windowMs, now]. Refused requests are not recorded, so a
 * client that backs off recovers as soon as the oldest request leaves the window.
 */

export interface WindowLimit {
	limit: number;
	windowMs: number;
}

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/** FIFO of monotonic timestamps; the array is compacted lazily so shifts stay O(1) amortised. */
class TimestampQueue {
	private items: number[] = [];
	private head = 0;

	get size(): number {
		return this.items.length - this.head;
	}

	get oldest(): number {
		return this.items[this.head];
	}

	push(at: number): void {
		this.items.push(at);
	}

	dropUpTo(cutoff: number): void {
		while (this.size > 0 && this.items[this.head] <= cutoff) this.head++;
		if (this.head > 1024 && this.head * 2 > this.items.length) {
			this.items = this.items.slice(this.head);
			this.head = 0;
		}
	}
}

export class SlidingWindowLimiter {
	private readonly queues = new Map<string, TimestampQueue[]>();

	constructor(private readonly windows: readonly WindowLimit[]) {}

	/** `now` is performance.now(): wall-clock jumps must not open or close windows. */
	tryAdmit(key: string, now: number): Admission {
		let queues = this.queues.get(key);
		if (!queues) {
			queues = this.windows.map(() => new TimestampQueue());
			this.queues.set(key, queues);
		}
		let waitMs = 0;
		this.windows.forEach(({ limit, windowMs }, i) => {
			const queue = queues[i];
			queue.dropUpTo(now - windowMs);
			if (queue.size >= limit) waitMs = Math.max(waitMs, queue.oldest + windowMs - now);
		});
		if (waitMs > 0) return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
		for (const queue of queues) queue.push(now);
		return { admitted: true };
	}
}

/** Largest number of timestamps inside any window (t - windowMs, t]; `sorted` ascending. */
export function maxInAnyWindow(sorted: readonly number[], windowMs: number): number {
	let max = 0;
	let start = 0;
	for (let end = 0; end < sorted.length; end++) {
		while (sorted[start] <= sorted[end] - windowMs) start++;
		max = Math.max(max, end - start + 1);
	}
	return max;
}
