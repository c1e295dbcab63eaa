/**
 * From the platform showing a run's end to the next node's start, for waits that n8n holds (Wait In "Pause
 * the Execution Until the Runs End"), inside real n8n (regular mode, the newest release of
 * dev/n8n/versions.json): `npm run bench:held-wait [-- --runs 100 --load --version 2.41.1]`.
 *
 * One active workflow, Webhook → Launch and wait → a read of the run with a token of its own, with the
 * node's default Check Interval, 5 minutes, or `--check-interval` minutes (2 at least, as the field).
 * The checks come twice per interval, so that a lost end reaches the next node within the interval. Each run is its own execution, since a node that waits for
 * several runs goes on only once the last has ended. Two groups of `--runs` each, launched one after
 * another, the groups in turn, side by side in one n8n:
 *
 * - events: the simulator posts the run's events as Nextflow does: `completed` first, answered by n8n,
 *   and the platform shows the end a lag after it (0.1 to 5 s);
 * - lost: the run posts nothing at all (Nextflow cannot reach n8n), so only the wait's checks find its end.
 *
 * Each run lasts a duration drawn between 1 and 3 minutes, so that ends are spread over several check
 * intervals and fall anywhere within one.
 *
 * Measured at the simulator, on its clock: from the moment the platform showed the run ended to the next
 * node's first call for that run. Printed per group: how many executions went on exactly once, and the
 * ends lost (went on never, more than once, or only at the wait's time limit); p50, p99 and the slowest
 * time from the platform's end to the next node, and its two parts, to the wait's read that found the end
 * and from that read to the next node (n8n resuming); whether every end that did not reach n8n (posted
 * nothing, or `completed` not answered 2xx) went on within the check interval; and the
 * platform reads of the run per wait with the launch's token.
 *
 * The wait in the execution (Wait In "Keep This Execution Running") is left out: it reads the platform
 * whatever Nextflow posts, so the order of Nextflow's posts does not change its figures (docs/waits.md
 * keeps them), and its executions, running side by side, would add load that the held waits measured
 * here would then share.
 *
 * `--load` starts two busy processes per core for the launches and the waits, so that a loaded run can
 * be made again: the machine is then as starved as when it is shared.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { activateWorkflows, afterWaitReads, launchAndWaitWorkflow, READER, readerCredential, sleep, until } from '../../dev/n8n/heldWait';
import {
	importIntoN8n,
	installPackage,
	n8nEnvironment,
	requireInstalled,
	stablePort,
	startN8n,
	webhookRegistered,
	type N8nProcess,
} from '../../dev/n8n/n8nInstance';
import versions from '../../dev/n8n/versions.json';
import { simulatorCredential } from '../../dev/n8n/workflows';
import { DEFAULT_CHECK_INTERVAL_MINUTES } from '../../nodes/Seqera/fields/waitFields';
import { SeededRandom } from '../../dev/simulator/random';
import { startSimulator, type LoggedRequest, type Simulator } from '../../dev/simulator/server';
import { percentile, round, TOKEN, TOKEN_HASH } from './setup';

const GROUPS = {
	events: { silent: false, label: 'ends posted as Nextflow posts them' },
	lost: { silent: true, label: 'ends lost: the run posts nothing' },
} as const;
type Group = keyof typeof GROUPS;

const WEBHOOK_PATH = 'seqera-bench-held';
const SHORTEST_RUN_MS = 60_000;
const LONGEST_RUN_MS = 180_000;
/** Between one launch seen at the platform and the next call to n8n: runs start a little apart, as a user's would. */
const LAUNCH_SPACING_MS = 300;
const SEED = 20261128;
// A launch goes through n8n's webhook, an execution and the platform: seconds on a busy machine, never a minute.
const LAUNCH_TIMEOUT_MS = 60_000;
const LAUNCH_ATTEMPTS = 30;
/** Past the last run's end and a check interval: the platform's lag after Nextflow's post, and room for a busy machine. */
const AFTER_INTERVAL_MS = 5_000 + 60_000;
/** The whole bench, from the first launch, whatever happens: the busy processes of `--load` spin no longer. */
const BENCH_LIMIT_MS = 45 * 60_000;

interface BenchRun {
	group: Group;
	workflowId: string;
	/** performance.now() on the simulator's clock when Nextflow ends the run, before the platform shows it. */
	endsAt: number;
}

