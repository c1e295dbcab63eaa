// Bottleneck's ES2017 build: its main entry makes a generator anew for each async method call, which V8 lists for good
// (scripts/bench/bottleneckBuilds.ts).
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- Bottleneck is a runtime dependency of this self-hosted package
import Bottleneck from 'bottleneck/light';
import { createHash } from 'node:crypto';

import { LocalGate, type AdmissionOptions, type AdmittedCall, type BudgetGate, type CallPriority, type GateFactory } from './gate';
import { processGateFactory } from './gates';
import { ArrivalBound, HOUR_MS, MAX_BOUND_MS, windowLimits } from './admissionRule';
import { CancelledError, unlessCancelled } from './timing';

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
 * an execution run together: twice the per-second limit keeps the budget busy with answers up to two
 * seconds long (the budget counts arrivals, so a slow answer must not hold up the next call).
 */
export function maxCallsInFlight(maxCallsPerSecond: number): number {
	return Math.max(1, Math.floor(maxCallsPerSecond) * 2);
}

/** At the gate Bottleneck runs a lower priority first: people's calls, then bulk calls that gave way there, then the rest. */
const BOTTLENECK_PRIORITY: Record<CallPriority, number> = { interactive: 1, bulk: 5 };
const GAVE_WAY_PRIORITY = 4;

/** Why a bulk call waiting for its place stops waiting: a person's call has come and takes its turn. */
class GiveWay extends Error {}

interface TokenQueue {
	/**
	 * The token's calls in this process, in order, at most `maxCallsInFlight` at once each for people's and
	 * production calls: a person's call never waits for a place held by a production call at the gate.
	 */
	calls: Record<CallPriority, Bottleneck>;
	/** One call at a time asks the gate, in the same order: a free place wakes one caller, not all. */
	admissions: Bottleneck;
	gate: BudgetGate;
	bound: ArrivalBound;
	settingsKey: string;
	/** Stops the wait of the bulk call whose turn at the gate it is, if any. */
	bulkAtGate?: AbortController;
	/** Whether a call of the token has been answered with success since the queue was made (`noteWorked`). */
	hasWorked: boolean;
	/** Callers inside `withinBudget` now, and when the last one left: a queue with callers is never removed. */
	callers: number;
	lastUsed: number;
}

/**
 * A queue no caller has used for this long is removed, with all it knows of its token, when another
 * token's queue is made, as connectionPool.ts closes unused pools. Not sooner: its gate counts a start
 * for HOUR_MS and MAX_BOUND_MS (admissionRule.ts), and a new queue would count the token's hour afresh.
 * A shared gate's count stays in Redis; the gate made anew for the token reads it there.
 */
export const TOKEN_QUEUE_UNUSED_MS = HOUR_MS + MAX_BOUND_MS;

