/**
 * The claims that make a held wait go on once (waits/resumeClaims.ts): the first call to decide that a
 * wait goes on wins, later ones for the same wait are refused while the claim is kept (ten minutes), and
 * a claim is the wait's own, keyed by execution, node and time limit as resumeOnRunEvent.ts keys it.
 * The clock is driven: each claim is made at a `now` the test gives, and no test waits.
 */
import type { claimResume as ClaimResume } from '../../nodes/Seqera/waits/resumeClaims';

const MINUTE = 60_000;
// How long a claim is kept (CLAIM_KEPT_MS).
const KEPT_MS = 10 * MINUTE;
const START = 1_800_000_000_000;

/** A wait's key as resumeOnRunEvent.ts makes it: execution, node, and the time limit its items were put to wait with. */
const waitKey = (executionId: string, nodeId: string, limit: string | undefined) => `${executionId}:${nodeId}:${String(limit)}`;
const LIMIT = '2026-12-08T02:00:00.000Z';
const WAIT = waitKey('101', 'launch-node-1', LIMIT);

// The claims live in the module for the life of the process: each test takes a fresh copy, so none sees another's claims.
let claimResume: typeof ClaimResume;
beforeEach(() => {
	jest.isolateModules(() => {
		({ claimResume } = jest.requireActual<{ claimResume: typeof ClaimResume }>('../../nodes/Seqera/waits/resumeClaims'));
	});
});

afterEach(() => {
	jest.useRealTimers();
});

describe('claims of a resume', () => {
	it('lets the first call resume a wait', () => {
		expect(claimResume(WAIT, START)).toBe(true);
	});

	it('refuses a second call for the same wait while the claim is kept, up to its last millisecond', () => {
		expect(claimResume(WAIT, START)).toBe(true);
		// The same moment: two calls that arrive together, as n8n 1.x lets them.
		expect(claimResume(WAIT, START)).toBe(false);
		expect(claimResume(WAIT, START + 1)).toBe(false);
		expect(claimResume(WAIT, START + MINUTE)).toBe(false);
		expect(claimResume(WAIT, START + KEPT_MS)).toBe(false);
	});

	it('keeps the refusal to the claim made first: a refused call does not make the claim last longer', () => {
		expect(claimResume(WAIT, START)).toBe(true);
		expect(claimResume(WAIT, START + KEPT_MS - 1)).toBe(false);
		expect(claimResume(WAIT, START + KEPT_MS + 1)).toBe(true);
	});

	it('lets a call resume the wait again once the claim is no longer kept', () => {
		expect(claimResume(WAIT, START)).toBe(true);
		expect(claimResume(WAIT, START + KEPT_MS + 1)).toBe(true);
		// A claim of its own, kept from then on.
		expect(claimResume(WAIT, START + KEPT_MS + 2)).toBe(false);
		expect(claimResume(WAIT, START + 2 * KEPT_MS + 2)).toBe(true);
	});

	it('does not refuse a different wait: another execution, another node, or the same node waiting again with another time limit', () => {
		expect(claimResume(WAIT, START)).toBe(true);
		expect(claimResume(waitKey('102', 'launch-node-1', LIMIT), START + 1)).toBe(true);
		expect(claimResume(waitKey('101', 'launch-node-2', LIMIT), START + 2)).toBe(true);
		// The same node in a loop: its second wait was put to wait with a later time limit.
		expect(claimResume(waitKey('101', 'launch-node-1', '2026-12-08T02:04:00.000Z'), START + 3)).toBe(true);
		// A wait with no time limit is a wait of its own too.
		expect(claimResume(waitKey('101', 'launch-node-1', undefined), START + 4)).toBe(true);
		// Each of them is claimed now, and the first still is.
		expect(claimResume(waitKey('102', 'launch-node-1', LIMIT), START + 5)).toBe(false);
		expect(claimResume(waitKey('101', 'launch-node-2', LIMIT), START + 5)).toBe(false);
		expect(claimResume(waitKey('101', 'launch-node-1', '2026-12-08T02:04:00.000Z'), START + 5)).toBe(false);
		expect(claimResume(waitKey('101', 'launch-node-1', undefined), START + 5)).toBe(false);
		expect(claimResume(WAIT, START + 5)).toBe(false);
	});

	it('lets each wait go on once its own claim is no longer kept, whichever wait the call is for', () => {
		const other = waitKey('202', 'launch-node-1', LIMIT);
		expect(claimResume(WAIT, START)).toBe(true);
		expect(claimResume(other, START + 5 * MINUTE)).toBe(true);
		// Past the first claim's time, a call for a third wait forgets it: the first wait may go on again...
		expect(claimResume(waitKey('303', 'launch-node-1', LIMIT), START + KEPT_MS + 1)).toBe(true);
		expect(claimResume(WAIT, START + KEPT_MS + 1)).toBe(true);
		// ...while the other wait's claim, made later, is still kept until its own time.
		expect(claimResume(other, START + KEPT_MS + 1)).toBe(false);
		expect(claimResume(other, START + 5 * MINUTE + KEPT_MS + 1)).toBe(true);
	});

	it("reads the process's clock when given no time, as the node calls it", () => {
		jest.useFakeTimers({ now: START });
		expect(claimResume(WAIT)).toBe(true);
		jest.setSystemTime(START + KEPT_MS);
		expect(claimResume(WAIT)).toBe(false);
		jest.setSystemTime(START + KEPT_MS + 1);
		expect(claimResume(WAIT)).toBe(true);
	});
});
