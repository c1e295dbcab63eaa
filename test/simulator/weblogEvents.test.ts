import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { WORKSPACE_IDS } from '../../dev/simulator/seed';
import { startSimulator, type Simulator, type WeblogMessage } from '../../dev/simulator/server';
import { weblogTargetOf } from '../../dev/simulator/weblogConfig';
import { withWeblogBlock } from '../../nodes/Seqera/runs/weblog';
import { call, get, stop } from './testClient';

const GENOMICS = WORKSPACE_IDS.genomics;
const BASIC_TOKEN = 'seqera:3f9a61c0d2';
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

interface Received {
	path: string;
	query: string;
	headers: http.IncomingHttpHeaders;
	message: WeblogMessage;
	/** For `started` and `completed`: the run's status that GET /workflow/{id} gave as the post arrived, before it was answered. */
	statusSeen?: string;
}

interface Receiver {
	url: string;
	received: Received[];
	/** What the receiver answers. */
	answer: number;
	close(): Promise<void>;
}

/**
 * A tiny webhook receiver: records every post and, on `completed`, asks the simulator for the run before
 * answering, as a client woken by it would.
 */
async function startReceiver(sim: () => Simulator, tls?: { key: string; cert: string }): Promise<Receiver> {
	const receiver: Receiver = { url: '', received: [], answer: 200, close: async () => undefined };
	const handle = (request: http.IncomingMessage, response: http.ServerResponse) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			void (async () => {
				const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as WeblogMessage;
				const url = new URL(request.url ?? '/', 'http://receiver.invalid');
				const entry: Received = { path: url.pathname, query: url.search, headers: request.headers, message };
				receiver.received.push(entry);
				if (message.event === 'started' || message.event === 'completed') {
					const run = sim().data.runs.find((r) => r.sessionId === message.runId)!;
					const reply = await get(sim(), `/workflow/${run.id}?workspaceId=${GENOMICS}`);
					entry.statusSeen = (reply.json as { workflow: { status: string } }).workflow.status;
				}
				response.writeHead(receiver.answer).end();
			})();
		});
	};
	const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	receiver.url = `${tls ? 'https' : 'http'}://127.0.0.1:${(server.address() as AddressInfo).port}`;
	receiver.close = async () => {
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	};
	return receiver;
}

/** The block the node appends to a launch's Nextflow config. */
const weblogBlock = (url: string, basicToken = BASIC_TOKEN) => `
weblog {
    enabled = true
    url = '${url}'
    basicToken = '${basicToken}'
}
`;

describe('simulator: the weblog scope of a launch config', () => {
	it('reads the block, the dotted form, either quotes and comments; a later setting wins', () => {
		expect(weblogTargetOf(weblogBlock('http://127.0.0.1:5678/webhook-waiting/42?item=0'))).toEqual({
			url: 'http://127.0.0.1:5678/webhook-waiting/42?item=0',
			basicToken: BASIC_TOKEN,
		});
		const dotted = [
			"process.executor = 'awsbatch'",
			'// weblog.url = "http://commented.invalid"',
			'weblog.enabled = true /* on */',
			'weblog.url = "https://n8n.example.org/webhook-waiting/7?item=3" // where n8n waits',
			"weblog.basicToken = \"seqera:p'w\"",
		].join('\n');
		expect(weblogTargetOf(dotted)).toEqual({ url: 'https://n8n.example.org/webhook-waiting/7?item=3', basicToken: "seqera:p'w" });
		expect(weblogTargetOf(`${weblogBlock('http://first.invalid/a')}\nweblog.url = 'http://second.invalid/b'`)).toEqual({
			url: 'http://second.invalid/b',
			basicToken: BASIC_TOKEN,
		});
		// No url: nf-weblog's default.
		expect(weblogTargetOf('weblog { enabled = true }')).toEqual({ url: 'http://localhost' });
	});

	it('reads the block the node appends to a launch config, whatever its password holds', () => {
		const url = 'https://n8n.example.org/webhook-waiting/42?item=0&signature=a%2Fb';
		const configText = withWeblogBlock("process.executor = 'awsbatch'\n", { url, user: 'seqera', password: "p'w\\x\"y" });
		expect(weblogTargetOf(configText)).toEqual({ url, basicToken: "seqera:p'w\\x\"y" });
	});

	it('ignores a block that is not enabled, one inside another scope, and a URL or token nf-weblog refuses', () => {
		expect(weblogTargetOf(undefined)).toBeUndefined();
		expect(weblogTargetOf("process.executor = 'local'")).toBeUndefined();
		expect(weblogTargetOf(weblogBlock('http://x.invalid/').replace('enabled = true', 'enabled = false'))).toBeUndefined();
		expect(weblogTargetOf(weblogBlock('http://x.invalid/').replace('enabled = true', "enabled = 'yes'"))).toBeUndefined();
		expect(weblogTargetOf(weblogBlock('http://x.invalid/').replace('enabled = true', '// enabled = true'))).toBeUndefined();
		expect(weblogTargetOf(`profiles {\n  test {\n${weblogBlock('http://x.invalid/')}\n  }\n}`)).toBeUndefined();
		expect(weblogTargetOf(weblogBlock('ftp://x.invalid/'))).toBeUndefined();
		expect(weblogTargetOf(weblogBlock('http://x.invalid/', 'c2VxZXJhOnB3'))).toBeUndefined();
	});
});

