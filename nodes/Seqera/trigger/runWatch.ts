import type { IDataObject } from 'n8n-workflow';

import { TERMINAL_STATUSES } from '../runs/statuses';

/**
 * What the trigger remembers between polls, in the workflow's static data (so it survives restarts):
 * the newest submit time it has seen, and the runs that were still active with their last status.
 * Kept small: finished runs are forgotten once reported.
 */
export interface WatchState {
	newestSubmit: number;
	active: Record<string, { status: string; submit: number }>;
}

export type RunEvent = 'started' | 'running' | 'succeeded' | 'failed' | 'cancelled' | 'unknown';

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

export function submitTime(run: IDataObject): number {
	const time = Date.parse(String(run.submit ?? run.dateCreated ?? ''));
	return Number.isNaN(time) ? 0 : time;
}

/** One run that is new, or whose status moved since the last poll; with its latest status only. */
export interface RunChange {
	run: IDataObject;
	isNew: boolean;
	previousStatus: string | null;
}

/**
 * Compares the runs seen in this poll (newest first) with the remembered state. Returns the changes,
 * each run once with its latest status, and the state to remember next.
 */
export function diffRuns(state: WatchState, seen: IDataObject[]): { changes: RunChange[]; next: WatchState } {
	const changes: RunChange[] = [];
	const next: WatchState = { newestSubmit: state.newestSubmit, active: { ...state.active } };
	for (const run of seen) {
		const id = String(run.id);
		const status = String(run.status);
		const submit = submitTime(run);
		const known = state.active[id];
		const isNew = !known && submit > state.newestSubmit;
		if (isNew) changes.push({ run, isNew, previousStatus: null });
		else if (known && known.status !== status) changes.push({ run, isNew, previousStatus: known.status });
		if (isNew || known) {
			if (TERMINAL_STATUSES.has(status)) delete next.active[id];
			else next.active[id] = { status, submit };
		}
		next.newestSubmit = Math.max(next.newestSubmit, submit);
	}
	return { changes, next };
}

/** How far back a poll must look: to the oldest run still active, or the newest one already seen. */
export function scanBoundary(state: WatchState): number {
	const activeSubmits = Object.values(state.active).map((run) => run.submit);
	return Math.min(state.newestSubmit, ...activeSubmits);
}