function options(): { runs: number; version: string; load: boolean; checkIntervalMs: number } {
	const { values } = parseArgs({
		args: process.argv.slice(2),
		options: { runs: { type: 'string' }, version: { type: 'string' }, load: { type: 'boolean' }, 'check-interval': { type: 'string' } },
	});
	const runs = Number(values.runs ?? 100);
	if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${values.runs}: expected a whole number ≥ 1`);
	const checkIntervalMinutes = Number(values['check-interval'] ?? DEFAULT_CHECK_INTERVAL_MINUTES);
	if (!Number.isInteger(checkIntervalMinutes) || checkIntervalMinutes < 2)
		throw new Error(`--check-interval ${values['check-interval']}: expected whole minutes ≥ 2, as the Check Interval field takes`);
	return {
		runs,
		version: values.version ?? versions[versions.length - 1],
		load: values.load ?? false,
		checkIntervalMs: checkIntervalMinutes * 60_000,
	};
}

/** Two processes per core spinning a tight loop, each stopping by itself at `untilMs` from now should this script die first. */
function startBusyProcesses(untilMs: number): ChildProcess[] {
	const spin = `const end = Date.now() + ${untilMs}; while (Date.now() < end);`;
	return Array.from({ length: os.availableParallelism() * 2 }, () => spawn(process.execPath, ['-e', spin], { stdio: 'ignore' }));
}

/**
 * Calls the webhook until the run is launched; returns how many calls n8n refused first. On a starved
 * machine n8n 2.x answers 503 while its database ping is late, and fails an execution at its start (500)
 * when checking a parameter's pattern takes over its 250 ms limit: nothing was launched, so the call is
 * made again.
 */
async function launchThrough(sim: Simulator, url: string, body: unknown): Promise<number> {
	const launched = sim.data.launches.length;
	for (let refused = 0; ; refused++) {
		const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
		if (response.status === 200) return refused;
		const text = await response.text();
		if (sim.data.launches.length > launched || refused + 1 === LAUNCH_ATTEMPTS)
			throw new Error(`${url} answered ${response.status}: ${text}`);
		await sleep(1000);
	}
}

/**
 * Launches one run per call, the groups in turn, each with its own duration. The simulator draws whether a
 * run posts anything when it is launched, so the chance is made certain for a lost run's launch alone.
 */
async function launchRuns(
	sim: Simulator,
	n8nPort: number,
	perGroup: number,
	deadline: number,
): Promise<{ runs: BenchRun[]; refused: number }> {
	const random = new SeededRandom(SEED);
	const runs: BenchRun[] = [];
	let refused = 0;
	for (let index = 0; index < 2 * perGroup; index++) {
		if (performance.now() > deadline)
			throw new Error(`Only ${index} runs launched within the bench's ${BENCH_LIMIT_MS / 60_000} minutes`);
		const group: Group = index % 2 === 0 ? 'events' : 'lost';
		// A run spends one step SUBMITTED and one RUNNING, then ends.
		sim.data.runProgressMs = (SHORTEST_RUN_MS + random.next() * (LONGEST_RUN_MS - SHORTEST_RUN_MS)) / 2;
		sim.weblog.silentRunChance = GROUPS[group].silent ? 1 : 0;
		const launched = sim.data.launches.length;
		try {
			refused += await launchThrough(sim, `http://127.0.0.1:${n8nPort}/webhook/${WEBHOOK_PATH}`, {
				runName: `bench_${group}_${index}`,
			});
			const launch = await until(`launch ${index + 1}`, () => sim.data.launches[launched], LAUNCH_TIMEOUT_MS);
			const progression = sim.data.findRun(launch.workflowId)?.progression;
			if (!progression) throw new Error(`Run ${launch.workflowId} ended before it was seen launched`);
			runs.push({ group, workflowId: launch.workflowId, endsAt: progression.launchedAt + 2 * progression.stepMs });
		} finally {
			sim.weblog.silentRunChance = 0;
		}
		await sleep(LAUNCH_SPACING_MS);
	}
	return { runs, refused };
}

/** Oldest first in one pass over the simulator's log (it holds tens of thousands of calls), by run. */
function byRun(entries: LoggedRequest[]): Map<string, LoggedRequest[]> {
	const runs = new Map<string, LoggedRequest[]>();
	for (const entry of entries) {
		const workflowId = entry.path.split('/')[2];
		const own = runs.get(workflowId);
		if (own) own.push(entry);
		else runs.set(workflowId, [entry]);
	}
	return runs;
}

