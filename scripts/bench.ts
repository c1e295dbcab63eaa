/**
 * `npm run bench`: how close the per-token limiter gets to the platform's 20 calls per second without a
 * 429, against the simulator's strict sliding windows, over three networks (the simulator's
 * NETWORK_PROFILES): lan (no delay), wan (100 ± 20 ms each way, 20-300 ms on the platform) and far
 * (250 ± 50 ms each way, 50-800 ms on the platform). The platform counts a call when it arrives.
 * For each network, three cells:
 *   single              one n8n process, ONE execution of 2000 items of Workflow → Get, through n8n's engine;
 *   cluster             four n8n processes in queue mode sharing the token through Redis, one execution
 *                       of 500 items each;
 *   httpRequestBatching for comparison, the same 2000 calls sent the way n8n's HTTP Request node batches
 *                       them (20 requests, then 1000 ms, no limiter, no retries).
 * The node runs with On Error "continue (using error output)", so every item is tried and each failed
 * one is counted. Each cell gets a fresh simulator; each process makes one call on the other token
 * first, then all start together.
 *
 * Figures per cell:
 *   fraction      calls answered (429s left out) per second over the span of their arrivals, / 20;
 *   calls, r429   the calls answered, and the 429 answers;
 *   lost          items that did not come out as a result (for batching: requests without a 200);
 *   maxPerSecond  most arrivals of the token, 429s included, in any sliding second;
 *   and where n8n processes run, times from the limiter itself: when each call asked to start and when
 *   it was let start. Under a saturating load almost all of that is the wait the budget demands, so two
 *   figures are given: p50/p99QueueMs, the time the queue added beyond that (a call could start at the
 *   later of its asking and the previous start + the spacing; anything after is the queue's own cost:
 *   timers, the Redis round trip), and p50/p99WaitMs, the whole time from asking to start.
 * A cell where n8n processes did not report (past the cell's time limit, or dead) gives their number as
 * `failedProcesses`; their items count as lost.
 *
 * The last line printed is one JSON object: `network: { lan, wan, far }`, each
 * `{ single, cluster, httpRequestBatching }`, and the lan cells again at the top level.
 *
 * Options: --profile lan,wan,far (repeatable; default all), --calls N (default 2000), --only
 * single,cluster,httpRequestBatching (repeatable; default all). It starts its own simulators and
 * redis-server. A full run takes some 15 minutes.
 */
import https from 'node:https';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { callSpacingMs } from '../nodes/Seqera/transport/slidingWindow';
import { forkWorkers, queueModeEnv, type WorkerResult } from '../dev/queue/processes';
import { startRedisServer, type RedisServer } from '../dev/queue/redisServer';
import type { QueueTiming } from '../dev/queue/worker';
import { NETWORK_PROFILES, type NetworkName, type NetworkProfile } from '../dev/simulator/network';
import { hashToken, startSimulator, type Simulator } from '../dev/simulator/server';

const TOKEN = 'sim-token-alpha';
const WARM_UP_TOKEN = 'sim-token-beta';
const GENOMICS = 138659136604200;
const LIMIT_PER_SECOND = 20;
const SPACING_MS = callSpacingMs(LIMIT_PER_SECOND, 72000);
const CLUSTER_PROCESSES = 4;
/** Time for every process's warm-up call, beyond the network's slowest round trip. */
const START_DELAY_MS = 1500;
/** A cell that takes this many times its calls at the full rate (and at least CELL_MIN_MS) is stuck. */
const CELL_SLACK = 4;
const CELL_MIN_MS = 120_000;
/** The HTTP Request node's own default timeout is longer; no answer within this is as good as none here. */
const REQUEST_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

const CELL_NAMES = ['single', 'cluster', 'httpRequestBatching'] as const;
type CellName = (typeof CELL_NAMES)[number];
const PROFILE_NAMES = Object.keys(NETWORK_PROFILES) as NetworkName[];

interface Figures {
	fraction: number;
	calls: number;
	r429: number;
	lost: number;
	maxPerSecond: number;
	/** n8n processes that did not report (stuck past the cell's time limit, or died); only when there are any. */
	failedProcesses?: number;
}

