import type { IDataObject } from 'n8n-workflow';

/**
 * Which runs the trigger has already accounted for (reported, or recorded on the first poll), in a
 * form that survives JSON and stays small.
 *
 * Run submit times have whole-second precision and many runs share a second, so a "newest submit
 * time" alone cannot tell a run seen at that second from one that arrived in it later. The cursor is
 * a floor plus the runs above it: every run submitted before `floor` is accounted for, and a run
 * submitted at or after it is accounted for exactly when it is in `recent`.
 *
 * The floor only rises to a submit time that was already visible at a poll at least `SETTLE_MS` ago
 * by n8n's own clock: a run submitted before that time has had that long to appear in the list, so
 * it has been read. Submit times are only ever compared with each other and n8n's times only with
 * n8n's, so the two clocks may disagree by any amount.
 */
export interface RunCursor {
	/** Epoch second (platform clock): every matching run submitted before it is accounted for. */
	floor: number;
	/** Runs accounted for that were submitted at or after `floor`: run ID → submit second. */
	recent: Record<string, number>;
	/** The newest accounted submit second at the end of recent polls: `[n8n time in ms, second]`. */
	marks: Array<[number, number]>;
	/**
	 * While catching up: an offset in the run list known to hold a run at or above the floor, and the
	 * step to look further down with. New runs only push that run deeper, so it stays valid.
	 */
	catchUp?: { above: number; step: number };
}

/** How long a run may take to appear in the run list after the time it was submitted at. */
export const SETTLE_MS = 30_000;
// Marks kept: enough for polls as frequent as every few seconds to still reach one SETTLE_MS old.
const MAX_MARKS = 12;

export function submitSecond(run: IDataObject): number {
	const time = Date.parse(String(run.submit ?? run.dateCreated ?? ''));
	return Number.isNaN(time) ? 0 : Math.floor(time / 1000);
}

export const runIdOf = (run: IDataObject): string => String(run.id);

export function isAccounted(cursor: RunCursor, run: IDataObject): boolean {
	return submitSecond(run) < cursor.floor || cursor.recent[runIdOf(run)] !== undefined;
}

/** Below the floor: older than anything that can still be new, so a scan can stop there. */
export function isBelowFloor(cursor: RunCursor, run: IDataObject): boolean {
	return submitSecond(run) < cursor.floor;
}

/**
 * The cursor the first poll starts from: `second` is the newest submit second it saw, and `runs` are
 * every run of that second (and any newer one that came in while it read), all accounted for. A run
 * submitted in that second later is not among them, so it is new.
 */
export function cursorOver(second: number, runs: IDataObject[], now: number): RunCursor {
	const recent: Record<string, number> = {};
	for (const run of runs) if (submitSecond(run) >= second) recent[runIdOf(run)] = submitSecond(run);
	return { floor: second, recent, marks: [[now, Math.max(second, ...Object.values(recent))]] };
}

export function withAccounted(cursor: RunCursor, runs: IDataObject[]): RunCursor {
	const recent = { ...cursor.recent };
	for (const run of runs) if (submitSecond(run) >= cursor.floor) recent[runIdOf(run)] = submitSecond(run);
	return { ...cursor, recent };
}

/**
 * Ends a poll: records its mark, raises the floor to the newest mark that has settled, and forgets
 * what fell below it. `readUpTo` is the newest submit second up to which this poll read every run
 * from the floor on; a run that appeared late below it has been read, one above it may not have been.
 */
export function settled(cursor: RunCursor, now: number, readUpTo: number): RunCursor {
	const newest = Math.max(cursor.floor, ...Object.values(cursor.recent));
	const marks: Array<[number, number]> = [...cursor.marks.filter(([time]) => time <= now), [now, newest]];
	const settledMarks = marks.filter(([time]) => time <= now - SETTLE_MS);
	const settledSecond = Math.max(cursor.floor, ...settledMarks.map(([, second]) => second));
	const floor = Math.max(cursor.floor, Math.min(settledSecond, readUpTo));
	const recent: Record<string, number> = {};
	for (const [id, second] of Object.entries(cursor.recent)) if (second >= floor) recent[id] = second;
	// The newest settled mark is all the floor needs from the past; later ones are still settling.
	const newestSettled = settledMarks.length ? [settledMarks[settledMarks.length - 1]] : [];
	const pending = marks.filter(([time]) => time > now - SETTLE_MS);
	return { floor, recent, marks: [...newestSettled, ...pending].slice(-MAX_MARKS) };
}
