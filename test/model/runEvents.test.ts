/**
 * The run events against thousands of random schedules of a modelled platform: launches in bursts
 * (many in one second), status moves, deletions, relaunches, changes while a poll is reading, pages
 * small enough to force paging, polls at random times and far apart, the platform's clock minutes off
 * n8n's, and the state going through JSON between polls as it does across a restart.
 *
 * Replay one schedule with `RUN_EVENTS_SEED=<seed> npx jest test/model/runEvents.test.ts`.
 */
import { NodeApiError } from 'n8n-workflow';

import { SeededRandom } from '../../dev/simulator/random';
import { SETTLE_MS } from '../../nodes/Seqera/trigger/runs/cursor';
import type { RunsApi } from '../../nodes/Seqera/trigger/runs/runsApi';
import {
	isWatched,
	pollRuns,
	type RunEventItem,
	type RunPoll,
	type RunWatchSettings,
	type RunWatchState,
	type WatchedStatus,
} from '../../nodes/Seqera/trigger/runs/runWatch';
import {
	DELETED_RUN_STATUSES,
	RunPlatformModel,
	isTerminal,
	refusal,
	statusAt,
	statusOf,
	type ModelOptions,
	type ModelRun,
	type ModelStatus,
} from './runPlatformModel';

const SCHEDULES = 1500;
const WATCH_CHOICES: WatchedStatus[] = ['succeeded', 'failed', 'cancelled', 'running', 'anyTerminal', 'anyChange'];
const RANK: Record<string, number> = { SUBMITTED: 0, RUNNING: 1 };
const rankOf = (status: string) => RANK[status] ?? 2;

interface PollRecord {
	start: number;
	end: number;
	events: RunEventItem[];
	caughtUp: boolean;
	calls: number;
}

interface Schedule {
	model: RunPlatformModel;
	settings: RunWatchSettings;
	seedStart: number;
	/** Runs active and listed when the trigger was seeded, when the seed could read them all. */
	trackedAtSeed: Set<string>;
	polls: PollRecord[];
}

class ScheduleFailure extends Error {}

function check(condition: boolean, message: () => string): void {
	if (!condition) throw new ScheduleFailure(message());
}

/** One random change to the platform. */
function mutate(model: RunPlatformModel, burstMax: number): void {
	const { random } = model;
	const live = () => model.runs.filter((run) => model.exists(run));
	const active = () => live().filter((run) => !isTerminal(statusOf(run)));
	switch (random.weighted({ launch: 4, move: 6, delete: 1, relaunch: 1 })) {
		case 'launch': {
			const count = random.next() < 0.1 ? random.int(1, burstMax) : random.int(1, 4);
			const sameSecond = random.next() < 0.6;
			for (let index = 0; index < count; index++) {
				model.launch(sameSecond ? model.now : model.now + random.int(0, 2000), random.next() < 0.9 ? 'SUBMITTED' : 'RUNNING');
			}
			break;
		}
		case 'move': {
			const candidates = active();
			for (let count = random.int(1, 5); count > 0 && candidates.length; count--) model.advance(random.pick(candidates));
			break;
		}
		case 'delete': {
			const candidates = random.next() < 0.5 ? active() : live();
			if (candidates.length) model.delete(random.pick(candidates));
			break;
		}
		case 'relaunch': {
			const ended = live().filter((run) => isTerminal(statusOf(run)));
			if (ended.length) model.launch(model.now, 'SUBMITTED', random.pick(ended).sessionId);
			break;
		}
	}
}

async function poll(schedule: Schedule, stored: RunWatchState | undefined): Promise<RunWatchState> {
	const { model } = schedule;
	const start = model.now;
	const callsBefore = model.calls;
	// Restarts between polls: what n8n keeps is JSON.
	const restored = stored ? (JSON.parse(JSON.stringify(stored)) as RunWatchState) : undefined;
	// The platform here never refuses the token: a poll that throws is a trigger that stopped.
	const result = await pollRuns(model, restored, schedule.settings, model.now).catch((error: unknown) => {
		const code = error instanceof NodeApiError ? ` (HTTP ${String(error.httpCode)})` : '';
		throw new ScheduleFailure(
			`poll ${schedule.polls.length + 1} threw${code}: ${error instanceof Error ? error.message : String(error)}`,
		);
	});
	schedule.polls.push({ start, end: model.now, events: result.events, caughtUp: result.caughtUp, calls: model.calls - callsBefore });
	return result.state;
}

