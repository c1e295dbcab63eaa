/**
 * The Seqera Nextflow Events trigger as an active workflow inside real n8n, for each release in
 * versions.json: imported with n8n's CLI, activated (1.x) or published (2.x), and run by `n8n start`.
 * The trigger (Events: Process Failed) feeds a Seqera node that lists runs with a search naming the run,
 * the task and its exit status, a call nothing else makes: the simulator's log tells what the workflow
 * received, and how often. A failing run is launched on the simulator with a weblog block pointing at
 * the trigger, and posts each of its events twice, as a retrying proxy would; then three at once, whose
 * calls are in flight together, so that n8n's saves of the static data overwrite each other. Calls
 * without the credential, with a wrong password, or with a body that is not an event, start nothing.
 * Then a Seqera launch (version 1.4), itself started by a webhook, picks the workflow of a version 1.1
 * trigger in Send Nextflow Events To: the run's failed process starts that workflow, once. Last, a
 * version 1.2 trigger takes an event with its run's own secret only, where version 1.1 still takes the
 * shared password.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import { hashToken, startSimulator, type Simulator } from '../../dev/simulator/server';
import { runEventsSecret } from '../../nodes/Seqera/weblog/runEventsSecret';
import { withWeblogBlock } from '../../nodes/Seqera/weblog/protocol';
import {
	importIntoN8n,
	installPackage,
	n8nEnvironment,
	requireInstalled,
	runN8nCommand,
	stablePort,
	startN8n,
	type N8nProcess,
} from '../../dev/n8n/n8nInstance';
import versions from '../../dev/n8n/versions.json';
import {
	GENOMICS,
	launchSendingEventsTo,
	nextflowEventsTrigger,
	seqeraNode,
	simulatorCredential,
	webhookTrigger,
	workflow,
} from '../../dev/n8n/workflows';
import { sleep, until as untilWithin } from '../../dev/until';

// Packing the package and starting n8n take a minute or two per release on a busy machine.
jest.setTimeout(600_000);

// The run spends this long in SUBMITTED and again in RUNNING, where its tasks post their events.
const RUN_PROGRESS_MS = 3000;
const RECORDER = { token: 'sim-token-beta', credential: { id: 'seqNfEvCred0002', name: 'Seqera: record events' } };
const EVENTS_CREDENTIAL = {
	id: 'seqNfEvCred0001',
	name: 'Nextflow events',
	type: 'seqeraNextflowEventsApi',
	data: { user: 'nextflow', password: 'w8Kq-2c7e-4f1a-9b3d' },
};
const BASIC_TOKEN = `${EVENTS_CREDENTIAL.data.user}:${EVENTS_CREDENTIAL.data.password}`;
const WEBHOOK_ID = '5d0c2f5e-7a1b-4c9d-8e3f-1a2b3c4d5e6f';

/** A node that records each event it is started on as a search of runs, `marker` first: a call nothing else makes. */
function recordEvent(marker: string): IDataObject {
	return seqeraNode(
		'Record event',
		300,
		{
			resource: 'customApiCall',
			method: 'GET',
			path: '/workflow',
			queryParameters: {
				parameter: [
					{ name: 'search', value: `=${marker}{{ $json.runName }} {{ $json.name }} exit {{ $json.exit }} {{ $json.event }}` },
				],
			},
		},
		{ credentials: { seqeraApi: RECORDER.credential } },
	);
}

const EVENTS_WORKFLOW = workflow(
	'seqNfEvents0001',
	'Nextflow events: record failed processes',
	[recordEvent('')],
	nextflowEventsTrigger(1, WEBHOOK_ID, EVENTS_CREDENTIAL),
);

