import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { budgetKey } from '../../nodes/Seqera/transport';
import { hashToken, startSimulator, type Simulator } from '../../dev/simulator/server';
import { forkWorkers, queueModeEnv, type WorkerProcess } from '../../dev/queue/processes';
import { startRedisServer, type RedisServer } from '../../dev/queue/redisServer';

/**
 * n8n queue mode for real: separate Node processes, each running the Seqera node through n8n's engine,
 * all with one access token, against the simulator's strict per-token limits.
 *
 * The limiter spaces starts on Redis's clock; the simulator counts arrivals. On loopback each call
 * holds its place until a second after its answer, which comes after its arrival however late a busy
 * machine lets the simulator read it (see ArrivalBound: the path is judged by its fastest round trip).
 */
const TOKEN = 'sim-token-alpha';
/** The simulator's other token: a budget of its own, for each worker's warm-up call. */
const WARM_UP_TOKEN = 'sim-token-beta';
const GENOMICS = 138659136604200;
const PROCESSES = 3;
/** Time for every worker's warm-up call before the measured executions start together. */
const START_DELAY_MS = 1500;

let redis: RedisServer;
let folder: string;
const simulators: Simulator[] = [];
const workers: WorkerProcess[] = [];

beforeAll(async () => {
	redis = await startRedisServer();
	folder = mkdtempSync(path.join(tmpdir(), 'seqera-queue-'));
});

afterAll(async () => {
	for (const worker of workers) worker.kill();
	for (const sim of simulators) await sim.close();
	await redis?.stop();
	if (folder) rmSync(folder, { recursive: true, force: true });
});

async function simulator(): Promise<Simulator> {
	const sim = await startSimulator({ runProgressMs: 200 });
	simulators.push(sim);
	return sim;
}

/** `count` run IDs of the workspace, cycling through its runs from `offset`. */
function runIds(sim: Simulator, count: number, offset: number): string[] {
	const ids = sim.data.runsIn(GENOMICS).map((run) => run.id);
	return Array.from({ length: count }, (_, index) => ids[(offset + index) % ids.length]);
}

async function forked(env: Record<string, string>): Promise<WorkerProcess[]> {
	const started = await forkWorkers(PROCESSES, env, folder);
	workers.push(...started);
	return started;
}

it('processes sharing one token through Redis never trip the limit: no 429, at most 20 calls in any sliding second', async () => {
	const sim = await simulator();
	const started = await forked(queueModeEnv(redis.port));
	// Two executions at once in each process, 50 items each: 300 calls, all starting at once.
	const startAt = Date.now() + START_DELAY_MS;
	const results = await Promise.all(
		started.map(
			async (worker, index) =>
				await worker.run({
					baseUrl: sim.baseUrl,
					token: TOKEN,
					workspaceId: GENOMICS,
					executions: [runIds(sim, 50, index * 100), runIds(sim, 50, index * 100 + 50)],
					warmUpToken: WARM_UP_TOKEN,
					startAt,
				}),
		),
	);

	for (const { outcomes } of results) expect(outcomes).toEqual([{ items: 50 }, { items: 50 }]);
	const tokenHash = hashToken(TOKEN);
	const calls = sim.log.filter((entry) => entry.tokenHash === tokenHash);
	expect({ calls: calls.length, r429: calls.filter((entry) => entry.status === 429).length }).toEqual({ calls: 300, r429: 0 });
	expect(sim.maxCallsInAnySlidingSecond(tokenHash)).toBeLessThanOrEqual(20);
	// Every call was counted in the one shared hour window, whichever process made it.
	const admin = new Redis(redis.port, '127.0.0.1');
	try {
		expect(await admin.zcard(`seqera:budget:{${budgetKey(sim.baseUrl, TOKEN)}}:hour`)).toBe(300);
	} finally {
		admin.disconnect();
	}
});

it('the same processes without sharing (SEQERA_LIMITER_REDIS=off) overrun the limit, so the test above can fail', async () => {
	const sim = await simulator();
	const started = await forked({ ...queueModeEnv(redis.port), SEQERA_LIMITER_REDIS: 'off' });
	await Promise.all(
		started.map(
			async (worker, index) =>
				await worker.run({ baseUrl: sim.baseUrl, token: TOKEN, workspaceId: GENOMICS, executions: [runIds(sim, 15, index * 15)] }),
		),
	);
	expect(sim.maxCallsInAnySlidingSecond(hashToken(TOKEN))).toBeGreaterThan(20);
	expect(sim.count429()).toBeGreaterThan(0);
});
