/**
 * From a run's end to the next node's start, inside real n8n (regular mode, the newest release of
 * dev/n8n/versions.json): `npm run bench:held-wait [-- --runs 100 --version 2.41.1]`.
 *
 * Two active workflows, Webhook → Workflow → Launch and wait → a read of the run with a token of its own,
 * one with Wait In "Held by n8n Until the Run's Events", one with the wait in the execution (default Wait
 * Options: a first check after 5 s, each interval 1.5 times the last, up to 60 s). Each run is its own
 * execution, since a node that waits for several runs goes on only once the last has ended: `--runs`
 * per kind, launched one after another, the two kinds in turn, each lasting a duration drawn between 2
 * and 4 minutes, where the checks of a wait in the execution have reached their longest interval, as
 * they have for most real runs. Both kinds run side by side in one n8n, as they would on a busy instance.
 *
 * Measured at the simulator, on its clock: with events, from the run's `completed` post to the next
 * node's first call for that run; without, from the moment the run turned terminal to that call. Printed:
 * p50, p99 and the slowest of each, how many executions went on exactly once, and for the wait in the
 * execution the interval between its last two checks (the interval in which the run ended).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { activateWorkflows, afterWaitReads, launchAndWaitWorkflow, READER, readerCredential, until } from '../../dev/n8n/heldWait';
import { importIntoN8n, installPackage, n8nEnvironment, requireInstalled, stablePort, startN8n, webhookRegistered, type N8nProcess } from '../../dev/n8n/n8nInstance';
import versions from '../../dev/n8n/versions.json';
import { simulatorCredential } from '../../dev/n8n/workflows';
import { SeededRandom } from '../../dev/simulator/random';
import { hashToken, startSimulator, type Simulator } from '../../dev/simulator/server';
import { percentile, round } from './setup';

const KINDS = {
	events: { webhookPath: 'seqera-bench-held', waitIn: 'n8n', label: "with events (Wait In \"Held by n8n Until the Run's Events\")" },
	checks: { webhookPath: 'seqera-bench-checks', waitIn: 'execution', label: 'without events (the wait in the execution, default Wait Options)' },
} as const;
type Kind = keyof typeof KINDS;

const SHORTEST_RUN_MS = 120_000;
const LONGEST_RUN_MS = 240_000;
const SEED = 20261128;
// A launch goes through n8n's webhook, an execution and the platform: seconds on a busy machine, never a minute.
const LAUNCH_TIMEOUT_MS = 60_000;
const LAUNCH_ATTEMPTS = 30;
// Past the longest run: a check interval of 60 s, the next node's call, and room for a busy machine.
const AFTER_LAST_END_MS = 180_000;

interface BenchRun {
	kind: Kind;
	workflowId: string;
	/** performance.now() on the simulator's clock when the run turns terminal. */
	endsAt: number;
}

function options(): { runs: number; version: string } {
	const { values } = parseArgs({ args: process.argv.slice(2), options: { runs: { type: 'string' }, version: { type: 'string' } } });
	const runs = Number(values.runs ?? 100);
	if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs ${values.runs}: expected a whole number ≥ 1`);
	return { runs, version: values.version ?? versions[versions.length - 1] };
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
		if (sim.data.launches.length > launched || refused + 1 === LAUNCH_ATTEMPTS) throw new Error(`${url} answered ${response.status}: ${text}`);
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

/** Launches one run per call, the kinds in turn, each with its own duration; the simulator's pace is set before each call. */
async function launchRuns(sim: Simulator, n8nPort: number, perKind: number): Promise<{ runs: BenchRun[]; refused: number }> {
	const random = new SeededRandom(SEED);
	const runs: BenchRun[] = [];
	let refused = 0;
	for (let index = 0; index < 2 * perKind; index++) {
		const kind: Kind = index % 2 === 0 ? 'events' : 'checks';
		const durationMs = SHORTEST_RUN_MS + random.next() * (LONGEST_RUN_MS - SHORTEST_RUN_MS);
		// A run spends one step SUBMITTED and one RUNNING, then ends.
		sim.data.runProgressMs = durationMs / 2;
		const launched = sim.data.launches.length;
		refused += await launchThrough(sim, `http://127.0.0.1:${n8nPort}/webhook/${KINDS[kind].webhookPath}`, { runName: `bench_${kind}_${index}` });
		const launch = await until(`launch ${index + 1}`, () => sim.data.launches[launched], LAUNCH_TIMEOUT_MS);
		const progression = sim.data.findRun(launch.workflowId)?.progression;
		if (!progression) throw new Error(`Run ${launch.workflowId} ended before it was seen launched`);
		runs.push({ kind, workflowId: launch.workflowId, endsAt: progression.launchedAt + 2 * progression.stepMs });
	}
	return { runs, refused };
}