/** The node after the wait's calls, by run: `/metrics` when it went on with the run ended, `/progress` at the time limit. */
function nextNodeCalls(sim: Simulator): Map<string, LoggedRequest[]> {
	return byRun([...afterWaitReads(sim, 'metrics'), ...afterWaitReads(sim, 'progress')].sort((a, b) => a.at - b.at));
}

interface Spread {
	p50: number;
	p99: number;
	max: number;
}

function spreadOf(values: number[]): Spread {
	const sorted = [...values].sort((a, b) => a - b);
	return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
}

interface GroupFigures {
	runs: number;
	wentOnOnce: number;
	lost: { never: number; moreThanOnce: number; atTimeLimit: number };
	/** From the platform's end to the next node's first call, in ms. */
	latencyMs: Spread;
	/**
	 * The same, in two parts: to the wait's first read of the run that found it ended (a confirmation of
	 * Nextflow's end, or a check), then from that read to the next node, n8n's own part in resuming.
	 */
	foundMs: Spread;
	resumedMs: Spread;
	/** How n8n answered each run's `completed` post, by status (0: no answer within the simulator's 30 s; none: not posted). */
	endAnswers: Record<string, number>;
	/** Runs whose end did not reach n8n (posted nothing, or `completed` not answered 2xx), and of those, the ones whose next node started within the check interval and margin of the platform's end. */
	notReached: { runs: number; withinInterval: number; slowestMs: number };
	/**
	 * The launch's token's reads of the run per wait: in all; the checks' while the run went on (before its
	 * end reached n8n or the platform), past the first read, the launch's own before it put the execution
	 * to wait; and from the end on, the confirmations of Nextflow's end and the check that found it.
	 */
	reads: { all: Spread; checksWhileRunning: Spread; fromEnd: Spread };
	/** Runs that posted something though drawn to post nothing: the draw was not the bench's. */
	silentButPosted: number;
}

function figuresOf(sim: Simulator, group: Group, runs: BenchRun[], checkIntervalMs: number): GroupFigures {
	const lost = { never: 0, moreThanOnce: 0, atTimeLimit: 0 };
	const endAnswers: Record<string, number> = {};
	const notReached = { runs: 0, withinInterval: 0, slowestMs: 0 };
	let wentOnOnce = 0;
	let silentButPosted = 0;
	const times = { latency: [] as number[], found: [] as number[], resumed: [] as number[] };
	const reads = { all: [] as number[], checksWhileRunning: [] as number[], fromEnd: [] as number[] };
	const callsByRun = nextNodeCalls(sim);
	const launchReads = sim.log.filter(
		(entry) => entry.tokenHash === TOKEN_HASH && entry.method === 'GET' && /^\/workflow\/[^/]+$/.test(entry.path),
	);
	const launchReadsByRun = byRun(launchReads.sort((a, b) => a.at - b.at));
	for (const run of runs) {
		const calls = callsByRun.get(run.workflowId) ?? [];
		const atTimeLimit = calls.some((entry) => entry.path.endsWith('/progress'));
		if (calls.length === 0) lost.never++;
		else if (calls.length > 1) lost.moreThanOnce++;
		else if (atTimeLimit) lost.atTimeLimit++;
		else wentOnOnce++;

		const posts = sim.weblog.postsOf(run.workflowId);
		if (GROUPS[group].silent && posts.length > 0) silentButPosted++;
		const end = posts.find((post) => post.event === 'completed');
		const answer = end === undefined ? 'none' : String(end.status);
		endAnswers[answer] = (endAnswers[answer] ?? 0) + 1;

		const platformEndedAt = sim.data.findRun(run.workflowId)?.platformEndedAt;
		const runReads = launchReadsByRun.get(run.workflowId) ?? [];
		let latency: number | undefined;
		if (calls.length > 0 && platformEndedAt !== undefined) {
			latency = calls[0].at - platformEndedAt;
			times.latency.push(latency);
			const foundBy = runReads.find((entry) => entry.at >= platformEndedAt);
			if (foundBy !== undefined) {
				times.found.push(foundBy.at - platformEndedAt);
				times.resumed.push(calls[0].at - foundBy.at);
			}
		}
		const reachedN8n = end !== undefined && end.status >= 200 && end.status < 300;
		if (!reachedN8n) {
			notReached.runs++;
			if (latency !== undefined && !atTimeLimit && latency <= checkIntervalMs) notReached.withinInterval++;
			if (latency !== undefined) notReached.slowestMs = Math.max(notReached.slowestMs, latency);
		}

		const endKnownAt = Math.min(end?.at ?? Number.POSITIVE_INFINITY, platformEndedAt ?? Number.POSITIVE_INFINITY);
		const whileRunning = runReads.filter((entry) => entry.at < endKnownAt).length;
		reads.all.push(runReads.length);
		reads.checksWhileRunning.push(Math.max(0, whileRunning - 1));
		reads.fromEnd.push(runReads.length - whileRunning);
	}
	return {
		runs: runs.length,
		wentOnOnce,
		lost,
		latencyMs: spreadOf(times.latency),
		foundMs: spreadOf(times.found),
		resumedMs: spreadOf(times.resumed),
		endAnswers,
		notReached,
		reads: { all: spreadOf(reads.all), checksWhileRunning: spreadOf(reads.checksWhileRunning), fromEnd: spreadOf(reads.fromEnd) },
		silentButPosted,
	};
}

