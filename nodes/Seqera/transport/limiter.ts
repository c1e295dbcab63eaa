import Bottleneck from 'bottleneck';
import { createHash } from 'node:crypto';

import { processGateFactory } from './sharedGate';
import { SlidingWindow, type WindowLimits } from './slidingWindow';
import { sleep } from './timing';

/** The per-token budget a credential declares. */
export interface TokenBudget {
	baseUrl: string;
	token: string;
	maxCallsPerSecond: number;
	maxCallsPerHour: number;
}

/**
 * Decides when a call of one token may start. The local gate counts this process's calls; a shared
 * gate counts every process's calls through Redis (queue mode).
 */
export interface BudgetGate {
	/** Resolves when a call may start, and counts it. */
	admit(signal?: AbortSignal): Promise<void>;
	/**
	 * The answer to an admitted call has arrived. The platform counts a call when it arrives, which
	 * is some time between its start and its answer; so a call counts in the one-second window from
	 * its start until a second after its answer, and no delay on the way can bunch arrivals.
	 */
	settle(): void;
	/** Holds every caller of the token back until `until` (epoch ms), e.g. after a 429. */
	pauseUntil(until: number): Promise<void>;
	setLimits(limits: WindowLimits): void;
}

export type GateFactory = (key: string, limits: WindowLimits) => BudgetGate;


/** Limiter key: a hash of base URL and token, so the token never lands in memory keys, logs or Redis. */
export function budgetKey(baseUrl: string, token: string): string {
	return createHash('sha256').update(`${baseUrl}\n${token}`).digest('hex');
}

/**
 * Least time between two call starts: evenly spread calls cannot burst past either window. No margin
 * is needed for calls that arrive bunched: the one-second window counts each call until its answer.
 */
export function callSpacingMs(maxCallsPerSecond: number, maxCallsPerHour: number): number {
	return Math.ceil(Math.max(1000 / maxCallsPerSecond, 3_600_000 / maxCallsPerHour));
}

/**
 * How many calls of one token may be on the wire at once in one process, and so how many items of
 * an execution run together. The budget counts arrivals, not answers, so a slow answer must not
 * hold up the next call: twice the per-second limit keeps the budget busy with answers up to two
 * seconds long.
 */
export function maxCallsInFlight(maxCallsPerSecond: number): number {
	return Math.max(1, Math.floor(maxCallsPerSecond) * 2);
}

export function windowLimits(budget: Pick<TokenBudget, 'maxCallsPerSecond' | 'maxCallsPerHour'>): WindowLimits {
	return {
		maxCallsPerSecond: budget.maxCallsPerSecond,
		maxCallsPerHour: budget.maxCallsPerHour,
		spacingMs: callSpacingMs(budget.maxCallsPerSecond, budget.maxCallsPerHour),
	};
}

/** This process's own count of a token's calls. */
export class LocalGate implements BudgetGate {
	private readonly window: SlidingWindow;

	constructor(limits: WindowLimits) {
		this.window = new SlidingWindow(limits);
	}

	async admit(signal?: AbortSignal): Promise<void> {
		for (;;) {
			const wait = this.window.tryAcquire(Date.now());
			if (wait === 0) return;
			await sleep(wait, signal);
		}
	}

	settle(): void {
		this.window.settle(Date.now());
	}

	async pauseUntil(until: number): Promise<void> {
		this.window.pauseUntil(until);
	}

	setLimits(limits: WindowLimits): void {
		this.window.setLimits(limits);
	}
}

interface TokenQueue {
	queue: Bottleneck;
	gate: BudgetGate;
	settingsKey: string;
}

/**
 * One queue per token for the life of the process, shared by every node, execution and credential
 * that use the token. Bottleneck keeps the queue and caps calls in flight; the gate decides when each
 * call may start. No Bottleneck Group: it drops limiters idle for 5 minutes, forgetting the hourly
 * count. Retries go back through `withinBudget`, never through Bottleneck's own retry hook, which
 * would skip the spacing.
 */
export class TokenLimiter {
	private readonly queues = new Map<string, TokenQueue>();

	constructor(private readonly makeGate: GateFactory = (_key, limits) => new LocalGate(limits)) {}

	private queueFor(budget: TokenBudget): TokenQueue {
		const key = budgetKey(budget.baseUrl, budget.token);
		const limits = windowLimits(budget);
		const settingsKey = `${limits.maxCallsPerSecond}/${limits.maxCallsPerHour}`;
		const maxConcurrent = maxCallsInFlight(limits.maxCallsPerSecond);
		let entry = this.queues.get(key);
		if (!entry) {
			entry = { queue: new Bottleneck({ maxConcurrent }), gate: this.makeGate(key, limits), settingsKey };
			this.queues.set(key, entry);
		} else if (entry.settingsKey !== settingsKey) {
			// The credential's limits were edited since the queue was made: follow them.
			entry.queue.updateSettings({ maxConcurrent });
			entry.gate.setLimits(limits);
			entry.settingsKey = settingsKey;
		}
		return entry;
	}

	/** Runs `call` when the token's budget allows it; every HTTP call of the package passes through here. */
	async withinBudget<T>(budget: TokenBudget, call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
		const { queue, gate } = this.queueFor(budget);
		return await queue.schedule(async () => {
			await gate.admit(signal);
			try {
				return await call();
			} finally {
				gate.settle();
			}
		});
	}

	/** After a 429: every caller of this token waits, not just the one that was refused. */
	async pause(budget: TokenBudget, until: number): Promise<void> {
		await this.queueFor(budget).gate.pauseUntil(until);
	}
}

/**
 * The queues of this process; in n8n queue mode their budgets are shared with every other process
 * through Redis (sharedGate.ts). The factory is looked up at the first call, not here: sharedGate.ts
 * imports this module, and may be the one loaded first.
 */
export const tokenLimiter = new TokenLimiter((key, limits) => processGateFactory()(key, limits));