interface KindFigures {
	runs: number;
	wentOnOnce: number;
	p50Ms: number;
	p99Ms: number;
	slowestMs: number;
	/** With events: how n8n answered each run's `completed` post (0: no answer within the simulator's 30 s), by status. */
	endAnswers?: Record<string, number>;
	/** With events: the events each run posted, and how long n8n took to answer one, p50 and p99. */
	posts?: { perRun: number; p50AnswerMs: number; p99AnswerMs: number };
	/** Without events: the interval between the wait's last two checks, the shortest and the longest. */
	intervalsMs?: [number, number];
	/** Without events: runs whose next node started within the interval in which the run ended. */
	withinInterval?: number;
}

function eventFigures(sim: Simulator, runs: BenchRun[]): Pick<KindFigures, 'endAnswers' | 'posts'> {
	const endAnswers: Record<string, number> = {};
	const answerTimes: number[] = [];
	let posts = 0;
	for (const run of runs) {
		const own = sim.weblog.postsOf(run.workflowId);
		posts += own.length;
		for (const post of own) if (post.answeredAt !== undefined) answerTimes.push(post.answeredAt - post.at);
		const status = String(own.find((post) => post.event === 'completed')?.status ?? 'none');
		endAnswers[status] = (endAnswers[status] ?? 0) + 1;
	}
	answerTimes.sort((a, b) => a - b);
	return { endAnswers, posts: { perRun: round(posts / runs.length, 1), p50AnswerMs: round(percentile(answerTimes, 0.5), 0), p99AnswerMs: round(percentile(answerTimes, 0.99), 0) } };
}

function figuresOf(sim: Simulator, runs: BenchRun[]): KindFigures {
	const reads = [...afterWaitReads(sim, 'metrics'), ...afterWaitReads(sim, 'progress')];
	const checker = hashToken('sim-token-alpha');
	const latencies: number[] = [];
	const intervals: number[] = [];
	let withinInterval = 0;
	let wentOnOnce = 0;
	for (const run of runs) {
		const own = reads.filter((entry) => entry.path.startsWith(`/workflow/${run.workflowId}/`)).sort((a, b) => a.at - b.at);
		if (own.length === 1) wentOnOnce++;
		if (own.length === 0) continue;
		const end = run.kind === 'events' ? sim.weblog.postsOf(run.workflowId).find((post) => post.event === 'completed')?.at : run.endsAt;
		if (end === undefined) continue;
		const latency = own[0].at - end;
		latencies.push(latency);
		if (run.kind === 'checks') {
			const checks = sim.log.filter((entry) => entry.tokenHash === checker && entry.path === `/workflow/${run.workflowId}`).map((entry) => entry.at);
			const interval = checks.length < 2 ? Number.NaN : checks[checks.length - 1] - checks[checks.length - 2];
			intervals.push(interval);
			if (latency <= interval) withinInterval++;
		}
	}
	latencies.sort((a, b) => a - b);
	intervals.sort((a, b) => a - b);
	return {
		runs: runs.length,
		wentOnOnce,
		p50Ms: round(percentile(latencies, 0.5), 0),
		p99Ms: round(percentile(latencies, 0.99), 0),
		slowestMs: round(latencies.at(-1) ?? Number.NaN, 0),
		...(runs[0]?.kind === 'events' ? eventFigures(sim, runs) : {}),
		...(intervals.length > 0 ? { intervalsMs: [round(intervals[0], 0), round(intervals.at(-1)!, 0)] as [number, number], withinInterval } : {}),
	};
}

function print(version: string, figures: Record<Kind, KindFigures>): void {
	console.log(`\nFrom a run's end to the next node's start, n8n ${version}, regular mode, runs of ${SHORTEST_RUN_MS / 60_000} to ${LONGEST_RUN_MS / 60_000} minutes:`);
	for (const kind of Object.keys(KINDS) as Kind[]) {
		const f = figures[kind];
		console.log(`  ${KINDS[kind].label}:`);
		console.log(`    ${f.runs} runs, ${f.wentOnOnce} went on exactly once; p50 ${f.p50Ms} ms, p99 ${f.p99Ms} ms, slowest ${f.slowestMs} ms`);
		if (f.posts) console.log(`    ${f.posts.perRun} events posted per run; n8n answered a post in p50 ${f.posts.p50AnswerMs} ms, p99 ${f.posts.p99AnswerMs} ms`);
		if (f.endAnswers) console.log(`    n8n's answers to the runs' completed posts, by status (0: none within 30 s): ${JSON.stringify(f.endAnswers)}`);
		if (f.intervalsMs) console.log(`    check interval at the run's end ${f.intervalsMs[0]} to ${f.intervalsMs[1]} ms; next node within it: ${f.withinInterval} of ${f.runs}`);
	}
}

