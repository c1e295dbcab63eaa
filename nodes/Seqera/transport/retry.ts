import type { NetworkFailureKind } from '../errors/callErrors';

/**
 * When a failed call is tried again, and how long to wait first. A 429 is safe to repeat for any
 * method: the platform did not act on it. A 5xx or a lost connection may hide a request the platform
 * did carry out, so only methods that are safe to repeat (GET, PUT, DELETE) are retried; a launch
 * (POST) that may have reached the platform is never sent twice.
 */
export const MAX_ATTEMPTS = 4;
// Exponential backoff with full jitter: attempt n waits a random time up to BASE * 2^(n-1), capped.
const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 10_000;
// A Retry-After longer than this ends the call with an error instead of holding the execution.
export const MAX_RETRY_AFTER_MS = 120_000;

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export function isIdempotent(method: string): boolean {
	return IDEMPOTENT_METHODS.has(method.toUpperCase());
}

export function backoffMs(attempt: number, random: () => number = Math.random): number {
	const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** (attempt - 1));
	return Math.round(random() * ceiling);
}

/** `Retry-After` as seconds or as an HTTP date, in ms from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: unknown, now: number = Date.now()): number | undefined {
	const text = Array.isArray(header) ? String(header[0] ?? '') : header === undefined || header === null ? '' : String(header);
	if (text.trim() === '') return undefined;
	if (/^\s*\d+(\.\d+)?\s*$/.test(text)) return Math.round(Number(text) * 1000);
	const date = Date.parse(text);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export type CallOutcome = { kind: 'answer'; statusCode: number; retryAfterMs?: number } | { kind: 'network'; failure: NetworkFailureKind };

export type RetryDecision = { retry: false } | { retry: true; waitMs: number; pauseToken: boolean };

export function decideRetry(outcome: CallOutcome, method: string, attempt: number, random: () => number = Math.random): RetryDecision {
	if (attempt >= MAX_ATTEMPTS) return { retry: false };
	if (outcome.kind === 'answer') {
		if (outcome.statusCode === 429) {
			const waitMs = outcome.retryAfterMs ?? backoffMs(attempt, random);
			return waitMs > MAX_RETRY_AFTER_MS ? { retry: false } : { retry: true, waitMs, pauseToken: true };
		}
		return outcome.statusCode >= 500 && isIdempotent(method)
			? { retry: true, waitMs: backoffMs(attempt, random), pauseToken: false }
			: { retry: false };
	}
	switch (outcome.failure) {
		case 'unreachable':
			// Refused or not resolved: the request never left, so any method may go again.
			return { retry: true, waitMs: backoffMs(attempt, random), pauseToken: false };
		case 'timeout':
		case 'dropped':
		case 'other':
			return isIdempotent(method) ? { retry: true, waitMs: backoffMs(attempt, random), pauseToken: false } : { retry: false };
		default:
			// A certificate problem does not pass by waiting; a cancelled execution wants no more calls.
			return { retry: false };
	}
}
