import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

import type { WorkerCommand, WorkerJobSpec, WorkerMessage } from './worker';

const REPO_ROOT = path.resolve(__dirname, '../..');
const WORKER_SCRIPT = path.join(__dirname, 'worker.ts');
const EXIT_TIMEOUT_MS = 10_000;
/** Loading n8n takes a few seconds, more on a busy machine; a process still not ready after this is stuck. */
const READY_TIMEOUT_MS = 120_000;

export type WorkerResult = Extract<WorkerMessage, { type: 'done' }>;

/** One forked n8n process (dev/queue/worker.ts). */
export interface WorkerProcess {
	/**
	 * Sends the job and resolves with the worker's report once it has also exited. With `timeoutMs`, a
	 * worker that has not reported by then is killed and the promise rejects.
	 */
	run(job: WorkerJobSpec, options?: { timeoutMs?: number }): Promise<WorkerResult>;
	/** Ends a job that runs until told (editor actions without a sync of their own); it then reports. */
	stop(): void;
	kill(): void;
}

/** What a process of n8n's queue mode has in its environment, pointed at a test Redis on loopback. */
export function queueModeEnv(redisPort: number): Record<string, string> {
	return { EXECUTIONS_MODE: 'queue', QUEUE_BULL_REDIS_HOST: '127.0.0.1', QUEUE_BULL_REDIS_PORT: String(redisPort) };
}

/** This process's environment without anything that would choose how workers share budgets. */
function baseEnv(): Record<string, string> {
	const env: Record<string, string> = {};
	for (const [name, value] of Object.entries(process.env)) {
		if (value === undefined || name === 'EXECUTIONS_MODE' || name.startsWith('QUEUE_BULL_') || name.startsWith('SEQERA_LIMITER_'))
			continue;
		env[name] = value;
	}
	return env;
}

function startWorker(
	env: Record<string, string>,
	userFolder: string,
	nodeFlags: string[],
): { child: ChildProcess; ready: Promise<void>; output: () => string } {
	mkdirSync(userFolder, { recursive: true });
	const child = fork(WORKER_SCRIPT, [], {
		cwd: REPO_ROOT,
		execArgv: [...nodeFlags, '--require', 'ts-node/register/transpile-only'],
		env: {
			...baseEnv(),
			...env,
			TS_NODE_PROJECT: path.join(REPO_ROOT, 'tsconfig.json'),
			// Else `require('…/Seqera.node')` finds the codex file Seqera.node.json before Seqera.node.ts.
			TS_NODE_PREFER_TS_EXTS: 'true',
			// Each process has its own n8n user folder, as separate n8n instances do.
			N8N_USER_FOLDER: userFolder,
			N8N_ENCRYPTION_KEY: 'n8n-nodes-seqera-queue-test',
		},
		stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
	});
	let output = '';
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const ready = new Promise<void>((resolve, reject) => {
		const timer = setTimeout(() => {
			child.kill('SIGKILL');
			reject(new Error(`worker was not ready within ${READY_TIMEOUT_MS} ms:\n${output}`));
		}, READY_TIMEOUT_MS);
		child.once('message', (message: WorkerMessage) => {
			clearTimeout(timer);
			if (message.type === 'ready') resolve();
			else reject(new Error(`unexpected ${message.type}`));
		});
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`worker exited with code ${code} before it was ready:\n${output}`));
		});
	});
	return { child, ready, output: () => output };
}

/**
 * Forks `count` workers with `env` and waits until every one has loaded n8n, so that their jobs start
 * together. Each gets its own n8n user folder under `folder`. Aborting `signal` kills every one of
 * them that is still alive, loading or running. `nodeFlags` go to each worker's Node, e.g.
 * `--expose-gc` for a job that measures the heap after a full collection.
 */
export async function forkWorkers(
	count: number,
	env: Record<string, string>,
	folder: string,
	signal?: AbortSignal,
	nodeFlags: string[] = [],
): Promise<WorkerProcess[]> {
	const started = Array.from({ length: count }, (_, index) =>
		startWorker(env, path.join(folder, `worker-${index}-${Date.now()}`), nodeFlags),
	);
	for (const { child } of started) {
		const kill = () => child.kill('SIGKILL');
		signal?.addEventListener('abort', kill, { once: true });
		child.once('exit', () => signal?.removeEventListener('abort', kill));
	}
	try {
		await Promise.all(started.map(async ({ ready }) => await ready));
	} catch (error) {
		for (const { child } of started) child.kill('SIGKILL');
		throw error;
	}
	return started.map(({ child, output }) => ({
		kill: () => child.kill('SIGKILL'),
		stop: () => {
			if (child.connected) child.send({ type: 'stop' } satisfies WorkerCommand);
		},
		async run(job, { timeoutMs } = {}) {
			const done = new Promise<WorkerResult>((resolve, reject) => {
				const timer =
					timeoutMs === undefined
						? undefined
						: setTimeout(() => {
								child.kill('SIGKILL');
								reject(new Error(`worker did not report within ${timeoutMs} ms:\n${output()}`));
							}, timeoutMs);
				child.once('message', (message: WorkerMessage) => {
					clearTimeout(timer);
					if (message.type === 'done') resolve(message);
					else reject(new Error(`unexpected ${message.type}`));
				});
				child.once('exit', (code) => {
					clearTimeout(timer);
					reject(new Error(`worker exited with code ${code} before it reported:\n${output()}`));
				});
			});
			child.send({ type: 'job', ...job } satisfies WorkerCommand);
			const result = await done;
			// Nothing of the limiter (its Redis connection included) may keep a finished worker alive.
			if (child.exitCode === null && child.signalCode === null) {
				await new Promise<void>((resolve, reject) => {
					const timer = setTimeout(() => {
						child.kill('SIGKILL');
						reject(new Error(`worker did not exit within ${EXIT_TIMEOUT_MS} ms of its report:\n${output()}`));
					}, EXIT_TIMEOUT_MS);
					child.once('exit', () => {
						clearTimeout(timer);
						resolve();
					});
				});
			}
			return result;
		},
	}));
}
