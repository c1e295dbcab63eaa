import type { AdmissionOptions, ConnectionKind } from './admission';
import type { ArrivalBound } from './arrivalBound';
import { callSpacingMs, SlidingWindow, type WindowLimits } from './slidingWindow';
import { sleep, unlessCancelled } from './timing';

/** An admitted call; `answered` is called once, when its answer (or failure) comes back. */
export interface AdmittedCall {
	/** The kind it was admitted as, which it must keep to (admission.ts). */
	connection: ConnectionKind;
	answered(): void;
}

/**
 * Decides when a call of one token may start. The local gate counts this process's calls; a shared
 * gate counts every process's calls through Redis (queue mode).
 */
export interface BudgetGate {
	/**
	 * Resolves when a call may start, and counts it as the kind `options.connectionAtAdmission` gives
	 * at that moment (cold if not given); `bound` says how late a warm call may arrive.
	 */
	admit(bound: ArrivalBound, signal?: AbortSignal, options?: AdmissionOptions): Promise<AdmittedCall>;
	/** Holds every caller of the token back until `until` (epoch ms), e.g. after a 429. */
	pauseUntil(until: number): Promise<void>;
	setLimits(limits: WindowLimits): void;
}

export type GateFactory = (key: string, limits: WindowLimits) => BudgetGate;

/**
 * Callers take turns in the order they came, each when the one ahead of it has been admitted (or has
 * given up): calls start in the order they were asked for, and a free place wakes one caller, not all.
 */
export class Line {
	private last: Promise<void> = Promise.resolve();

	async turn<T>(signal: AbortSignal | undefined, take: () => Promise<T>): Promise<T> {
		const ahead = this.last;
		let leave!: () => void;
		const left = new Promise<void>((resolve) => (leave = resolve));
		this.last = ahead.then(async () => await left);
		try {
			await unlessCancelled(ahead, signal);
			return await take();
		} finally {
			leave();
		}
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
		return await this.line.turn(signal, async () => await this.acquire(bound, connectionAtAdmissionOf(options), signal));
	}

	private async acquire(bound: ArrivalBound, connectionAtAdmission: () => ConnectionKind, signal?: AbortSignal): Promise<AdmittedCall> {
		for (;;) {
			const now = Date.now();
			const admission = this.window.tryAcquire(now, bound.boundMs(now), connectionAtAdmission());
			if (admission.admitted) {
				const { ticket } = admission;
				return { connection: ticket.connection, answered: () => this.window.settle(ticket, Date.now()) };
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

/** Asks for the kind of connection at admission; a call that cannot say is cold, which assumes nothing. */
export function connectionAtAdmissionOf(options: AdmissionOptions): () => ConnectionKind {
	return options.connectionAtAdmission ?? (() => 'cold');
}

/** The limits of one process's share of a token's budget, used while the shared count is out of reach. */
export function localShare(limits: WindowLimits, share: number): WindowLimits {
	const maxCallsPerSecond = Math.max(1, Math.floor(limits.maxCallsPerSecond / share));
	const maxCallsPerHour = Math.max(1, Math.floor(limits.maxCallsPerHour / share));
	return { maxCallsPerSecond, maxCallsPerHour, spacingMs: callSpacingMs(maxCallsPerSecond, maxCallsPerHour) };
}
