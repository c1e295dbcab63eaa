/**
 * `npm run bench`: how fast the package is against the platform's limits, through n8n's engine in
 * forked n8n processes (dev/queue/worker.ts), against the simulator over three networks (the
 * simulator's NETWORK_PROFILES, a TCP path that delays every byte, handshakes included): lan (no
 * delay), wan (100 ± 20 ms each way, 20-300 ms on the platform) and far (250 ± 50 ms each way,
 * 50-800 ms on the platform). The platform allows 20 calls per second per token and counts a call
 * when it arrives. Each cell gets a fresh simulator and fresh n8n processes; where processes run
 * together, each makes one call on the other token first, then all start together.
 *
 * Cells (default networks in brackets):
 *   single              [wan, far] one n8n process, ONE execution of 1200 items of Workflow → Get;
 *   cluster             [wan] four n8n processes in queue mode sharing the token through Redis,
 *                       one execution of a quarter of 2000 items each;
 *   httpRequestBatching [wan] for comparison, the same 1200 calls sent the way n8n's HTTP
 *                       Request node batches them (20 requests, then 1000 ms, no limiter, no retries),
 *                       each on a connection of its own as n8n's request helper opens them, over the
 *                       same network path;
 *   interactive         [wan] a production sync of 3000 items of Workflow → Get (one execution with
 *                       mode 'trigger') fills the token's budget; meanwhile, every second, a run list
 *                       lookup through n8n's load-options context (as the editor makes it) and, every
 *                       second, half a period later, a one-item Workflow → Get with mode 'manual'. Twice:
 *                       in one process, and with the sync in one process and the lookups and manual
 *                       executions in another, sharing the token through Redis;
 *   idle                [wan, far] a one-item execution, 3 s of nothing, another: the second should
 *                       find its connection open and cost one round trip;
 *   memory              [lan] the package's own memory over one execution of 10 000 and 100 000
 *                       items, with a limit of 2000 calls/s on both sides so that the calls
 *                       run as fast as the machine lets them.
 * The executions run with On Error "continue (using error output)", so every item is tried and each
 * failed one is counted; the memory cell's executions stop at the first error, as n8n's default does.
 *
 * Figures of single, cluster, httpRequestBatching:
 *   fraction      calls answered (429s left out) per second over the span of their arrivals, / 20;
 *   calls, r429   the calls answered, and the 429 answers;
 *   lost          items that did not come out as a result (for batching: requests without a 200);
 *   maxPerSecond  most arrivals of the token, 429s included, in any sliding second;
 *   roomMs        how much longer than a second the closest 21 arrivals in a row took: the room the
 *                 busiest moment left before a second held one call too many (negative: it did);
 *   and where n8n processes run, times from the limiter itself: when each call asked to start and when
 *   it was let start. Under a saturating load almost all of that is the wait the budget demands, so two
 *   figures are given: p50/p99QueueMs, the time the queue added beyond that (a call could start at the
 *   later of its asking and the previous start + the spacing; anything after is the queue's own cost:
 *   timers, the Redis round trip), and p50/p99WaitMs, the whole time from asking to start.
 * Figures of interactive, per variant: those above for every call of the token (lost: the sync's
 *   items), syncFraction (the sync's own calls let start per second over the span of their starts,
 *   / 20), and for `lookup` and `manual`: count, failed, p50/p99WaitMs (from asking the limiter to
 *   being let start, summed over the action's calls) and p50/p99Ms (from the action's start to its
 *   answer).
 * Figures of idle: firstMs and secondMs (each execution from its start to its answer), secondCallMs
 *   (the second's call from being let start to its answer), next to the network's meanWayMs (mean
 *   inbound + outbound) and meanProcessingMs (the platform's mean time); failed, and the first
 *   failure's message as error.
 * Figures of memory, per size: peakMb (peak RSS of the process through the Seqera node), standInPeakMb
 *   (the same execution through a stand-in node that answers every item with the same JSON, without
 *   HTTP), packageMb (the difference), startMb (RSS when the execution started), retainedMb and
 *   standInRetainedMb (heap used after forced collections at the end, the execution's output still
 *   held), packageRetainedMb (their difference: what the package itself keeps), callsPerSecond, lost,
 *   r429.
 * Every cell (each memory size) also gives tlsConnections: how many TLS connections carried the
 *   token's calls, as the simulator counts them (the warm-up calls are the other token's).
 * A cell where n8n processes did not report (past the cell's time limit, or dead) gives their number as
 * `failedProcesses`; their items count as lost.
 *
 * The last line printed is one JSON object: `network: { lan, wan, far }`, each holding the cells run
 * on it (interactive as `{ oneProcess, overRedis }`, memory as a list by size), and the lan cells
 * again at the top level.
 *
 * Options: --only <cells> (repeatable or comma-separated; default all), --profile lan,wan,far (every
 * chosen cell on these networks; default each cell's own), --calls N (single, cluster and batching;
 * default 1200, cluster 2000), --sync-items N (interactive; default 3000), --memory-items N,N,... (default
 * 10000,100000). It starts its own simulators and redis-server. A full run takes about 20 minutes on a
 * 2-core machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startRedisServer, type RedisServer } from '../dev/queue/redisServer';
import { NETWORK_PROFILES, type NetworkName } from '../dev/simulator/network';
import { runIdleCell } from './bench/idle';
import { runInteractiveCell } from './bench/interactive';
import { runMemoryCell } from './bench/memory';
import { PROFILE_NAMES, USAGE, parseOptions, type CellName, type Options } from './bench/options';
import { LIMIT_PER_SECOND, SPACING_MS, round, type BenchContext } from './bench/setup';
import { describeThroughput, runThroughputCell, throughputLabel } from './bench/throughput';

const STOP_TIMEOUT_MS = 10_000;

/** Aborted when the script is interrupted: every n8n process it forked is killed, by its own handle. */
const interrupted = new AbortController();
let redis: Promise<RedisServer> | undefined;

