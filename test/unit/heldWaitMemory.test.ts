/**
 * What a process remembers of its paused waits: the runs it has seen ended, keyed by the wait (execution,
 * node and time limit), on a driven clock. The claims that make a wait go on once: resumeClaims.test.ts.
 */
import { forgetEnds, knownEnd, rememberEnd } from '../../nodes/Seqera/waits/knownEnds';

const MINUTE = 60_000;

describe('runs known to have ended', () => {
	it('remembers a run per wait and item until the wait goes on', () => {
		const run = { id: '4k2JqF', status: 'SUCCEEDED' };
		rememberEnd('303:launch:t', 1, run, 1_000);
		expect(knownEnd('303:launch:t', 1)).toBe(run);
		expect(knownEnd('303:launch:t', 0)).toBeUndefined();
		expect(knownEnd('303:other:t', 1)).toBeUndefined();
		forgetEnds('303:launch:t');
		expect(knownEnd('303:launch:t', 1)).toBeUndefined();
	});

	it('forgets a wait with no news for a day, when it next remembers something', () => {
		rememberEnd('404:launch:t', 0, { id: 'a' }, 0);
		rememberEnd('505:launch:t', 0, { id: 'b' }, 24 * 60 * MINUTE);
		expect(knownEnd('404:launch:t', 0)).toEqual({ id: 'a' });
		rememberEnd('505:launch:t', 1, { id: 'c' }, 24 * 60 * MINUTE + 1);
		expect(knownEnd('404:launch:t', 0)).toBeUndefined();
		expect(knownEnd('505:launch:t', 0)).toEqual({ id: 'b' });
	});
});
