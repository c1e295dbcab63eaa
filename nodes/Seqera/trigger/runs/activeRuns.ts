import { NodeApiError } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { TERMINAL_STATUSES } from '../../runs/statuses';
import type { CallAllowance } from '../../helpers/allowance';
import type { ActiveStatus, RunsApi } from './runsApi';
import { runIdOf } from './cursor';

/**
 * The runs still active, each with the last status the trigger saw: `[run ID, status]`, in the order
 * they are to be checked (runs checked longest ago first), so a poll that cannot check them all
 * leaves the rest for the next one instead of starving them.
 */
export type ActiveRuns = Array<[string, string]>;

export interface StatusChange {
	run: IDataObject;
	previousStatus: string;
}

export const isActive = (run: IDataObject) => !TERMINAL_STATUSES.has(String(run.status));

export function activeRunsOf(runs: IDataObject[]): ActiveRuns {
	const unique = new Map<string, string>();
	for (const run of runs) if (isActive(run)) unique.set(runIdOf(run), String(run.status));
	return [...unique.entries()];
}

/** Every page of a list narrowed to one active status, as far as the allowance reaches. */
async function listAll(api: RunsApi, status: ActiveStatus, pageSize: number, allowance: CallAllowance): Promise<IDataObject[] | undefined> {
	const runs: IDataObject[] = [];
	for (let offset = 0; ; offset += pageSize) {
		if (!allowance.take()) return undefined;
		const page = await api.list(offset, pageSize, status);
		runs.push(...page.runs);
		if (!page.hasMore || page.runs.length === 0) return runs;
	}
}

/**
 * Answers to a single run's read that say the platform knows no such run here: the contract lists 400
 * for `GET /workflow/{id}` ("Unknown workflow ID"), and the platform answers 403 for a run it no longer
 * has (404 on some installs). A token that may read nothing is answered 403 as well, so the run list
 * decides which it is: it answers a bad token with an error of its own, which reaches the user.
 */
const UNKNOWN_RUN_CODES = new Set(['400', '403', '404']);
/** Failures no single run causes: the token refused outright, or the execution cancelled. They end the poll. */
const POLL_ENDING_CODES = new Set(['401', 'CANCELED']);

/** One run's read: the run, `gone` (deleted, or moved out of the workspace), or `unread` until a later poll. */
type RunRead = { run: IDataObject } | 'gone' | 'unread';

/**
 * Reads one run. Any other failure of this one read (a 5xx, a timeout, a 429 after the transport's
 * retries) leaves only this run for a later poll, so one run never stops the others being reported.
 */
async function readRun(api: RunsApi, id: string, allowance: CallAllowance): Promise<RunRead> {
	try {
		return { run: await api.get(id) };
	} catch (error) {
		// Already the transport's NodeApiError, or not a platform answer at all; wrapping would hide its HTTP code
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
		if (!(error instanceof NodeApiError) || POLL_ENDING_CODES.has(String(error.httpCode))) throw error;
		if (!UNKNOWN_RUN_CODES.has(String(error.httpCode)) || !allowance.take()) return 'unread';
		return (await api.isListed(id)) ? 'unread' : 'gone';
	}
}

/**
 * Finds out the current status of the active runs that this poll's new-run scan did not read.
 *
 * A few are read one by one. When reading the lists of submitted and running runs is cheaper, they are
 * read instead: a run found there needs nothing more, and a run in neither (it ended, or moved while
 * the lists were read) is then read by itself. A run that is gone is forgotten; one whose read failed
 * otherwise is left unread.
 */
