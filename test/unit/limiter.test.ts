import { budgetKey, CancelledError, LocalGate, TOKEN_QUEUE_UNUSED_MS, TokenLimiter } from '../../nodes/Seqera/transport';
import { sleep, until } from '../../dev/until';

/**
 * Bottleneck takes a few turns of the event loop to start a call, more on a busy machine: waits until
 * `started` holds as many calls as `expected` (at most 2 s), and a little longer so that one too many
 * would show, then checks them.
 */
async function expectStarted(started: string[], expected: string[]): Promise<void> {
	// Past the 2 s the check below fails, showing the calls that did start.
	await until(`${expected.length} calls started`, () => started.length >= expected.length, 2000, { everyMs: 10 }).catch(() => undefined);
	// Nothing marks a call that should not start: a few more turns of the event loop, so that one would show.
	await sleep(50);
	expect(started).toEqual(expected);
}

/** A gate that admits every call at once: these tests are about the queue's order and cap, not the budget. */
const openGate = {
	admit: async () => ({ sent: () => undefined, answered: () => undefined }),
	pauseUntil: async () => undefined,
	setLimits: () => undefined,
};

/** A call that runs until `finish` is called, noting its name when it starts. */
function heldCall(started: string[], name: string): { call: () => Promise<string>; finish: () => void } {
	let finish: () => void = () => undefined;
	const done = new Promise<void>((resolve) => (finish = resolve));
	return {
		call: async () => {
			started.push(name);
			await done;
			return name;
		},
		finish: () => finish(),
	};
}

let tokens = 0;
/** A budget of its own per test, with `maxCallsPerSecond` allowing twice as many calls in flight. */
const budgetOf = (maxCallsPerSecond: number) => ({
	baseUrl: 'https://api.example',
	token: `token-${++tokens}`,
	maxCallsPerSecond,
	maxCallsPerHour: 72000,
});

/** Four bulk calls on a token allowed two in flight: the first two have started, the others wait. */
async function fourCalls() {
	const limiter = new TokenLimiter(() => openGate);
	const budget = budgetOf(1);
	const started: string[] = [];
	const calls = ['a', 'b', 'c', 'd'].map((name) => heldCall(started, name));
	const answers = calls.map(async ({ call }) => await limiter.withinBudget(budget, call));
	await expectStarted(started, ['a', 'b']);
	return { limiter, budget, started, calls, answers };
}

describe("TokenLimiter: the token's queue", () => {
	it('runs at most twice the per-second limit at once, the others in order of arrival as places free', async () => {
		const { started, calls, answers } = await fourCalls();
		calls[1].finish();
		await expectStarted(started, ['a', 'b', 'c']);
		for (const { finish } of calls) finish();
		expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
	});

	it("starts an interactive call while production calls hold every place in flight, and people's calls have a cap of their own", async () => {
		const limiter = new TokenLimiter(() => openGate);
		const budget = budgetOf(1);
		const started: string[] = [];
		const order = [
			['running 1', 'bulk'],
			['running 2', 'bulk'],
			['bulk 1', 'bulk'],
			['person 1', 'interactive'],
			['person 2', 'interactive'],
			['person 3', 'interactive'],
		] as const;
		const calls = order.map(([name, priority]) => ({ ...heldCall(started, name), priority }));
		const answers = calls
			.slice(0, 3)
			.map(async ({ call, priority }) => await limiter.withinBudget(budget, call, undefined, { priority }));
		await expectStarted(started, ['running 1', 'running 2']);
		answers.push(
			...calls.slice(3).map(async ({ call, priority }) => await limiter.withinBudget(budget, call, undefined, { priority })),
		);
		await expectStarted(started, ['running 1', 'running 2', 'person 1', 'person 2']);
		calls[3].finish();
		await expectStarted(started, ['running 1', 'running 2', 'person 1', 'person 2', 'person 3']);
		calls[0].finish();
		await expectStarted(started, ['running 1', 'running 2', 'person 1', 'person 2', 'person 3', 'bulk 1']);
		for (const { finish } of calls) finish();
		await Promise.all(answers);
	});

	it('a queued call whose execution is cancelled gives up at once and never runs; a failed call frees its place', async () => {
		const limiter = new TokenLimiter(() => openGate);
		const budget = budgetOf(1);
		const started: string[] = [];
		const running = [heldCall(started, 'a'), heldCall(started, 'b')];
		const answers = running.map(async ({ call }) => await limiter.withinBudget(budget, call));
		const cancel = new AbortController();
		const queued = limiter.withinBudget(budget, heldCall(started, 'cancelled').call, cancel.signal);
		cancel.abort();
		await expect(queued).rejects.toBeInstanceOf(CancelledError);
		running[0].finish();
		await expect(limiter.withinBudget(budget, async () => await Promise.reject(new Error('refused')))).rejects.toThrow('refused');
		running[1].finish();
		await Promise.all(answers);
		expect(await limiter.withinBudget(budget, async () => 'next')).toBe('next');
		expect(started).toEqual(['a', 'b']);
	});

	it("follows the credential's new limits: more places start waiting calls at once", async () => {
		const { limiter, budget, started, calls, answers } = await fourCalls();
		const late = heldCall(started, 'late');
		const lateAnswer = limiter.withinBudget({ ...budget, maxCallsPerSecond: 3 }, late.call);
		await expectStarted(started, ['a', 'b', 'c', 'd', 'late']);
		for (const { finish } of [...calls, late]) finish();
		await Promise.all([...answers, lateAnswer]);
	});
});

