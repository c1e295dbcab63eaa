/**
 * Queue mode inside real n8n: for each release in versions.json, a Redis, an n8n main process and two
 * `n8n worker` processes share one user folder (sqlite) with the packed package installed as a community
 * node. An active workflow with a Webhook trigger is called several times at once; the main process puts
 * each execution on n8n's queue and the workers run them, every one calling the simulator with the same
 * access token. Only n8n's own queue-mode settings are given, so this is the package's out-of-the-box
 * behaviour: the workers share the token's budget through n8n's queue Redis and together keep to the
 * platform's 20 calls per second.
 */
import { Redis } from 'ioredis';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import { budgetKey } from '../../nodes/Seqera/transport';
import { startRedisServer, type RedisServer } from '../../dev/queue/redisServer';
import { hashToken, startSimulator, type Simulator } from '../../dev/simulator/server';
import {
	installPackage,
	n8nEnvironment,
	requireInstalled,
	runN8nCommand,
	startN8n,
	webhookRegistered,
	type N8nProcess,
} from '../../dev/n8n/n8nInstance';
import versions from '../../dev/n8n/versions.json';
import { GENOMICS, seqeraNode, simulatorCredential, webhookTrigger, workflow } from '../../dev/n8n/workflows';

const TOKEN = 'sim-token-alpha';
const WORKERS = 2;
const EXECUTIONS = 6;
const RUNS_PER_EXECUTION = 100;
// Each worker takes at most this many executions at a time, so the executions fired together are split
// between the workers and run at once: without the shared budget, each worker alone would spend all 20 per second.
const WORKER_CONCURRENCY = EXECUTIONS / WORKERS;
const WEBHOOK_PATH = 'seqera-queue';

// Packing the package, starting three n8n processes on a busy 2-core machine and 600 calls at 20 per
// second take minutes per release.
jest.setTimeout(900_000);

const QUEUE_WORKFLOW = workflow(
	'seqQueueLoad001',
	'Queue load',
	[
		{
			id: 'Split',
			name: 'Split',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [200, 0],
			parameters: { fieldToSplitOut: 'body.runs', include: 'noOtherFields', options: {} },
		},
		// One Workflow → Get per item: one call each.
		seqeraNode('Seqera', 400, { operation: 'get', workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } }),
	],
	// Answers when the last node is done, with its items, so each request tells whether its execution succeeded.
	webhookTrigger(WEBHOOK_PATH, '5e9c2d4a-8f31-4b6e-9a0d-3c7f1e2b4a60', 'lastNode'),
);

interface WorkerLogLine {
	message: string;
	metadata?: { executionId?: string; success?: boolean };
}

interface FinishedExecution {
	executionId: string;
	success?: boolean;
}

/** A line of a worker's JSON log; anything else it printed (a stack trace, say) is not one. */
function logLine(line: string): WorkerLogLine[] {
	try {
		const parsed = JSON.parse(line) as unknown;
		return typeof parsed === 'object' && parsed !== null && typeof (parsed as WorkerLogLine).message === 'string'
			? [parsed as WorkerLogLine]
			: [];
	} catch {
		return [];
	}
}

/** The executions a worker says it started, and how each one it finished ended. */
function executionsRunBy(worker: N8nProcess): { started: string[]; finished: FinishedExecution[] } {
	const lines = worker.output().split('\n').flatMap(logLine);
	const started = lines
		.filter((line) => line.message.startsWith('Worker started execution '))
		.map((line) => String(line.metadata?.executionId));
	const finished = lines
		.filter((line) => line.message.startsWith('Worker finished execution '))
		.map((line) => ({ executionId: String(line.metadata?.executionId), success: line.metadata?.success }));
	return { started, finished };
}

const byExecutionId = (a: FinishedExecution, b: FinishedExecution) => Number(a.executionId) - Number(b.executionId);

