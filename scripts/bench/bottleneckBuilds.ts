/**
 * What each of Bottleneck's published builds keeps and costs per call, where a long execution keeps
 * its output: `npm run bench:bottleneck-builds [-- --items 10000,100000 --keep-bytes 6000]`. Its main
 * entry (`lib/`) is compiled to generators: each of its async methods makes a new generator function
 * every time it runs, and V8 notes each such function's prototype in a list held by the built-in
 * generator prototype. A full collection clears the list's entries but keeps its length, so the list
 * grows with the calls between two full collections, which a growing heap (n8n keeps every output
 * item of an execution) makes rare. `bottleneck/light` is the same library compiled to ES2017, native
 * async functions, without Redis clustering.
 *
 * Each row is one fresh process (`--expose-gc`) that runs the items through a Bottleneck limiter of
 * one build, 40 calls in flight as the package allows at 20 calls/s, each call answering after a turn
 * of the event loop with a parsed copy of a workflow answer about `--keep-bytes` long, and keeps every
 * answer. At the end it runs full collections until the heap stops shrinking. The row without a
 * limiter makes the same calls and keeps the same answers: what a build keeps is its heap minus that.
 */
import { fork } from 'node:child_process';
import { PerformanceObserver, constants, type PerformanceEntry } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import { heapAfterFullGc } from '../../dev/queue/heap';

const BUILDS = { none: undefined, 'bottleneck (lib/, generators)': 'bottleneck', 'bottleneck/light (ES2017)': 'bottleneck/light' } as const;
type BuildName = keyof typeof BUILDS;
const IN_FLIGHT = 40;

interface Row {
	build: BuildName;
	items: number;
	retainedBytes: number;
	callsPerSecond: number;
	/** Processor time (user and system) while the calls ran, per call. */
	cpuMsPerCall: number;
	fullCollections: number;
}

/** A workflow answer of about `bytes` characters of JSON, different for each call as the platform's are. */
function answerText(index: number, bytes: number): string {
	const workflow = { id: `run${index.toString(36)}`, status: 'SUCCEEDED', projectName: 'nf-core/rnaseq', params: [] as string[] };
	while (JSON.stringify(workflow).length < bytes)
		workflow.params.push(`--sample_${workflow.params.length}=s3://bucket/${index}/reads.fq.gz`);
	return JSON.stringify({ workflow });
}

/** One row, in this process: only called in a process forked with --expose-gc. */
async function measure(build: BuildName, items: number, keepBytes: number): Promise<Row> {
	let fullCollections = 0;
	// A major (mark-compact) collection is the only kind that clears the list.
	const isFull = (entry: PerformanceEntry) =>
		(entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR;
	const observer = new PerformanceObserver((list) => (fullCollections += list.getEntries().filter(isFull).length));
	observer.observe({ entryTypes: ['gc'] });
	const moduleName = BUILDS[build];
	// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build is chosen at run time
	const Bottleneck = moduleName === undefined ? undefined : (require(moduleName) as typeof import('bottleneck').default);
	const limiter = Bottleneck === undefined ? undefined : new Bottleneck({ maxConcurrent: IN_FLIGHT });
	const call = async (index: number) => {
		await new Promise((resolve) => setImmediate(resolve));
		return JSON.parse(answerText(index, keepBytes)) as unknown;
	};
	const kept: unknown[] = new Array(items);
	let next = 0;
	const started = performance.now();
	const cpuAtStart = process.cpuUsage();
	await Promise.all(
		Array.from({ length: IN_FLIGHT }, async () => {
			for (let index = next++; index < items; index = next++) {
				kept[index] = limiter === undefined ? await call(index) : await limiter.schedule(call, index);
			}
		}),
	);
	const seconds = (performance.now() - started) / 1000;
	const cpu = process.cpuUsage(cpuAtStart);
	observer.disconnect();
	const retainedBytes = await heapAfterFullGc();
	if (retainedBytes === undefined) throw new Error('bottleneck-builds: a row needs --expose-gc');
	const cpuMsPerCall = Math.round(((cpu.user + cpu.system) / 1000 / items) * 100) / 100;
	return { build, items, retainedBytes, callsPerSecond: Math.round(items / seconds), cpuMsPerCall, fullCollections };
}

async function inFreshProcess(build: BuildName, items: number, keepBytes: number): Promise<Row> {
	const child = fork(__filename, ['--row', build, String(items), String(keepBytes)], {
		execArgv: ['--expose-gc', '--require', 'ts-node/register/transpile-only'],
	});
	return await new Promise<Row>((resolve, reject) => {
		child.once('message', (row: Row) => resolve(row));
		child.once('exit', (code) => reject(new Error(`bottleneck-builds: the row's process exited with ${code}`)));
	});
}

async function main(): Promise<void> {
	const { values, positionals } = parseArgs({
		options: {
			items: { type: 'string', default: '10000,100000' },
			'keep-bytes': { type: 'string', default: '6000' },
			row: { type: 'boolean' },
		},
		allowPositionals: true,
	});
	if (values.row) {
		const [build, items, keepBytes] = positionals;
		const row = await measure(build as BuildName, Number(items), Number(keepBytes));
		process.send?.(row, () => process.disconnect());
		return;
	}
	const sizes = values.items.split(',').map(Number);
	const keepBytes = Number(values['keep-bytes']);
	const rows: Row[] = [];
	for (const items of sizes) {
		const baseline = await inFreshProcess('none', items, keepBytes);
		for (const build of Object.keys(BUILDS) as BuildName[]) {
			const row = build === 'none' ? baseline : await inFreshProcess(build, items, keepBytes);
			rows.push(row);
			const extra = (row.retainedBytes - baseline.retainedBytes) / 2 ** 20;
			const kept =
				build === 'none' ? '' : ` (${extra >= 0 ? '+' : ''}${extra.toFixed(1)} MB against the same calls without a limiter)`;
			console.log(
				`${items} items, ${build}: heap after full collections ${(row.retainedBytes / 2 ** 20).toFixed(1)} MB${kept}; ` +
					`${row.callsPerSecond} calls/s, ${row.cpuMsPerCall} ms of processor time a call; ${row.fullCollections} full collections while the calls ran`,
			);
		}
	}
	console.log(JSON.stringify({ keepBytes, inFlight: IN_FLIGHT, rows }));
}

void main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
