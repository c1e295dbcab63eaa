import type { CallPriority } from './admission';

/**
 * One token's line of calls in one process: at most `maxConcurrent` calls run at once, the others
 * wait in order of arrival, interactive ones before every bulk one.
 *
 * It replaces Bottleneck, whose compiled code makes a new generator function on each of its many
 * internal async steps, dozens per call. V8 notes each such function's prototype in a list kept by
 * the generator prototype; the entries are only cleared by a full collection and the list does not
 * shrink when they are, so it kept a slot for every generator made between two full collections:
 * over a long execution on a large heap some 450 bytes per call, for the life of the process.
 */
export class CallQueue {
	private readonly lines: Record<CallPriority, Array<() => void>> = { interactive: [], bulk: [] };
	private running = 0;

	constructor(private maxConcurrent: number) {}

	/** How many calls are running; for tests. */
	get inFlight(): number {
		return this.running;
	}

	/** How many calls wait for a place; for tests. */
	get waiting(): number {
		return this.lines.interactive.length + this.lines.bulk.length;
	}

	setMaxConcurrent(maxConcurrent: number): void {
		this.maxConcurrent = maxConcurrent;
		this.startWaiting();
	}

	/** Runs `call` once a place is free and no call of the same or a higher priority waits before it. */
	async run<T>(priority: CallPriority, call: () => Promise<T>): Promise<T> {
		if (this.running < this.maxConcurrent && this.waiting === 0) this.running++;
		// The call that frees a place takes it for the next in line, so no newcomer can slip in between.
		else await new Promise<void>((start) => this.lines[priority].push(start));
		try {
			return await call();
		} finally {
			this.running--;
			this.startWaiting();
		}
	}

	private startWaiting(): void {
		while (this.running < this.maxConcurrent) {
			const start = this.lines.interactive.shift() ?? this.lines.bulk.shift();
			if (start === undefined) return;
			this.running++;
			start();
		}
	}
}
