/**
 * Real n8n for the tests and for `npm run dev`: finds a release installed by scripts/n8n-install.sh,
 * gives it a user folder of its own with this package installed as a community node
 * (scripts/n8n-with-package.sh), and starts n8n processes (editor, workers) on loopback.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { IDataObject } from 'n8n-workflow';

import { freePort, stablePort } from '../freePort';

export { freePort, stablePort };

const execFileAsync = promisify(execFile);
const REPO = path.resolve(__dirname, '../..');
// Node options for every n8n process started here: its parameter regex checks stopped after 5 s, not
// 250 ms, which a machine running both test lanes has broken (patientRegexInN8n.cjs).
const N8N_NODE_OPTIONS = ['--require', path.join(__dirname, 'patientRegexInN8n.cjs')];
// Packing the package and letting n8n load it once takes a minute on a busy 2-core machine.
const INSTALL_TIMEOUT_MS = 300_000;

/** The folder scripts/n8n-install.sh installs a release into (same defaults and override). */
function n8nFolder(version: string): string {
	const cache =
		process.env.N8N_CACHE_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'n8n-nodes-seqera');
	return path.join(cache, `n8n-${version}`);
}

/** The n8n CLI of an installed release; throws, saying how to install it, when it is missing. */
export function requireInstalled(version: string): string {
	const folder = n8nFolder(version);
	const manifest = path.join(folder, 'node_modules', 'n8n', 'package.json');
	const installed =
		existsSync(path.join(folder, '.installed-from')) && existsSync(manifest)
			? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
			: undefined;
	if (installed !== version) {
		throw new Error(
			`n8n ${version} is not installed in ${folder}: run scripts/n8n-install.sh ${version} (.ci/run does) before these tests`,
		);
	}
	return path.join(folder, 'node_modules', 'n8n', 'bin', 'n8n');
}

/**
 * The environment for every n8n process of one instance. n8n stays local: its own database and settings
 * in the user folder, listening on loopback only (plain HTTP there, so its auth cookie is not marked
 * Secure), no telemetry, version checks or templates. Inherited n8n, database and queue
 * settings are dropped so a developer's own n8n setup cannot leak in, and so is jest's NODE_ENV=test,
 * with which n8n refuses to load nodes. The rest (PATH, proxy and CA settings) is kept for npm and n8n.
 */
export function n8nEnvironment(userFolder: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	const inherited = Object.entries(process.env).filter(
		([name]) => !/^(N8N_|DB_|EXECUTIONS_|QUEUE_|SEQERA_LIMITER_|NODE_ENV$)/.test(name),
	);
	return {
		...Object.fromEntries(inherited),
		N8N_USER_FOLDER: userFolder,
		NODE_ENV: 'production',
		DB_TYPE: 'sqlite',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_SECURE_COOKIE: 'false',
		N8N_ENCRYPTION_KEY: 'n8n-nodes-seqera-test-key',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		...extra,
	};
}

/** Packs this package and installs it into the user folder as Settings → Community Nodes would. */
export async function installPackage(n8nBin: string, env: NodeJS.ProcessEnv): Promise<void> {
	const n8nDir = path.resolve(path.dirname(n8nBin), '../../..');
	await execFileAsync(path.join(REPO, 'scripts', 'n8n-with-package.sh'), [n8nDir, env.N8N_USER_FOLDER as string], {
		env,
		maxBuffer: 64 * 1024 * 1024,
		timeout: INSTALL_TIMEOUT_MS,
	}).catch((error: { stderr?: string; message: string }) => {
		throw new Error(`Installing the package into ${n8nDir} failed: ${error.message}\n${error.stderr ?? ''}`);
	});
}

// Generous, but a hung n8n command must not hold a test until jest gives up and leaves it behind.
const COMMAND_TIMEOUT_MS = 180_000;

/** Runs an n8n CLI command (import:workflow, execute, ...) to its end and returns what it printed on stdout. */
export async function runN8nCommand(n8nBin: string, env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
	try {
		const { stdout } = await execFileAsync(process.execPath, [...N8N_NODE_OPTIONS, n8nBin, ...args], {
			env,
			cwd: env.N8N_USER_FOLDER,
			maxBuffer: 64 * 1024 * 1024,
			timeout: COMMAND_TIMEOUT_MS,
		});
		return stdout;
	} catch (error) {
		const { stdout, stderr } = error as { stdout?: string; stderr?: string };
		throw new Error(`n8n ${args.join(' ')} failed: ${(error as Error).message}\n${stdout ?? ''}\n${stderr ?? ''}`);
	}
}

/**
 * Imports credentials and workflows with n8n's own CLI (`import:credentials`, `import:workflow`), as a user
 * moving workflows between instances does; run it before `start`, so the editor lists them.
 */
export async function importIntoN8n(
	n8nBin: string,
	env: NodeJS.ProcessEnv,
	imports: { credentials: IDataObject[]; workflows: IDataObject[] },
): Promise<void> {
	const folder = mkdtempSync(path.join(env.N8N_USER_FOLDER as string, 'import-'));
	const credentials = path.join(folder, 'credentials.json');
	const workflows = path.join(folder, 'workflows.json');
	writeFileSync(credentials, JSON.stringify(imports.credentials));
	writeFileSync(workflows, JSON.stringify(imports.workflows));
	await runN8nCommand(n8nBin, env, 'import:credentials', `--input=${credentials}`);
	await runN8nCommand(n8nBin, env, 'import:workflow', `--input=${workflows}`);
}