async function runSchedule(seed: number): Promise<Schedule> {
	// The platform's clock up to 20 minutes ahead of or behind n8n's.
	const skewMs = new SeededRandom(seed ^ 0x5eed).int(-1_200_000, 1_200_000);
	const pageSize = new SeededRandom(seed ^ 0x9a6e).int(2, 8);
	const platform = new SeededRandom(seed ^ 0xde1e);
	const deletedRunStatus = platform.pick(DELETED_RUN_STATUSES);
	// Half the schedules have single reads fail now and then, of runs that exist.
	const readFailureRate = platform.next() < 0.5 ? 0 : platform.next() * 0.25;
	// Some first polls come in a second that holds more runs than a page, with more arriving in it.
	const crowdedFirstSecond = platform.next() < 0.25;
	const model = new RunPlatformModel({
		seed,
		skewMs,
		maxVisibilityLagMs: 3000,
		maxRunsPerSecond: pageSize,
		deletedRunStatus,
		readFailureRate,
	});
	const { random } = model;
	const kind = random.next() < 0.5 ? 'started' : 'statusChanged';
	const watched = WATCH_CHOICES.filter(() => random.next() < 0.35);
	const settings: RunWatchSettings = {
		kind,
		scope: kind,
		watched: watched.length ? watched : ['anyTerminal'],
		emitExisting: false,
		pageSize,
		// A catch-up walks up from the floor's second each poll and keeps its place only past it: a floor second
		// of more runs than those calls climb (in the node, hundreds) would hold it there. The model's pages are
		// a few runs, so a crowded second gets the calls the node's pages of 100 give it.
		scanCalls: crowdedFirstSecond ? random.int(30, 40) : random.int(8, 14),
		checkCalls: random.int(3, 20),
	};
	const burstMax = random.int(5, 60);
	for (let count = random.int(0, 12); count > 0; count--) {
		model.launch(
			model.now - random.int(1000, 86_400_000),
			random.pick(['SUBMITTED', 'RUNNING', 'SUCCEEDED', 'FAILED'] as ModelStatus[]),
		);
	}
	model.now += 5000;
	const firstSecondMs = Math.floor(model.platformNow / 1000) * 1000;
	if (crowdedFirstSecond) {
		for (let count = random.int(pageSize + 1, pageSize + 2); count > 0; count--) {
			const status = random.pick(['SUBMITTED', 'RUNNING', 'SUCCEEDED'] as ModelStatus[]);
			const run = model.launch(model.now - 1, status, undefined, firstSecondMs, { crowded: true });
			run.visibleAt = run.launchedAt;
		}
	}

	const schedule: Schedule = { model, settings, seedStart: model.now, trackedAtSeed: new Set(), polls: [] };
	const activeAtSeed = model.listed().filter((run) => !isTerminal(statusOf(run)));
	if (activeAtSeed.length <= settings.pageSize) for (const run of activeAtSeed) schedule.trackedAtSeed.add(run.id);
	let state = await poll(schedule, undefined);
	if (crowdedFirstSecond) {
		for (let count = random.int(1, 2); count > 0; count--)
			model.launch(model.now, 'SUBMITTED', undefined, firstSecondMs + random.int(0, 999), { crowded: true });
	}

	// Changes while a poll is reading: a few milliseconds pass per call, and sometimes something happens.
	// Sometimes the list also loses runs while it is paged through, which shifts every page below.
	const racy = random.next() < 0.5;
	const churn = random.next() < 0.25;
	model.beforeAnswer = () => {
		model.now += random.int(1, 30);
		if (racy && random.next() < 0.2) mutate(model, burstMax);
		if (churn && random.next() < 0.3) {
			const listed = model.listed();
			if (listed.length) model.delete(random.pick(listed));
		}
	};
	for (let step = random.int(20, 80); step > 0; step--) {
		model.now +=
			random.weighted({ instant: 3, seconds: 5, minute: 3, down: 1 }) === 'down'
				? random.int(300_000, 3_600_000)
				: random.int(0, 70_000);
		for (let count = random.int(0, 3); count > 0; count--) mutate(model, burstMax);
		if (random.next() < 0.5) state = await poll(schedule, state);
	}

	// Quiet: nothing changes any more, and the trigger polls until it has caught up: it has found every
	// run and knows the current status of every run it still follows.
	model.beforeAnswer = () => {
		model.now += 5;
	};
	const caughtUp = () => {
		const last = schedule.polls[schedule.polls.length - 1];
		const current = (id: string, status: string) => {
			const run = model.find(id);
			return model.exists(run) && statusOf(run) === status;
		};
		return last.caughtUp || (state.cursor.catchUp === undefined && state.active.every(([id, status]) => current(id, status)));
	};
	for (let extra = 0; extra < 500 && !(extra > 1 && caughtUp()); extra++) {
		model.now += SETTLE_MS + 1000;
		state = await poll(schedule, state);
	}
	check(caughtUp(), () => 'never caught up');
	return schedule;
}

