import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { freePort } from '../freePort';

/** A throwaway redis-server on a loopback port, for the tests and the benchmark. */
export interface RedisServer {
	port: number;
	url: string;
	/** Stops the server and waits for it to exit. */
	stop(): Promise<void>;
	/** Freezes the server (SIGSTOP) until it is stopped: connections stay open and nothing is answered, as with a hung Redis. */
	freeze(): void;
}

export interface RedisServerOptions {
	/** Default: a free port. Pass the port of a stopped server to bring it back. */
	port?: number;
	/** Extra `redis-server` arguments, e.g. ['--cluster-enabled', 'yes']; files it writes go to its own temporary folder. */
	args?: string[];
}

const START_TIMEOUT_MS = 10_000;

async function exited(child: ChildProcess): Promise<void> {
	if (child.exitCode !== null || child.signalCode !== null) return;
	await new Promise<void>((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts Debian's `redis-server` with nothing persisted. A missing binary is an error, not a skip:
 * the queue-mode tests are the only proof that processes share one budget.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<RedisServer> {
	const port = options.port ?? (await freePort());
	const dir = mkdtempSync(path.join(tmpdir(), 'seqera-redis-'));
	const child = spawn(
		'redis-server',
		['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir, ...(options.args ?? [])],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	const removeDir = () => rmSync(dir, { recursive: true, force: true });
	let output = '';
	const ready = new Promise<void>((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`redis-server did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
			START_TIMEOUT_MS,
		);
		const onData = (chunk: Buffer) => {
			output += chunk.toString();
			if (output.includes('Ready to accept connections')) {
				clearTimeout(timer);
				resolve();
			}
		};
		child.stdout?.on('data', onData);
		child.stderr?.on('data', onData);
		child.once('error', (error: NodeJS.ErrnoException) => {
			clearTimeout(timer);
			reject(
				error.code === 'ENOENT'
					? new Error('redis-server is not installed (apt-get install -y redis-server): the queue-mode tests need a real Redis')
					: error,
			);
		});
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`redis-server exited with code ${code} before it was ready:\n${output}`));
		});
	});
	try {
		await ready;
	} catch (error) {
		child.kill('SIGKILL');
		removeDir();
		throw error;
	}
	child.stdout?.removeAllListeners('data');
	child.stderr?.removeAllListeners('data');
	// Keep draining its output so a chatty server never blocks on a full pipe.
	child.stdout?.resume();
	child.stderr?.resume();
	return {
		port,
		url: `redis://127.0.0.1:${port}`,
		freeze() {
			child.kill('SIGSTOP');
		},
		async stop() {
			// A frozen server would never act on SIGTERM.
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGCONT');
			if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
			await exited(child);
			removeDir();
		},
	};
}
