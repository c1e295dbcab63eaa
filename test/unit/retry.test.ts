import type { NetworkFailureKind } from '../../nodes/Seqera/errors/callErrors';
import {
	backoffMs,
	type CallOutcome,
	decideRetry,
	isIdempotent,
	MAX_ATTEMPTS,
	MAX_RETRY_AFTER_MS,
	retryAfterMs,
} from '../../nodes/Seqera/transport';

const answer = (statusCode: number, retryAfter?: number): CallOutcome => ({ kind: 'answer', statusCode, retryAfterMs: retryAfter });
const network = (failure: NetworkFailureKind): CallOutcome => ({ kind: 'network', failure });
const half = () => 0.5;

describe('Retry-After', () => {
	const now = Date.parse('2026-11-02T10:00:00Z');

	it('reads seconds, whole or fractional', () => {
		expect(retryAfterMs('3', now)).toBe(3000);
		expect(retryAfterMs(' 1.5 ', now)).toBe(1500);
		expect(retryAfterMs('0', now)).toBe(0);
		expect(retryAfterMs(['2', '9'], now)).toBe(2000);
	});

	it('reads an HTTP date, and a date in the past as no wait', () => {
		expect(retryAfterMs('Mon, 02 Nov 2026 10:00:04 GMT', now)).toBe(4000);
		expect(retryAfterMs('Mon, 02 Nov 2026 09:59:00 GMT', now)).toBe(0);
	});

	it('is undefined when absent or unreadable', () => {
		for (const header of [undefined, null, '', '  ', 'soon', []]) expect(retryAfterMs(header, now)).toBeUndefined();
	});
});

describe('backoff', () => {
	it('grows from 500 ms, doubles each attempt, and is capped at 10 s', () => {
		const ceiling = (attempt: number) => backoffMs(attempt, () => 1);
		expect([1, 2, 3, 4, 5, 6, 10].map(ceiling)).toEqual([500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
	});

	it('is a random wait between 0 and the ceiling (full jitter)', () => {
		expect(backoffMs(3, () => 0)).toBe(0);
		expect(backoffMs(3, half)).toBe(1000);
		for (let sample = 0; sample < 200; sample++) {
			const wait = backoffMs(4);
			expect(wait).toBeGreaterThanOrEqual(0);
			expect(wait).toBeLessThanOrEqual(4000);
		}
	});
});

describe('decideRetry', () => {
	it('knows which methods are safe to repeat', () => {
		expect(['GET', 'head', 'OPTIONS', 'PUT', 'DELETE'].every(isIdempotent)).toBe(true);
		expect(['POST', 'PATCH'].some(isIdempotent)).toBe(false);
	});

	it('retries a 429 for any method, launches included, waiting as the platform says and pausing the token', () => {
		expect(decideRetry(answer(429, 2000), 'POST', 1)).toEqual({ retry: true, waitMs: 2000, pauseToken: true });
		expect(decideRetry(answer(429, 2000), 'GET', 1)).toEqual({ retry: true, waitMs: 2000, pauseToken: true });
		// Without Retry-After: the backoff.
		expect(decideRetry(answer(429), 'POST', 2, half)).toEqual({ retry: true, waitMs: 500, pauseToken: true });
	});

	it('gives up on a 429 that asks for a longer wait than an execution should hold', () => {
		expect(decideRetry(answer(429, MAX_RETRY_AFTER_MS), 'GET', 1)).toMatchObject({ retry: true });
		expect(decideRetry(answer(429, MAX_RETRY_AFTER_MS + 1), 'GET', 1)).toEqual({ retry: false });
	});

	it('never sends a launch (POST) again after a 5xx, a timeout or a dropped connection: it may have been carried out', () => {
		for (const outcome of [
			answer(500),
			answer(502),
			answer(503),
			answer(504),
			network('timeout'),
			network('dropped'),
			network('other'),
		]) {
			expect(decideRetry(outcome, 'POST', 1)).toEqual({ retry: false });
		}
	});

	it('retries safe methods after a 5xx, a timeout or a dropped connection, with backoff and no token pause', () => {
		for (const outcome of [answer(500), answer(503), network('timeout'), network('dropped'), network('other')]) {
			for (const method of ['GET', 'PUT', 'DELETE']) {
				expect(decideRetry(outcome, method, 1, half)).toEqual({ retry: true, waitMs: 250, pauseToken: false });
			}
		}
	});

	it('retries any method when the connection was never made', () => {
		expect(decideRetry(network('unreachable'), 'POST', 1, half)).toEqual({ retry: true, waitMs: 250, pauseToken: false });
	});

	it('does not retry client errors, certificate problems or a cancelled execution', () => {
		for (const status of [200, 400, 401, 403, 404, 409]) expect(decideRetry(answer(status), 'GET', 1)).toEqual({ retry: false });
		expect(decideRetry(network('tls'), 'GET', 1)).toEqual({ retry: false });
		expect(decideRetry(network('cancelled'), 'GET', 1)).toEqual({ retry: false });
	});

	it(`stops after ${MAX_ATTEMPTS} attempts, whatever the outcome`, () => {
		for (const outcome of [answer(429, 1000), answer(503), network('unreachable'), network('timeout')]) {
			const attempts = Array.from({ length: 10 }, (_, index) => index + 1).filter(
				(attempt) => decideRetry(outcome, 'GET', attempt).retry,
			);
			expect(attempts).toEqual([1, 2, 3]);
		}
		expect(MAX_ATTEMPTS).toBe(4);
	});
});