/** Each run's events in the order reported, each with the index of the poll that reported it. */
function eventsByRun(schedule: Schedule): Map<string, Array<RunEventItem & { poll: number }>> {
	const byRun = new Map<string, Array<RunEventItem & { poll: number }>>();
	schedule.polls.forEach((record, poll) => {
		for (const item of record.events) {
			const id = String(item.run.id);
			byRun.set(id, [...(byRun.get(id) ?? []), { ...item, poll }]);
		}
	});
	return byRun;
}

/** Runs the trigger must follow: launched after the first poll started, or active and listed at it. */
function isTracked(schedule: Schedule, run: ModelRun): boolean {
	return run.launchedAt >= schedule.seedStart || schedule.trackedAtSeed.has(run.id);
}

function checkNewRuns(schedule: Schedule): void {
	const byRun = eventsByRun(schedule);
	for (const [id, items] of byRun) {
		check(items.length === 1, () => `run ${id} reported ${items.length} times`);
		const run = schedule.model.find(id);
		check(run.matches, () => `run ${id} does not match the search but was reported`);
		check(items[0].event === 'started', () => `run ${id} reported as ${items[0].event}`);
	}
	for (const run of schedule.model.runs) {
		// What the first poll listed is recorded, not reported.
		const listedAtFirstPoll = run.launchedAt < schedule.seedStart && run.visibleAt <= schedule.seedStart;
		check(!(listedAtFirstPoll && byRun.has(run.id)), () => `run ${run.id}, listed at the first poll, was reported as new`);
		if (run.launchedAt < schedule.seedStart || !run.matches || !schedule.model.exists(run)) continue;
		check(byRun.has(run.id), () => `run ${run.id} (submitted ${new Date(run.submitMs).toISOString()}) was never reported`);
	}
}

function checkStatusChanges(schedule: Schedule): void {
	const { model, settings } = schedule;
	const byRun = eventsByRun(schedule);
	for (const [id, items] of byRun) {
		const run = model.find(id);
		const reached = run.history.map((entry) => entry.status);
		check(run.matches, () => `run ${id} does not match the search but was reported`);
		items.forEach((item, index) => {
			const status = String(item.run.status);
			check(reached.includes(status as ModelStatus), () => `run ${id} reported ${status}, which it never had`);
			check(isWatched(settings.watched, status), () => `run ${id} reported ${status}, which is not watched`);
			if (index > 0)
				check(
					rankOf(status) > rankOf(String(items[index - 1].run.status)),
					() => `run ${id} reported ${items.map((each) => each.run.status).join(' then ')}`,
				);
			if (item.previousStatus !== null) {
				check(
					reached.indexOf(item.previousStatus as ModelStatus) < reached.indexOf(status as ModelStatus),
					() => `run ${id} previous status ${item.previousStatus} is not before ${status}`,
				);
			}
		});
	}
	for (const run of model.runs) {
		if (!run.matches || !model.exists(run) || !isTracked(schedule, run)) continue;
		const reported = (byRun.get(run.id) ?? []).map((item) => String(item.run.status));
		// A status the run already had when the trigger was seeded is recorded, not reported.
		const reachedLater = (status: ModelStatus) => run.launchedAt >= schedule.seedStart || status !== statusAt(run, schedule.seedStart);
		// A run that ended is never missed.
		const final = statusOf(run);
		if (isWatched(settings.watched, final) && reachedLater(final))
			check(reported.includes(final), () => `run ${run.id} ended ${final}, never reported (reported: ${reported.join(', ')})`);
		// A watched status held through two whole polls that caught up is reported by the end of them: a
		// run that ended while a late run appeared can keep the counts even for one poll, not two.
		schedule.polls.forEach((record, index) => {
			const next = schedule.polls[index + 1];
			if (index === 0 || !next || !record.caughtUp || !next.caughtUp || run.visibleAt > record.start) return;
			const held = statusAt(run, record.start);
			if (held !== statusAt(run, next.end) || !isWatched(settings.watched, held) || !reachedLater(held)) return;
			const reportedBy = (byRun.get(run.id) ?? []).filter((item) => item.poll <= index + 1).map((item) => String(item.run.status));
			check(
				reportedBy.includes(held),
				() => `run ${run.id} was ${held} through the polls at ${record.start} and ${next.start} but it was not reported`,
			);
		});
	}
}

