import type { AdmissionOptions, CallPriority } from './admission';
import type { ArrivalBound } from './arrivalBound';
import { callSpacingMs, SlidingWindow, type WindowLimits } from './slidingWindow';
import { sleep, unlessCancelled } from './timing';

/**
 * An admitted call; `sent` is called when its request has been handed to the network, `answered`
 * once, when its answer (or failure) comes back.
 */
export interface AdmittedCall {
	sent(): void;
	answered(): void;
}

/**
 * Decides when a call of one token may start. The local gate counts this process's calls; a shared
 * gate counts every process's calls through Redis (queue mode).
 */
export interface BudgetGate {
	/** Resolves when a call may start, and counts it; `bound` says how late a sent call may arrive. */
	admit(bound: ArrivalBound, signal?: AbortSignal, options?: AdmissionOptions): Promise<AdmittedCall>;
	/** Holds every caller of the token back until `until` (epoch ms), e.g. after a 429. */
	pauseUntil(until: number): Promise<void>;
	setLimits(limits: WindowLimits): void;
}

export type GateFactory = (key: string, limits: WindowLimits) => BudgetGate;

/**
 * Callers take turns, each when the one whose turn it is has been admitted (or has given up), so a
 * free place wakes one caller, not all. The line has two classes: an interactive caller goes ahead
 * of every bulk caller still waiting, and callers of one class take turns in the order they came.
 * The caller whose turn it is keeps it: it may already be counted in Redis or about to be.
 */
export class Line {
	private taken = false;
	private readonly interactive: Array<() => void> = [];
	private readonly bulk: Array<() => void> = [];

	async turn<T>(signal: AbortSignal | undefined, take: () => Promise<T>, priority: CallPriority = 'bulk'): Promise<T> {
		await this.waitForTurn(signal, priority);
		try {
			return await take();
		} finally {
			this.passOn();
		}
	}

	private async waitForTurn(signal: AbortSignal | undefined, priority: CallPriority): Promise<void> {
		// A caller cancelled before it asks gives up at once, as it would at any wait.
		await unlessCancelled(Promise.resolve(), signal);
		if (!this.taken) {
			this.taken = true;
			return;
		}
		const waiting = priority === 'interactive' ? this.interactive : this.bulk;
		let begin!: () => void;
		const ownTurn = new Promise<void>((resolve) => (begin = resolve));
		waiting.push(begin);
		await unlessCancelled(ownTurn, signal).catch((error: unknown) => {
			const place = waiting.indexOf(begin);
			if (place >= 0) waiting.splice(place, 1);
			// The turn came just as the caller gave up: it goes to the next one.
			else this.passOn();
			throw error;
		});
	}

	private passOn(): void {
		const next = this.interactive.shift() ?? this.bulk.shift();
		if (next) next();
		else this.taken = false;
	}
}

/** This process's own count of a token's calls. */
export class LocalGate implements BudgetGate {
	private readonly window: SlidingWindow;

	private readonly line = new Line();

	constructor(limits: WindowLimits) {
		this.window = new SlidingWindow(limits);
	}

	async admit(bound: ArrivalBound, signal?: AbortSignal, options: AdmissionOptions = {}): Promise<AdmittedCall> {
		return await this.line.turn(signal, async () => await this.acquire(bound, signal), options.priority);
	}

	private async acquire(bound: ArrivalBound, signal?: AbortSignal): Promise<AdmittedCall> {
		for (;;) {
			const now = Date.now();
			const admission = this.window.tryAcquire(now, bound.boundMs(now));
			if (admission.admitted) {
				const { ticket } = admission;
				return {
					sent: () => this.window.sent(ticket, Date.now()),
					answered: () => this.window.settle(ticket, Date.now()),
				};
			}
			await sleep(admission.waitMs, signal);
		}
	}

	async pauseUntil(until: number): Promise<void> {
		this.window.pauseUntil(until);
	}

	setLimits(limits: WindowLimits): void {
		this.window.setLimits(limits);
	}
}

/** The limits of one process's share of a token's budget, used while the shared count is out of reach. */
export function localShare(limits: WindowLimits, share: number): WindowLimits {
	const maxCallsPerSecond = Math.max(1, Math.floor(limits.maxCallsPerSecond / share));
	const maxCallsPerHour = Math.max(1, Math.floor(limits.maxCallsPerHour / share));
	return { maxCallsPerSecond, maxCallsPerHour, spacingMs: callSpacingMs(maxCallsPerSecond, maxCallsPerHour) };
}
