import { Line, LocalGate } from '../../nodes/Seqera/transport/gate';
import { TokenLimiter } from '../../nodes/Seqera/transport/limiter';
import { CancelledError } from '../../nodes/Seqera/transport/timing';

/** Lets every promise that can settle now do so. */
const settled = async () => await new Promise((resolve) => setImmediate(resolve));

describe('Line', () => {
	it('an interactive caller goes ahead of every bulk caller still waiting; the one whose turn it is keeps it', async () => {
		const line = new Line();
		const order: string[] = [];
		let release!: () => void;
		const holding = new Promise<void>((resolve) => (release = resolve));
		const turns = [
			line.turn(undefined, async () => {
				order.push('bulk 1');
				await holding;
			}),
			line.turn(undefined, async () => order.push('bulk 2')),
			line.turn(undefined, async () => order.push('bulk 3')),
			line.turn(undefined, async () => order.push('interactive 1'), 'interactive'),
			line.turn(undefined, async () => order.push('bulk 4'), 'bulk'),
			line.turn(undefined, async () => order.push('interactive 2'), 'interactive'),
		];
		await settled();
		// The first caller's turn is not taken from it by the interactive callers that came after.
		expect(order).toEqual(['bulk 1']);
		release();
		await Promise.all(turns);
		expect(order).toEqual(['bulk 1', 'interactive 1', 'interactive 2', 'bulk 2', 'bulk 3', 'bulk 4']);
	});

	it('a caller that gives up leaves the line, and the ones behind it still get their turns', async () => {
		const line = new Line();
		const order: string[] = [];
		let release!: () => void;
		const holding = new Promise<void>((resolve) => (release = resolve));
		const first = line.turn(undefined, async () => await holding);
		const cancel = new AbortController();
		const cancelled = line.turn(cancel.signal, async () => order.push('cancelled'), 'interactive');
		const next = line.turn(undefined, async () => order.push('bulk'));
		cancel.abort();
		await expect(cancelled).rejects.toBeInstanceOf(CancelledError);
		release();
		await Promise.all([first, next]);
		expect(order).toEqual(['bulk']);
		// The line is free again.
		expect(await line.turn(undefined, async () => 'alone')).toBe('alone');
	});
});

describe('TokenLimiter: interactive calls first', () => {
	it('a call made while a long execution fills the budget starts next, not behind the execution\'s queued calls', async () => {
		const limiter = new TokenLimiter((_key, limits) => new LocalGate(limits));
		const budget = { baseUrl: 'https://api.example', token: 'token-interactive', maxCallsPerSecond: 20, maxCallsPerHour: 72000 };
		const started: string[] = [];
		// More than the 40 calls in flight: the last 20 wait in the token's queue, the first 40 at the gate.
		const bulk = Array.from({ length: 60 }, async (_, index) => {
			await limiter.withinBudget(budget, async () => {
				started.push(`bulk ${index}`);
			});
		});
		await new Promise((resolve) => setTimeout(resolve, 200));
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
