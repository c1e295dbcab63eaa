/**
 * A launch whose wait n8n holds (Wait In "Pause the Execution Until the Runs End", version 1.3), inside real
 * n8n: for each release in versions.json, an active workflow (Webhook → Launch and wait → a read of the
 * run) is called once. The run lasts two minutes on the simulator, which posts its events to the
 * execution's resume URL as Nextflow's weblog does (the end before the platform learns it), each twice. While the execution waits, calls that
 * are not the run's own end (no secret, a wrong one, a body that is not an event, another session's
 * end, an end the platform does not show) resume nothing. Then n8n is killed and started again; the run
 * ends after that, and the node after the wait runs once, with the ended run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import { hashToken, startSimulator, type Simulator } from '../../dev/simulator/server';
import { weblogTargetOf } from '../../dev/simulator/weblogConfig';
import {
	installPackage,
	n8nEnvironment,
	requireInstalled,
	runN8nCommand,
	stablePort,
	startN8n,
	type N8nProcess,
} from '../../dev/n8n/n8nInstance';
import versions from '../../dev/n8n/versions.json';
import { simulatorCredential, webhookTrigger, workflow } from '../../dev/n8n/workflows';
import {
	activateWorkflows,
	afterWaitReads,
	heldLaunchNode,
	launchAndWaitWorkflow,
	postJson as post,
	READER,
	readerCredential,
	reportNode,
	sleep,
	until as untilWithin,
} from '../../dev/n8n/heldWait';

// Packing the package, two starts of n8n and a two-minute run, per release.
jest.setTimeout(900_000);

// The run spends this long in SUBMITTED and again in RUNNING: long enough for n8n to be killed and
// started again before it ends, on a busy machine.
const RUN_PROGRESS_MS = 75_000;
const WEBHOOK_PATH = 'seqera-held-wait';
const RUN_NAME = 'held-by-n8n';

const HELD_WAIT_WORKFLOW = launchAndWaitWorkflow({
	id: 'seqHeldWait0001',
	name: 'Launch, n8n holds the wait, read the run',
	webhookPath: WEBHOOK_PATH,
	webhookId: '8b1d6f0e-3c2a-4f57-9d41-6a0e2c9b7f13',
	runName: RUN_NAME,
});

/**
 * Webhook → one launch per name in the call's body, held by n8n with `waitOptions` → a run search whose
 * text lists what the node after the wait received: each item's run, its status and how its wait ended,
 * in item order. The search is made once for all items, so the log tells how often that node ran.
 */
function launchRunsAndReport(id: string, path: string, webhookId: string, waitOptions: IDataObject, typeVersion = 1.3): IDataObject {
	return workflow(
		id,
		`Launch runs, n8n holds the wait (${path})`,
		[
			{
				id: 'Runs',
				name: 'Runs',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [200, 0],
				parameters: { fieldToSplitOut: 'body.runs', include: 'noOtherFields', options: {} },
			},
			heldLaunchNode('Launch and wait', 400, '={{ $json.name }}', waitOptions, typeVersion),
			reportNode(
				600,
				"={{ $input.all().map(item => item.json.error ?? [item.json.workflowId, item.json.status ?? 'none', item.json.waitOutcome].join(':')).join(' ') }}",
			),
		],
		webhookTrigger(path, webhookId),
	);
}

