/**
 * A launch whose wait n8n holds, in queue mode inside real n8n: for each release in versions.json, a Redis,
 * an n8n main process that takes the webhook calls and the runs' events (WEBHOOK_URL is its own loopback
 * URL, which the worker writes into each launch's weblog block) and one `n8n worker --concurrency=5`. The
 * worker runs the launch and puts the execution to wait; main runs the node's webhook when an event
 * arrives and puts the resumed execution back on the queue, for whichever worker is there then.
 *
 * The simulator posts every event twice, so each end reaches main once more after the execution has
 * gone on. The node after the wait reads the run with a token of its own: the simulator's log tells how
 * often it ran, and with what.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import {
	activateWorkflows,
	afterWaitReads,
	launchAndWaitWorkflow,
	postJson,
	READER,
	readerCredential,
	sleep,
	until,
} from '../../dev/n8n/heldWait';
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
import { GENOMICS, seqeraNode, simulatorCredential, webhookTrigger, workflow } from '../../dev/n8n/workflows';
import { startRedisServer, type RedisServer } from '../../dev/queue/redisServer';
import type { LaunchRecord } from '../../dev/simulator/model';
import { startSimulator, type Simulator } from '../../dev/simulator/server';
import { weblogTargetOf, type WeblogTarget } from '../../dev/simulator/weblogConfig';

// Packing the package, three starts of n8n and runs of minutes, per test, on a busy 2-core machine.
jest.setTimeout(900_000);

const WORKER_CONCURRENCY = 5;
const WAITING_EXECUTIONS = 20;
const OTHER_EXECUTIONS = 5;
const HELD_PATH = 'seqera-held-queue';
const GET_PATH = 'seqera-get-queue';

const HELD_WORKFLOW = launchAndWaitWorkflow({
	id: 'seqHeldQueue001',
	name: 'Queue: launch, n8n holds the wait, read the run',
	webhookPath: HELD_PATH,
	webhookId: '3d8f2b61-5c07-4e9a-b1d4-7a2e9c0f6b18',
	runName: '={{ $json.body.runName }}',
});

const CHECKED_PATH = 'seqera-held-queue-checked';
/** The least Check Interval: a check every minute, and the other half of the interval for n8n's part (main's wait tracker, the check's steps on a worker, the resumed execution's start). */
const CHECK_INTERVAL_MS = 120_000;

const CHECKED_WORKFLOW = launchAndWaitWorkflow({
	id: 'seqHeldQueue003',
	name: 'Queue: launch, n8n holds the wait with a check every minute (a 2-minute interval), read the run',
	webhookPath: CHECKED_PATH,
	webhookId: '5f0b3d72-9e14-4a68-8c2f-1d7e6a4b9c35',
	runName: '={{ $json.body.runName }}',
	waitOptions: { checkIntervalMinutes: CHECK_INTERVAL_MS / 60_000 },
});

// Answers when the Get is done, with its item, so each call tells that its execution ran to the end.
const GET_WORKFLOW = workflow(
	'seqHeldQueue002',
	'Queue: get a run',
	[seqeraNode('Get', 200, { operation: 'get', workflowId: { __rl: true, mode: 'id', value: '={{ $json.body.id }}' } })],
	webhookTrigger(GET_PATH, '9e1a7c35-2b84-4d6f-a0c9-e5b3f1d72a46', 'lastNode'),
);

const endEventOf = (run: { runName: string; sessionId: string }) => ({
	runName: run.runName,
	runId: run.sessionId,
	event: 'completed',
	utcTime: '2026-11-28T10:00:00Z',
});

