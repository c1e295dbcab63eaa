import Bottleneck from 'bottleneck';
import { createHash } from 'node:crypto';

/** The per-token budget a credential declares. */
export interface TokenBudget {
	baseUrl: string;
	token: string;
	maxCallsPerSecond: number;
	maxCallsPerHour: number;
}

// The platform may count any sliding second, and requests sent evenly can still arrive a little
// bunched; a small margin on the spacing keeps bunched arrivals inside the limit.
const SPACING_MARGIN_MS = 2;

/** Limiter key: a hash of base URL and token, so the token never lands in memory keys, logs or Redis. */
export function budgetKey(baseUrl: string, token: string): string {
	return createHash('sha256').update(`${baseUrl}\n${token}`).digest('hex');
}

/**
 * Spacing between call starts that satisfies both windows at once: calls started at least this far
 * apart can never exceed either limit in any sliding window.
 */
export function callSpacingMs(maxCallsPerSecond: number, maxCallsPerHour: number): number {
	return Math.ceil(Math.max(1000 / maxCallsPerSecond, 3_600_000 / maxCallsPerHour)) + SPACING_MARGIN_MS;
}

// One limiter per token for the life of the process: dropping an idle one would forget the budget.
const limiters = new Map<string, { limiter: Bottleneck; minTime: number; maxConcurrent: number }>();

function limiterFor(budget: TokenBudget): Bottleneck {
	const key = budgetKey(budget.baseUrl, budget.token);
	const minTime = callSpacingMs(budget.maxCallsPerSecond, budget.maxCallsPerHour);
	const maxConcurrent = Math.max(1, Math.floor(budget.maxCallsPerSecond));
	const known = limiters.get(key);
	if (!known) {
		const limiter = new Bottleneck({ id: key, minTime, maxConcurrent });
		limiters.set(key, { limiter, minTime, maxConcurrent });
		return limiter;
	}
	if (known.minTime !== minTime || known.maxConcurrent !== maxConcurrent) {
		// The credential's limits were edited since the limiter was made: follow them.
		known.limiter.updateSettings({ minTime, maxConcurrent });
		Object.assign(known, { minTime, maxConcurrent });
	}
	return known.limiter;
}

/** Runs `call` when the token's budget allows it; every HTTP call of the package passes through here. */
export async function withinBudget<T>(budget: TokenBudget, call: () => Promise<T>): Promise<T> {
	return await limiterFor(budget).schedule(call);
}