const SEVERAL_RUNS = launchRunsAndReport('seqHeldWait0002', 'seqera-held-runs', '2f6d1c84-7a3e-4b90-8e15-d4c7a9b03e21', {
	failOnRunFailure: false,
});
/** With On Error "Continue (using error output)": the report hangs off the error output. */
function reportingFailures(workflowWithReport: IDataObject): IDataObject {
	const nodes = workflowWithReport.nodes as IDataObject[];
	const launch = nodes.find((node) => node.name === 'Launch and wait')!;
	launch.onError = 'continueErrorOutput';
	(workflowWithReport.connections as IDataObject)['Launch and wait'] = { main: [[], [{ node: 'Report', type: 'main', index: 0 }]] };
	return workflowWithReport;
}
/** Fail Item When Run Fails. */
const FAILING_RUN = reportingFailures(
	launchRunsAndReport('seqHeldWait0003', 'seqera-held-failing', '5a0e9b37-c1d4-4f62-9b78-e3f2a6c8d154', {}),
);
const PAST_LIMIT = launchRunsAndReport('seqHeldWait0004', 'seqera-held-limit', '7c4b2e19-8f0a-4d35-a6e1-b9d8c3f7a062', {
	timeoutMinutes: 1,
});
/** Version 1.5 fails the runs not ended at the time limit (72 s here; a user gives hours or days): n8n routes them to the error output as it passes the wait on. */
const FAILED_AT_LIMIT = reportingFailures(
	launchRunsAndReport(
		'seqHeldWait0005',
		'seqera-held-limit-fails',
		'1e8a4c6f-3b92-4d07-8f15-a9c2e7d04b63',
		{ timeLimit: 0.02, timeLimitUnit: 'hours' },
		1.5,
	),
);
const WORKFLOWS = [HELD_WAIT_WORKFLOW, SEVERAL_RUNS, FAILING_RUN, PAST_LIMIT, FAILED_AT_LIMIT];

