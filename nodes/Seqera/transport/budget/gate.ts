import { callSpacingMs, SlidingWindow, type ArrivalBound, type WindowLimits } from './admissionRule';
import { sleep } from './timing';

/** Whether a person waits for the call (interactive) or it is part of a workflow's run (bulk); callScope.ts tells which. */
export type CallPriority = 'interactive' | 'bulk';

export interface AdmissionOptions {
	/** Interactive calls go ahead of the token's waiting bulk calls; default 'bulk'. */
	priority?: CallPriority;
}

/** An admitted call: `sent` when its request has been handed to the network, `answered` once its answer (or failure) is back. */
export interface AdmittedCall {
	sent(): void;
	answered(): void;
}

/**
 * Decides when a call of one token may start. The local gate counts this process's calls; a shared
 * gate counts every process's calls through Redis (queue mode). The limiter asks it for one caller
 * at a time, in its queue's order.
 */
export interface BudgetGate {
	/** Resolves when a call may start, and counts it; `bound` says how late a sent call may arrive. */
	admit(bound: ArrivalBound, signal?: AbortSignal, options?: AdmissionOptions): Promise<AdmittedCall>;
	/** Holds every caller of the token back until `until` (epoch ms), e.g. after a 429. */
	pauseUntil(until: number): Promise<void>;
	setLimits(limits: WindowLimits): void;
}

export type GateFactory = (key: string, limits: WindowLimits) => BudgetGate;

/** This process's own count of a token's calls. */
export class LocalGate implements BudgetGate {
	private readonly window: SlidingWindow;

	constructor(limits: WindowLimits) {
		this.window = new SlidingWindow(limits);
	}

	async admit(bound: ArrivalBound, signal?: AbortSignal): Promise<AdmittedCall> {
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