const seconds = (ms: number) => `${round(ms / 1000, 2)} s`;
const describeTimes = (spread: Spread) => `p50 ${seconds(spread.p50)}, p99 ${seconds(spread.p99)}, slowest ${seconds(spread.max)}`;
const describeReads = (spread: Spread) => `p50 ${spread.p50}, max ${spread.max}`;

function print(figures: Record<Group, GroupFigures>, checkIntervalMs: number): void {
	for (const group of Object.keys(GROUPS) as Group[]) {
		const f = figures[group];
		const { never, moreThanOnce, atTimeLimit } = f.lost;
		console.log(`  ${GROUPS[group].label}, ${f.runs} runs:`);
		console.log(
			`    went on exactly once: ${f.wentOnOnce}; ends lost: ${never + moreThanOnce + atTimeLimit} (never ${never}, more than once ${moreThanOnce}, only at the time limit ${atTimeLimit})`,
		);
		console.log(`    platform's end → next node: ${describeTimes(f.latencyMs)}`);
		console.log(
			`      of which platform's end → the wait's read that found it: ${describeTimes(f.foundMs)}; that read → next node: ${describeTimes(f.resumedMs)}`,
		);
		console.log(
			`    n8n's answers to the runs' completed posts, by status (0: none within 30 s; none: not posted): ${JSON.stringify(f.endAnswers)}`,
		);
		const { runs, withinInterval, slowestMs } = f.notReached;
		if (runs > 0) {
			console.log(
				`    ends that did not reach n8n: ${runs}; next node within the ${checkIntervalMs / 1000} s check interval of the platform's end: ${withinInterval} of ${runs} (slowest ${seconds(slowestMs)})`,
			);
		}
		console.log(
			`    GET /workflow/{id} per wait with the launch's token: ${describeReads(f.reads.all)}; the launch's own 1, ` +
				`the checks' while the run went on ${describeReads(f.reads.checksWhileRunning)}, from its end reaching n8n or the platform on ${describeReads(f.reads.fromEnd)}`,
		);
		if (f.silentButPosted > 0)
			console.log(`    ${f.silentButPosted} runs drawn to post nothing posted events: the bench's draw did not hold`);
	}
}

