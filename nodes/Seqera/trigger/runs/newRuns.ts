import type { IDataObject } from 'n8n-workflow';

import type { CallAllowance } from '../allowance';
import type { RunPage, RunsApi } from './api';
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
	const downward = await readDownward(api, reading, size);
	let readUpTo = Number.POSITIVE_INFINITY;
	if (downward.reached) {
		reading.account(downward.runs);
	} else {
		readUpTo = await walkUpward(api, reading, size, downward.deepestAbove);
	}
	return {
		fresh: reading.fresh,
		read: reading.read,
		cursor: settled(reading.cursor, now, readUpTo),
		complete: readUpTo === Number.POSITIVE_INFINITY,
	};
}

/** Reads from the newest run down; `reached` when the pages join up and reach below the floor. */
async function readDownward(
	api: RunsApi,
	reading: Reading,
	{ pageSize, allowance }: ScanSize,
): Promise<{ reached: boolean; runs: IDataObject[]; deepestAbove: number }> {
	const runs: IDataObject[] = [];
	const ids = new Set<string>();
	let offset = 0;
	for (let page = 0; page < DOWNWARD_PAGES && allowance.take(); page++) {
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

/**
 * Finds an offset whose run is below the floor (or past the end), starting from one known to be
 * above it: doubling steps, then halving, until the two are within a page of each other.
 */
async function findFloor(api: RunsApi, reading: Reading, { pageSize, allowance }: ScanSize, above: number): Promise<number | undefined> {
	const isAbove = async (offset: number): Promise<boolean | undefined> => {
		if (!allowance.take()) return undefined;
		const [run] = (await api.list(offset, 1)).runs;
		return run !== undefined && !isBelowFloor(reading.cursor, run);
	};
	let low = above;
	let step = pageSize;
	let high: number;
	for (;;) {
		const probe = await isAbove(low + step);
		if (probe === undefined) return undefined;
		if (!probe) {
			high = low + step;
			break;
		}
		low += step;
		step *= 2;
	}
	while (high - low > pageSize - overlapOf(pageSize)) {
		const middle = Math.floor((low + high) / 2);
		const probe = await isAbove(middle);
		if (probe === undefined) return undefined;
		if (probe) low = middle;
		else high = middle;
	}
	return high;
}

/**
 * Accounts for runs from the floor upwards, a page at a time; returns the submit second up to which
 * every run from the floor on was read (infinite once the walk reaches the newest run).
 */
async function walkUpward(api: RunsApi, reading: Reading, size: ScanSize, above: number): Promise<number> {
	const { pageSize, allowance } = size;
	const floorOffset = await findFloor(api, reading, size, above);
	if (floorOffset === undefined) return reading.cursor.floor;
	const step = pageSize - overlapOf(pageSize);
	let start = Math.max(0, floorOffset - pageSize + 1);
	let joinsBelow = (page: RunPage) => reachesFloor(reading.cursor, page, pageSize);
	let readUpTo = reading.cursor.floor;
	let retried = false;
	while (allowance.take()) {
		const page = await api.list(start, pageSize);
		reading.note(page);
		if (!joinsBelow(page)) {
			// New runs pushed the list down since the last page: read again one step deeper, once.
			if (retried) return readUpTo;
			retried = true;
			start += step;
			continue;
		}
		retried = false;
		reading.account(page.runs);
		const newest = page.runs[0];
		if (start === 0) return Number.POSITIVE_INFINITY;
		if (newest !== undefined) readUpTo = submitSecond(newest);
		const joined = new Set(page.runs.map(runIdOf));
		joinsBelow = (next) => {
			const last = oldest(next);
			return last !== undefined && (joined.has(runIdOf(last)) || isBelowFloor(reading.cursor, last));
		};
		start = Math.max(0, start - step);
	}
	return readUpTo;
}
