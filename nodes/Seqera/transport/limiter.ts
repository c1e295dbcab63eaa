import { createHash } from 'node:crypto';

import type { AdmissionOptions } from './admission';
import { ArrivalBound } from './arrivalBound';
import { CallQueue } from './callQueue';
import { LocalGate, type BudgetGate, type GateFactory } from './gate';
import { processGateFactory } from './gates';
import { windowLimits } from './slidingWindow';
import { unlessCancelled } from './timing';

/** The per-token budget a credential declares. */
export interface TokenBudget {
	baseUrl: string;
	token: string;
	maxCallsPerSecond: number;
	maxCallsPerHour: number;
}

/** Limiter key: a hash of base URL and token, so the token never lands in memory keys, logs or Redis. */
export function budgetKey(baseUrl: string, token: string): string {
	return createHash('sha256').update(`${baseUrl}\n${token}`).digest('hex');
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

interface TokenQueue {
	queue: CallQueue;
	gate: BudgetGate;
	bound: ArrivalBound;
	settingsKey: string;
}

/**
 * One queue per token for the life of the process, shared by every node, execution and credential
 * that use the token.
 *
 * The queue (callQueue.ts) keeps callers in order and caps the calls in flight; when a call may
 * start is the gate's (slidingWindow.ts), which counts arrivals across every process of the token.
 * Retries go back through `withinBudget`, so they pass the gate again.
 *
 * Interactive calls (callScope.ts) go first within the same budget: the queue gives them the next
 * free place in flight, and the gate's line lets them ask before every waiting bulk call, here and,
 * through Redis, in every process.
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
			entry = { queue: new CallQueue(maxConcurrent), gate: this.makeGate(key, limits), bound: new ArrivalBound(), settingsKey };
			this.queues.set(key, entry);
		} else if (entry.settingsKey !== settingsKey) {
			// The credential's limits were edited since the queue was made: follow them.
			entry.queue.setMaxConcurrent(maxConcurrent);
			entry.gate.setLimits(limits);
			entry.settingsKey = settingsKey;
		}
		return entry;
	}

	/**
	 * Runs `call` when the token's budget allows it; every HTTP call of the package passes through here.
	 * `call` calls `sent` once its request has been handed to the network: from then on its arrival is
	 * bounded (slidingWindow.ts).
	 */
	async withinBudget<T>(
		budget: TokenBudget,
		call: (sent: () => void) => Promise<T>,
		signal?: AbortSignal,
		options: AdmissionOptions = {},
	): Promise<T> {
		const { queue, gate, bound } = this.queueFor(budget);
		let started = false;
		const scheduled = queue.run(options.priority ?? 'bulk', async () => {
			started = true;
			return await this.admitted(gate, bound, call, signal, options);
		});
		// A call still waiting in the queue when the signal fires gives up at once (it would fail at the
		// gate anyway once its turn came). A started call is awaited.
		scheduled.catch(() => undefined);
		const stillQueued = new AbortController();
		const onAbort = () => {
			if (!started) stillQueued.abort(signal?.reason);
		};
		signal?.addEventListener('abort', onAbort, { once: true });
		try {
			return await unlessCancelled(scheduled, stillQueued.signal);
		} finally {
			signal?.removeEventListener('abort', onAbort);
		}
	}

	/** Waits for the gate's admission, then makes the call. */
	private async admitted<T>(
		gate: BudgetGate,
		bound: ArrivalBound,
		call: (sent: () => void) => Promise<T>,
		signal: AbortSignal | undefined,
		options: AdmissionOptions,
	): Promise<T> {
		const admission = await gate.admit(bound, signal, options);
		let sentAt: number | undefined;
		const sent = () => {
			if (sentAt !== undefined) return;
			sentAt = Date.now();
			admission.sent();
		};
		try {
			const answer = await call(sent);
			// Only answers measure the way to the platform and back (a failure can come back at once), and
			// only from the moment the request was sent, which the bound is about: a wait for a connection,
			// its handshakes and a stall before the write are left out (a stall after it only makes the
			// round trip, and so the bound, larger).
			if (sentAt !== undefined) bound.recordRoundTrip(Date.now() - sentAt);
			return answer;
		} finally {
			admission.answered();
		}
	}

	/** After a 429: every caller of this token waits, not just the one that was refused. */
	async pause(budget: TokenBudget, until: number): Promise<void> {
		const { gate, bound } = this.queueFor(budget);
		bound.beCautious(Date.now());
		await gate.pauseUntil(until);
	}
}

/**
 * The queues of this process; in n8n queue mode their budgets are shared with every other process
 * through Redis (gates.ts chooses).
 */
export const tokenLimiter = new TokenLimiter((key, limits) => processGateFactory()(key, limits));