interface QueueFigures extends Figures {
	p99QueueMs: number;
	p50QueueMs: number;
	p99WaitMs: number;
	p50WaitMs: number;
}

type Cell = Figures & Partial<QueueFigures> & { processes?: number };

interface Options {
	profiles: NetworkName[];
	calls: number;
	cells: CellName[];
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function percentile(sorted: number[], fraction: number): number {
	return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

function listOption<T extends string>(name: string, values: string[] | undefined, allowed: readonly T[]): T[] {
	if (values === undefined) return [...allowed];
	const chosen = values.flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value !== '');
	for (const value of chosen) {
		if (!allowed.includes(value as T)) throw new Error(`--${name} ${value}: expected one of ${allowed.join(', ')}`);
	}
	// In the order of `allowed`, each once.
	return allowed.filter((value) => chosen.includes(value));
}

function parseOptions(args: string[]): Options {
	const { values } = parseArgs({
		args,
		options: {
			profile: { type: 'string', multiple: true },
			calls: { type: 'string' },
			only: { type: 'string', multiple: true },
		},
	});
	const calls = Number(values.calls ?? 2000);
	if (!Number.isInteger(calls) || calls < CLUSTER_PROCESSES) throw new Error(`--calls ${values.calls}: expected a whole number ≥ ${CLUSTER_PROCESSES}`);
	return {
		profiles: listOption('profile', values.profile, PROFILE_NAMES),
		calls,
		cells: listOption('only', values.only, CELL_NAMES),
	};
}

/** The network's slowest round trip: both ways and the slowest platform time of any route. */
function slowestRoundTripMs(profile: NetworkProfile): number {
	const processing = [profile.processing, ...Object.values(profile.processingByRoute ?? {})].map((spread) => spread?.maxMs ?? 0);
	return (profile.inbound?.maxMs ?? 0) + (profile.outbound?.maxMs ?? 0) + Math.max(0, ...processing);
}

function cellTimeoutMs(calls: number): number {
	return Math.max(CELL_MIN_MS, (calls / LIMIT_PER_SECOND) * 1000 * CELL_SLACK);
}

function runIds(sim: Simulator, count: number, offset: number): string[] {
	const ids = sim.data.runsIn(GENOMICS).map((run) => run.id);
	return Array.from({ length: count }, (_, index) => ids[(offset + index) % ids.length]);
}

/** `calls` split as evenly as can be over `parts`. */
function split(calls: number, parts: number): number[] {
	return Array.from({ length: parts }, (_, index) => Math.floor(calls / parts) + (index < calls % parts ? 1 : 0));
}

/**
 * What the simulator saw of the token: the calls it answered (429s left out) per second over the span
 * from the first arrival to the last, the 429s, and the densest sliding second of everything that arrived.
 */
function platformFigures(sim: Simulator, lost: number): Figures {
	const tokenHash = hashToken(TOKEN);
	const arrived = sim.log.filter((entry) => entry.tokenHash === tokenHash);
	const answered = arrived.filter((entry) => entry.status !== 429 && entry.status !== 0);
	const times = arrived.map((entry) => entry.at);
	const span = times.length < 2 ? 0 : (Math.max(...times) - Math.min(...times)) / 1000;
	return {
		fraction: span === 0 ? 0 : round((answered.length - 1) / span / LIMIT_PER_SECOND, 3),
		calls: answered.length,
		r429: arrived.filter((entry) => entry.status === 429).length,
		lost,
		maxPerSecond: sim.maxCallsInAnySlidingSecond(tokenHash),
	};
}

function queueFigures(timings: QueueTiming[]): Pick<QueueFigures, 'p99QueueMs' | 'p50QueueMs' | 'p99WaitMs' | 'p50WaitMs'> {
	const byStart = [...timings].sort((a, b) => a.started - b.started);
	const added = byStart
		.map((timing, index) => {
			const earliest = index === 0 ? timing.asked : Math.max(timing.asked, byStart[index - 1].started + SPACING_MS);
			return Math.max(0, timing.started - earliest);
		})
		.sort((a, b) => a - b);
	const waits = byStart.map((timing) => timing.started - timing.asked).sort((a, b) => a - b);
	return {
		p99QueueMs: round(percentile(added, 0.99), 1),
		p50QueueMs: round(percentile(added, 0.5), 1),
		p99WaitMs: round(percentile(waits, 0.99), 1),
		p50WaitMs: round(percentile(waits, 0.5), 1),
	};
}

/** Aborted when the script is interrupted: every n8n process it forked is killed, by its own handle. */
const interrupted = new AbortController();
let redis: RedisServer | undefined;

async function withSimulator<T>(network: NetworkProfile, use: (sim: Simulator) => Promise<T>): Promise<T> {
	const sim = await startSimulator({ runProgressMs: 200, network });
	try {
		return await use(sim);
	} finally {
		await sim.close();
	}
}

/** `calls` items over `processes` forked n8n processes, one execution in each. */
async function throughWorkers(
	network: NetworkProfile,
	calls: number,
	processes: number,
	env: Record<string, string>,
	folder: string,
): Promise<QueueFigures> {
	return await withSimulator(network, async (sim) => {
		const workers = await forkWorkers(processes, env, folder, interrupted.signal);
		try {
			const items = split(calls, processes);
			const startAt = Date.now() + START_DELAY_MS + slowestRoundTripMs(network);
			const timeoutMs = startAt - Date.now() + cellTimeoutMs(calls);
			const settled = await Promise.allSettled(
				workers.map(
					async (worker, index) =>
						await worker.run(
							{
								baseUrl: sim.baseUrl,
								token: TOKEN,
								workspaceId: GENOMICS,
								executions: [runIds(sim, items[index], items.slice(0, index).reduce((sum, count) => sum + count, 0))],
								warmUpToken: WARM_UP_TOKEN,
								startAt,
								onError: 'continueErrorOutput',
							},
							{ timeoutMs },
						),
				),
			);
			const results = settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
			const failures = settled.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as Error] : []));
			for (const failure of failures) console.log(`  ${failure.message.split('\n')[0]}`);
			const stopped = results.flatMap(({ outcomes }) => outcomes).filter((outcome) => outcome.error !== undefined);
			if (stopped.length > 0) console.log(`  ${stopped.length} executions stopped: ${stopped[0].error}`);
			const succeeded = results.flatMap(({ outcomes }) => outcomes).reduce((sum, outcome) => sum + outcome.items, 0);
			return {
				...platformFigures(sim, calls - succeeded),
				...queueFigures(results.flatMap(({ timings }: WorkerResult) => timings)),
				...(failures.length > 0 ? { failedProcesses: failures.length } : {}),
			};
		} finally {
			for (const worker of workers) worker.kill();
		}
	});
}

