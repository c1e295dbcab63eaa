import type { IDataObject } from 'n8n-workflow';

import type { CallAllowance } from '../../helpers/allowance';
import type { RunPage, RunsApi } from './runsApi';
import { isAccounted, isBelowFloor, runIdOf, settled, submitSecond, withAccounted, type RunCursor } from './cursor';

/**
 * Finds the runs not yet accounted for, oldest first, and accounts for them.
 *
 * The run list is newest first and paged by offset, so it shifts while it is read: a new run pushes
 * every run one place down, a deletion pulls the runs below it one place up. Consecutive pages
 * therefore overlap, and a page is used only when it provably joins the runs already read (it shares
 * a run with them, or reaches below the floor); otherwise it is read again from where it must join.
 *
 * Usually one page reaches from the newest run down below the floor. When more runs are new than a
 * few pages hold, the runs are accounted for from the oldest up instead: the place where the list
 * crosses the floor is found with one-run probes, and pages are read upwards from there. A poll that
 * runs out of calls on the way keeps what it accounted for, a contiguous stretch up from the floor,
 * and the next poll goes on from there: nothing is skipped and nothing is reported twice.
 */

// Pages read from the top before switching to the oldest-first walk.
const DOWNWARD_PAGES = 3;

export interface ScanSize {
	pageSize: number;
	allowance: CallAllowance;
}

export interface NewRuns {
	/** Runs accounted for in this poll, oldest first. */
	fresh: IDataObject[];
	/** Every run this poll read, with the status it was read with (the latest reading of each). */
	read: Map<string, IDataObject>;
	cursor: RunCursor;
	/** Whether every new run was found; when not, the next poll goes on. */
	complete: boolean;
}

const overlapOf = (pageSize: number) => Math.max(1, Math.floor(pageSize / 10));

function oldest(page: RunPage): IDataObject | undefined {
	return page.runs[page.runs.length - 1];
}

/** True when the page runs down to the end of the list or below the floor. */
function reachesFloor(cursor: RunCursor, page: RunPage, pageSize: number): boolean {
	const last = oldest(page);
	return !page.hasMore || page.runs.length < pageSize || last === undefined || isBelowFloor(cursor, last);
}

class Reading {
	readonly read = new Map<string, IDataObject>();
	fresh: IDataObject[] = [];

	constructor(public cursor: RunCursor) {}

	note(page: RunPage): void {
		for (const run of page.runs) this.read.set(runIdOf(run), run);
	}

	/** Accounts for a stretch of runs that joins the floor (newest first, as listed). */
	account(runs: IDataObject[]): void {
		const unaccounted = runs.filter((run) => !isAccounted(this.cursor, run));
		const oldestFirst = unaccounted
			.map((run, index) => ({ run, index }))
			.sort((a, b) => submitSecond(a.run) - submitSecond(b.run) || b.index - a.index)
			.map(({ run }) => run);
		const unique = oldestFirst.filter((run, index) => oldestFirst.findIndex((other) => runIdOf(other) === runIdOf(run)) === index);
		this.fresh.push(...unique);
		this.cursor = withAccounted(this.cursor, unique);
	}
}

export async function scanNewRuns(api: RunsApi, cursor: RunCursor, size: ScanSize, now: number): Promise<NewRuns> {
	const reading = new Reading(cursor);
	// While catching up, one page from the top is enough to see whether the backlog is gone.
	const downwardPages = cursor.catchUp ? 1 : Math.min(DOWNWARD_PAGES, Math.max(1, Math.floor(size.allowance.remaining / 3)));
	const downward = await readDownward(api, reading, size, downwardPages);
	if (downward.reached) {
		reading.account(downward.runs);
		return { fresh: reading.fresh, read: reading.read, cursor: settled(reading.cursor, now, Number.POSITIVE_INFINITY), complete: true };
	}
	const fromThisPoll = { above: downward.deepestAbove, step: size.pageSize };
	const resumeFrom = cursor.catchUp && cursor.catchUp.above > downward.deepestAbove ? cursor.catchUp : fromThisPoll;
	let walked = await walkUpward(api, reading, size, resumeFrom);
	// Deletions since the last poll made the list shorter than where it left off: search again.
	if (walked === 'pastTheEnd') walked = await walkUpward(api, reading, size, fromThisPoll);
	if (walked === 'pastTheEnd') walked = { readUpTo: reading.cursor.floor, resume: fromThisPoll };
	const complete = walked.readUpTo === Number.POSITIVE_INFINITY;
	const next = settled(reading.cursor, now, walked.readUpTo);
	return { fresh: reading.fresh, read: reading.read, cursor: complete ? next : { ...next, catchUp: walked.resume }, complete };
}

/** Reads from the newest run down; `reached` when the pages join up and reach below the floor. */
async function readDownward(
	api: RunsApi,
	reading: Reading,
	{ pageSize, allowance }: ScanSize,
	pages: number,
): Promise<{ reached: boolean; runs: IDataObject[]; deepestAbove: number }> {
	const runs: IDataObject[] = [];
	const ids = new Set<string>();
	let offset = 0;
	for (let page = 0; page < pages && allowance.take(); page++) {
		const current = await api.list(offset, pageSize);
		reading.note(current);
		const first = current.runs[0];
		if (offset > 0 && first !== undefined && !ids.has(runIdOf(first))) break;
		runs.push(...current.runs);
		for (const run of current.runs) ids.add(runIdOf(run));
		if (reachesFloor(reading.cursor, current, pageSize)) return { reached: true, runs, deepestAbove: 0 };
		offset += pageSize - overlapOf(pageSize);
	}
	return { reached: false, runs, deepestAbove: Math.max(0, offset - 1) };
}

