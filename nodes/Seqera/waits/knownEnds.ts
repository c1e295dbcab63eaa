import type { IDataObject } from 'n8n-workflow';

/**
 * The runs a held wait waits for that this process has already seen ended on the platform, so that each
 * later event or check reads only the runs not known to have ended: a run that ended stays ended. A wait
 * for many runs that end one by one then costs about one read per event, not one per run per event.
 * Kept in memory only: after a restart, or past a day without news, the runs are read again.
 */
const KEPT_MS = 24 * 60 * 60_000;
const knownEnds = new Map<string, { runs: Map<number, IDataObject>; touchedAt: number }>();

function forgetStale(now: number): void {
	for (const [waitKey, entry] of knownEnds) if (now - entry.touchedAt > KEPT_MS) knownEnds.delete(waitKey);
}

/** The run of item `itemIndex`, as read when it was seen ended, if it was. */
export function knownEnd(waitKey: string, itemIndex: number): IDataObject | undefined {
	return knownEnds.get(waitKey)?.runs.get(itemIndex);
}

export function rememberEnd(waitKey: string, itemIndex: number, run: IDataObject, now = Date.now()): void {
	forgetStale(now);
	const entry = knownEnds.get(waitKey) ?? { runs: new Map<number, IDataObject>(), touchedAt: now };
	entry.runs.set(itemIndex, run);
	entry.touchedAt = now;
	knownEnds.set(waitKey, entry);
}

/** Once the wait goes on, nothing about it is needed again. */
export function forgetEnds(waitKey: string): void {
	knownEnds.delete(waitKey);
}
