/**
 * Held waits whose run's end does not reach n8n as Nextflow's event, inside real n8n: for each release in
 * versions.json, launches whose wait n8n holds with the least Check Interval, 2 minutes: a check every minute. The simulator posts each run's
 * events as Nextflow does: the end first, answered before the platform learns it, and never again.
 *
 * - a run that posts nothing at all (Nextflow cannot reach n8n);
 * - a run whose end arrives while n8n is down, and n8n starts again after the platform shows it;
 * - a run whose end arrives while the platform cannot be read, so the node answers 503;
 * - two held waits in one execution, each resumed by its own run's events.
 *
 * Each time, the node after the wait runs once, with the ended run, within the check interval of the
 * moment the platform showed the end, or n8n was up again; never at the wait's time limit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import {
	activateWorkflows,
	afterWaitReads,
	heldLaunchNode,
	launchAndWaitWorkflow,
	postJson,
	READER,
	readerCredential,
	reportNode,
	sleep,
	until as untilWithin,
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
import { simulatorCredential, webhookTrigger, workflow } from '../../dev/n8n/workflows';
import type { SimRun } from '../../dev/simulator/model';
import { hashToken, startSimulator, type Simulator } from '../../dev/simulator/server';

// Packing the package, two starts of n8n and four waits of a few minutes, per release.
jest.setTimeout(1_200_000);

/** Checks every half interval, so that n8n's own part (its wait tracker, the check execution's steps, the resumed execution's start) fits in the other half. */
const CHECK_INTERVAL_MS = 120_000;
/** A wait resumed by its run's event, not by a check: well within the first half of a check interval. */
const ON_THE_EVENT_MS = 30_000;
const WAIT_OPTIONS = { checkIntervalMinutes: CHECK_INTERVAL_MS / 60_000, failOnRunFailure: false };
const HELD_PATH = 'seqera-held-checks';

const HELD_WORKFLOW = launchAndWaitWorkflow({
	id: 'seqHeldCheck001',
	name: 'Launch, n8n holds the wait with checks, read the run',
	webhookPath: HELD_PATH,
	webhookId: '0c2d8e51-7f3a-4b69-a1d5-c8e4f2b7a930',
	runName: '={{ $json.body.runName }}',
	waitOptions: WAIT_OPTIONS,
});

const TWO_WAITS_PATH = 'seqera-held-twice';

/** Webhook → a held launch → a second held launch → a report of both runs as the last node received them, once. */
const TWO_WAITS_WORKFLOW = workflow(
	'seqHeldCheck002',
	'Two held waits in one execution',
	[
		heldLaunchNode('First launch', 200, "={{ $('Webhook').first().json.body.first }}", WAIT_OPTIONS),
		heldLaunchNode('Second launch', 400, "={{ $('Webhook').first().json.body.second }}", WAIT_OPTIONS),
		reportNode(
			600,
			"={{ [$('First launch').first().json, $json].map(run => [run.workflowId, run.status, run.waitOutcome].join(':')).join(' ') }}",
		),
	],
	webhookTrigger(TWO_WAITS_PATH, '6e3f1a92-4c8b-4d07-b5e2-9a1c7d3f0b64'),
);

