/**
 * The interactive cell: while a production sync keeps the token's budget full, how long does the
 * editor wait? A lookup and a manual execution are what a user clicks on; each must go ahead of the
 * sync's queued calls rather than behind them.
 */
import { forkWorkers, queueModeEnv, type WorkerResult } from '../../dev/queue/processes';
import type { ActionTiming, InteractiveJob } from '../../dev/queue/worker';
import type { NetworkProfile } from '../../dev/simulator/network';
import { describePlatform, platformFigures, startedFraction, type Figures } from './figures';
import {
	GENOMICS,
	START_DELAY_MS,
	TOKEN,
	WARM_UP_TOKEN,
	cellTimeoutMs,
	describeConnections,
	percentile,
	round,
	runIds,
	slowestRoundTripMs,
	withSimulator,
	type BenchContext,
} from './setup';

/** A lookup every this many ms, and a manual execution every this many ms, half a period apart. */
export const ACTION_EVERY_MS = 1000;

export interface ActionFigures {
	count: number;
	/** Actions that gave no answer (an error, or no result). */
	failed: number;
	/** Time from asking the limiter to being let start, summed over the action's calls. */
	p50WaitMs: number;
	p99WaitMs: number;
	/**
	 * The longest wait: the first lookup, in the sync's first second, before any arrival bound is
	 * measured, when every place is held until a second after its answer.
	 */
	mostWaitMs: number;
	/** Time from the action's start to its answer. */
	p50Ms: number;
	p99Ms: number;
}

export interface InteractiveFigures extends Figures {
	/** The sync's own calls let start per second, over the span of their starts, as a fraction of the limit. */
	syncFraction: number;
	lookup: ActionFigures;
	manual: ActionFigures;
	processes: number;
}

export interface InteractiveCell {
	oneProcess: InteractiveFigures;
	overRedis: InteractiveFigures;
}

function actionFigures(actions: ActionTiming[]): ActionFigures {
	const waits = actions
		.map((action) => action.calls.reduce((sum, call) => sum + (Number.isNaN(call.started) ? 0 : call.started - call.asked), 0))
		.sort((a, b) => a - b);
	const times = actions.map((action) => action.answeredAt - action.startedAt).sort((a, b) => a - b);
	return {
		count: actions.length,
		failed: actions.filter((action) => action.error !== undefined).length,
		p50WaitMs: round(percentile(waits, 0.5), 1),
		p99WaitMs: round(percentile(waits, 0.99), 1),
		mostWaitMs: round(waits.at(-1) ?? Number.NaN, 1),
		p50Ms: round(percentile(times, 0.5), 1),
		p99Ms: round(percentile(times, 0.99), 1),
	};
}

/**
 * The sync of `syncItems` and the editor actions in one process, or (with Redis) the sync in one
 * and the actions in another, sharing the token's budget.
 */
async function interactiveRun(
	network: NetworkProfile,
	syncItems: number,
	context: BenchContext,
	overRedis: boolean,
): Promise<InteractiveFigures> {
	const processes = overRedis ? 2 : 1;
	const env = overRedis ? queueModeEnv(await context.redisPort()) : {};
	return await withSimulator(network, async (sim) => {
		const workers = await forkWorkers(processes, env, context.folder, context.signal);
		try {
			const startAt = Date.now() + START_DELAY_MS + slowestRoundTripMs(network);
			const timeoutMs = startAt - Date.now() + cellTimeoutMs(syncItems);
			const sync = runIds(sim, syncItems);
			const actions = { everyMs: ACTION_EVERY_MS, runId: sync[0] };
			const job: InteractiveJob = {
				kind: 'interactive',
				baseUrl: sim.baseUrl,
				token: TOKEN,
				workspaceId: GENOMICS,
				warmUpToken: WARM_UP_TOKEN,
				startAt,
				onError: 'continueErrorOutput',
			};
			let runs: Array<Promise<WorkerResult>>;
			if (overRedis) {
				const [syncWorker, actionWorker] = workers;
				const syncRun = syncWorker.run({ ...job, sync }, { timeoutMs });
				const stopActions = () => actionWorker.stop();
				void syncRun.then(stopActions, stopActions);
				runs = [syncRun, actionWorker.run({ ...job, actions }, { timeoutMs })];
			} else {
				runs = [workers[0].run({ ...job, sync, actions }, { timeoutMs })];
			}
			const settled = await Promise.allSettled(runs);
			const results = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
			const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as Error] : []));
			for (const failure of failures) console.log(`  ${failure.message.split('\n')[0]}`);
			const outcomes = results.flatMap((result) => result.outcomes);
			const stopped = outcomes.filter((outcome) => outcome.error !== undefined);
			if (stopped.length > 0) console.log(`  the sync stopped: ${stopped[0].error}`);
			const succeeded = outcomes.reduce((sum, outcome) => sum + outcome.items, 0);
			const done = results.flatMap((result) => result.actions ?? []);
			return {
				...platformFigures(sim, syncItems - succeeded),
				syncFraction: startedFraction(results.flatMap((result) => result.timings)),
				lookup: actionFigures(done.filter((action) => action.kind === 'lookup')),
				manual: actionFigures(done.filter((action) => action.kind === 'manual')),
				processes,
				...(failures.length > 0 ? { failedProcesses: failures.length } : {}),
			};
		} finally {
			for (const worker of workers) worker.kill();
		}
	});
}

function describeActions(name: string, figures: ActionFigures): string {
	return (
		`${figures.count} ${name}: waiting to start p50 ${figures.p50WaitMs} ms, p99 ${figures.p99WaitMs} ms, most ${figures.mostWaitMs} ms; ` +
		`answered p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms` +
		(figures.failed > 0 ? `; ${figures.failed} failed` : '')
	);
}

function describeInteractive(label: string, figures: InteractiveFigures, seconds: number): void {
	console.log(
		`${label}: sync ${figures.syncFraction} of the limit; ${describeActions('lookups', figures.lookup)}; ` +
			`${describeActions('manual executions', figures.manual)}; the token in all: ${describePlatform(figures)}` +
			`${describeConnections(figures)}; ${Math.round(seconds)} s` +
			(figures.failedProcesses ? `; ${figures.failedProcesses} processes did not report` : ''),
	);
}

export async function runInteractiveCell(
	profile: string,
	network: NetworkProfile,
	syncItems: number,
	context: BenchContext,
): Promise<InteractiveCell> {
	const what = `a sync of ${syncItems} items with mode 'trigger'; a run list lookup and a one-item manual execution, each every ${ACTION_EVERY_MS / 1000} s`;
	let started = performance.now();
	const oneProcess = await interactiveRun(network, syncItems, context, false);
	describeInteractive(`${profile} interactive (one process: ${what})`, oneProcess, (performance.now() - started) / 1000);
	started = performance.now();
	const overRedis = await interactiveRun(network, syncItems, context, true);
	describeInteractive(
		`${profile} interactive (the sync and the actions in two processes sharing through Redis)`,
		overRedis,
		(performance.now() - started) / 1000,
	);
	return { oneProcess, overRedis };
}
