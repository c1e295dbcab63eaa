/**
 * What a process remembers of its paused waits: the claims that make a wait go on once, and the runs it
 * has seen ended, both keyed by the wait (execution, node and time limit), on a driven clock.
 */
import { forgetEnds, knownEnd, rememberEnd } from '../../nodes/Seqera/waits/knownEnds';
import { claimResume } from '../../nodes/Seqera/waits/resumeClaims';

const MINUTE = 60_000;

describe('claims of a resume', () => {
	it('lets one call resume a wait, and refuses a second call for the same wait for ten minutes', () => {
		const start = 1_800_000_000_000;
		expect(claimResume('101:launch:2026-12-08T02:00:00.000Z', start)).toBe(true);
		expect(claimResume('101:launch:2026-12-08T02:00:00.000Z', start + 1)).toBe(false);
		expect(claimResume('101:launch:2026-12-08T02:00:00.000Z', start + 10 * MINUTE)).toBe(false);
		expect(claimResume('101:launch:2026-12-08T02:00:00.000Z', start + 10 * MINUTE + 1)).toBe(true);
	});

	it('keeps the waits of one execution apart: another node, or the same node waiting again in a loop', () => {
		const start = 1_800_000_100_000;
		expect(claimResume('202:first:2026-12-08T03:00:00.000Z', start)).toBe(true);
		expect(claimResume('202:second:2026-12-08T03:00:05.000Z', start + 1)).toBe(true);
		expect(claimResume('202:first:2026-12-08T03:04:00.000Z', start + 2)).toBe(true);
		expect(claimResume('202:first:2026-12-08T03:00:00.000Z', start + 3)).toBe(false);
	});
});

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
