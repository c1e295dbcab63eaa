/**
 * The Seqera Platform Trigger as an active workflow inside real n8n: for each release in versions.json,
 * workflows with the trigger are imported with n8n's CLI, activated (1.x) or published (2.x), and
 * `n8n start` runs them. n8n polls on its own schedule, every two seconds (poll times the editor offers:
 * one custom cron per second of the minute), starting with the poll n8n makes when it activates the
 * workflow, which only records what exists. Nothing in n8n is called from here: the test changes the
 * simulator and watches what the workflows do, as a user would. Each trigger feeds a Seqera node that
 * makes one call per item that nothing else makes, so the simulator's log counts the events.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { hashToken, startSimulator, type LoggedRequest, type Simulator } from '../../dev/simulator/server';
import type { SimRun } from '../../dev/simulator/model';
import { freePort, installPackage, n8nEnvironment, requireInstalled, runN8nCommand, startN8n, type N8nProcess } from '../../dev/n8n/n8nInstance';
import versions from '../../dev/n8n/versions.json';
import { CREDENTIAL, GENOMICS, seqeraNode, seqeraTrigger, simulatorCredential, workflow } from '../../dev/n8n/workflows';

// Packing the package and starting n8n take a minute or two per release on a busy machine.
jest.setTimeout(600_000);

const POLL_SECONDS = 2;
// Each launched run spends this long in SUBMITTED and in RUNNING: it ends a few polls after it started.
const RUN_PROGRESS_MS = 1500;
// Long enough for n8n 2.x to publish its workflows in the background after the editor is up.
const FIRST_POLL_TIMEOUT_MS = 120_000;
// Long enough for many polls, and the executions they start, once the triggers poll.
const EVENT_TIMEOUT_MS = 30_000;

/**
 * Each workflow has a credential with its own token, so the simulator's log tells which workflow made
 * each call: its trigger's polls, and the calls of the node after it.
 */
const WATCHERS = {
	newRun: { token: 'sim-token-alpha', credential: CREDENTIAL },
	runEnded: { token: 'sim-token-beta', credential: { id: 'seqSimCred00002', name: 'Seqera simulator (second token)' } },
};

const runLocator = { __rl: true, mode: 'id', value: '={{ $json.id }}' };
const genomics = { __rl: true, mode: 'id', value: String(GENOMICS) };

const WORKFLOWS = [
	workflow(
		'seqTrigNewRun01',
		'Trigger: new runs',
		[seqeraNode('Progress', 200, { operation: 'getProgress', workflowId: runLocator }, { credentials: { seqeraApi: WATCHERS.newRun.credential } })],
		seqeraTrigger('New run', { event: 'started', workspace: genomics }, POLL_SECONDS, { credentials: { seqeraApi: WATCHERS.newRun.credential } }),
	),
	workflow(
		'seqTrigRunEnd01',
		'Trigger: runs that ended',
		[seqeraNode('Metrics', 200, { operation: 'getMetrics', workflowId: runLocator }, { credentials: { seqeraApi: WATCHERS.runEnded.credential } })],
		seqeraTrigger('Run ended', { event: 'statusChanged', statuses: ['anyTerminal'], workspace: genomics }, POLL_SECONDS, {
			credentials: { seqeraApi: WATCHERS.runEnded.credential },
		}),
	),
];

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

/** The run IDs of a watcher's calls to `/workflow/{id}/<what>`, one per call, in the order they came. */
function callsFor(sim: Simulator, token: string, what: 'progress' | 'metrics'): string[] {
	const tokenHash = hashToken(token);
	const pattern = new RegExp(`^/workflow/([^/]+)/${what}$`);
	return sim.log.flatMap((entry) => (entry.tokenHash === tokenHash ? (pattern.exec(entry.path)?.slice(1, 2) ?? []) : []));
}

/** The polls of a watcher's trigger so far: each poll reads the run list at least once. */
function pollsOf(sim: Simulator, token: string): LoggedRequest[] {
	const tokenHash = hashToken(token);
	return sim.log.filter((entry) => entry.tokenHash === tokenHash && entry.method === 'GET' && entry.path === '/workflow');
}

function countsOf(ids: string[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const id of ids) counts[id] = (counts[id] ?? 0) + 1;
	return counts;
}

const once = (runs: SimRun[]) => Object.fromEntries(runs.map((run) => [run.id, 1]));