describe.each(versions)('held waits whose run’s end is lost on its way, inside n8n %s', (version) => {
	let sim: Simulator;
	let userFolder: string;
	let n8nBin: string;
	let env: NodeJS.ProcessEnv;
	let port: number;
	let main: N8nProcess | undefined;

	const output = () => main?.output() ?? '';
	const until = async <T>(what: string, found: () => T | undefined | Promise<T | undefined>, timeoutMs: number) =>
		await untilWithin(what, found, timeoutMs, output);
	const metricsReads = (run: SimRun) => afterWaitReads(sim, 'metrics').filter((entry) => entry.path === `/workflow/${run.id}/metrics`);
	const progressReads = (run: SimRun) => afterWaitReads(sim, 'progress').filter((entry) => entry.path === `/workflow/${run.id}/progress`);

	async function startMain(): Promise<N8nProcess> {
		return await startN8n(n8nBin, { args: ['start'], env, readyOutput: /Editor is now accessible via/ });
	}

	/** Calls the held workflow and returns the run it launched, once the execution waits for it (its resume URL then asks for the secret). */
	async function launchHeld(runName: string): Promise<SimRun> {
		const before = sim.data.launches.length;
		expect(await postJson(`http://127.0.0.1:${port}/webhook/${HELD_PATH}`, { runName })).toBe(200);
		const launched = await until(`the launch of ${runName}`, () => sim.data.launches[before], 120_000);
		return sim.data.findRun(launched.workflowId)!;
	}

	/** When the platform first showed the run ended. */
	const platformEnd = async (run: SimRun) =>
		await until(`run ${run.id} ended on the platform`, () => sim.data.findRun(run.id)?.platformEndedAt, 300_000);

	/** The runs whose wait went on, for the last test, which checks that each went on once. */
	const wentOnRuns: SimRun[] = [];
	let twoWaitsReport: string | undefined;

	/** When the node after the wait first ran, with the run ended and not past the limit. */
	async function wentOn(run: SimRun): Promise<number> {
		const [read] = await until(
			`the node after the wait for run ${run.id}`,
			() => (metricsReads(run).length > 0 ? metricsReads(run) : undefined),
			300_000,
		);
		wentOnRuns.push(run);
		return read.at;
	}

	beforeAll(async () => {
		n8nBin = requireInstalled(version);
		sim = await startSimulator({ runProgressMs: 20_000, tokens: ['sim-token-alpha', READER.token] });
		userFolder = mkdtempSync(path.join(os.tmpdir(), `n8n-nodes-seqera-held-checks-${version}-`));
		// n8n comes back on the same port: the resume URLs in the runs' configs and the checks point there.
		port = await stablePort();
		env = n8nEnvironment(userFolder, { N8N_PORT: String(port), WEBHOOK_URL: `http://127.0.0.1:${port}/` });
		await installPackage(n8nBin, env);
		await importIntoN8n(n8nBin, env, {
			credentials: [simulatorCredential(sim.baseUrl), readerCredential(sim.baseUrl)],
			workflows: [HELD_WORKFLOW, TWO_WAITS_WORKFLOW],
		});
		await activateWorkflows(n8nBin, env, version, [String(HELD_WORKFLOW.id), String(TWO_WAITS_WORKFLOW.id)]);
		main = await startMain();
		await webhookRegistered(main, `http://127.0.0.1:${port}/webhook/${HELD_PATH}`);
		await webhookRegistered(main, `http://127.0.0.1:${port}/webhook/${TWO_WAITS_PATH}`);
	});

	afterAll(async () => {
		await main?.stop();
		await sim?.close();
		if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	});

	it('a run that posts no event at all: the wait goes on within its check interval of the end', async () => {
		sim.weblog.silentRunChance = 1;
		const run = await launchHeld('held_silent_run');
		sim.weblog.silentRunChance = 0;
		const endedAt = await platformEnd(run);
		const wentOnAt = await wentOn(run);
		expect(sim.weblog.postsOf(run.id)).toEqual([]);
		// The bound the checks promise: within the check interval of the end, n8n's own part included.
		expect(wentOnAt - endedAt).toBeLessThan(CHECK_INTERVAL_MS);
		expect(sim.contractViolations).toEqual([]);
	});

	it('a run that ends while n8n is down: once n8n is up again, the wait goes on within its check interval', async () => {
		const run = await launchHeld('held_while_down');
		await until(`run ${run.id} running`, () => (sim.data.findRun(run.id)!.status === 'RUNNING' ? true : undefined), 120_000);
		// Killed as a crash or a recycled container would kill it: no shutdown.
		main!.child.kill('SIGKILL');
		await new Promise((resolve) => main!.child.once('exit', resolve));
		await platformEnd(run);
		// Nextflow's end found nobody listening, and it never posts again.
		const end = sim.weblog.postsOf(run.id).find((post) => post.event === 'completed');
		expect(end?.status).toBe(0);
		main = await startMain();
		const upAt = performance.now();
		const wentOnAt = await wentOn(run);
		// The bound the checks promise once n8n is up again, n8n's own part included.
		expect(wentOnAt - upAt).toBeLessThan(CHECK_INTERVAL_MS);
		expect(sim.contractViolations).toEqual([]);
	});

	it('a run whose end arrives while the platform cannot be read: the node answers 503, keeps waiting, and goes on within its check interval', async () => {
		const run = await launchHeld('held_unreadable_end');
		await until(`run ${run.id} running`, () => (sim.data.findRun(run.id)!.status === 'RUNNING' ? true : undefined), 120_000);
		sim.addFault({ method: 'GET', path: new RegExp(`^/workflow/${run.id}$`), kind: 'status', status: 500, times: Infinity });
		const end = await sim.weblog.nextPost(run.id, { event: 'completed', timeoutMs: 120_000 });
		sim.clearFaults();
		expect(end.status).toBe(503);
		const endedAt = await platformEnd(run);
		const wentOnAt = await wentOn(run);
		// The bound the checks promise: within the check interval of the end, n8n's own part included.
		expect(wentOnAt - endedAt).toBeLessThan(CHECK_INTERVAL_MS);
		expect(sim.contractViolations).toEqual([]);
	});

	it('two held waits in one execution: each goes on once with its own run, on the runs’ events', async () => {
		const before = sim.data.launches.length;
		const reports = () =>
			sim.log
				.filter((entry) => entry.tokenHash === hashToken(READER.token) && entry.path === '/workflow')
				.map((entry) => entry.query.search);
		expect(
			await postJson(`http://127.0.0.1:${port}/webhook/${TWO_WAITS_PATH}`, {
				first: 'held_first_of_two',
				second: 'held_second_of_two',
			}),
		).toBe(200);
		const first = sim.data.findRun((await until('the first launch', () => sim.data.launches[before], 120_000)).workflowId)!;
		const firstEnd = await platformEnd(first);
		const second = sim.data.findRun((await until('the second launch', () => sim.data.launches[before + 1], 120_000)).workflowId)!;
		// The first wait went on on its run's event, not on a check.
		expect(sim.data.launches[before + 1].at - firstEnd).toBeLessThan(ON_THE_EVENT_MS);
		const secondEnd = await platformEnd(second);
		const expected = `${first.id}:SUCCEEDED:runEnded ${second.id}:SUCCEEDED:runEnded`;
		await until('the report', () => (reports().includes(expected) ? true : undefined), 120_000);
		twoWaitsReport = expected;
		const reported = sim.log.find((entry) => entry.query.search === expected)!;
		// On the event, not a check.
		expect(reported.at - secondEnd).toBeLessThan(ON_THE_EVENT_MS);
		for (const run of [first, second]) expect(sim.weblog.postsOf(run.id).find((post) => post.event === 'completed')?.status).toBe(202);
		expect(sim.contractViolations).toEqual([]);
	});

	it('each wait went on once: the checks after it, and late ends, find it over', async () => {
		// Every check execution checks once more within half an interval, and ends on finding its wait over.
		// Nothing marks a check that resumes nothing: wait past the next check, then count.
		await sleep(CHECK_INTERVAL_MS / 2 + 5_000);
		expect(wentOnRuns.map((run) => [run.id, metricsReads(run).length, progressReads(run).length])).toEqual(
			wentOnRuns.map((run) => [run.id, 1, 0]),
		);
		const reports = sim.log
			.filter((entry) => entry.tokenHash === hashToken(READER.token) && entry.path === '/workflow')
			.map((entry) => entry.query.search);
		expect(reports).toEqual([twoWaitsReport]);
	});
});