/** One GET as the HTTP Request node makes it; true when it was answered 200. */
function get(url: string, agent: https.Agent): Promise<boolean> {
	return new Promise<boolean>((resolve) => {
		const request = https.get(url, { agent, headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' } }, (response) =>
			response
				.resume()
				.on('end', () => resolve(response.statusCode === 200))
				.on('error', () => resolve(false)),
		);
		request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy());
		request.on('error', () => resolve(false));
	});
}

/** n8n's HTTP Request node with Batching (20 items per batch, 1000 ms interval): fire a batch, wait, fire the next. */
async function httpRequestBatching(network: NetworkProfile, calls: number): Promise<Figures> {
	return await withSimulator(network, async (sim) => {
		const agent = new https.Agent({ rejectUnauthorized: false, keepAlive: true });
		try {
			const ids = runIds(sim, calls, 0);
			const requests: Array<Promise<boolean>> = [];
			for (let index = 0; index < ids.length; index++) {
				if (index > 0 && index % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 1000));
				requests.push(get(`${sim.baseUrl}/workflow/${ids[index]}?workspaceId=${GENOMICS}`, agent));
			}
			const answered200 = (await Promise.all(requests)).filter(Boolean).length;
			return platformFigures(sim, calls - answered200);
		} finally {
			agent.destroy();
		}
	});
}

