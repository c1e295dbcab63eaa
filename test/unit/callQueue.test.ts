import { CallQueue } from '../../nodes/Seqera/transport/callQueue';
import type { CallPriority } from '../../nodes/Seqera/transport/admission';

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

const settle = async () => await new Promise((resolve) => setImmediate(resolve));

describe('CallQueue', () => {
	it('runs at most maxConcurrent calls at once, the others in order of arrival as places free', async () => {
		const queue = new CallQueue(2);
		const started: string[] = [];
		const calls = ['a', 'b', 'c', 'd'].map((name) => heldCall(started, name));
		const answers = calls.map(async ({ call }) => await queue.run('bulk', call));
		await settle();
		expect(started).toEqual(['a', 'b']);
		expect([queue.inFlight, queue.waiting]).toEqual([2, 2]);

		calls[1].finish();
		await settle();
		expect(started).toEqual(['a', 'b', 'c']);
		calls[0].finish();
		calls[2].finish();
		calls[3].finish();
		expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd']);
		expect([queue.inFlight, queue.waiting]).toEqual([0, 0]);
	});

	it('gives a freed place to a waiting interactive call before every bulk call that waited longer', async () => {
		const queue = new CallQueue(1);
		const started: string[] = [];
		const order: Array<[string, CallPriority]> = [
			['running', 'bulk'],
			['bulk 1', 'bulk'],
			['bulk 2', 'bulk'],
			['interactive', 'interactive'],
		];
		const calls = order.map(([name, priority]) => ({ ...heldCall(started, name), priority }));
		const answers = calls.map(async ({ call, priority }) => await queue.run(priority, call));
		await settle();
		for (const { finish } of calls) {
			finish();
			await settle();
		}
		await Promise.all(answers);
		expect(started).toEqual(['running', 'interactive', 'bulk 1', 'bulk 2']);
	});

	it('frees its place when a call fails', async () => {
		const queue = new CallQueue(1);
		await expect(queue.run('bulk', async () => await Promise.reject(new Error('refused')))).rejects.toThrow('refused');
		expect(await queue.run('bulk', async () => await Promise.resolve('next'))).toBe('next');
		expect(queue.inFlight).toBe(0);
	});

	it('follows a new maxConcurrent: more places start waiting calls at once, fewer hold new calls back', async () => {
		const queue = new CallQueue(1);
		const started: string[] = [];
		const calls = ['a', 'b', 'c'].map((name) => heldCall(started, name));
		const answers = calls.map(async ({ call }) => await queue.run('bulk', call));
		await settle();
		expect(started).toEqual(['a']);
		queue.setMaxConcurrent(3);
		await settle();
		expect(started).toEqual(['a', 'b', 'c']);

		queue.setMaxConcurrent(1);
		const late = heldCall(started, 'late');
		const lateAnswer = queue.run('bulk', late.call);
		calls[0].finish();
		calls[1].finish();
		await settle();
		expect(started).toEqual(['a', 'b', 'c']);
		calls[2].finish();
		await settle();
		expect(started).toEqual(['a', 'b', 'c', 'late']);
		late.finish();
		await Promise.all([...answers, lateAnswer]);
	});
});