async function checkSeed(seed: number): Promise<Schedule> {
	const schedule = await runSchedule(seed);
	if (schedule.settings.kind === 'started') checkNewRuns(schedule);
	else checkStatusChanges(schedule);
	return schedule;
}

describe('run events on random schedules', () => {
	const replay = process.env.RUN_EVENTS_SEED;
	const seeds = replay ? [Number(replay)] : Array.from({ length: SCHEDULES }, (_, index) => index + 1);

	it(`reports every run and every watched status exactly once, over ${seeds.length} schedules`, async () => {
		let polls = 0;
		let events = 0;
		for (const seed of seeds) {
			try {
				const schedule = await checkSeed(seed);
				polls += schedule.polls.length;
				events += schedule.polls.reduce((sum, record) => sum + record.events.length, 0);
			} catch (error) {
				if (error instanceof ScheduleFailure) {
					throw new Error(
						`Schedule ${seed} failed: ${error.message}\nReplay it with RUN_EVENTS_SEED=${seed} npx jest test/model/runEvents.test.ts`,
					);
				}
				throw error;
			}
		}
		// The schedules did exercise the trigger.
		expect(polls).toBeGreaterThan(seeds.length * 10);
		expect(events).toBeGreaterThan(seeds.length);
	});
});

/** A run the trigger's search matches, launched at `at` and submitted at `submitMs` (platform clock), in the list at once. */
function matchingRun(model: RunPlatformModel, at: number, status: ModelStatus, submitMs: number): ModelRun {
	const run = model.launch(at, status, undefined, submitMs, { crowded: true });
	run.matches = true;
	run.visibleAt = at;
	return run;
}

/** Moves a run straight to a status, as a platform polled seldom shows it. */
function moveTo(model: RunPlatformModel, run: ModelRun, status: ModelStatus): void {
	run.history.push({ status, at: model.now });
}