function describe(label: string, figures: Cell, seconds: number): void {
	const rate = round(figures.fraction * LIMIT_PER_SECOND, 2);
	const queue =
		figures.p50QueueMs === undefined
			? ''
			: `; added by the queue p50 ${figures.p50QueueMs} ms, p99 ${figures.p99QueueMs} ms (asking to start: p50 ${figures.p50WaitMs} ms, p99 ${figures.p99WaitMs} ms)`;
	console.log(
		`${label}: ${figures.calls} calls, ${rate}/s = ${figures.fraction} of ${LIMIT_PER_SECOND}/s; ${figures.r429} answered 429; ` +
			`${figures.lost} items lost; most in any sliding second ${figures.maxPerSecond}${queue}; ${Math.round(seconds)} s` +
			(figures.failedProcesses ? `; ${figures.failedProcesses} processes did not report` : ''),
	);
}

async function runCell(name: CellName, network: NetworkProfile, calls: number, folder: string): Promise<Cell> {
	switch (name) {
		case 'single':
			return await throughWorkers(network, calls, 1, {}, folder);
		case 'cluster':
			return { ...(await throughWorkers(network, calls, CLUSTER_PROCESSES, queueModeEnv(redis!.port), folder)), processes: CLUSTER_PROCESSES };
		case 'httpRequestBatching':
			return await httpRequestBatching(network, calls);
	}
}

function cellLabel(name: CellName, calls: number): string {
	switch (name) {
		case 'single':
			return `one process, one execution of ${calls} items`;
		case 'cluster':
			return `${CLUSTER_PROCESSES} processes sharing through Redis, one execution of ${split(calls, CLUSTER_PROCESSES).join('/')} items each`;
		case 'httpRequestBatching':
			return `HTTP Request node batching, 20 per 1000 ms, ${calls} requests`;
	}
}

async function main(options: Options): Promise<void> {
	if (options.cells.includes('cluster')) redis = await startRedisServer();
	const folder = mkdtempSync(path.join(tmpdir(), 'seqera-bench-'));
	try {
		console.log(
			`Limit ${LIMIT_PER_SECOND} calls/s per token; the limiter spaces starts ${SPACING_MS} ms apart (at most ${round(1000 / SPACING_MS / LIMIT_PER_SECOND, 3)} of the limit). ` +
				`Networks ${options.profiles.join(', ')}; ${options.calls} calls per cell.`,
		);
		const network: Partial<Record<NetworkName, Partial<Record<CellName, Cell>>>> = {};
		for (const profile of options.profiles) {
			const cells: Partial<Record<CellName, Cell>> = (network[profile] = {});
			for (const name of options.cells) {
				const started = performance.now();
				cells[name] = await runCell(name, NETWORK_PROFILES[profile], options.calls, folder);
				describe(`${profile} ${name} (${cellLabel(name, options.calls)})`, cells[name], (performance.now() - started) / 1000);
			}
		}
		console.log(JSON.stringify({ ...network.lan, network }));
	} finally {
		rmSync(folder, { recursive: true, force: true });
		await stopRedis();
	}
}

async function stopRedis(): Promise<void> {
	const server = redis;
	redis = undefined;
	if (server === undefined) return;
	let timer: NodeJS.Timeout | undefined;
	await Promise.race([
		server.stop(),
		new Promise<void>((resolve) => (timer = setTimeout(() => (console.error('redis-server did not stop in time'), resolve()), STOP_TIMEOUT_MS))),
	]);
	clearTimeout(timer);
}

/** Interrupted: stop what the script started, then go. */
async function abandon(signal: NodeJS.Signals): Promise<void> {
	interrupted.abort();
	await stopRedis();
	process.exit(signal === 'SIGINT' ? 130 : 143);
}

process.once('SIGINT', (signal) => void abandon(signal));
process.once('SIGTERM', (signal) => void abandon(signal));

let options: Options;
try {
	options = parseOptions(process.argv.slice(2));
} catch (error) {
	console.error((error as Error).message);
	console.error('Usage: npm run bench -- [--profile lan,wan,far] [--calls 2000] [--only single,cluster,httpRequestBatching]');
	process.exit(2);
}
main(options)
	.catch((error: unknown) => {
		console.error(error);
		process.exitCode = 1;
	})
	.finally(() => {
		// Everything is closed by now; should anything still hold the process, it must not hang a run.
		setTimeout(() => {
			console.error('bench: something was still open at the end');
			process.exit(process.exitCode ?? 0);
		}, STOP_TIMEOUT_MS).unref();
	});
