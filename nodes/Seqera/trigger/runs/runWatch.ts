import type { IDataObject } from 'n8n-workflow';

import { TERMINAL_STATUSES } from '../../runs/statuses';
import { CallAllowance } from '../../helpers/allowance';
import type { RunsApi } from './runsApi';
import { activeRunsOf, checkActiveRuns, type ActiveRuns } from './activeRuns';
import { cursorOver, type RunCursor } from './cursor';
import { readNewestRuns, scanNewRuns } from './newRuns';

/**
 * The run events, as a function of what the platform lists and what the trigger remembers, so the
 * same code runs in the node and against a model of the platform.
 */

export type RunEventKind = 'started' | 'statusChanged';
export type RunEvent = 'started' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'unknown';
export type WatchedStatus = 'succeeded' | 'failed' | 'cancelled' | 'running' | 'anyTerminal' | 'anyChange';

const EVENT_OF_STATUS: Record<string, RunEvent> = {
	SUBMITTED: 'started',
	RUNNING: 'running',
	SUCCEEDED: 'succeeded',
	FAILED: 'failed',
	CANCELLED: 'cancelled',
	UNKNOWN: 'unknown',
};

export function eventOf(status: string): RunEvent {
	return EVENT_OF_STATUS[status] ?? 'unknown';
}

export function isWatched(watched: WatchedStatus[], status: string): boolean {
	return watched.some((choice) => {
		if (choice === 'anyChange') return true;
		if (choice === 'anyTerminal') return TERMINAL_STATUSES.has(status);
		return eventOf(status) === choice;
	});
}

/**
 * Counts stand in for reading the active runs for at most this long (n8n's clock): a run that the
 * trigger does not follow can hide a move from them (see `countsUnchanged`), never for longer.
 */
const READ_ALL_EVERY_MS = 10 * 60_000;

/** What the trigger keeps in static data between polls. */
export interface RunWatchState {
	/** The settings it was built for: the event, workspace and search. Other settings start afresh. */
	scope: string;
	cursor: RunCursor;
	/** Only kept for Run Status Changed. */
	active: ActiveRuns;
	/** When (n8n's clock, ms) every active run was last read rather than counted. */
	readAt?: number;
}

export interface RunWatchSettings {
	kind: RunEventKind;
	scope: string;
	watched: WatchedStatus[];
	emitExisting: boolean;
	pageSize: number;
	/** Calls one poll may make to find new runs. */
	scanCalls: number;
	/** Calls one poll may make to check the runs still active (and, on the first poll, to list them). */
	checkCalls: number;
}

export interface RunEventItem {
	run: IDataObject;
	event: RunEvent;
	previousStatus: string | null;
}

export interface RunPoll {
	events: RunEventItem[];
	state: RunWatchState;
	calls: number;
	/** Whether this poll found every new run and checked every active one; when not, the next poll goes on. */
	caughtUp: boolean;
}

/**
 * The first poll records what exists: the newest runs, and (for status changes) every active run,
 * read before them so that no run listed as active is newer than they are.
 */
async function seed(api: RunsApi, settings: RunWatchSettings, now: number): Promise<RunPoll> {
	const listAllowance = new CallAllowance(settings.checkCalls);
	const active: IDataObject[] = [];
	if (settings.kind === 'statusChanged') {
		for (const status of ['running', 'submitted'] as const) {
			for (let offset = 0; listAllowance.take(); offset += settings.pageSize) {
				const page = await api.list(offset, settings.pageSize, status);
				active.push(...page.runs);
				if (!page.hasMore || page.runs.length === 0) break;
			}
		}
	}
	// The newest page is one call beyond this allowance.
	const newestAllowance = new CallAllowance(settings.scanCalls - 1);
	const newest = await readNewestRuns(api, { pageSize: settings.pageSize, allowance: newestAllowance });
	const state: RunWatchState = {
		scope: settings.scope,
		cursor: cursorOver(newest.second, newest.runs, now),
		active: settings.kind === 'statusChanged' ? activeRunsOf([...active, ...newest.runs]) : [],
		readAt: now,
	};
	const events = settings.emitExisting
		? newest.page.runs.map((run) => ({
				run,
				event: settings.kind === 'started' ? ('started' as const) : eventOf(String(run.status)),
				previousStatus: null,
			}))
		: [];
	return { events, state, calls: listAllowance.spent + newestAllowance.spent + 1, caughtUp: true };
}

export async function pollRuns(api: RunsApi, stored: RunWatchState | undefined, settings: RunWatchSettings, now: number): Promise<RunPoll> {
	if (!stored || stored.scope !== settings.scope) {
		return await seed(api, settings, now);
	}
	const scanAllowance = new CallAllowance(settings.scanCalls);
	const found = await scanNewRuns(api, stored.cursor, { pageSize: settings.pageSize, allowance: scanAllowance }, now);

	if (settings.kind === 'started') {
		const events = found.fresh.map((run) => ({ run, event: 'started' as const, previousStatus: null }));
		return {
			events,
			state: { scope: settings.scope, cursor: found.cursor, active: [] },
			calls: scanAllowance.spent,
			caughtUp: found.complete,
		};
	}

	const checkAllowance = new CallAllowance(settings.checkCalls);
	const readRecently = stored.readAt !== undefined && now - stored.readAt < READ_ALL_EVERY_MS && now >= stored.readAt;
	const { changes, active, allChecked, allRead } = await checkActiveRuns(api, stored.active, found.read, found.fresh, {
		pageSize: settings.pageSize,
		allowance: checkAllowance,
		mayCount: found.complete && readRecently,
	});
	const freshIds = new Set(found.fresh.map((run) => String(run.id)));
	const events: RunEventItem[] = [
		...found.fresh.map((run) => ({ run, event: eventOf(String(run.status)), previousStatus: null })),
		...changes
			.filter(({ run }) => !freshIds.has(String(run.id)))
			.map(({ run, previousStatus }) => ({ run, event: eventOf(String(run.status)), previousStatus })),
	].filter((item) => isWatched(settings.watched, String(item.run.status)));
	const stillActive = [...active.filter(([id]) => !freshIds.has(id)), ...activeRunsOf(found.fresh)];
	return {
		events,
		state: { scope: settings.scope, cursor: found.cursor, active: stillActive, readAt: allRead ? now : stored.readAt },
		calls: scanAllowance.spent + checkAllowance.spent,
		caughtUp: found.complete && allChecked,
	};
}
