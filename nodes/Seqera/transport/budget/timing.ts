// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- the limiter's cancellable wait is built on timers
import { setImmediate as afterPendingReads, setTimeout as delay } from 'node:timers/promises';

/** Waits `ms`, or rejects as soon as the execution is cancelled. */
export async function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	if (signal?.aborted) throw cancelledError(signal);
	if (ms > 0) await unlessCancelled(delay(ms, undefined, { signal }), signal);
}

export class CancelledError extends Error {
	readonly code = 'ERR_CANCELED';

	constructor() {
		super('The execution was canceled');
	}
}

function cancelledError(signal: AbortSignal): Error {
	return signal.reason instanceof Error && signal.reason.name !== 'AbortError' ? signal.reason : new CancelledError();
}

/** Waits for `promise`, or rejects as a cancelled wait does as soon as `signal` aborts. */
export async function unlessCancelled<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
	if (!signal) return await promise;
	if (signal.aborted) throw cancelledError(signal);
	let onAbort = () => undefined as void;
	const cancelled = new Promise<never>((_, reject) =>
		signal.addEventListener('abort', (onAbort = () => reject(cancelledError(signal))), { once: true }),
	);
	return await Promise.race([promise, cancelled]).finally(() => signal.removeEventListener('abort', onAbort));
}

/**
 * `promise`, or a failure after `ms` counted once the process has also read what reached it: after a stall, Node runs due timers before it
 * reads its sockets.
 */
export async function withinTime<T>(promise: Promise<T>, ms: number, timeoutMessage: string): Promise<T> {
	const settled = new AbortController();
	const late = delay(ms, undefined, { signal: settled.signal }).then(
		async () => await afterPendingReads(undefined, { signal: settled.signal }),
	);
	const timedOut = late.then(() => Promise.reject(new Error(timeoutMessage)));
	return await Promise.race([promise, timedOut]).finally(() => settled.abort());
}