async function runCell(name: CellName, profile: NetworkName, options: Options, context: BenchContext): Promise<unknown> {
	const network = NETWORK_PROFILES[profile];
	switch (name) {
		case 'single':
		case 'cluster':
		case 'httpRequestBatching': {
			const started = performance.now();
			const figures = await runThroughputCell(name, network, options.calls[name], context);
			describeThroughput(
				`${profile} ${name} (${throughputLabel(name, options.calls[name])})`,
				figures,
				(performance.now() - started) / 1000,
			);
			return figures;
		}
		case 'interactive':
			return await runInteractiveCell(profile, network, options.syncItems, context);
		case 'idle':
			return await runIdleCell(profile, network, context);
		case 'memory':
			return await runMemoryCell(profile, network, options.memoryItems, context);
	}
}

async function main(options: Options): Promise<void> {
	const folder = mkdtempSync(path.join(tmpdir(), 'seqera-bench-'));
	const context: BenchContext = {
		folder,
		signal: interrupted.signal,
		redisPort: async () => (await (redis ??= startRedisServer())).port,
	};
	try {
		console.log(
			`Limit ${LIMIT_PER_SECOND} calls/s per token; the limiter spaces starts ${SPACING_MS} ms apart (at most ${round(1000 / SPACING_MS / LIMIT_PER_SECOND, 3)} of the limit). ` +
				`Cells: ${options.cells.map(({ name, profiles }) => `${name} on ${profiles.join(', ')}`).join('; ')}.`,
		);
		const network: Partial<Record<NetworkName, Partial<Record<CellName, unknown>>>> = {};
		for (const profile of PROFILE_NAMES) {
			for (const { name, profiles } of options.cells) {
				if (!profiles.includes(profile)) continue;
				(network[profile] ??= {})[name] = await runCell(name, profile, options, context);
			}
		}
		console.log(JSON.stringify({ ...network.lan, network }));
	} finally {
		rmSync(folder, { recursive: true, force: true });
		await stopRedis();
	}
}

async function stopRedis(): Promise<void> {
	const starting = redis;
	redis = undefined;
	if (starting === undefined) return;
	let timer: NodeJS.Timeout | undefined;
	await Promise.race([
		starting.then(
			async (server) => await server.stop(),
			() => undefined,
		),
		new Promise<void>(
			(resolve) => (timer = setTimeout(() => (console.error('redis-server did not stop in time'), resolve()), STOP_TIMEOUT_MS)),
		),
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
	console.error(USAGE);
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