type Search = { above: number; step: number };

/**
 * Finds an offset whose run is below the floor (or past the end), from one known to be above it:
 * doubling steps, then halving, until the two are within a page of each other. When the allowance
 * runs out first, says how far it got, so the next poll goes on from there.
 */
async function findFloor(
	api: RunsApi,
	reading: Reading,
	{ pageSize, allowance }: ScanSize,
	from: Search,
): Promise<{ found: number; resume: Search } | { resume: Search }> {
	const isAbove = async (offset: number): Promise<boolean> => {
		const [run] = (await api.list(offset, 1)).runs;
		return run !== undefined && !isBelowFloor(reading.cursor, run);
	};
	let { above, step } = from;
	let below: number | undefined;
	while (below === undefined) {
		if (!allowance.take()) return { resume: { above, step } };
		if (await isAbove(above + step)) {
			above += step;
			step *= 2;
		} else {
			below = above + step;
		}
	}
	while (below - above > pageSize - overlapOf(pageSize)) {
		if (!allowance.take()) return { resume: { above, step: below - above } };
		const middle = Math.floor((above + below) / 2);
		if (await isAbove(middle)) above = middle;
		else below = middle;
	}
	return { found: below, resume: { above, step: below - above } };
}

/**
 * Accounts for runs from the floor upwards, a page at a time. Returns the submit second up to which
 * every run from the floor on was read (infinite once the walk reaches the newest run), and where the
 * next poll resumes.
 */
async function walkUpward(
	api: RunsApi,
	reading: Reading,
	size: ScanSize,
	from: Search,
): Promise<{ readUpTo: number; resume: Search } | 'pastTheEnd'> {
	const { pageSize, allowance } = size;
	const floorFound = await findFloor(api, reading, size, from);
	if (!('found' in floorFound)) return { readUpTo: reading.cursor.floor, resume: floorFound.resume };
	const step = pageSize - overlapOf(pageSize);
	let start = Math.max(0, floorFound.found - pageSize + 1);
	let joinsBelow = (page: RunPage) => reachesFloor(reading.cursor, page, pageSize);
	let walked: { readUpTo: number; resume: Search } = { readUpTo: reading.cursor.floor, resume: floorFound.resume };
	let retried = false;
	while (allowance.take()) {
		const page = await api.list(start, pageSize);
		reading.note(page);
		if (page.runs.length === 0 && start > 0) return 'pastTheEnd';
		if (!joinsBelow(page)) {
			// New runs pushed the list down since the last page: read again one step deeper, once.
			if (retried) return walked;
			retried = true;
			start += step;
			continue;
		}
		retried = false;
		reading.account(page.runs);
		const newest = page.runs[0];
		if (start === 0) return { readUpTo: Number.POSITIVE_INFINITY, resume: from };
		// The run at `start` is the newest accounted for: at or above any floor this poll can set.
		if (newest !== undefined) walked = { readUpTo: submitSecond(newest), resume: { above: start, step: pageSize } };
		const joined = new Set(page.runs.map(runIdOf));
		joinsBelow = (next) => {
			const last = oldest(next);
			return last !== undefined && (joined.has(runIdOf(last)) || isBelowFloor(reading.cursor, last));
		};
		start = Math.max(0, start - step);
	}
	return walked;
}

export interface NewestRuns {
	/** The newest page, as listed. */
	page: RunPage;
	/** The newest submit second on that page (0 when the list is empty). */
	second: number;
	/** Every run read: the page, and when the page was all that second, the rest of that second. */
	runs: IDataObject[];
}

/**
 * What the first poll records: the newest page and, when that page is all one second and more runs
 * follow, the rest of that second too. The cursor then starts at that second, so a run of it that
 * arrives later is new, and every run of it that is already listed must be recorded here.
 *
 * A page is used when it joins the runs read (as in `readDownward`); one that does not (runs came or
 * went above it faster than the overlap covers) is read again from the top, every run already read
 * staying recorded. Only a second of thousands of runs outlasts the allowance; its runs left unread
 * are then reported as new by the next poll, which is better than missing the ones still to come.
 * The newest page is read whatever the allowance; the rest of the second within it.
 */
export async function readNewestRuns(api: RunsApi, { pageSize, allowance }: ScanSize): Promise<NewestRuns> {
	const newestPage = await api.list(0, pageSize);
	const second = Math.max(0, ...newestPage.runs.map(submitSecond));
	const read = new Map(newestPage.runs.map((run) => [runIdOf(run), run]));
	const step = pageSize - overlapOf(pageSize);
	/** Whether more runs of that second may follow the page. */
	const endsInSecond = (page: RunPage) => {
		const last = oldest(page);
		return page.hasMore && last !== undefined && submitSecond(last) >= second;
	};
	let page = newestPage;
	let offset = step;
	while (endsInSecond(page) && allowance.take()) {
		const current = await api.list(offset, pageSize);
		const [top] = current.runs;
		if (offset > 0 && (top === undefined || !read.has(runIdOf(top)))) {
			offset = 0;
			continue;
		}
		for (const run of current.runs) read.set(runIdOf(run), run);
		page = current;
		offset += step;
	}
	return { page: newestPage, second, runs: [...read.values()] };
}