// Version 1.1 of the trigger listens at a path named by its workflow's ID; a launch picks the workflow.
const PICKED_WORKFLOW_ID = 'seqNfEvents0002';
const PICKED_EVENTS_WORKFLOW = workflow(
	PICKED_WORKFLOW_ID,
	'Nextflow events: picked by a launch',
	[recordEvent('picked ')],
	nextflowEventsTrigger(1.1, '8a4e1c9b-2d7f-4e63-b5a0-6c3d9f1e2b47', EVENTS_CREDENTIAL),
);
// Version 1.2 takes each run's own secret, and the shared password only with Accept the Shared Password on.
const SECRET_WORKFLOW_ID = 'seqNfEvents0003';
const SECRET_EVENTS_WORKFLOW = workflow(
	SECRET_WORKFLOW_ID,
	"Nextflow events: each run's own secret",
	[recordEvent('secret ')],
	nextflowEventsTrigger(1.2, 'c3e7a1f4-9b2d-4f86-a0c5-7d1e3b9f2a68', EVENTS_CREDENTIAL),
);
const LAUNCH_PATH = 'launch-with-events';
const LAUNCH_WORKFLOW = workflow(
	'seqNfLaunch0001',
	'Launch, sending the run events to a workflow',
	[
		launchSendingEventsTo(
			'picked_fail',
			{ value: PICKED_WORKFLOW_ID, cachedResultName: 'Nextflow events: picked by a launch' },
			EVENTS_CREDENTIAL,
		),
	],
	webhookTrigger(LAUNCH_PATH, '2f6b8d1e-4c3a-4b9e-8d7f-1a5c3e9b0d24', 'lastNode'),
);

async function post(url: string, body: unknown, basicToken?: string): Promise<number> {
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	if (basicToken !== undefined) headers.authorization = `Basic ${Buffer.from(basicToken).toString('base64')}`;
	return (await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })).status;
}

