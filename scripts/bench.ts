/**
 * `npm run bench`: how close the per-token limiter gets to the platform's 20 calls per second without a
 * 429, against the simulator's strict sliding windows:
 *   (a) one n8n process, 2000 calls (Workflow → Get through n8n's engine, 8 executions at once);
 *   (b) four n8n processes in queue mode sharing the token through Redis, 2000 calls in all;
 *   (c) for comparison, the same 2000 calls sent the way n8n's HTTP Request node batches them
 *       (20 requests, then 1000 ms, no limiter).
 * It starts its own simulator and redis-server. The last line printed is one JSON object.
 *
 * "Queue" times come from the limiter itself: when each call asked to start and when it was let
 * start. Under a saturating load almost all of that is the wait the budget demands, so two figures
 * are given: p50/p99QueueMs, the time the queue added beyond that (a call could start at the later of
 * its asking and the previous start + the spacing; anything after is the queue's own cost: timers,
 * the Redis round trip), and p50/p99WaitMs, the whole time from asking to start.
 */
import https from 'node:https';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { callSpacingMs } from '../nodes/Seqera/transport/slidingWindow';
import { forkWorkers, queueModeEnv, type WorkerResult } from '../test/queue/processes';
import { startRedisServer } from '../test/queue/redisServer';
import type { QueueTiming } from '../test/queue/worker';
import { hashToken, startSimulator, type Simulator } from '../test/simulator/server';

const TOKEN = 'sim-token-alpha';
const WARM_UP_TOKEN = 'sim-token-beta';
const GENOMICS = 138659136604200;
const CALLS = 2000;
const LIMIT_PER_SECOND = 20;
const SPACING_MS = callSpacingMs(LIMIT_PER_SECOND, 72000);
const START_DELAY_MS = 1500;

interface Figures {
	fraction: number;
	calls: number;
	r429: number;
	maxPerSecond: number;
}

interface QueueFigures extends Figures {
	p99QueueMs: number;
	p50QueueMs: number;
	p99WaitMs: number;
	p50WaitMs: number;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

function percentile(sorted: number[], fraction: number): number {
	return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

function runIds(sim: Simulator, count: number, offset: number): string[] {
	const ids = sim.data.runsIn(GENOMICS).map((run) => run.id);
	return Array.from({ length: count }, (_, index) => ids[(offset + index) % ids.length]);
}

/**
 * What the simulator saw of the token: the calls it answered (429s and their repeats left out) per
 * second over the span from the first to the last request, the 429s, and the densest sliding second
 * of everything sent.
 */
function platformFigures(sim: Simulator): Figures {
	const tokenHash = hashToken(TOKEN);
	const sent = sim.log.filter((entry) => entry.tokenHash === tokenHash);
	const answered = sent.filter((entry) => entry.status !== 429).length;
	const span = (sent.at(-1)!.at - sent[0].at) / 1000;
	return {
		fraction: round((answered - 1) / span / LIMIT_PER_SECOND, 3),
		calls: answered,
		r429: sent.length - answered,
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

/** Runs `CALLS` calls split over `processes` forked n8n processes, `executionsEach` executions at once in each. */
async function throughWorkers(processes: number, executionsEach: number, env: Record<string, string>, folder: string): Promise<QueueFigures> {
	const sim = await startSimulator({ runProgressMs: 200 });
	try {
		const workers = await forkWorkers(processes, env, folder);
		const perExecution = CALLS / processes / executionsEach;
		// After each process's warm-up call (on the other token), all start together.
		const startAt = Date.now() + START_DELAY_MS;
		const results: WorkerResult[] = await Promise.all(
			workers.map(
				async (worker, index) =>
					await worker.run({
						baseUrl: sim.baseUrl,
						token: TOKEN,
						workspaceId: GENOMICS,
						executions: Array.from({ length: executionsEach }, (_, execution) =>
							runIds(sim, perExecution, (index * executionsEach + execution) * perExecution),
						),
						warmUpToken: WARM_UP_TOKEN,
						startAt,
					}),
			),
		);
		const failed = results.flatMap(({ outcomes }) => outcomes).filter((outcome) => outcome.error !== undefined);
		if (failed.length > 0) console.log(`  ${failed.length} executions failed: ${failed[0].error}`);
		return { ...platformFigures(sim), ...queueFigures(results.flatMap(({ timings }) => timings)) };
	} finally {
		await sim.close();
	}
}

/** n8n's HTTP Request node with Batching (20 items per batch, 1000 ms interval): fire a batch, wait, fire the next. */
async function httpRequestBatching(): Promise<Figures> {
	const sim = await startSimulator({ runProgressMs: 200 });
	const agent = new https.Agent({ rejectUnauthorized: false, keepAlive: true });
	try {
		const ids = runIds(sim, CALLS, 0);
		const requests: Array<Promise<void>> = [];
		for (let index = 0; index < ids.length; index++) {
			if (index > 0 && index % 20 === 0) await new Promise((resolve) => setTimeout(resolve, 1000));
			requests.push(
				new Promise<void>((resolve) => {
					const request = https.get(
						`${sim.baseUrl}/workflow/${ids[index]}?workspaceId=${GENOMICS}`,
						{ agent, headers: { Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' } },
						(response) => response.resume().on('end', () => resolve()),
					);
					request.on('error', () => resolve());
				}),
			);
		}
		await Promise.all(requests);
		return platformFigures(sim);
	} finally {
		agent.destroy();
		await sim.close();
	}
}

function describe(label: string, figures: Figures & Partial<QueueFigures>): void {
	const rate = round(figures.fraction * LIMIT_PER_SECOND, 2);
	const queue =
		figures.p50QueueMs === undefined
			? ''
			: `; added by the queue p50 ${figures.p50QueueMs} ms, p99 ${figures.p99QueueMs} ms (asking to start: p50 ${figures.p50WaitMs} ms, p99 ${figures.p99WaitMs} ms)`;
	console.log(
		`${label}: ${figures.calls} calls, ${rate}/s = ${figures.fraction} of ${LIMIT_PER_SECOND}/s; ${figures.r429} answered 429; ` +
			`most in any sliding second ${figures.maxPerSecond}${queue}`,
	);
}

async function main(): Promise<void> {
	const redis = await startRedisServer();
	const folder = mkdtempSync(path.join(tmpdir(), 'seqera-bench-'));
	try {
		console.log(`Limit ${LIMIT_PER_SECOND} calls/s per token; the limiter spaces starts ${SPACING_MS} ms apart (at most ${round(1000 / SPACING_MS / LIMIT_PER_SECOND, 3)} of the limit).`);
		const single = await throughWorkers(1, 8, {}, folder);
		describe('(a) one process', single);
		const cluster = await throughWorkers(4, 2, queueModeEnv(redis.port), folder);
		describe('(b) four processes, shared through Redis', cluster);
		const batching = await httpRequestBatching();
		describe('(c) HTTP Request node batching, 20 per 1000 ms', batching);
		console.log(JSON.stringify({ single, cluster: { ...cluster, processes: 4 }, httpRequestBatching: batching }));
	} finally {
		rmSync(folder, { recursive: true, force: true });
		await redis.stop();
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