async function main(): Promise<void> {
	const { runs: perGroup, version, load, checkIntervalMs } = options();
	const n8nBin = requireInstalled(version);
	// Nextflow posts each event once: the faults that a network or proxy adds are the tests' concern, not this measure's.
	const sim = await startSimulator({ tokens: [TOKEN, READER.token], weblog: { duplicateChance: 0 } });
	const userFolder = mkdtempSync(path.join(os.tmpdir(), 'n8n-nodes-seqera-bench-held-wait-'));
	let n8n: N8nProcess | undefined;
	let busy: ChildProcess[] = [];
	let loadSampler: NodeJS.Timeout | undefined;
	try {
		// The resume URL a launch sends to Nextflow, and the checks call, is built from WEBHOOK_URL: n8n must listen on the port it names.
		const port = await stablePort();
		const env = n8nEnvironment(userFolder, { N8N_PORT: String(port), WEBHOOK_URL: `http://127.0.0.1:${port}/` });
		console.log(`Installing the package into n8n ${version}...`);
		await installPackage(n8nBin, env);
		const workflow = launchAndWaitWorkflow({
			id: 'seqBenchHeld001',
			name: 'Bench: launch and wait, held by n8n',
			webhookPath: WEBHOOK_PATH,
			webhookId: '0b7e4c2a-9d15-4f63-8a20-5c1e7f3b9d01',
			runName: '={{ $json.body.runName }}',
			waitIn: 'n8n',
			waitOptions: { checkIntervalMinutes: checkIntervalMs / 60_000 },
		});
		await importIntoN8n(n8nBin, env, {
			credentials: [simulatorCredential(sim.baseUrl), readerCredential(sim.baseUrl)],
			workflows: [workflow],
		});
		await activateWorkflows(n8nBin, env, version, [String(workflow.id)]);
		n8n = await startN8n(n8nBin, { args: ['start'], env, readyOutput: /Editor is now accessible via/ });
		await webhookRegistered(n8n, `http://127.0.0.1:${port}/webhook/${WEBHOOK_PATH}`);

		const benchDeadline = performance.now() + BENCH_LIMIT_MS;
		if (load) busy = startBusyProcesses(BENCH_LIMIT_MS);
		// Other work on the machine shows in its load average: printed with the figures.
		const loadAverages: number[] = [];
		loadSampler = setInterval(() => loadAverages.push(os.loadavg()[0]), 5_000);

		console.log(`Launching ${perGroup} runs per group${load ? `, with ${busy.length} busy processes` : ''}...`);
		const launchesStarted = performance.now();
		const { runs, refused } = await launchRuns(sim, port, perGroup, benchDeadline);
		const launchSeconds = round((performance.now() - launchesStarted) / 1000, 0);
		const wentOn = () => {
			const calls = nextNodeCalls(sim);
			return runs.filter((run) => calls.has(run.workflowId)).length;
		};
		const lastEnd = Math.max(...runs.map((run) => run.endsAt));
		console.log(
			`Waiting for the runs to end (the last in ${round((lastEnd - performance.now()) / 1000, 0)} s) and the next nodes to start...`,
		);
		const deadline = Math.min(lastEnd + checkIntervalMs + AFTER_INTERVAL_MS, benchDeadline);
		while (wentOn() < runs.length && performance.now() < deadline) await sleep(1000);
		// A check after the last wait went on (one comes every half interval), and a late end, would show a second start of its next node.
		await sleep(Math.min(checkIntervalMs / 2 + 5_000, Math.max(0, benchDeadline - performance.now())));

		const loadRange =
			loadAverages.length === 0 ? 'not sampled' : `${round(Math.min(...loadAverages), 1)} to ${round(Math.max(...loadAverages), 1)}`;
		console.log(
			`\nFrom the platform showing a run's end to the next node's start, held waits, n8n ${version}, regular mode, ` +
				`${load ? `under load (${busy.length} busy processes, two per core)` : 'quiet (no busy processes of the bench)'}, ` +
				`runs of ${SHORTEST_RUN_MS / 60_000} to ${LONGEST_RUN_MS / 60_000} minutes launched over ${launchSeconds} s, Check Interval ${checkIntervalMs / 60_000} minutes; load average (1 min) ${loadRange}:`,
		);
		const figuresOfGroup = (group: Group) =>
			figuresOf(
				sim,
				group,
				runs.filter((run) => run.group === group),
				checkIntervalMs,
			);
		print({ events: figuresOfGroup('events'), lost: figuresOfGroup('lost') }, checkIntervalMs);
		if (refused > 0)
			console.log(`  n8n refused ${refused} launch calls on the starved machine (503 or 500 before launching), each made again`);
		const failedExecutions = n8n.output().match(/^Problem with execution \d+/gm)?.length ?? 0;
		if (failedExecutions > 0) console.log(`  n8n failed ${failedExecutions} executions itself (its output says why)`);
		const pingsLate = n8n.output().match(/Database ping failed/g)?.length ?? 0;
		if (pingsLate > 0)
			console.log(`  n8n's database ping was late ${pingsLate} times (the machine was starved; meanwhile n8n answers 503)`);
		if (sim.contractViolations.length > 0) console.log(`Contract violations: ${JSON.stringify(sim.contractViolations)}`);
	} catch (error) {
		if (n8n) console.error(`n8n's output:\n${n8n.output()}`);
		throw error;
	} finally {
		clearInterval(loadSampler);
		for (const child of busy) child.kill();
		await n8n?.stop();
		await sim.close();
		rmSync(userFolder, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