async function readUnseen(
	api: RunsApi,
	unseen: Array<[string, string]>,
	known: Map<string, string>,
	pageSize: number,
	allowance: CallAllowance,
): Promise<{ readings: Map<string, IDataObject>; gone: Set<string> }> {
	const readings = new Map<string, IDataObject>();
	const gone = new Set<string>();
	const anySubmitted = unseen.some(([, status]) => status === 'SUBMITTED');
	const statuses = [...known.values()];
	const pagesOf = (status: string) => Math.ceil(statuses.filter((each) => each === status).length / pageSize) + 1;
	const listCost = pagesOf('RUNNING') + (anySubmitted ? pagesOf('SUBMITTED') : 0);

	let toRead = unseen.map(([id]) => id);
	if (unseen.length > listCost && listCost <= allowance.remaining) {
		const lists: Array<IDataObject[] | undefined> = [await listAll(api, 'running', pageSize, allowance)];
		if (anySubmitted) lists.push(await listAll(api, 'submitted', pageSize, allowance));
		if (lists.every((list) => list !== undefined)) {
			for (const run of lists.flat() as IDataObject[]) readings.set(runIdOf(run), run);
			toRead = toRead.filter((id) => !readings.has(id));
		}
	}
	for (const id of toRead) {
		if (!allowance.take()) break;
		const read = await readRun(api, id, allowance);
		if (read === 'gone') gone.add(id);
		else if (read !== 'unread') readings.set(id, read.run);
	}
	return { readings, gone };
}

/**
 * Whether the platform's counts of submitted and running runs are what the runs followed make them,
 * which proves that none of those runs moved: a run only leaves SUBMITTED (to RUNNING or an end) and
 * RUNNING (to an end), so any move lowers the count of submitted runs, or of running ones when no run
 * was submitted. New runs are counted in, since this poll's scan read every one of them. A run the
 * trigger does not follow (one a label change made match, say) makes the counts differ, and the runs
 * are then read; so does one that ended while another appeared, from the next poll on.
 */
async function countsUnchanged(api: RunsApi, expected: ActiveRuns, allowance: CallAllowance): Promise<boolean> {
	const submitted = expected.filter(([, status]) => status === 'SUBMITTED').length;
	const running = expected.filter(([, status]) => status === 'RUNNING').length;
	const counts: Array<[ActiveStatus, number]> = [];
	if (submitted > 0) counts.push(['submitted', submitted]);
	if (running > 0) counts.push(['running', running]);
	for (const [status, count] of counts) {
		if (!allowance.take() || (await api.count(status)) !== count) return false;
	}
	return true;
}

export interface ActiveCheck {
	changes: StatusChange[];
	active: ActiveRuns;
	/** Whether every run followed was read, or counted, this poll. */
	allChecked: boolean;
	/** Whether every run followed was read (not only counted) this poll. */
	allRead: boolean;
}

/**
 * Finds the runs followed that moved. `fresh` are the runs this poll found new, already followed from
 * here on. With `mayCount`, matching counts stand for reading the runs this poll's scan did not read.
 */
export async function checkActiveRuns(
	api: RunsApi,
	active: ActiveRuns,
	alreadyRead: Map<string, IDataObject>,
	fresh: IDataObject[],
	{ pageSize, allowance, mayCount }: { pageSize: number; allowance: CallAllowance; mayCount: boolean },
): Promise<ActiveCheck> {
	const known = new Map(active);
	const unseen = active.filter(([id]) => !alreadyRead.has(id));
	const expected = [
		...active.map(([id, status]): [string, string] => [id, String(alreadyRead.get(id)?.status ?? status)]),
		...activeRunsOf(fresh),
	];
	const counted = unseen.length > 0 && mayCount && (await countsUnchanged(api, expected, allowance));
	const { readings, gone } =
		unseen.length && !counted
			? await readUnseen(api, unseen, known, pageSize, allowance)
			: { readings: new Map<string, IDataObject>(), gone: new Set<string>() };

	const changes: StatusChange[] = [];
	const unchecked: ActiveRuns = [];
	const checked: ActiveRuns = [];
	for (const [id, status] of active) {
		if (gone.has(id)) continue;
		const run = alreadyRead.get(id) ?? readings.get(id);
		if (!run) {
			(counted ? checked : unchecked).push([id, status]);
			continue;
		}
		const current = String(run.status);
		if (current === status) {
			checked.push([id, status]);
			continue;
		}
		changes.push({ run, previousStatus: status });
		if (isActive(run)) checked.push([id, current]);
	}
	return { changes, active: [...unchecked, ...checked], allChecked: unchecked.length === 0, allRead: !counted && unchecked.length === 0 };
}