describe.each(versions)('a launch whose wait n8n holds, in queue mode inside n8n %s', (version) => {
	let sim: Simulator;
	let redis: RedisServer;
	let userFolder: string;
	let n8nBin: string;
	let env: NodeJS.ProcessEnv;
	let port: number;
	let main: N8nProcess | undefined;
	let worker: N8nProcess | undefined;

	const outputs = () => `main:\n${main?.output() ?? ''}\nworker:\n${worker?.output() ?? ''}`;
	const readsOf = (kind: 'metrics' | 'progress', workflowId: string) =>
		afterWaitReads(sim, kind).filter((entry) => entry.path === `/workflow/${workflowId}/${kind}`);

	async function startMain(): Promise<N8nProcess> {
		return await startN8n(n8nBin, { args: ['start'], env, readyOutput: /Editor is now accessible via/ });
	}

	async function startWorker(): Promise<N8nProcess> {
		return await startN8n(n8nBin, {
			args: ['worker', `--concurrency=${WORKER_CONCURRENCY}`],
			env,
			readyOutput: /n8n worker is now ready/,
		});
	}

	async function killed(n8nProcess: N8nProcess): Promise<void> {
		const exited = new Promise((resolve) => n8nProcess.child.once('exit', resolve));
		// As a crash or a recycled container would end it: no shutdown.
		n8nProcess.child.kill('SIGKILL');
		await exited;
	}

	/** Calls the launch-and-wait workflow for each name and returns the launches, in the order the platform took them. */
	async function launch(runNames: string[], hookPath = HELD_PATH): Promise<LaunchRecord[]> {
		const before = sim.data.launches.length;
		for (const runName of runNames) expect(await postJson(`http://127.0.0.1:${port}/webhook/${hookPath}`, { runName })).toBe(200);
		return await until(
			`${runNames.length} launches`,
			() => (sim.data.launches.length >= before + runNames.length ? sim.data.launches.slice(before) : undefined),
			180_000,
			outputs,
		);
	}

	function targetOf(launched: LaunchRecord): WeblogTarget {
		const target = weblogTargetOf((launched.request as { launch: IDataObject }).launch.configText as string);
		expect(target?.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/webhook-waiting/\\d+`));
		return target!;
	}

	/** n8n answers 409 while the execution runs on the worker; once it waits, the node's webhook refuses a call without the secret. */
	async function waiting(launched: LaunchRecord): Promise<void> {
		const run = sim.data.findRun(launched.workflowId)!;
		const { url } = targetOf(launched);
		await until(
			`execution of run ${run.id} waiting`,
			async () => ((await postJson(url, endEventOf(run))) === 401 ? true : undefined),
			180_000,
			outputs,
		);
	}

	beforeAll(async () => {
		n8nBin = requireInstalled(version);
		[sim, redis] = await Promise.all([
			startSimulator({ tokens: ['sim-token-alpha', READER.token], weblog: { duplicateChance: 1 } }),
			startRedisServer(),
		]);
		userFolder = mkdtempSync(path.join(os.tmpdir(), `n8n-nodes-seqera-held-queue-${version}-`));
		// One nothing else takes while main is down; a start that finds it taken fails.
		port = await stablePort();
		env = n8nEnvironment(userFolder, {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
			N8N_PORT: String(port),
			// Main comes back on the same port, so the resume URLs already in the runs' configs still reach it.
			WEBHOOK_URL: `http://127.0.0.1:${port}/`,
		});
		await installPackage(n8nBin, env);
		const workflows = [HELD_WORKFLOW, GET_WORKFLOW, CHECKED_WORKFLOW];
		await importIntoN8n(n8nBin, env, { credentials: [simulatorCredential(sim.baseUrl), readerCredential(sim.baseUrl)], workflows });
		await activateWorkflows(
			n8nBin,
			env,
			version,
			workflows.map(({ id }) => String(id)),
		);
		main = await startMain();
		for (const hookPath of [HELD_PATH, GET_PATH, CHECKED_PATH])
			await webhookRegistered(main, `http://127.0.0.1:${port}/webhook/${hookPath}`);
		worker = await startWorker();
	});

	afterAll(async () => {
		await worker?.stop();
		await main?.stop();
		await redis?.stop();
		await sim?.close();
		if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	});

	it('goes on once, with the ended run, after the worker that ran it and then main were killed and started again during the wait', async () => {
		// The run spends this long in SUBMITTED and again in RUNNING: both restarts took about a minute on a
		// busy 2-core machine, so the run ends well after them.
		sim.data.runProgressMs = 80_000;
		const [launched] = await launch(['held_in_queue']);
		const run = sim.data.findRun(launched.workflowId)!;
		await waiting(launched);

		await killed(worker!);
		worker = await startWorker();
		await killed(main!);
		main = await startMain();
		// The run's events go on reaching main: while it was down they were lost, as Nextflow never sends one again.
		expect(sim.data.findRun(run.id)!.status).not.toMatch(/SUCCEEDED|FAILED/);

		const ended = await until(
			'the run ended and its end posted',
			() => sim.weblog.postsOf(run.id).find((post) => post.event === 'completed' && post.answeredAt !== undefined),
			300_000,
			outputs,
		);
		// Nextflow posts the end before the platform knows it: main answers at once, and confirms with the platform.
		expect(ended.status).toBe(202);
		await until('the node after the wait', () => (readsOf('metrics', run.id).length > 0 ? true : undefined), 120_000, outputs);
		// The duplicate end, and one more a few seconds later, find the execution gone on.
		await sim.weblog.settled(run.id);
		// A late end, sent a few seconds after the others as a retrying sender would: the delay is the case.
		await sleep(3000);
		const { url, basicToken } = targetOf(launched);
		expect(await postJson(url, endEventOf(run), basicToken)).toBeGreaterThanOrEqual(400);
		// Nothing marks a second run of the node after the wait that never happens: wait as long as one takes to make its call, then count.
		await sleep(3000);
		expect(readsOf('metrics', run.id)).toHaveLength(1);
		expect(readsOf('progress', run.id)).toEqual([]);
		expect(sim.contractViolations).toEqual([]);
	});

	it(`${WAITING_EXECUTIONS} executions waiting hold none of the worker's ${WORKER_CONCURRENCY} places: ${OTHER_EXECUTIONS} other executions complete while they wait, and each of the ${WAITING_EXECUTIONS} goes on once when its run ends`, async () => {
		// Runs of a minute and a half: the 20 launches and the other executions took about 10 s on a busy
		// 2-core machine, well before the first run ends.
		sim.data.runProgressMs = 45_000;
		const launches = await launch(Array.from({ length: WAITING_EXECUTIONS }, (_, index) => `held_queue_${index}`));
		// Had each wait held a place, the worker would have taken 5 launches and no more until their runs ended.
		for (const launched of launches) await waiting(launched);
		const runs = launches.map((launched) => sim.data.findRun(launched.workflowId)!);

		const runIds = sim.data
			.runsIn(GENOMICS)
			.slice(0, OTHER_EXECUTIONS)
			.map((run) => run.id);
		const answers = await Promise.all(
			runIds.map(async (id) => {
				const response = await fetch(`http://127.0.0.1:${port}/webhook/${GET_PATH}`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ id }),
				});
				return { status: response.status, ids: ((await response.json()) as IDataObject[]).map((run) => run.id) };
			}),
		);
		expect(answers).toEqual(runIds.map((id) => ({ status: 200, ids: [id] })));
		// They completed while all of the held executions still waited: none of the runs had ended, so none had gone on.
		expect(runs.filter((run) => sim.weblog.postsOf(run.id).some((post) => post.event === 'completed'))).toEqual([]);
		expect(runs.flatMap((run) => [...readsOf('metrics', run.id), ...readsOf('progress', run.id)])).toEqual([]);

		await until(
			`the node after the wait of all ${WAITING_EXECUTIONS} executions`,
			() => (runs.every((run) => readsOf('metrics', run.id).length > 0) ? true : undefined),
			420_000,
			() => `${runs.filter((run) => readsOf('metrics', run.id).length > 0).length} went on\n${outputs()}`,
		);
		await Promise.all(runs.map(async (run) => await sim.weblog.settled(run.id)));
		// Nothing marks a second run of a node after the wait that never happens: wait as long as one takes to make its call, then count.
		await sleep(5000);
		expect(runs.map((run) => readsOf('metrics', run.id).length)).toEqual(runs.map(() => 1));
		expect(runs.flatMap((run) => readsOf('progress', run.id))).toEqual([]);
		expect(
			runs.flatMap((run) =>
				sim.weblog.postsOf(run.id).filter((post) => post.event === 'completed' && post.status !== 202 && !post.duplicate),
			),
		).toEqual([]);
		expect(sim.contractViolations).toEqual([]);
	});

	it('a run whose end never reaches n8n: the check execution, started on the worker and resumed by main, resumes the wait within its interval', async () => {
		sim.data.runProgressMs = 20_000;
		sim.weblog.silentRunChance = 1;
		const [launched] = await launch(['held_queue_silent'], CHECKED_PATH);
		sim.weblog.silentRunChance = 0;
		const run = sim.data.findRun(launched.workflowId)!;
		const endedAt = await until(
			`run ${run.id} ended on the platform`,
			() => sim.data.findRun(run.id)!.platformEndedAt,
			180_000,
			outputs,
		);
		await until('the node after the wait', () => (readsOf('metrics', run.id).length > 0 ? true : undefined), 240_000, outputs);
		// The bound the checks promise: within the check interval of the end, n8n's own part included.
		expect(readsOf('metrics', run.id)[0].at - endedAt).toBeLessThan(CHECK_INTERVAL_MS);
		expect(sim.weblog.postsOf(run.id)).toEqual([]);
		// The next check finds the wait over, and ends the check execution: the node after the wait ran once.
		// Nothing marks a check that resumes nothing: wait past the next check, then count.
		await sleep(CHECK_INTERVAL_MS / 2 + 5_000);
		expect(readsOf('metrics', run.id)).toHaveLength(1);
		expect(sim.contractViolations).toEqual([]);
	});
});