describe.each(versions)('queue mode inside n8n %s', (version) => {
	let sim: Simulator;
	let redis: RedisServer;
	let userFolder: string;
	let n8nBin: string;
	let queueEnv: NodeJS.ProcessEnv;
	let webhookUrl: string;
	let main: N8nProcess | undefined;
	const workers: N8nProcess[] = [];

	async function n8n(...args: string[]): Promise<string> {
		return await runN8nCommand(n8nBin, queueEnv, ...args);
	}

	/** 1.x activates, 2.x publishes; either only writes the database, which the main process reads when it starts. */
	async function activate(workflowId: string): Promise<void> {
		if (version.startsWith('1.')) {
			expect(await n8n('update:workflow', `--id=${workflowId}`, '--active=true')).toMatch(/Activating workflow with ID/);
		} else {
			expect(await n8n('publish:workflow', `--id=${workflowId}`)).toMatch(/Publishing workflow with ID/);
		}
	}

	beforeAll(async () => {
		n8nBin = requireInstalled(version);
		[sim, redis] = await Promise.all([startSimulator({ runProgressMs: 200 }), startRedisServer()]);
		userFolder = mkdtempSync(path.join(os.tmpdir(), `n8n-nodes-seqera-queue-${version}-`));
		queueEnv = n8nEnvironment(userFolder, {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(redis.port),
		});
		await installPackage(n8nBin, queueEnv);

		const files = path.join(userFolder, 'import');
		mkdirSync(files);
		writeFileSync(path.join(files, 'credentials.json'), JSON.stringify([simulatorCredential(sim.baseUrl, TOKEN)]));
		writeFileSync(path.join(files, 'workflows.json'), JSON.stringify([QUEUE_WORKFLOW]));
		expect(await n8n('import:credentials', `--input=${path.join(files, 'credentials.json')}`)).toMatch(
			/Successfully imported 1 credential/,
		);
		expect(await n8n('import:workflow', `--input=${path.join(files, 'workflows.json')}`)).toMatch(/Successfully imported 1 workflow/);
		await activate(QUEUE_WORKFLOW.id as string);

		main = await startN8n(n8nBin, { args: ['start'], env: queueEnv, readyOutput: /Editor is now accessible via/, port: 0 });
		webhookUrl = `http://127.0.0.1:${main.port}/webhook/${WEBHOOK_PATH}`;
		await webhookRegistered(main, webhookUrl);
		for (let index = 0; index < WORKERS; index++) {
			workers.push(
				await startN8n(n8nBin, {
					args: ['worker', `--concurrency=${WORKER_CONCURRENCY}`],
					// As JSON, each log line carries its details: which execution, and whether it succeeded.
					env: { ...queueEnv, N8N_PORT: String(main.port), N8N_LOG_FORMAT: 'json' },
					readyOutput: /n8n worker is now ready/,
				}),
			);
		}
	});

	afterAll(async () => {
		await Promise.all(workers.map(async (worker) => await worker.stop()));
		await main?.stop();
		await redis?.stop();
		await sim?.close();
		if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	});

	it(`runs ${EXECUTIONS} executions at once on both workers, ${EXECUTIONS * RUNS_PER_EXECUTION} calls on one token: no 429, at most 20 in any second`, async () => {
		const runIds = sim.data.runsIn(GENOMICS).map((run) => run.id);
		const requests = Array.from({ length: EXECUTIONS }, (_, execution) =>
			Array.from({ length: RUNS_PER_EXECUTION }, (_, index) => runIds[(execution * RUNS_PER_EXECUTION + index) % runIds.length]),
		);
		const answers = await Promise.all(
			requests.map(async (ids) => {
				const response = await fetch(webhookUrl, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ runs: ids.map((id) => ({ id })) }),
				});
				return { status: response.status, body: (await response.json()) as IDataObject[] };
			}),
		);

		// Every execution succeeded and returned the run of each item, in order.
		answers.forEach((answer, execution) => {
			// The whole answer, so that a failed execution shows n8n's reason.
			expect(answer).toMatchObject({ status: 200 });
			expect(answer.body.map((run) => run.id)).toEqual(requests[execution]);
		});

		const tokenHash = hashToken(TOKEN);
		const calls = sim.log.filter((entry) => entry.tokenHash === tokenHash);
		expect({ calls: calls.length, r429: calls.filter((entry) => entry.status === 429).length }).toEqual({
			calls: EXECUTIONS * RUNS_PER_EXECUTION,
			r429: 0,
		});
		expect(sim.maxCallsInAnySlidingSecond(tokenHash)).toBeLessThanOrEqual(20);
		// Each worker keeps its connections: at most one per call it may have in flight (40), not one per call.
		const connections = sim.connectionsOf(tokenHash);
		console.log(`${calls.length} calls of the token over ${connections} TLS connections, from ${workers.length} workers`);
		expect(connections).toBeLessThanOrEqual(workers.length * 40);
		// Every call was counted in the budget kept in n8n's queue Redis, whichever worker made it: the
		// workers shared it rather than each keeping to a fallback share of its own.
		// A call admitted for a kept connection that closed just then is admitted again, so a start may count twice.
		const admin = new Redis(redis.port, '127.0.0.1');
		try {
			expect(await admin.zcard(`seqera:budget:{${budgetKey(sim.baseUrl, TOKEN)}}:hour`)).toBeGreaterThanOrEqual(
				EXECUTIONS * RUNS_PER_EXECUTION,
			);
		} finally {
			admin.disconnect();
		}

		const byWorker = workers.map(executionsRunBy);
		for (const { started, finished } of byWorker) {
			expect(started.length).toBeGreaterThan(0);
			// n8n's own verdict on each execution, from the worker that ran it, besides the webhook's answers.
			expect([...finished].sort(byExecutionId)).toEqual(
				started.map((executionId) => ({ executionId, success: true })).sort(byExecutionId),
			);
		}
		expect(new Set(byWorker.flatMap(({ started }) => started)).size).toBe(EXECUTIONS);
	});

	it('kept the access token out of every n8n log', () => {
		for (const n8nProcess of [main, ...workers]) expect(n8nProcess?.output()).not.toContain(TOKEN);
	});

	it('sent only requests that keep to the platform contract', () => {
		expect(sim.contractViolations).toEqual([]);
	});
});