export interface N8nProcess {
	readonly child: ChildProcess;
	/** The port the editor and REST API listen on (N8N_PORT). */
	readonly port: number;
	/** Everything the process printed so far, stdout and stderr interleaved. */
	output(): string;
	stop(): Promise<void>;
}

export interface StartOptions {
	/** CLI arguments, e.g. ['start'] or ['worker', '--concurrency=5']. */
	args: string[];
	env: NodeJS.ProcessEnv;
	/** Ready when the output matches this (not when /healthz answers: n8n mounts its REST API later). */
	readyOutput: RegExp;
	/**
	 * The editor's port, in place of N8N_PORT: this one, or 0 for any free one. When n8n finds it taken,
	 * n8n is started again on a free port. Without it, N8N_PORT applies and a taken port fails the start.
	 */
	port?: number;
}

// n8n takes 20-60 s to start on a busy 2-core machine; loading and migrating a new database adds more.
const START_TIMEOUT_MS = 240_000;
// What n8n prints before it exits when its editor's port, or its task broker's, is taken.
const EDITOR_PORT_TAKEN = /n8n's port \d+ is already in use/;
const BROKER_PORT_TAKEN = /Task Broker's port \d+ is already in use/;
const STARTS_ON_TAKEN_PORTS = 3;

/**
 * Starts an n8n command and resolves once it is ready; rejects with its output when it exits or stalls.
 * Each process gets a free port for the task broker that n8n 2.x starts for Code nodes (5679 by default),
 * so a main process and its workers, or two instances, can run side by side. A port seen free can be
 * taken by another process before n8n binds it, tens of seconds into its start; n8n then exits saying
 * so, and is started again on other ports (its editor port too when `port` allows).
 */
export async function startN8n(n8nBin: string, options: StartOptions): Promise<N8nProcess> {
	const fixedPort = options.port === undefined ? Number(options.env.N8N_PORT ?? 5678) : undefined;
	for (let start = 1; ; start++) {
		const port = fixedPort ?? (start === 1 && options.port ? options.port : await freePort());
		try {
			return await startN8nOnce(n8nBin, options, port);
		} catch (error) {
			const output = error instanceof N8nExited ? error.output : '';
			const chosenPortTaken = BROKER_PORT_TAKEN.test(output) || (fixedPort === undefined && EDITOR_PORT_TAKEN.test(output));
			if (!chosenPortTaken || start === STARTS_ON_TAKEN_PORTS) throw error;
		}
	}
}

class N8nExited extends Error {
	constructor(
		args: string[],
		readonly output: string,
	) {
		super(`n8n ${args.join(' ')} exited before it was ready:\n${output}`);
	}
}

async function startN8nOnce(n8nBin: string, options: StartOptions, port: number): Promise<N8nProcess> {
	const child = spawn(process.execPath, [...N8N_NODE_OPTIONS, n8nBin, ...options.args], {
		env: { N8N_RUNNERS_BROKER_PORT: String(await freePort()), ...options.env, N8N_PORT: String(port), NO_COLOR: '1' },
		cwd: options.env.N8N_USER_FOLDER,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	let running = true;
	void exited.then(() => (running = false));

	const instance: N8nProcess = {
		child,
		port,
		output: () => output,
		async stop() {
			if (!running) return;
			child.kill('SIGTERM');
			// n8n waits for running executions on SIGTERM; a stuck one must not hold the test run.
			const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
			await exited;
			clearTimeout(killer);
		},
	};

	const deadline = Date.now() + START_TIMEOUT_MS;
	for (;;) {
		if (!running) throw new N8nExited(options.args, output);
		if (options.readyOutput.test(output)) return instance;
		if (Date.now() > deadline) {
			await instance.stop();
			throw new Error(`n8n ${options.args.join(' ')} was not ready after ${START_TIMEOUT_MS} ms:\n${output}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

// n8n 2.x publishes active workflows in the background after the editor is up, more slowly on a busy machine.
const WEBHOOK_REGISTRATION_TIMEOUT_MS = 120_000;

/**
 * Waits until an n8n process answers for a production webhook: being up is not enough, since n8n 2.x
 * registers active workflows after the editor is up. A GET asks without starting an execution: n8n
 * answers that the webhook wants a POST once it is registered.
 */
export async function webhookRegistered(n8nProcess: N8nProcess, url: string): Promise<void> {
	const deadline = Date.now() + WEBHOOK_REGISTRATION_TIMEOUT_MS;
	for (;;) {
		const answer = await fetch(url).then(async (response) => await response.text());
		if (answer.includes('Did you mean to make a POST request?')) return;
		if (Date.now() > deadline) {
			throw new Error(
				`The webhook was not registered after ${WEBHOOK_REGISTRATION_TIMEOUT_MS} ms: GET ${url} answered ${answer}\n${n8nProcess.output()}`,
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 1000));
	}
}

export interface Owner {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

/** The account `npm run dev` and the editor test sign in with. */
export const OWNER: Owner = { email: 'owner@example.com', password: 'Seqera-demo-1', firstName: 'Demo', lastName: 'Owner' };

/** Creates the instance owner through n8n's own setup endpoint, as the first visit to the editor would. */
export async function setUpOwner(baseUrl: string, owner: Owner = OWNER): Promise<void> {
	const response = await fetch(`${baseUrl}/rest/owner/setup`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(owner),
	});
	if (!response.ok) throw new Error(`Setting up the n8n owner failed: ${response.status} ${await response.text()}`);
}
