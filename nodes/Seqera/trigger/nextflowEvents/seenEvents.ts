/**
 * The keys of the events a trigger reported lately, so an event Nextflow (or a proxy on the way) posts
 * twice starts the workflow once. nf-weblog posts a run's events one at a time, so a second post of an
 * event comes after the first was answered, and n8n saves the static data before it answers.
 *
 * The keys live in the workflow's static data, which survives restarts. n8n reads the static data when a
 * call arrives and writes all of it back after: of two calls (from two runs) in flight together, the
 * later write drops the key the earlier one added. The keys each trigger reported in this process are
 * kept here too and joined at every call, so a concurrent call's write loses nothing while the process
 * lives.
 */

/** Reports kept: a second post of an event arrives within seconds, when at most a few hundred other events can have been reported. */
export const SEEN_KEPT = 1000;

export interface SeenEventsState {
	seen?: string[];
}

const seenInProcess = new Map<string, string[]>();

/** The newest `kept` keys of both lists, oldest first. */
function joined(stored: readonly string[], here: readonly string[], kept: number): string[] {
	const all = [...new Set([...stored, ...here])];
	return all.slice(Math.max(0, all.length - kept));
}

/**
 * Whether the event with `key` is reported for the first time by the trigger `triggerId` (its workflow
 * and node); if so, it is remembered in `state` and in this process.
 */
export function firstReport(state: SeenEventsState, triggerId: string, key: string, kept = SEEN_KEPT): boolean {
	const seen = joined(Array.isArray(state.seen) ? state.seen : [], seenInProcess.get(triggerId) ?? [], kept);
	if (seen.includes(key)) {
		seenInProcess.set(triggerId, seen);
		return false;
	}
	const remembered = joined(seen, [key], kept);
	state.seen = remembered;
	seenInProcess.set(triggerId, remembered);
	return true;
}
