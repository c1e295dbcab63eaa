/**
 * `npm run dev` as a developer uses it: started like in a terminal, it must print where to sign in, and
 * with that the editor must show the ready credential and workflows and run the demo workflow against
 * the simulator; Ctrl-C must stop n8n and the simulator. The default ports are held by this test, as another
 * n8n or a second `npm run dev` would hold them, so both servers must move to free ports and say where.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

import { CHROMIUM, CHROMIUM_FLAGS, expectText, signIn, until } from './editor';
import { DEMO_WORKFLOWS } from '../../dev/n8n/workflows';

const REPO = path.resolve(__dirname, '../..');
const ARTIFACTS = path.resolve(REPO, 'test-artifacts/dev');
const READY_TIMEOUT_MS = 600_000;
const DEFAULT_N8N_PORT = 5678;
const DEFAULT_SIMULATOR_PORT = 8443;

jest.setTimeout(900_000);

let dev: ChildProcess;
let output = '';
let userFolder: string;
let browser: Browser | undefined;
let editorUrl: string;
let simulatorUrl: string;
let login: { email: string; password: string };
const heldPorts: net.Server[] = [];

/** Takes a port on loopback, as another program would; when it is already taken, another program holds it. */
async function hold(port: number): Promise<void> {
	const server = net.createServer();
	await new Promise<void>((resolve) => {
		server.once('error', () => resolve());
		server.listen(port, '127.0.0.1', () => {
			heldPorts.push(server);
			resolve();
		});
	});
}

async function listening(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

/** Resolves once the dev command printed what ends with "Press Ctrl-C to stop."; rejects if it exits first. */
async function ready(): Promise<void> {
	await new Promise<void>((resolve, reject) => {
		const timer = setTimeout(
			() => reject(new Error(`npm run dev was not ready after ${READY_TIMEOUT_MS} ms:\n${output}`)),
			READY_TIMEOUT_MS,
		);
		const check = () => {
			if (output.includes('Press Ctrl-C to stop.')) {
				clearTimeout(timer);
				resolve();
			}
		};
		dev.stdout!.on('data', check);
		dev.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`npm run dev exited (${code}) before it was ready:\n${output}`));
		});
	});
}

beforeAll(async () => {
	userFolder = mkdtempSync(path.join(os.tmpdir(), 'n8n-nodes-seqera-dev-'));
	await hold(DEFAULT_N8N_PORT);
	await hold(DEFAULT_SIMULATOR_PORT);
	const inherited = { ...process.env };
	delete inherited.N8N_PORT;
	delete inherited.SIMULATOR_PORT;
	// Its own process group, as in a terminal, so Ctrl-C (SIGINT to the group) can be sent the same way.
	dev = spawn('npm', ['run', 'dev'], {
		cwd: REPO,
		detached: true,
		env: { ...inherited, N8N_USER_FOLDER: userFolder },
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	dev.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	dev.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
	await ready();
	editorUrl = /Editor: +(\S+)/.exec(output)![1];
	simulatorUrl = /the simulator at (\S+)/.exec(output)![1];
	const [email, password] = /Sign in as: +(\S+) \/ (\S+)/.exec(output)!.slice(1);
	login = { email, password };
	browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
});

afterAll(async () => {
	await browser?.close();
	if (dev?.pid && dev.exitCode === null && dev.signalCode === null) process.kill(-dev.pid, 'SIGKILL');
	if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	for (const server of heldPorts) server.close();
});

it('prints the editor URL and the login, with the credential and the workflows it imported', () => {
	expect(editorUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
	expect(simulatorUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
	expect(output).toContain('Credential:  "Seqera simulator" → the simulator at https://');
	for (const workflow of Object.values(DEMO_WORKFLOWS)) expect(output).toContain(String(workflow.name));
	expect(output).not.toMatch(/sim-token-/);
});

it('moves n8n and the simulator off their default ports when those are taken', () => {
	expect(Number(new URL(editorUrl).port)).not.toBe(DEFAULT_N8N_PORT);
	expect(Number(new URL(simulatorUrl).port)).not.toBe(DEFAULT_SIMULATOR_PORT);
});

it('signs in with that login and runs the demo workflow from the editor', async () => {
	const page = await browser!.newPage({ viewport: { width: 1440, height: 900 } });
	page.setDefaultTimeout(60_000);
	await signIn(page, editorUrl, login);
	await page.goto(`${editorUrl}/workflow/${String(DEMO_WORKFLOWS.relaunch.id)}`);
	await page.getByTestId('execute-workflow-button').first().click();
	// Each of the five nodes gets a success mark; the last one lists the latest 10 runs, the relaunch among them.
	const succeeded = page.getByTestId('canvas-node-status-success');
	await until(async () => (await succeeded.count()) === 5);
	expect(await succeeded.count()).toBe(5);
	await expectText(page.getByTestId('canvas-node').filter({ hasText: 'Latest runs' }), '10 items');
	mkdirSync(ARTIFACTS, { recursive: true });
	await page.screenshot({ path: path.join(ARTIFACTS, 'demo-workflow-run.png') });
});

it('stops n8n and the simulator on Ctrl-C', async () => {
	const ports = [Number(new URL(editorUrl).port), Number(new URL(simulatorUrl).port)];
	for (const port of ports) expect(await listening(port)).toBe(true);
	const exited = new Promise<void>((resolve) => dev.once('exit', () => resolve()));
	process.kill(-dev.pid!, 'SIGINT');
	await exited;
	// npm itself dies of the SIGINT at once, as in a terminal; the script then stops n8n, which takes a few seconds.
	for (const port of ports) await until(async () => !(await listening(port)));
	expect(output).toContain('Stopping n8n and the simulator');
});