/**
 * One queue per token while the token is in use, shared by every node, execution and credential
 * that use the token. Bottleneck keeps the callers in order, people first, and caps the calls in
 * flight, as octokit's throttling plugin uses it. When a call may start is the gate's
 * (admissionRule.ts): Bottleneck's reservoir and spacing count starts, and arrivals bunch after
 * evenly spaced starts. Retries go back through `withinBudget`, so they pass the gate again.
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
			const now = Date.now();
			for (const [otherKey, other] of this.queues) {
				if (other.callers === 0 && now - other.lastUsed > TOKEN_QUEUE_UNUSED_MS) this.queues.delete(otherKey);
			}
			entry = {
				calls: { interactive: new Bottleneck({ maxConcurrent }), bulk: new Bottleneck({ maxConcurrent }) },
				admissions: new Bottleneck({ maxConcurrent: 1 }),
				gate: this.makeGate(key, limits),
				bound: new ArrivalBound(),
				settingsKey,
				hasWorked: false,
				callers: 0,
				lastUsed: now,
			};
			this.queues.set(key, entry);
		} else if (entry.settingsKey !== settingsKey) {
			// The credential's limits were edited since the queue was made: follow them.
			for (const calls of Object.values(entry.calls)) calls.updateSettings({ maxConcurrent });
			entry.gate.setLimits(limits);
			entry.settingsKey = settingsKey;
		}
		return entry;
	}

	/**
	 * Runs `call` when the token's budget allows it; every HTTP call of the package passes through here.
	 * `call` calls `sent` once its request has been handed to the network: from then on its arrival is
	 * bounded (admissionRule.ts).
	 */
	async withinBudget<T>(
		budget: TokenBudget,
		call: (sent: () => void) => Promise<T>,
		signal?: AbortSignal,
		options: AdmissionOptions = {},
	): Promise<T> {
		const queue = this.queueFor(budget);
		const { calls, bound } = queue;
		queue.callers++;
		let started = false;
		const scheduled = calls[options.priority ?? 'bulk'].schedule(async () => {
			// A call cancelled while it waited in the queue has already given up: it takes no place.
			if (signal?.aborted) throw new CancelledError();
			started = true;
			const admitting = this.turnAtGate(queue, signal, options);
			const admission = await unlessCancelled(admitting, signal).catch((error: unknown) => {
				// Given up while waiting for its turn at the gate: a turn that comes anyway frees its place at once.
				void admitting.then(
					(late) => late?.answered(),
					() => undefined,
				);
				throw error;
			});
			if (admission === undefined) throw new CancelledError();
			return await this.admitted(admission, bound, call);
		});
		// A call still waiting in the queue when the signal fires gives up at once. A started call is awaited.
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
			queue.callers--;
			queue.lastUsed = Date.now();
		}
	}

	/**
	 * The call's turn at the gate, in the queue's order, one caller at a time. A bulk call still waiting
	 * there for a place when a person's call comes gives way: it goes back to the head of the bulk calls
	 * and the person's call asks first, instead of waiting out the bulk call's wait as well as its own.
	 */
	private async turnAtGate(
		queue: TokenQueue,
		signal: AbortSignal | undefined,
		options: AdmissionOptions,
	): Promise<AdmittedCall | undefined> {
		const { admissions, gate, bound } = queue;
		const bulk = (options.priority ?? 'bulk') === 'bulk';
		if (!bulk) queue.bulkAtGate?.abort(new GiveWay());
		for (let priority = BOTTLENECK_PRIORITY[options.priority ?? 'bulk']; ; priority = GAVE_WAY_PRIORITY) {
			const turn = await admissions.schedule({ priority }, async () => {
				if (signal?.aborted) return undefined;
				if (!bulk) return await gate.admit(bound, signal, options);
				const giveWay = new AbortController();
				queue.bulkAtGate = giveWay;
				try {
					return await gate.admit(bound, signal ? AbortSignal.any([signal, giveWay.signal]) : giveWay.signal, options);
				} catch (error) {
					if (error instanceof GiveWay) return error;
					// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- the caller's cancellation, passed on as it is
					throw error;
				} finally {
					if (queue.bulkAtGate === giveWay) queue.bulkAtGate = undefined;
				}
			});
			if (!(turn instanceof GiveWay)) return turn;
		}
	}

	/** Makes an admitted call, telling the gate when it is sent and answered. */
	private async admitted<T>(admission: AdmittedCall, bound: ArrivalBound, call: (sent: () => void) => Promise<T>): Promise<T> {
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

	/**
	 * A call of the token (by its budgetKey) was answered with success: its 403s then more likely name a resource it may not use than a
	 * refused token.
	 */
	noteWorked(key: string): void {
		const queue = this.queues.get(key);
		if (queue) queue.hasWorked = true;
	}

	/** Whether a call of the token (by its budgetKey) has been answered with success while its queue lived. */
	hasWorked(key: string): boolean {
		return this.queues.get(key)?.hasWorked === true;
	}
}

/** The queues of this process; in n8n queue mode their budgets are shared through Redis (gates.ts chooses). */
export const tokenLimiter = new TokenLimiter((key, limits) => processGateFactory()(key, limits));