describe('TokenLimiter: interactive calls first', () => {
	it("a call made while a long execution fills the budget starts next, not behind the execution's queued calls", async () => {
		const limiter = new TokenLimiter((_key, limits) => new LocalGate(limits));
		const budget = { baseUrl: 'https://api.example', token: 'token-interactive', maxCallsPerSecond: 20, maxCallsPerHour: 72000 };
		const started: string[] = [];
		// More than the 40 calls in flight: the last 20 wait in the token's queue, the first 40 at the gate.
		const bulk = Array.from({ length: 60 }, async (_, index) => {
			await limiter.withinBudget(budget, async () => {
				started.push(`bulk ${index}`);
			});
		});
		// Until the execution's calls go through the gate: its second has waited out the gate's spacing, by
		// when Bottleneck has handed its first 40 to the gate's line (at once, on timers of 0 ms) and holds the other 20.
		await until("the execution's calls going through the gate", () => started.length >= 2, 10_000, { everyMs: 10 });
		const startedBefore = started.length;
		await limiter.withinBudget(
			budget,
			async () => {
				started.push('interactive');
			},
			undefined,
			{ priority: 'interactive' },
		);
		// It waits for one call of the execution to free a place in flight, and for the call whose turn it
		// was at the gate then: two calls start in between, a few more on a busy machine whose timers run
		// late, never the execution's 50 or so still queued (in the token's queue for 20 of them).
		expect(started.indexOf('interactive')).toBeLessThanOrEqual(startedBefore + 6);
		await Promise.all(bulk);
	});
});

describe("TokenLimiter: a token's queue once unused", () => {
	afterEach(() => jest.restoreAllMocks());

	it('is removed, with what it knew of the token, once unused for longer than its gate counts a call; a queue with a call in flight stays', async () => {
		let now = Date.now();
		jest.spyOn(Date, 'now').mockImplementation(() => now);
		const gatesMade: string[] = [];
		const limiter = new TokenLimiter((key) => {
			gatesMade.push(key);
			return openGate;
		});
		const [unused, inFlight, next, later] = [budgetOf(1), budgetOf(1), budgetOf(1), budgetOf(1)];
		const keyOf = (budget: typeof unused) => budgetKey(budget.baseUrl, budget.token);
		const answeredCall = async () => 'answered';
		for (const budget of [unused, inFlight]) {
			await limiter.withinBudget(budget, answeredCall);
			limiter.noteWorked(keyOf(budget));
		}
		const long = heldCall([], 'long');
		const longAnswer = limiter.withinBudget(inFlight, long.call);

		// Queues are looked over when another token's queue is made, as connectionPool.ts looks over its pools.
		now += TOKEN_QUEUE_UNUSED_MS;
		await limiter.withinBudget(next, answeredCall);
		expect(limiter.hasWorked(keyOf(unused))).toBe(true);
		now += 1;
		await limiter.withinBudget(later, answeredCall);
		expect(limiter.hasWorked(keyOf(unused))).toBe(false);
		expect(limiter.hasWorked(keyOf(inFlight))).toBe(true);

		long.finish();
		expect(await longAnswer).toBe('long');
		expect(await limiter.withinBudget(unused, answeredCall)).toBe('answered');
		expect(gatesMade.filter((key) => key === keyOf(unused))).toHaveLength(2);
		expect(gatesMade.filter((key) => key === keyOf(inFlight))).toHaveLength(1);
	});
});