describe('run events, case by case', () => {
	const statusChanges = (pageSize: number): RunWatchSettings => ({
		kind: 'statusChanged',
		scope: 'statusChanged',
		watched: ['anyChange'],
		emitExisting: false,
		pageSize,
		scanCalls: 12,
		checkCalls: 30,
	});
	const newRuns = (pageSize: number): RunWatchSettings => ({ ...statusChanges(pageSize), kind: 'started', scope: 'started' });
	const modelOf = (options: Partial<ModelOptions> = {}) =>
		new RunPlatformModel({
			seed: 7,
			skewMs: 0,
			maxVisibilityLagMs: 0,
			maxRunsPerSecond: 1000,
			deletedRunStatus: 403,
			readFailureRate: 0,
			...options,
		});
	const reported = (result: RunPoll) => result.events.map((item) => [item.run.id, item.run.status]);

	/** The model, with every single read it answers recorded, and one run's reads failing while `failing` says so. */
	function watched(model: RunPlatformModel, failing: { id?: string; code?: string } = {}) {
		const reads: string[] = [];
		const api: RunsApi = {
			list: async (offset, max, status) => await model.list(offset, max, status),
			count: async (status) => await model.count(status),
			isListed: async (id) => await model.isListed(id),
			get: async (id) => {
				reads.push(id);
				if (id === failing.id && failing.code) throw refusal(failing.code);
				return await model.get(id);
			},
		};
		return { api, reads };
	}

	/** Two active runs older than the newest page, so each poll reads them one by one. */
	async function twoFollowedRuns(model: RunPlatformModel, api: RunsApi) {
		const first = matchingRun(model, model.now - 60_000, 'SUBMITTED', model.platformNow - 60_000);
		const second = matchingRun(model, model.now - 50_000, 'SUBMITTED', model.platformNow - 50_000);
		for (let index = 0; index < 3; index++)
			matchingRun(model, model.now - 10_000 + index * 1000, 'SUCCEEDED', model.platformNow - 10_000 + index * 1000);
		const seeded = await pollRuns(api, undefined, statusChanges(2), model.now);
		expect(seeded.state.active.map(([id]) => id).sort()).toEqual([first.id, second.id].sort());
		return { first, second, state: seeded.state };
	}

	it.each(DELETED_RUN_STATUSES)(
		'forgets a followed run that was deleted and is answered %i, and reports the others',
		async (deletedRunStatus) => {
			const model = modelOf({ deletedRunStatus });
			const { api, reads } = watched(model);
			const { first, second, state } = await twoFollowedRuns(model, api);

			model.delete(first);
			moveTo(model, second, 'RUNNING');
			model.now += 60_000;
			const afterDelete = await pollRuns(api, state, statusChanges(2), model.now);
			expect(reported(afterDelete)).toEqual([[second.id, 'RUNNING']]);
			expect(afterDelete.state.active.map(([id]) => id)).not.toContain(first.id);

			reads.length = 0;
			moveTo(model, second, 'SUCCEEDED');
			model.now += 60_000;
			const later = await pollRuns(api, afterDelete.state, statusChanges(2), model.now);
			expect(reported(later)).toEqual([[second.id, 'SUCCEEDED']]);
			expect(reads).not.toContain(first.id);
		},
	);

	it.each(['400', '403', '404', '500', '503', 'TIMEOUT'])(
		'delays only a run whose read fails with %s while it is still listed, and reports it at a later poll',
		async (code) => {
			const model = modelOf();
			const failing: { id?: string; code?: string } = { code };
			const { api } = watched(model, failing);
			const { first, second, state } = await twoFollowedRuns(model, api);
			failing.id = first.id;

			moveTo(model, first, 'FAILED');
			moveTo(model, second, 'SUCCEEDED');
			model.now += 60_000;
			const failed = await pollRuns(api, state, statusChanges(2), model.now);
			expect(reported(failed)).toEqual([[second.id, 'SUCCEEDED']]);
			expect(failed.caughtUp).toBe(false);

			failing.code = undefined;
			model.now += 60_000;
			const retried = await pollRuns(api, failed.state, statusChanges(2), model.now);
			expect(retried.events).toEqual([
				{ run: expect.objectContaining({ id: first.id, status: 'FAILED' }), event: 'failed', previousStatus: 'SUBMITTED' },
			]);
		},
	);

	it('lets a refused token reach the user: a 403 on the run list check is not one run gone', async () => {
		const model = modelOf();
		const { api } = watched(model);
		const { first, state } = await twoFollowedRuns(model, api);
		moveTo(model, first, 'FAILED');
		model.now += 60_000;
		const refused: RunsApi = {
			...api,
			get: async () => await Promise.reject(refusal('403')),
			isListed: async () => await Promise.reject(refusal('403')),
		};
		await expect(pollRuns(refused, state, statusChanges(2), model.now)).rejects.toMatchObject({ httpCode: '403' });
		const tokenRefused: RunsApi = { ...api, get: async () => await Promise.reject(refusal('401')) };
		await expect(pollRuns(tokenRefused, state, statusChanges(2), model.now)).rejects.toMatchObject({ httpCode: '401' });
	});

	it('reports every run that arrives in a first second crowded past a page, and none that was there', async () => {
		const model = modelOf();
		const second = Math.floor(model.platformNow / 1000) * 1000;
		for (let count = 0; count < 12; count++) matchingRun(model, model.now - 1, 'SUBMITTED', second);
		const seeded = await pollRuns(model, undefined, newRuns(5), model.now);
		expect(seeded.events).toEqual([]);

		const arrived = Array.from({ length: 4 }, (_, index) => matchingRun(model, model.now, 'SUBMITTED', second + 100 * index));
		model.now += 2000;
		const next = await pollRuns(model, seeded.state, newRuns(5), model.now);
		expect(next.events.map((item) => item.run.id).sort()).toEqual(arrived.map((run) => run.id).sort());
		model.now += 60_000;
		expect((await pollRuns(model, next.state, newRuns(5), model.now)).events).toEqual([]);
	});

	it('records the whole crowded first second even when runs of it are deleted while it is read', async () => {
		const model = modelOf();
		const second = Math.floor(model.platformNow / 1000) * 1000;
		const existing = Array.from({ length: 14 }, () => matchingRun(model, model.now - 1, 'SUCCEEDED', second));
		let answers = 0;
		// After the first page, three runs it showed are deleted: the list moves up by more than the overlap.
		model.beforeAnswer = () => {
			if (++answers === 2) for (const run of model.listed().slice(0, 3)) model.delete(run);
		};
		const seeded = await pollRuns(model, undefined, newRuns(5), model.now);
		model.beforeAnswer = undefined;
		expect(Object.keys(seeded.state.cursor.recent)).toHaveLength(existing.length);

		const arrived = matchingRun(model, model.now, 'SUBMITTED', second + 500);
		model.now += 2000;
		const next = await pollRuns(model, seeded.state, newRuns(5), model.now);
		expect(next.events.map((item) => item.run.id)).toEqual([arrived.id]);
	});
});
