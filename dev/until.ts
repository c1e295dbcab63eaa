/**
 * Waiting in the tests and benches for what they wait for (docs/testing.md, Time in tests): `until` asks
 * for a state again and again up to a deadline, so a test goes on as soon as it holds and a busy machine
 * only makes it slower. `sleep` is for what leaves no sign to wait on: that something does not happen
 * (no second call, nothing after a stop), or a delay that is itself the case tested. Each use says which.
 */

export const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

export interface UntilOptions {
	/** What to add to the error past the deadline: an n8n process's output, say. */
	context?: () => string;
	/** How long between two asks; a quarter second unless told. */
	everyMs?: number;
}

/**
 * What `found` returns once it returns something other than `undefined` or `false`; past `timeoutMs`
 * it throws naming `what`, with the context (a function, or in the options).
 */
export async function until<T>(
	what: string,
	found: () => T | false | undefined | Promise<T | false | undefined>,
	timeoutMs: number,
	options: UntilOptions | (() => string) = {},
): Promise<T> {
	const { context = () => '', everyMs = 250 } = typeof options === 'function' ? { context: options } : options;
	// The process's own clock: a test that sets Date.now() does not move the deadline.
	const deadline = performance.now() + timeoutMs;
	for (;;) {
		const value = await found();
		if (value !== undefined && value !== false) return value;
		if (performance.now() > deadline) throw new Error(`Not seen within ${timeoutMs} ms: ${what}\n${context()}`);
		await sleep(everyMs);
	}
}
