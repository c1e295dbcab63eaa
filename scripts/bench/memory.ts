/**
 * The memory cell: what the package itself holds while one execution runs many items. n8n keeps
 * every output item of an execution, so the process grows with the items whatever the node; the
 * package's share is a figure of the execution through the Seqera node minus the same figure of the
 * same execution through a stand-in node that answers the same items with the same JSON, without
 * HTTP. Two figures: the heap retained after a full collection at the end, the execution's output
 * still held (what the package keeps), and the peak RSS (what the process needed, garbage V8 had
 * not yet collected included: it grows with how long the execution runs at a high allocation rate,
 * and the stand-in runs in a blink). A retained share that stays flat as the items grow is one that
 * holds nothing per item beyond its answer.
 */
import { forkWorkers, type WorkerResult } from '../../dev/queue/processes';
import type { MemoryFigures, MemoryJob, TokenLimits } from '../../dev/queue/worker';
import type { NetworkProfile } from '../../dev/simulator/network';
import {
	GENOMICS,
	TOKEN,
	cellTimeoutMs,
	describeConnections,
	round,
	runIds,
	tokenConnections,
	withSimulator,
	type BenchContext,
} from './setup';

export const DEFAULT_MEMORY_ITEMS = [10_000, 100_000];
/**
 * A limit the simulator and the credential both take, high enough that the calls run as fast as the
 * machine lets them, so that the cell measures memory, not a limit. At 500 calls/s the starts, 2 ms
 * apart and each waited for on a timer, held the calls to about 220 per second with most of both
 * cores idle; at 2000 the cell runs at about 330, the cores busy, and 100 000 items take 5 minutes.
 */
const MEMORY_LIMITS: TokenLimits = { maxCallsPerSecond: 2000, maxCallsPerHour: 100_000_000 };
/** Far below the limit (a client that opens a connection per call on a busy machine makes some 100): only a stuck process is slower. */
const SLOWEST_CALLS_PER_SECOND = 50;

export interface MemorySize {
	items: number;
	/** RSS of the process when the execution through the Seqera node started (n8n loaded), in MB. */
	startMb: number;
	/** Peak RSS of the process through the Seqera node, and through the stand-in, in MB. */
	peakMb: number;
	standInPeakMb: number;
	/** The difference: what the package held at its peak, garbage included. */
	packageMb: number;
	/** Heap in use after a full collection at the end, the output still held, through the Seqera node and through the stand-in, in MB. */
	retainedMb: number;
	standInRetainedMb: number;
	/** The difference: what the package retains. */
	packageRetainedMb: number;
	/** Items (one call each) per second through the Seqera node. */
	callsPerSecond: number;
	lost: number;
	r429: number;
	tlsConnections: number;
}

const megabytes = (bytes: number) => round(bytes / 2 ** 20, 1);

/** One execution of `job` in a fresh n8n process, so that its peak RSS is its own; the process can force a full collection. */
async function inFreshProcess(job: MemoryJob, context: BenchContext): Promise<WorkerResult> {
	const [worker] = await forkWorkers(1, {}, context.folder, context.signal, ['--expose-gc']);
	try {
		return await worker.run(job, { timeoutMs: cellTimeoutMs(job.runIds.length, SLOWEST_CALLS_PER_SECOND) });
	} finally {
		worker.kill();
	}
}

function figuresOf(result: WorkerResult): Required<MemoryFigures> {
	const { memory } = result;
	if (memory?.retainedHeapBytes === undefined)
		throw new Error('memory: the worker reported no heap after a full collection (was it started with --expose-gc?)');
	return { ...memory, retainedHeapBytes: memory.retainedHeapBytes };
}

async function memoryAt(network: NetworkProfile, items: number, context: BenchContext): Promise<MemorySize> {
	return await withSimulator(
		network,
		async (sim) => {
			const distinctRuns = sim.data.runsIn(GENOMICS).length;
			const job: MemoryJob = {
				kind: 'memory',
				baseUrl: sim.baseUrl,
				token: TOKEN,
				workspaceId: GENOMICS,
				limits: MEMORY_LIMITS,
				runIds: runIds(sim, items),
			};
			// The run IDs go round the workspace's runs, so its first answers, in order, are every answer there is.
			const throughNode = await inFreshProcess({ ...job, sampleItems: distinctRuns }, context);
			const standInAnswers = throughNode.samples ?? [];
			if (standInAnswers.length < Math.min(items, distinctRuns))
				throw new Error(`memory: the Seqera node answered ${standInAnswers.length} of the first ${distinctRuns} items`);
			const throughStandIn = await inFreshProcess({ ...job, standInAnswers }, context);
			const memory = figuresOf(throughNode);
			const standIn = figuresOf(throughStandIn);
			const log = sim.log;
			return {
				items,
				startMb: megabytes(memory.startRssBytes),
				peakMb: megabytes(memory.peakRssBytes),
				standInPeakMb: megabytes(standIn.peakRssBytes),
				packageMb: megabytes(memory.peakRssBytes - standIn.peakRssBytes),
				retainedMb: megabytes(memory.retainedHeapBytes),
				standInRetainedMb: megabytes(standIn.retainedHeapBytes),
				packageRetainedMb: megabytes(memory.retainedHeapBytes - standIn.retainedHeapBytes),
				callsPerSecond: Math.round(items / (memory.durationMs / 1000)),
				lost: items - throughNode.outcomes.reduce((sum, outcome) => sum + outcome.items, 0),
				r429: log.filter((entry) => entry.status === 429).length,
				...tokenConnections(sim),
			};
		},
		{ perSecond: MEMORY_LIMITS.maxCallsPerSecond, perHour: MEMORY_LIMITS.maxCallsPerHour },
	);
}

export async function runMemoryCell(
	profile: string,
	network: NetworkProfile,
	sizes: number[],
	context: BenchContext,
): Promise<MemorySize[]> {
	const figures: MemorySize[] = [];
	for (const items of sizes) {
		const started = performance.now();
		const size = await memoryAt(network, items, context);
		figures.push(size);
		console.log(
			`${profile} memory (one execution of ${items} items, mode 'trigger', limit ${MEMORY_LIMITS.maxCallsPerSecond} calls/s, ran at ${size.callsPerSecond} calls/s): ` +
				`the package retains ${size.packageRetainedMb} MB (heap after a full collection ${size.retainedMb} MB through the Seqera node, ${size.standInRetainedMb} MB through a stand-in without HTTP); ` +
				`peak RSS ${size.packageMb} MB above the stand-in's (${size.peakMb} MB through the Seqera node from ${size.startMb} MB at its start, ${size.standInPeakMb} MB through the stand-in); ` +
				`${size.lost} items lost; ${size.r429} answered 429${describeConnections(size)}; ${Math.round((performance.now() - started) / 1000)} s`,
		);
	}
	console.log(
		`${profile} memory, the package's MB by items, retained (peak RSS): ${figures.map((size) => `${size.items}: ${size.packageRetainedMb} (${size.packageMb})`).join(', ')}`,
	);
	return figures;
}