describe.each(versions)('the Seqera Nextflow Events trigger in an active workflow inside n8n %s', (version) => {
	let sim: Simulator;
	let userFolder: string;
	let main: N8nProcess | undefined;
	let triggerUrl: string;

	/** The searches the workflow made, one per event it was started on. */
	const recorded = () =>
		sim.log
			.filter((entry) => entry.tokenHash === hashToken(RECORDER.token) && entry.path === '/workflow')
			.map((entry) => entry.query.search);

	const until = async <T>(what: string, found: () => T | false | undefined | Promise<T | false | undefined>, timeoutMs: number) =>
		await untilWithin(what, found, timeoutMs, () => main?.output() ?? '');

	beforeAll(async () => {
		const n8nBin = requireInstalled(version);
		sim = await startSimulator({
			runProgressMs: RUN_PROGRESS_MS,
			tokens: ['sim-token-alpha', RECORDER.token],
			weblog: { duplicateChance: 1 },
		});
		userFolder = mkdtempSync(path.join(os.tmpdir(), `n8n-nodes-seqera-nextflow-events-${version}-`));
		// The URL the trigger shows is built from WEBHOOK_URL: n8n must listen on the port it names.
		const port = await stablePort();
		const env = n8nEnvironment(userFolder, { N8N_PORT: String(port), WEBHOOK_URL: `http://127.0.0.1:${port}/` });
		await installPackage(n8nBin, env);
		await importIntoN8n(n8nBin, env, {
			credentials: [
				EVENTS_CREDENTIAL,
				simulatorCredential(sim.baseUrl),
				{ ...simulatorCredential(sim.baseUrl, RECORDER.token), ...RECORDER.credential },
			],
			workflows: [EVENTS_WORKFLOW, PICKED_EVENTS_WORKFLOW, SECRET_EVENTS_WORKFLOW, LAUNCH_WORKFLOW],
		});
		for (const id of [EVENTS_WORKFLOW.id, PICKED_WORKFLOW_ID, SECRET_WORKFLOW_ID, LAUNCH_WORKFLOW.id].map(String)) {
			if (version.startsWith('1.'))
				expect(await runN8nCommand(n8nBin, env, 'update:workflow', `--id=${id}`, '--active=true')).toMatch(
					/Activating workflow with ID/,
				);
			else expect(await runN8nCommand(n8nBin, env, 'publish:workflow', `--id=${id}`)).toMatch(/Publishing workflow with ID/);
		}
		main = await startN8n(n8nBin, { args: ['start'], env, readyOutput: /Editor is now accessible via/ });
		triggerUrl = `http://127.0.0.1:${main.port}/webhook/${WEBHOOK_ID}/events`;
	});

	afterAll(async () => {
		await main?.stop();
		await sim?.close();
		if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	});

	it('refuses calls without the credential (401) and bodies that are not weblog events (400), starting nothing', async () => {
		const event = {
			runName: 'forged_run',
			runId: '00000000-0000-4000-8000-000000000000',
			event: 'process_completed',
			utcTime: '2026-11-28T10:00:00Z',
			trace: { name: 'FORGED (1)', status: 'FAILED', exit: 1 },
		};
		// n8n answers 404 until it has registered the active workflow's webhook.
		await until('the trigger registered', async () => ((await post(triggerUrl, event)) === 401 ? true : undefined), 120_000);
		expect(await post(triggerUrl, event, `${EVENTS_CREDENTIAL.data.user}:not-the-password`)).toBe(401);
		expect(await post(triggerUrl, event, `someone:${EVENTS_CREDENTIAL.data.password}`)).toBe(401);
		expect(await post(triggerUrl, { hello: 'world' }, BASIC_TOKEN)).toBe(400);
		expect(await post(triggerUrl, { ...event, event: 'finished' }, BASIC_TOKEN)).toBe(400);
		// An event it does not start on is answered, and starts nothing.
		expect(
			await post(
				triggerUrl,
				{ ...event, event: 'process_submitted', trace: { name: 'FORGED (1)', status: 'SUBMITTED' } },
				BASIC_TOKEN,
			),
		).toBe(200);
		// Nothing marks an execution that never starts: wait as long as one takes to make its call, then count.
		await sleep(3000);
		expect(recorded()).toEqual([]);
	});

	it("starts the workflow once for a failing run's failed process, with its name and exit status, though Nextflow posted it twice and again as the run's error", async () => {
		const configText = withWeblogBlock("process.executor = 'awsbatch'\n", {
			url: triggerUrl,
			user: EVENTS_CREDENTIAL.data.user,
			password: EVENTS_CREDENTIAL.data.password,
		});
		// A pipeline of a few tasks: n8n takes a fraction of a second for each post on a busy machine.
		const run = sim.data.launch(GENOMICS, { launch: { pipeline: 'nextflow-io/hello', runName: 'nightly_fail', configText } }, null);
		const posts = await sim.weblog.settled(run.id, { timeoutMs: 180_000 });
		expect(sim.data.findRun(run.id)!.status).toBe('FAILED');
		// Every post, each one twice, was answered by the trigger.
		expect(posts.filter((each) => each.status !== 200)).toEqual([]);
		expect(posts.filter((each) => each.duplicate)).toHaveLength(posts.length / 2);
		const failed = posts.filter((each) => each.message.trace?.status === 'FAILED');
		const names = [...new Set(failed.map((each) => each.message.trace!.name))];
		expect(names).toHaveLength(1);
		// The failed task's process_completed and the run's error, each posted twice.
		expect(failed.map((each) => each.event).sort()).toEqual(['error', 'error', 'process_completed', 'process_completed']);
		const trace = failed[0].message.trace as IDataObject;

		const expected = `nightly_fail ${String(trace.name)} exit ${String(trace.exit)} processFailed`;
		await until('the failed process recorded', () => (recorded().length > 0 ? true : undefined), 60_000);
		// Time for a second execution, had one been started, to make its call: nothing marks one that never starts.
		await sleep(5000);
		expect(recorded()).toEqual([expected]);
		expect(trace.exit).toBe(1);
		expect(sim.contractViolations).toEqual([]);
	});

	it('starts it once for each failed process of three failing runs posting at once, each event twice', async () => {
		const configText = withWeblogBlock(undefined, {
			url: triggerUrl,
			user: EVENTS_CREDENTIAL.data.user,
			password: EVENTS_CREDENTIAL.data.password,
		});
		const before = recorded().length;
		const runs = ['burst_a_fail', 'burst_b_fail', 'burst_c_fail'].map((runName) =>
			sim.data.launch(GENOMICS, { launch: { pipeline: 'nextflow-io/hello', runName, configText } }, null),
		);
		const posts = await Promise.all(runs.map(async (run) => await sim.weblog.settled(run.id, { timeoutMs: 180_000 })));
		const expected = runs.map((run, index) => {
			const trace = posts[index].find((each) => each.event === 'process_completed' && each.message.trace?.status === 'FAILED')!
				.message.trace as IDataObject;
			return `${run.runName} ${String(trace.name)} exit ${String(trace.exit)} processFailed`;
		});
		await until('the three failed processes recorded', () => (recorded().length >= before + 3 ? true : undefined), 60_000);
		// Time for a fourth execution, had one been started, to make its call: nothing marks one that never starts.
		await sleep(5000);
		expect(recorded().slice(before).sort()).toEqual(expected.sort());
	});

	it("a launch that picks a version 1.1 trigger's workflow sends its run's events there: the failed process starts that workflow once", async () => {
		const before = recorded().length;
		const answer = await fetch(`http://127.0.0.1:${main!.port}/webhook/${LAUNCH_PATH}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		});
		const launched = (await answer.json()) as IDataObject[];
		expect({ status: answer.status, runName: launched[0]?.runName }).toEqual({ status: 200, runName: 'picked_fail' });
		const runId = String(launched[0].workflowId);
		const posts = await sim.weblog.settled(runId, { timeoutMs: 180_000 });
		// n8n built the trigger's URL from WEBHOOK_URL and the picked workflow's ID; the trigger answered each post.
		expect(new Set(posts.map((each) => each.url))).toEqual(
			new Set([`http://127.0.0.1:${main!.port}/webhook/nextflow-events/${PICKED_WORKFLOW_ID}`]),
		);
		expect(posts.filter((each) => each.status !== 200)).toEqual([]);
		const trace = posts.find((each) => each.event === 'process_completed' && each.message.trace?.status === 'FAILED')!.message
			.trace as IDataObject;
		const expected = `picked picked_fail ${String(trace.name)} exit ${String(trace.exit)} processFailed`;
		await until('the picked workflow recorded the failed process', () => (recorded().length > before ? true : undefined), 60_000);
		// Time for a second execution, had one been started, to make its call: nothing marks one that never starts.
		await sleep(5000);
		expect(recorded().slice(before)).toEqual([expected]);
		expect(sim.contractViolations).toEqual([]);
	});

	it("a version 1.2 trigger starts on its run's own secret, not on the shared password or another run's secret (401); a version 1.1 trigger still takes the shared password", async () => {
		const triggerOf = (workflowId: string) => `http://127.0.0.1:${main!.port}/webhook/nextflow-events/${workflowId}`;
		const failed = (runName: string) => ({
			runName,
			runId: '6a2f9c1e-3b7d-4e58-9f0a-1c4d7e2b8a35',
			event: 'process_completed',
			utcTime: '2026-11-28T11:00:00Z',
			trace: { task_id: 1, hash: '5e/1a2b3c', name: `${runName.toUpperCase()} (1)`, status: 'FAILED', exit: 1 },
		});
		const withSecretOf = (runName: string) =>
			`${EVENTS_CREDENTIAL.data.user}:${runEventsSecret(EVENTS_CREDENTIAL.data.password, runName)}`;
		const before = recorded().length;
		expect(await post(triggerOf(SECRET_WORKFLOW_ID), failed('secret_run'), BASIC_TOKEN)).toBe(401);
		expect(await post(triggerOf(SECRET_WORKFLOW_ID), failed('secret_run'), withSecretOf('other_run'))).toBe(401);
		expect(await post(triggerOf(SECRET_WORKFLOW_ID), failed('secret_run'), withSecretOf('secret_run'))).toBe(200);
		expect(await post(triggerOf(PICKED_WORKFLOW_ID), failed('shared_run'), BASIC_TOKEN)).toBe(200);
		const expected = ['picked shared_run SHARED_RUN (1) exit 1 processFailed', 'secret secret_run SECRET_RUN (1) exit 1 processFailed'];
		await until('both events recorded', () => (recorded().length >= before + 2 ? true : undefined), 60_000);
		// Time for an execution of a refused call, had one been started, to make its call: nothing marks one that never starts.
		await sleep(3000);
		expect(recorded().slice(before).sort()).toEqual(expected);
	});
});