describe.each(versions)('the trigger in an active workflow inside n8n %s', (version) => {
	let sim: Simulator;
	let userFolder: string;
	let n8nBin: string;
	let env: NodeJS.ProcessEnv;
	let main: N8nProcess | undefined;
	const launched: SimRun[] = [];

	async function n8n(...args: string[]): Promise<string> {
		return await runN8nCommand(n8nBin, env, ...args);
	}

	/** Waits until `done` holds; on timeout, fails with what n8n printed. */
	async function until(what: string, done: () => boolean, timeoutMs = EVENT_TIMEOUT_MS): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (!done()) {
			if (Date.now() > deadline) throw new Error(`Not seen within ${timeoutMs} ms: ${what}\n${main?.output() ?? ''}`);
			await sleep(200);
		}
	}

	/** Waits for two more polls of each trigger, so an event they were going to report twice would be. */
	async function twoMorePolls(): Promise<void> {
		const seen = Object.values(WATCHERS).map(({ token }) => pollsOf(sim, token).length);
		await until('two more polls of each trigger', () => Object.values(WATCHERS).every(({ token }, index) => pollsOf(sim, token).length >= seen[index] + 2));
	}

	function launch(runName: string): SimRun {
		const run = sim.data.launch(GENOMICS, { launch: { pipeline: 'nf-core/rnaseq', runName } }, null);
		launched.push(run);
		return run;
	}

	beforeAll(async () => {
		n8nBin = requireInstalled(version);
		sim = await startSimulator({ runProgressMs: RUN_PROGRESS_MS });
		userFolder = mkdtempSync(path.join(os.tmpdir(), `n8n-nodes-seqera-trigger-${version}-`));
		env = n8nEnvironment(userFolder, { N8N_PORT: String(await freePort()) });
		await installPackage(n8nBin, env);

		const files = path.join(userFolder, 'import');
		mkdirSync(files);
		const credentials = Object.values(WATCHERS).map(({ token, credential }) => ({ ...simulatorCredential(sim.baseUrl, token), ...credential }));
		writeFileSync(path.join(files, 'credentials.json'), JSON.stringify(credentials));
		writeFileSync(path.join(files, 'workflows.json'), JSON.stringify(WORKFLOWS));
		expect(await n8n('import:credentials', `--input=${path.join(files, 'credentials.json')}`)).toMatch(/Successfully imported 2 credentials/);
		expect(await n8n('import:workflow', `--input=${path.join(files, 'workflows.json')}`)).toMatch(/Successfully imported 2 workflows/);
		for (const { id } of WORKFLOWS) {
			// 1.x activates, 2.x publishes; either only writes the database, which `n8n start` reads.
			if (version.startsWith('1.')) expect(await n8n('update:workflow', `--id=${String(id)}`, '--active=true')).toMatch(/Activating workflow with ID/);
			else expect(await n8n('publish:workflow', `--id=${String(id)}`)).toMatch(/Publishing workflow with ID/);
		}
		main = await startN8n(n8nBin, { args: ['start'], env, readyOutput: /Editor is now accessible via/ });
	});

	afterAll(async () => {
		await main?.stop();
		await sim?.close();
		if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	});

	it('polls on its own schedule, and its first poll only records the runs that exist', async () => {
		await until('a poll of each trigger', () => Object.values(WATCHERS).every(({ token }) => pollsOf(sim, token).length > 0), FIRST_POLL_TIMEOUT_MS);
		await twoMorePolls();
		const times = pollsOf(sim, WATCHERS.newRun.token).map((entry) => entry.at);
		const gaps = times.slice(1).map((time, index) => time - times[index]);
		// A busy machine may delay a poll, but not by a whole interval.
		expect(Math.max(...gaps)).toBeLessThan(2 * POLL_SECONDS * 1000);
		expect(callsFor(sim, WATCHERS.newRun.token, 'progress')).toEqual([]);
		expect(callsFor(sim, WATCHERS.runEnded.token, 'metrics')).toEqual([]);
	});

	it('reports each new run once (New Run): a burst within one second, and a run that shows up late in a second already reported', async () => {
		// Early in a second, so the whole burst is submitted within it.
		while (Date.now() % 1000 > 300) await sleep(20);
		const burst = [launch('burst_a'), launch('burst_b'), launch('burst_c_fail')];
		const second = Math.floor(burst[0].submit.getTime() / 1000);
		expect(burst.map((run) => Math.floor(run.submit.getTime() / 1000))).toEqual([second, second, second]);
		await until('the burst reported', () => callsFor(sim, WATCHERS.newRun.token, 'progress').length >= burst.length);

		// Submitted in the same second as the burst, but listed only after the trigger reported it: the
		// case a cursor on the newest submit time loses.
		const late = sim.data.addRun({
			workspaceId: GENOMICS,
			runName: 'late_in_the_second',
			status: 'SUBMITTED',
			submit: new Date(second * 1000 + 999),
			progression: { launchedAt: performance.now(), stepMs: RUN_PROGRESS_MS, outcome: 'SUCCEEDED' },
		});
		launched.push(late);
		launch('after_the_burst');
		await until('every launched run reported', () => new Set(callsFor(sim, WATCHERS.newRun.token, 'progress')).size >= launched.length);
		await twoMorePolls();
		expect(countsOf(callsFor(sim, WATCHERS.newRun.token, 'progress'))).toEqual(once(launched));
	});

	it('reports each run that ends once (Run Status Changed, any terminal status)', async () => {
		await until('every launched run reported as ended', () => new Set(callsFor(sim, WATCHERS.runEnded.token, 'metrics')).size >= launched.length);
		await twoMorePolls();
		expect(countsOf(callsFor(sim, WATCHERS.runEnded.token, 'metrics'))).toEqual(once(launched));
		expect(launched.map((run) => [run.runName, sim.data.findRun(run.id)?.status])).toEqual(
			launched.map((run) => [run.runName, run.runName.includes('fail') ? 'FAILED' : 'SUCCEEDED']),
		);
	});

	it('sent only requests that keep to the platform contract, and no call was refused', () => {
		expect(sim.contractViolations).toEqual([]);
		expect(sim.log.filter((entry) => entry.status >= 400)).toEqual([]);
	});
});
