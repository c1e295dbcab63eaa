/** The cells that measure how close the token's calls get to the limit: single, cluster and httpRequestBatching. */
import https from 'node:https';
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { forkWorkers, queueModeEnv, type WorkerResult } from '../../dev/queue/processes';
import type { NetworkProfile } from '../../dev/simulator/network';
import { describePlatform, platformFigures, queueFigures, type Figures, type QueueFigures } from './figures';
import {
	GENOMICS,
	round,
	START_DELAY_MS,
	TOKEN,
	WARM_UP_TOKEN,
	cellTimeoutMs,
	describeConnections,
	runIds,
	slowestRoundTripMs,
	withSimulator,
	type BenchContext,
} from './setup';

export const CLUSTER_PROCESSES = 4;
/** The HTTP Request node's own default timeout is longer; no answer within this is as good as none here. */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * The simulator's own event loop delays, the platform's side of the path: a stall there holds back
 * the bytes of some calls and not of others, and so bunches arrivals beyond the network's jitter.
 */
export interface PlatformStalls {
	platformStallP99Ms: number;
	platformStallMaxMs: number;
}

export type ThroughputFigures = Figures & Partial<QueueFigures> & Partial<PlatformStalls> & { processes?: number };

/** `calls` split as evenly as can be over `parts`. */
export function split(calls: number, parts: number): number[] {
	return Array.from({ length: parts }, (_, index) => Math.floor(calls / parts) + (index < calls % parts ? 1 : 0));
}

/** `calls` items over `processes` forked n8n processes, one execution in each. */
async function throughWorkers(
	network: NetworkProfile,
	calls: number,
	processes: number,
	env: Record<string, string>,
	context: BenchContext,
): Promise<Figures & QueueFigures & PlatformStalls> {
	return await withSimulator(network, async (sim) => {
		const workers = await forkWorkers(processes, env, context.folder, context.signal);
		const stalls = monitorEventLoopDelay({ resolution: 5 });
		stalls.enable();
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
								executions: [
									runIds(
										sim,
										items[index],
										items.slice(0, index).reduce((sum, count) => sum + count, 0),
									),
								],
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
				platformStallP99Ms: round(stalls.percentile(99) / 1e6, 1),
				platformStallMaxMs: round(stalls.max / 1e6, 1),
			};
		} finally {
			stalls.disable();
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

/**
 * n8n's HTTP Request node with Batching (20 items per batch, 1000 ms interval): fire a batch, wait, fire
 * the next, each request on a connection of its own, as the node sends them.
 */
async function httpRequestBatching(network: NetworkProfile, calls: number): Promise<Figures> {
	return await withSimulator(network, async (sim) => {
		// n8n's request helper builds new agents for every request, so the node opens a connection for each.
		const agent = new https.Agent({ rejectUnauthorized: false, keepAlive: false });
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

export type ThroughputCell = 'single' | 'cluster' | 'httpRequestBatching';

export async function runThroughputCell(
	name: ThroughputCell,
	network: NetworkProfile,
	calls: number,
	context: BenchContext,
): Promise<ThroughputFigures> {
	switch (name) {
		case 'single':
			return await throughWorkers(network, calls, 1, {}, context);
		case 'cluster':
			return {
				...(await throughWorkers(network, calls, CLUSTER_PROCESSES, queueModeEnv(await context.redisPort()), context)),
				processes: CLUSTER_PROCESSES,
			};
		case 'httpRequestBatching':
			return await httpRequestBatching(network, calls);
	}
}

export function throughputLabel(name: ThroughputCell, calls: number): string {
	switch (name) {
		case 'single':
			return `one process, one execution of ${calls} items`;
		case 'cluster':
			return `${CLUSTER_PROCESSES} processes sharing through Redis, one execution of ${split(calls, CLUSTER_PROCESSES).join('/')} items each`;
		case 'httpRequestBatching':
			return `HTTP Request node batching, 20 per 1000 ms, ${calls} requests`;
	}
}

export function describeThroughput(label: string, figures: ThroughputFigures, seconds: number): void {
	const queue =
		figures.p50QueueMs === undefined
			? ''
			: `; added by the queue p50 ${figures.p50QueueMs} ms, p99 ${figures.p99QueueMs} ms (asking to start: p50 ${figures.p50WaitMs} ms, p99 ${figures.p99WaitMs} ms)`;
	console.log(
		`${label}: ${describePlatform(figures)}${queue}${describeConnections(figures)}; ${Math.round(seconds)} s` +
			(figures.platformStallMaxMs === undefined
				? ''
				: `; the simulator's event loop late by p99 ${figures.platformStallP99Ms} ms, at most ${figures.platformStallMaxMs} ms`) +
			(figures.failedProcesses ? `; ${figures.failedProcesses} processes did not report` : ''),
	);
}