async function main(): Promise<void> {
	const { runs: perKind, version } = options();
	const n8nBin = requireInstalled(version);
	// Nextflow posts each event once: the faults that a network or proxy adds are the tests' concern, not this measure's.
	const sim = await startSimulator({ tokens: ['sim-token-alpha', READER.token], weblog: { duplicateChance: 0 } });
	const userFolder = mkdtempSync(path.join(os.tmpdir(), 'n8n-nodes-seqera-bench-held-wait-'));
	let n8n: N8nProcess | undefined;
	try {
		// The resume URL a launch sends to Nextflow is built from WEBHOOK_URL: n8n must listen on the port it names.
		const port = await stablePort();
		const env = n8nEnvironment(userFolder, { N8N_PORT: String(port), WEBHOOK_URL: `http://127.0.0.1:${port}/` });
		console.log(`Installing the package into n8n ${version}...`);
		await installPackage(n8nBin, env);
		const workflows = (Object.keys(KINDS) as Kind[]).map((kind, index) =>
			launchAndWaitWorkflow({
				id: `seqBenchHeld00${index + 1}`,
				name: `Bench: launch and wait, ${kind}`,
				webhookPath: KINDS[kind].webhookPath,
				webhookId: `0b7e4c2a-9d15-4f63-8a20-5c1e7f3b9d0${index + 1}`,
				runName: '={{ $json.body.runName }}',
				waitIn: KINDS[kind].waitIn,
			}),
		);
		await importIntoN8n(n8nBin, env, { credentials: [simulatorCredential(sim.baseUrl), readerCredential(sim.baseUrl)], workflows });
		await activateWorkflows(n8nBin, env, version, workflows.map((workflow) => String(workflow.id)));
		n8n = await startN8n(n8nBin, { args: ['start'], env, readyOutput: /Editor is now accessible via/ });
		for (const kind of Object.keys(KINDS) as Kind[]) await webhookRegistered(n8n, `http://127.0.0.1:${port}/webhook/${KINDS[kind].webhookPath}`);

		console.log(`Launching ${perKind} runs of each kind...`);
		const { runs, refused } = await launchRuns(sim, port, perKind);
		const lastEnd = Math.max(...runs.map((run) => run.endsAt));
		const reads = () => new Set([...afterWaitReads(sim, 'metrics'), ...afterWaitReads(sim, 'progress')].map((entry) => entry.path.split('/')[2]));
		console.log(`Waiting for the runs to end (the last in ${round((lastEnd - performance.now()) / 1000, 0)} s) and the next nodes to start...`);
		const deadline = lastEnd + AFTER_LAST_END_MS;
		while (!runs.every((run) => reads().has(run.workflowId)) && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 1000));
		// Time for a second start of a next node to show, were there one.
		await new Promise((resolve) => setTimeout(resolve, 5000));
		print(version, {
			events: figuresOf(sim, runs.filter((run) => run.kind === 'events')),
			checks: figuresOf(sim, runs.filter((run) => run.kind === 'checks')),
		});
		if (refused > 0) console.log(`  n8n refused ${refused} launch calls on the starved machine (503 or 500 before launching), each made again`);
		const failedExecutions = n8n.output().match(/^Problem with execution \d+/gm)?.length ?? 0;
		if (failedExecutions > 0) console.log(`  n8n failed ${failedExecutions} executions itself (its output says why)`);
		const pingsLate = n8n.output().match(/Database ping failed/g)?.length ?? 0;
		if (pingsLate > 0) console.log(`  n8n's database ping was late ${pingsLate} times (the machine was starved; meanwhile n8n answers 503)`);
		if (sim.contractViolations.length > 0) console.log(`Contract violations: ${JSON.stringify(sim.contractViolations)}`);
	} catch (error) {
		if (n8n) console.error(`n8n's output:\n${n8n.output()}`);
		throw error;
	} finally {
		await n8n?.stop();
		await sim.close();
		rmSync(userFolder, { recursive: true, force: true });
	}
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