describe.each(versions)('a launch whose wait n8n holds, inside n8n %s', (version) => {
	let sim: Simulator;
	let userFolder: string;
	let n8nBin: string;
	let env: NodeJS.ProcessEnv;
	let port: number;
	let main: N8nProcess | undefined;

	const readsAfterWait = (kind: 'metrics' | 'progress') => afterWaitReads(sim, kind).map((entry) => entry.path);
	const until = async <T>(what: string, found: () => T | undefined | Promise<T | undefined>, timeoutMs: number) =>
		await untilWithin(what, found, timeoutMs, () => main?.output() ?? '');

	async function startMain(): Promise<N8nProcess> {
		return await startN8n(n8nBin, { args: ['start'], env, readyOutput: /Editor is now accessible via/ });
	}

	beforeAll(async () => {
		n8nBin = requireInstalled(version);
		sim = await startSimulator({
			runProgressMs: RUN_PROGRESS_MS,
			tokens: ['sim-token-alpha', READER.token],
			weblog: { duplicateChance: 1 },
		});
		userFolder = mkdtempSync(path.join(os.tmpdir(), `n8n-nodes-seqera-held-wait-${version}-`));
		// The resume URL a launch sends to Nextflow is built from WEBHOOK_URL, so n8n comes back on the same
		// port, one nothing else takes while n8n is down; a start that finds it taken fails.
		port = await stablePort();
		env = n8nEnvironment(userFolder, { N8N_PORT: String(port), WEBHOOK_URL: `http://127.0.0.1:${port}/` });
		await installPackage(n8nBin, env);
		const files = path.join(userFolder, 'import');
		mkdirSync(files);
		const credentials = [simulatorCredential(sim.baseUrl), readerCredential(sim.baseUrl)];
		writeFileSync(path.join(files, 'credentials.json'), JSON.stringify(credentials));
		writeFileSync(path.join(files, 'workflows.json'), JSON.stringify(WORKFLOWS));
		const n8n = async (...args: string[]) => await runN8nCommand(n8nBin, env, ...args);
		expect(await n8n('import:credentials', `--input=${path.join(files, 'credentials.json')}`)).toContain(
			'Successfully imported 2 credentials',
		);
		expect(await n8n('import:workflow', `--input=${path.join(files, 'workflows.json')}`)).toContain(
			`Successfully imported ${WORKFLOWS.length} workflows`,
		);
		await activateWorkflows(
			n8nBin,
			env,
			version,
			WORKFLOWS.map(({ id }) => String(id)),
		);
		main = await startMain();
	});

	afterAll(async () => {
		await main?.stop();
		await sim?.close();
		if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	});

	it('goes on once, with the ended run, after n8n was killed and started again during the wait; calls that are not the run’s own end resume nothing', async () => {
		const webhookUrl = `http://127.0.0.1:${port}/webhook/${WEBHOOK_PATH}`;
		await until('the webhook registered', async () => ((await post(webhookUrl, {})) === 200 ? true : undefined), 120_000);
		const launch = await until('the launch', () => sim.data.launches[0], 60_000);
		const run = sim.data.findRun(launch.workflowId)!;
		expect(run.runName).toBe(RUN_NAME);
		const target = weblogTargetOf((launch.request as { launch: IDataObject }).launch.configText as string);
		expect(target).toBeDefined();
		const url = target!.url;
		const basicToken = target!.basicToken!;
		expect(url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/webhook-waiting/\\d+`));
		expect(basicToken).not.toContain('sim-token-alpha');

		const end = { runName: run.runName, runId: run.sessionId, event: 'completed', utcTime: '2026-11-28T10:00:00Z' };
		// n8n answers 409 while the execution still runs; once it waits, the node's webhook answers.
		await until('the execution waiting', async () => ((await post(url, end)) === 401 ? true : undefined), 60_000);
		expect(await post(url, end, 'n8n:not-the-secret')).toBe(401);
		expect(await post(url, { hello: 'world' }, basicToken)).toBe(400);
		expect(await post(url, { ...end, runId: '00000000-0000-4000-8000-000000000000' }, basicToken)).toBe(409);
		// The run has not ended on the platform: its end is not believed.
		expect(await post(url, end, basicToken)).toBe(202);
		expect(await post(url, { ...end, event: 'process_completed', trace: { name: 'sayHello (1)' } }, basicToken)).toBe(200);
		// Any event but the end is answered before the secret is checked: it changes nothing.
		expect(await post(url, { ...end, event: 'process_completed', trace: { name: 'sayHello (1)' } })).toBe(200);
		expect(readsAfterWait('metrics')).toEqual([]);
		expect(readsAfterWait('progress')).toEqual([]);

		// Killed as a crash or a recycled container would kill it: no shutdown.
		main!.child.kill('SIGKILL');
		await new Promise((resolve) => main!.child.once('exit', resolve));
		main = await startMain();
		expect(sim.data.findRun(run.id)!.status).not.toMatch(/SUCCEEDED|FAILED/);

		const ended = await until(
			'the run ended and its end posted',
			() => sim.weblog.postsOf(run.id).find((p) => p.event === 'completed' && p.answeredAt !== undefined),
			4 * RUN_PROGRESS_MS,
		);
		// Nextflow posts the end before the platform knows it: the node answers at once, and confirms with the platform.
		expect(ended.status).toBe(202);
		const endedOnPlatform = await until('the run ended on the platform', () => sim.data.findRun(run.id)!.platformEndedAt, 60_000);
		await until('the node after the wait', () => (readsAfterWait('metrics').length > 0 ? true : undefined), 60_000);
		// Within two seconds of the platform's end (the node reads every half second until then).
		expect(afterWaitReads(sim, 'metrics')[0].at - endedOnPlatform).toBeLessThan(2_000);
		// The duplicate end, and one more a few seconds later, change nothing.
		await sim.weblog.settled(run.id);
		// A late end, sent a few seconds after the others as a retrying sender would: the delay is the case.
		await sleep(3000);
		expect(await post(url, end, basicToken)).toBeGreaterThanOrEqual(400);
		// Nothing marks a second run of the node after the wait that never happens: wait as long as one takes to make its call, then count.
		await sleep(3000);
		expect(readsAfterWait('metrics')).toEqual([`/workflow/${run.id}/metrics`]);
		expect(readsAfterWait('progress')).toEqual([]);
		expect(sim.contractViolations).toEqual([]);
	});

	it('goes on once every run has ended, one item per run in item order; a failed run is a failed item, sent to the error output; past its time limit passes on the runs marked timeLimit', async () => {
		// Shorter runs from here on; the time limit's case is a run that posts no event at all.
		sim.data.runProgressMs = 10_000;
		const launchesBefore = sim.data.launches.length;
		const webhook = (hookPath: string) => `http://127.0.0.1:${port}/webhook/${hookPath}`;
		const launchedAs = (runName: string) =>
			until(
				`the launch of ${runName}`,
				() =>
					sim.data.launches
						.slice(launchesBefore)
						.map((launch) => sim.data.findRun(launch.workflowId)!)
						.find((run) => run.runName === runName),
				60_000,
			);
		const reports = () =>
			sim.log
				.filter((entry) => entry.tokenHash === hashToken(READER.token) && entry.path === '/workflow')
				.map((entry) => entry.query.search);

		// n8n 2.x publishes workflows in the background after it starts: a call with no runs launches nothing.
		for (const hookPath of ['seqera-held-runs', 'seqera-held-failing', 'seqera-held-limit', 'seqera-held-limit-fails']) {
			await until(
				`the webhook ${hookPath} registered`,
				async () => ((await post(webhook(hookPath), { runs: [] })) === 200 ? true : undefined),
				120_000,
			);
		}
		expect(await post(webhook('seqera-held-runs'), { runs: [{ name: 'held_a' }, { name: 'held_b_fail' }, { name: 'held_c' }] })).toBe(
			200,
		);
		expect(await post(webhook('seqera-held-failing'), { runs: [{ name: 'held_only_fail' }] })).toBe(200);
		const [a, b, c, failing] = await Promise.all(['held_a', 'held_b_fail', 'held_c', 'held_only_fail'].map(launchedAs));
		sim.weblog.silentRunChance = 1;
		// Runs that post nothing and outlast the limit: no check finds them ended before it.
		sim.data.runProgressMs = 120_000;
		expect(await post(webhook('seqera-held-limit'), { runs: [{ name: 'held_silent' }] })).toBe(200);
		expect(await post(webhook('seqera-held-limit-fails'), { runs: [{ name: 'held_silent_fails' }] })).toBe(200);
		const [silent, silentFails] = await Promise.all(['held_silent', 'held_silent_fails'].map(launchedAs));
		sim.weblog.silentRunChance = 0;

		const severalReport = `${a.id}:SUCCEEDED:runEnded ${b.id}:FAILED:runEnded ${c.id}:SUCCEEDED:runEnded`;
		const pastLimitReport = `${silent.id}:none:timeLimit`;
		const failedAtLimitReport = `Run ${silentFails.id} had not ended at the wait's time limit`;
		// n8n looks for waits past their time once a minute.
		const expectedReports = [severalReport, pastLimitReport, failedAtLimitReport];
		await untilWithin(
			'the reports',
			() => (expectedReports.every((report) => reports().includes(report)) && reports().length >= 4 ? true : undefined),
			240_000,
			() => `expected ${JSON.stringify(expectedReports)}, reported ${JSON.stringify(reports())}\n${main?.output() ?? ''}`,
		);
		await Promise.all([a, b, c, failing].map(async (run) => await sim.weblog.settled(run.id)));
		// Nothing marks a second report that never comes: wait as long as one takes to be made, then count.
		await sleep(3000);
		// Each report once; the failed run's came out of the error output, as the failed item n8n makes of it.
		const failedReport = `Run ${failing.id} ended FAILED`;
		expect(reports().sort()).toEqual([failedReport, pastLimitReport, severalReport, failedAtLimitReport].sort());
		const failingTarget = weblogTargetOf(
			(sim.data.launches.find((launch) => launch.workflowId === failing.id)!.request as { launch: IDataObject }).launch
				.configText as string,
		)!;
		// Its end, told again, finds the execution over.
		const failingEnd = { runName: failing.runName, runId: failing.sessionId, event: 'completed', utcTime: '2026-11-28T10:00:00Z' };
		expect(await post(failingTarget.url, failingEnd, failingTarget.basicToken)).toBe(409);
		expect(sim.contractViolations).toEqual([]);
	});
});
