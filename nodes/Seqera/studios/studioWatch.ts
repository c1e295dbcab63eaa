import type { IDataObject } from 'n8n-workflow';

import type { CallAllowance } from '../helpers/allowance';
import { statusOf } from './status';

/**
 * Studio status changes, each state a Studio reaches reported once, as a function of what the platform
 * lists and what the trigger remembers.
 *
 * The trigger remembers each Studio of the workspace by session ID with the status it last read, the
 * time the Studio was last started and the time its status last changed. A Studio is reported when a
 * reading differs from what is remembered: its status moved, or it was started again since (stopped and
 * running again between two polls reads as running with a new time of its last status change). A Studio that moved twice between two polls
 * is
 * reported once, with its latest status. A Studio first seen after the first round is reported with
 * the state it is in, as having reached it.
 *
 * The list is read by offset, at most a poll's allowance of pages; a longer list goes on from the same
 * offset at the next poll, and a round ends at its last page. Studios created or deleted meanwhile
 * shift the list, so a Studio may be read twice in a round (the second reading is no change) or be
 * missed in one. A Studio missed by a whole round is therefore read by itself: if the platform no
 * longer has it, it is forgotten; if it does, that reading counts. Until then it is kept, so a Studio
 * is never forgotten while it exists, and never reported again for a state it was already reported in.
 *
 * The first round records the Studios and reports nothing. It has nothing to check a missed Studio
 * against: in a workspace whose list takes more than one page, a Studio it misses while the list
 * shifts is reported at the next round as having reached the state it is in.
 *
 * Cost per poll: one call per 100 Studios of the workspace, and one for each Studio that has gone, once.
 */

export interface StudiosApi {
	/** Studios of the workspace, as the list has them; `totalSize` counts them all. */
	list(offset: number, max: number): Promise<{ studios: IDataObject[]; totalSize: number }>;
	/** The Studio, or `null` when the platform no longer has it. */
	get(sessionId: string): Promise<IDataObject | null>;
}

/**
 * What the trigger remembers of a Studio: `[status, last started or null, round it was last read in,
 * when its status last changed or null]`. The platform's Studios carry no `lastStarted` (tower-cli's
 * captured answers): a Studio stopped and started again between two polls shows only in
 * `statusInfo.lastUpdate`. A state saved before that time was kept has three entries.
 */
type RememberedStudio = [status: string, lastStarted: string | null, round: number, statusUpdated?: string | null];

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** Whether a reading is the state remembered: same status, not started again, the status not changed and back. */
function isRemembered(before: RememberedStudio | undefined, now: RememberedStudio): boolean {
	if (!before || before[0] !== now[0] || before[1] !== now[1]) return false;
	return before[3] === undefined || before[3] === now[3];
}

export interface StudioWatchState {
	/** The workspace it was built for; another one starts afresh. */
	scope: string;
	/** True until the first round has read the whole list: what it reads is recorded, not reported. */
	recording: boolean;
	studios: Record<string, RememberedStudio>;
	round: number;
	/** Where the list is read from next; 0 at the start of a round. */
	offset: number;
}

export interface StudioWatchSettings {
	scope: string;
	/** Statuses to report (the contract's DataStudioStatus values), or `anyChange`. */
	watched: string[];
	pageSize: number;
	allowance: CallAllowance;
}

export interface StudioChange {
	studio: IDataObject;
	status: string;
	previousStatus: string | null;
}

export async function pollStudios(
	api: StudiosApi,
	stored: StudioWatchState | undefined,
	{ scope, watched, pageSize, allowance }: StudioWatchSettings,
): Promise<{ changes: StudioChange[]; state: StudioWatchState }> {
	const state: StudioWatchState =
		stored?.scope === scope
			? (JSON.parse(JSON.stringify(stored)) as StudioWatchState)
			: { scope, recording: true, studios: {}, round: 0, offset: 0 };
	const changes: StudioChange[] = [];

	const read = (studio: IDataObject) => {
		const sessionId = String(studio.sessionId);
		const status = statusOf(studio);
		const statusUpdated = textOrNull((studio.statusInfo as IDataObject | undefined)?.lastUpdate);
		const before = state.studios[sessionId];
		const now: RememberedStudio = [status, textOrNull(studio.lastStarted), state.round, statusUpdated];
		state.studios[sessionId] = now;
		if (state.recording || isRemembered(before, now)) return;
		if (watched.includes('anyChange') || watched.includes(status))
			changes.push({ studio, status, previousStatus: before?.[0] ?? null });
	};

	let roundRead = false;
	while (!roundRead && allowance.take()) {
		const page = await api.list(state.offset, pageSize);
		page.studios.forEach(read);
		state.offset += page.studios.length;
		roundRead = page.studios.length === 0 || state.offset >= page.totalSize;
	}
	if (!roundRead) return { changes, state };

	for (const [sessionId, [, , round]] of Object.entries(state.studios)) {
		if (round === state.round) continue;
		if (!allowance.take()) break;
		const studio = await api.get(sessionId);
		if (studio === null) delete state.studios[sessionId];
		else read(studio);
	}
	state.round++;
	state.offset = 0;
	state.recording = false;
	return { changes, state };
}