describe('simulator: runs post their events as Nextflow does', () => {
	let sim: Simulator;
	let receiver: Receiver;

	beforeAll(async () => {
		// Long enough a step that a test sees a run RUNNING, and cancels it, on a busy machine.
		sim = await startSimulator({ perSecond: 10_000, runProgressMs: 1000 });
		receiver = await startReceiver(() => sim);
	});

	afterAll(async () => {
		await stop(sim);
		await receiver.close();
	});

	beforeEach(() => {
		sim.weblog.duplicateChance = 0;
		sim.weblog.silentRunChance = 0;
		sim.weblog.dropFinalEvents = false;
		receiver.answer = 200;
	});

	const launch = async (launchFields: Record<string, unknown>): Promise<string> => {
		const reply = await call(sim, 'POST', `/workflow/launch?workspaceId=${GENOMICS}`, { body: { launch: { pipeline: 'nf-core/rnaseq', ...launchFields } } });
		expect(reply.status).toBe(200);
		return (reply.json as { workflowId: string }).workflowId;
	};
	const withWeblog = (url = `${receiver.url}/webhook-waiting/42?item=0`) => ({ configText: `process.executor = 'awsbatch'\n${weblogBlock(url)}` });
	const receivedFor = (workflowId: string) => receiver.received.filter((entry) => entry.message.runId === sim.data.findRun(workflowId)!.sessionId);
	const eventsOf = (workflowId: string) => receivedFor(workflowId).map((entry) => entry.message.event);
	/** Each task's events in the order they arrived, by task_id. */
	const taskEvents = (workflowId: string) => {
		const byTask = new Map<unknown, string[]>();
		for (const { message } of receivedFor(workflowId).filter((entry) => entry.message.trace && entry.message.event !== 'error')) {
			byTask.set(message.trace!.task_id, [...(byTask.get(message.trace!.task_id) ?? []), `${message.event}:${String(message.trace!.status)}`]);
		}
		return byTask;
	};

	it('posts started, each task submitted, started and completed, then completed, at its URL with its basic auth', async () => {
		const workflowId = await launch(withWeblog());
		const posts = await sim.weblog.settled(workflowId);
		const run = sim.data.findRun(workflowId)!;
		expect(run.status).toBe('SUCCEEDED');

		const received = receivedFor(workflowId);
		expect(received.length).toBeGreaterThan(3);
		expect(received.map((entry) => entry.message.event)).toEqual(posts.map((post) => post.event));
		for (const entry of received) {
			expect(entry.path).toBe('/webhook-waiting/42');
			expect(entry.query).toBe('?item=0');
			expect(entry.headers.authorization).toBe(`Basic ${Buffer.from(BASIC_TOKEN).toString('base64')}`);
			expect(entry.headers['content-type']).toBe('application/json');
			expect(entry.message).toMatchObject({ runName: run.runName, runId: run.sessionId });
			expect(entry.message.utcTime).toMatch(UTC_TIME);
		}
		expect(posts.every((post) => post.status === 200 && post.url === `${receiver.url}/webhook-waiting/42?item=0` && !post.duplicate)).toBe(true);

		const events = eventsOf(workflowId);
		expect(events[0]).toBe('started');
		expect(events[events.length - 1]).toBe('completed');
		expect(events).not.toContain('error');
		const tasks = (await get(sim, `/workflow/${workflowId}/tasks?workspaceId=${GENOMICS}&max=100`)).json as { tasks: Array<{ task: { taskId: number; hash: string } }> };
		const byTask = taskEvents(workflowId);
		expect([...byTask.keys()].sort()).toEqual(tasks.tasks.map(({ task }) => task.taskId).sort());
		for (const stages of byTask.values()) {
			expect(stages).toEqual(['process_submitted:SUBMITTED', 'process_started:RUNNING', 'process_completed:COMPLETED']);
		}

		const completedTrace = received.find((entry) => entry.message.event === 'process_completed')!.message.trace!;
		const platformTask = tasks.tasks.find(({ task }) => task.taskId === completedTrace.task_id)!.task;
		expect(completedTrace).toMatchObject({ hash: platformTask.hash, exit: 0, status: 'COMPLETED' });
		for (const field of ['name', 'process', 'tag', 'workdir', 'submit', 'start', 'complete', 'realtime', 'native_id']) {
			expect(completedTrace[field]).toEqual(expect.anything());
		}
		const submittedTrace = received.find((entry) => entry.message.event === 'process_submitted')!.message.trace!;
		expect(submittedTrace).toMatchObject({ start: null, complete: null, exit: null });
		expect(received.every((entry) => (entry.message.event.startsWith('process_') ? entry.message.trace && !entry.message.metadata : true))).toBe(true);

		const started = received[0].message.metadata!;
		expect(started.parameters).toEqual(run.params);
		expect(started.workflow).toMatchObject({
			runName: run.runName,
			sessionId: run.sessionId,
			complete: null,
			success: false,
			exitStatus: null,
			errorMessage: null,
		});
		expect(started.workflow.start).toMatch(UTC_TIME);
		const completed = received[received.length - 1];
		expect(completed.message.metadata!.workflow).toMatchObject({ success: true, exitStatus: 0, errorMessage: null, sessionId: run.sessionId });
		expect(completed.message.metadata!.workflow.complete).toMatch(UTC_TIME);
		expect(completed.message.trace).toBeUndefined();
		expect(completed.statusSeen).toBe('SUCCEEDED');
	});

	it('on a failed run posts the failed task completed with a non-zero exit, then error with its trace, then completed without success', async () => {
		const workflowId = await launch({ ...withWeblog(), runName: 'weblog-fail-run' });
		await sim.weblog.settled(workflowId);
		const received = receivedFor(workflowId);
		const events = received.map((entry) => entry.message.event);
		expect(events.slice(-2)).toEqual(['error', 'completed']);
		expect(events.filter((event) => event === 'error')).toHaveLength(1);

		const error = received[received.length - 2].message;
		expect(error.trace).toMatchObject({ status: 'FAILED', exit: 1 });
		expect(error.metadata).toBeUndefined();
		const failedCompleted = received.findIndex((entry) => entry.message.event === 'process_completed' && entry.message.trace!.status === 'FAILED');
		expect(failedCompleted).toBeGreaterThan(-1);
		expect(failedCompleted).toBeLessThan(events.length - 2);
		expect(received[failedCompleted].message.trace).toEqual(error.trace);
		// Tasks still running when one failed were aborted: they never complete.
		const aborted = [...taskEvents(workflowId).values()].filter((stages) => stages.length === 2);
		expect(aborted.length).toBeGreaterThan(0);
		expect(aborted.every((stages) => stages.join() === 'process_submitted:SUBMITTED,process_started:RUNNING')).toBe(true);

		const completed = received[received.length - 1];
		expect(completed.message.metadata!.workflow).toMatchObject({ success: false, exitStatus: 1, errorMessage: `Error executing process > '${String(error.trace!.name)}'` });
		expect(completed.statusSeen).toBe('FAILED');
	});

	it('posts completed at the moment the run turns terminal: GET /workflow/{id} already says so, and said RUNNING at started', async () => {
		const workflowId = await launch(withWeblog());
		const started = await sim.weblog.nextPost(workflowId, { event: 'started' });
		expect(receivedFor(workflowId)[0].statusSeen).toBe('RUNNING');
		const completed = await sim.weblog.nextPost(workflowId, { event: 'completed' });
		expect(receivedFor(workflowId).find((entry) => entry.message.event === 'completed')!.statusSeen).toBe('SUCCEEDED');
		// Sent within the run's last step's timer, not at some later read of the run.
		const progressMs = sim.data.runProgressMs;
		expect(completed.at - started.at).toBeGreaterThanOrEqual(progressMs - 1);
	});

	it('a cancelled run posts completed without success when it is cancelled', async () => {
		const workflowId = await launch(withWeblog());
		await sim.weblog.nextPost(workflowId, { event: 'started' });
		const completed = sim.weblog.nextPost(workflowId, { event: 'completed' });
		expect((await call(sim, 'POST', `/workflow/${workflowId}/cancel?workspaceId=${GENOMICS}`)).status).toBe(204);
		const post = await completed;
		expect(post.message.metadata!.workflow).toMatchObject({ success: false });
		const received = receivedFor(workflowId);
		expect(received[received.length - 1].statusSeen).toBe('CANCELLED');
		const posts = await sim.weblog.settled(workflowId);
		expect(posts.filter((p) => p.event === 'completed')).toHaveLength(1);
		expect(posts.map((p) => p.event)).not.toContain('error');
	});

	it('a run cancelled before it started posts nothing, as Nextflow had not started', async () => {
		const workflowId = await launch(withWeblog());
		expect((await call(sim, 'POST', `/workflow/${workflowId}/cancel?workspaceId=${GENOMICS}`)).status).toBe(204);
		expect(await sim.weblog.settled(workflowId)).toEqual([]);
	});

	it('a launch without the block, or with it turned off, posts nothing', async () => {
		const without = await launch({ configText: "process.executor = 'awsbatch'" });
		const bare = await launch({});
		const off = await launch({ configText: weblogBlock(`${receiver.url}/off`).replace('enabled = true', 'enabled = false') });
		const watched = await launch(withWeblog());
		await sim.weblog.settled(watched);
		for (const workflowId of [without, bare, off]) {
			expect(sim.data.findRun(workflowId)!.status).toBe('SUCCEEDED');
			expect(receivedFor(workflowId)).toEqual([]);
			expect(sim.weblog.postsOf(workflowId)).toEqual([]);
		}
		expect(receiver.received.some((entry) => entry.path === '/off')).toBe(false);
	});

	it('posts each event twice in a row when told to, with the same body', async () => {
		sim.weblog.duplicateChance = 1;
		const workflowId = await launch(withWeblog());
		const posts = await sim.weblog.settled(workflowId);
		expect(posts.length % 2).toBe(0);
		for (let i = 0; i < posts.length; i += 2) {
			expect([posts[i].duplicate, posts[i + 1].duplicate]).toEqual([false, true]);
			expect(posts[i + 1].message).toBe(posts[i].message);
		}
		const messages = receivedFor(workflowId).map((entry) => JSON.stringify(entry.message));
		expect(messages.filter((_, i) => i % 2 === 0)).toEqual(messages.filter((_, i) => i % 2 === 1));
	});

	it('a silent run posts nothing at all, and still ends', async () => {
		sim.weblog.silentRunChance = 1;
		const workflowId = await launch(withWeblog());
		expect(await sim.weblog.settled(workflowId)).toEqual([]);
		expect(sim.data.findRun(workflowId)!.status).toBe('SUCCEEDED');
		expect(receivedFor(workflowId)).toEqual([]);
	});

	it('with the final events dropped, a failed run posts its tasks but neither error nor completed', async () => {
		sim.weblog.dropFinalEvents = true;
		const workflowId = await launch({ ...withWeblog(), runName: 'weblog-fail-dropped' });
		const events = (await sim.weblog.settled(workflowId)).map((post) => post.event);
		expect(events[0]).toBe('started');
		expect(events).toContain('process_completed');
		expect(events).not.toContain('error');
		expect(events).not.toContain('completed');
		expect(sim.data.findRun(workflowId)!.status).toBe('FAILED');
	});

	it('logs a refused or failed post with its status and never sends it again', async () => {
		receiver.answer = 500;
		const closed = http.createServer();
		await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
		const port = (closed.address() as AddressInfo).port;
		await new Promise<void>((resolve) => closed.close(() => resolve()));
		const refused = await launch(withWeblog());
		const unreachable = await launch(withWeblog(`http://127.0.0.1:${port}/nobody`));

		const refusedPosts = await sim.weblog.settled(refused);
		expect(refusedPosts.every((post) => post.status === 500)).toBe(true);
		expect(refusedPosts.map((post) => post.event)).toEqual(eventsOf(refused));
		const failed = await sim.weblog.settled(unreachable);
		expect(failed[0].event).toBe('started');
		expect(failed[failed.length - 1].event).toBe('completed');
		expect(failed.every((post) => post.status === 0 && /ECONNREFUSED/.test(post.error ?? ''))).toBe(true);
		expect(new Set(failed.map((post) => post.message)).size).toBe(failed.length);
	});

	it('posts to an HTTPS receiver with a self-signed certificate', async () => {
		const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', algorithm: 'sha256' });
		const secure = await startReceiver(() => sim, { key: pems.private, cert: pems.cert });
		try {
			const workflowId = await launch(withWeblog(`${secure.url}/webhook-waiting/9?item=1`));
			const posts = await sim.weblog.settled(workflowId);
			expect(posts.every((post) => post.status === 200)).toBe(true);
			expect(secure.received.map((entry) => entry.message.event)).toEqual(posts.map((post) => post.event));
			expect(secure.received[secure.received.length - 1].statusSeen).toBe('SUCCEEDED');
		} finally {
			await secure.close();
		}
	});
});
