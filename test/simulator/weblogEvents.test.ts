import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { WORKSPACE_IDS } from '../../dev/simulator/seed';
import { startSimulator, type Simulator, type WeblogMessage, type WeblogPost } from '../../dev/simulator/server';
import { weblogTargetOf } from '../../dev/simulator/weblogConfig';
import { sleep } from '../../dev/until';
import { withWeblogBlock } from '../../nodes/Seqera/weblog/protocol';
import { call, get, stop } from './testClient';

const GENOMICS = WORKSPACE_IDS.genomics;
const BASIC_TOKEN = 'seqera:3f9a61c0d2';
const UTC_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
/** How late a timer may fire on a busy machine. */
const TIMER_SLACK_MS = 250;

interface Received {
	path: string;
	query: string;
	headers: http.IncomingHttpHeaders;
	message: WeblogMessage;
	/** For `started` and `completed`: the run's status that GET /workflow/{id} gave just before the post was answered. */
	statusSeen?: string;
}

interface Receiver {
	url: string;
	received: Received[];
	/** What the receiver answers. */
	answer: number;
	/** How long it holds a `completed` post before it reads the run and answers. */
	completedDelayMs: number;
	close(): Promise<void>;
}

/**
 * A tiny webhook receiver: records every post and, on `started` and `completed`, asks the simulator for
 * the run before answering, as a client woken by them would.
 */
async function startReceiver(sim: () => Simulator, tls?: { key: string; cert: string }): Promise<Receiver> {
	const receiver: Receiver = { url: '', received: [], answer: 200, completedDelayMs: 0, close: async () => undefined };
	const handle = (request: http.IncomingMessage, response: http.ServerResponse) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			void (async () => {
				const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as WeblogMessage;
				const url = new URL(request.url ?? '/', 'http://receiver.invalid');
				const entry: Received = { path: url.pathname, query: url.search, headers: request.headers, message };
				receiver.received.push(entry);
				// A receiver slow to answer is the case: the platform's end must wait for the answer however long it takes.
				if (message.event === 'completed') await sleep(receiver.completedDelayMs);
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
			'weblog.basicToken = "seqera:p\'w"',
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
		const configText = withWeblogBlock("process.executor = 'awsbatch'\n", { url, user: 'seqera', password: 'p\'w\\x"y' });
		expect(weblogTargetOf(configText)).toEqual({ url, basicToken: 'seqera:p\'w\\x"y' });
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
	let defaults: Pick<Simulator['weblog'], 'duplicateChance' | 'cancelSilentChance' | 'platformLagMs'>;

	beforeAll(async () => {
		// Long enough a step that a test sees a run RUNNING, and cancels it, on a busy machine.
		sim = await startSimulator({ perSecond: 10_000, runProgressMs: 1000 });
		receiver = await startReceiver(() => sim);
		const { duplicateChance, cancelSilentChance, platformLagMs } = sim.weblog;
		defaults = { duplicateChance, cancelSilentChance, platformLagMs: [...platformLagMs] };
	});

	afterAll(async () => {
		await stop(sim);
		await receiver.close();
	});

	beforeEach(() => {
		sim.weblog.duplicateChance = defaults.duplicateChance;
		sim.weblog.cancelSilentChance = defaults.cancelSilentChance;
		// Shorter than the default, so the tests that wait for a run's end take less time.
		sim.weblog.platformLagMs = [100, 300];
		sim.weblog.silentRunChance = 0;
		sim.weblog.dropFinalEvents = false;
		receiver.answer = 200;
		receiver.completedDelayMs = 0;
	});

	/** performance.now() at which each launched run's clock ends it. */
	const clockEnds = new Map<string, number>();
	const launch = async (launchFields: Record<string, unknown>): Promise<string> => {
		const reply = await call(sim, 'POST', `/workflow/launch?workspaceId=${GENOMICS}`, {
			body: { launch: { pipeline: 'nf-core/rnaseq', ...launchFields } },
		});
		expect(reply.status).toBe(200);
		const workflowId = (reply.json as { workflowId: string }).workflowId;
		const progression = sim.data.findRun(workflowId)!.progression!;
		clockEnds.set(workflowId, progression.launchedAt + 2 * progression.stepMs);
		return workflowId;
	};
	const withWeblog = (url = `${receiver.url}/webhook-waiting/42?item=0`) => ({
		configText: `process.executor = 'awsbatch'\n${weblogBlock(url)}`,
	});
	const receivedFor = (workflowId: string) =>
		receiver.received.filter((entry) => entry.message.runId === sim.data.findRun(workflowId)!.sessionId);
	const eventsOf = (workflowId: string) => receivedFor(workflowId).map((entry) => entry.message.event);
	const statusOf = async (workflowId: string) =>
		((await get(sim, `/workflow/${workflowId}?workspaceId=${GENOMICS}`)).json as { workflow: { status: string; complete?: string } })
			.workflow;
	/** Each task's events in the order they arrived, by task_id. */
	const taskEvents = (workflowId: string) => {
		const byTask = new Map<unknown, string[]>();
		for (const { message } of receivedFor(workflowId).filter((entry) => entry.message.trace && entry.message.event !== 'error')) {
			byTask.set(message.trace!.task_id, [
				...(byTask.get(message.trace!.task_id) ?? []),
				`${message.event}:${String(message.trace!.status)}`,
			]);
		}
		return byTask;
	};
	/** The platform showed the run ended within the lag after `after` (performance.now()). */
	const expectEndedWithinLagAfter = (workflowId: string, after: number, [minLagMs, maxLagMs] = sim.weblog.platformLagMs) => {
		const endedAt = sim.data.findRun(workflowId)!.platformEndedAt!;
		expect(endedAt).toBeGreaterThanOrEqual(after + minLagMs);
		expect(endedAt).toBeLessThanOrEqual(after + maxLagMs + TIMER_SLACK_MS);
	};
	const onlyPost = (posts: WeblogPost[], event: string) => {
		const matching = posts.filter((post) => post.event === event);
		expect(matching).toHaveLength(1);
		return matching[0];
	};

	it('by default posts each event once, and the platform shows a run ended 100 to 5000 ms after its completed was answered', async () => {
		expect(defaults).toEqual({ duplicateChance: 0, cancelSilentChance: 0.5, platformLagMs: [100, 5000] });
		sim.weblog.platformLagMs = defaults.platformLagMs;
		const workflowId = await launch(withWeblog());
		const posts = await sim.weblog.settled(workflowId);
		expect(posts.every((post) => !post.duplicate)).toBe(true);
		expect(new Set(posts.map((post) => post.message)).size).toBe(posts.length);
		const received = receivedFor(workflowId).map((entry) => JSON.stringify(entry.message));
		expect(received).toHaveLength(posts.length);
		expect(new Set(received).size).toBe(received.length);
		onlyPost(posts, 'started');
		expectEndedWithinLagAfter(workflowId, onlyPost(posts, 'completed').answeredAt!, [100, 5000]);
	});

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
		expect(
			posts.every((post) => post.status === 200 && post.url === `${receiver.url}/webhook-waiting/42?item=0` && !post.duplicate),
		).toBe(true);

		const events = eventsOf(workflowId);
		expect(events[0]).toBe('started');
		expect(events[events.length - 1]).toBe('completed');
		expect(events).not.toContain('error');
		const tasks = (await get(sim, `/workflow/${workflowId}/tasks?workspaceId=${GENOMICS}&max=100`)).json as {
			tasks: Array<{ task: { taskId: number; hash: string } }>;
		};
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
		expect(
			received.every((entry) => (entry.message.event.startsWith('process_') ? entry.message.trace && !entry.message.metadata : true)),
		).toBe(true);

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
		expect(completed.message.metadata!.workflow).toMatchObject({
			success: true,
			exitStatus: 0,
			errorMessage: null,
			sessionId: run.sessionId,
		});
		expect(completed.message.metadata!.workflow.complete).toMatch(UTC_TIME);
		expect(completed.message.trace).toBeUndefined();
		// Nextflow posts its end before it tells the platform, which then ends the run as completed said.
		expect(completed.statusSeen).toBe('RUNNING');
		expect(run.exitStatus).toBe(0);
		expect((await statusOf(workflowId)).complete).toBe(completed.message.metadata!.workflow.complete);
		expectEndedWithinLagAfter(workflowId, posts[posts.length - 1].answeredAt!);
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
		const failedCompleted = received.findIndex(
			(entry) => entry.message.event === 'process_completed' && entry.message.trace!.status === 'FAILED',
		);
		expect(failedCompleted).toBeGreaterThan(-1);
		expect(failedCompleted).toBeLessThan(events.length - 2);
		expect(received[failedCompleted].message.trace).toEqual(error.trace);
		// Tasks still running when one failed were aborted: they never complete.
		const aborted = [...taskEvents(workflowId).values()].filter((stages) => stages.length === 2);
		expect(aborted.length).toBeGreaterThan(0);
		expect(aborted.every((stages) => stages.join() === 'process_submitted:SUBMITTED,process_started:RUNNING')).toBe(true);

		const completed = received[received.length - 1];
		expect(completed.message.metadata!.workflow).toMatchObject({
			success: false,
			exitStatus: 1,
			errorMessage: `Error executing process > '${String(error.trace!.name)}'`,
		});
		expect(completed.statusSeen).toBe('RUNNING');
		expect(sim.data.findRun(workflowId)).toMatchObject({ status: 'FAILED', exitStatus: 1 });
	});

	it('posts completed while the platform still shows the run RUNNING, and said RUNNING at started; the platform shows it ended only after the answer, within the lag', async () => {
		sim.weblog.platformLagMs = [400, 600];
		const workflowId = await launch(withWeblog());
		const started = await sim.weblog.nextPost(workflowId, { event: 'started' });
		expect(receivedFor(workflowId)[0].statusSeen).toBe('RUNNING');
		const completed = await sim.weblog.nextPost(workflowId, { event: 'completed' });
		expect(receivedFor(workflowId).find((entry) => entry.message.event === 'completed')!.statusSeen).toBe('RUNNING');
		// Answered, and the platform has not heard yet.
		expect((await statusOf(workflowId)).status).toBe('RUNNING');
		expect(sim.data.findRun(workflowId)!.platformEndedAt).toBeUndefined();
		// Sent within the run's last step's timer, at the end of its clock.
		const progressMs = sim.data.runProgressMs;
		expect(completed.at - started.at).toBeGreaterThanOrEqual(progressMs - 1);
		expect(completed.at).toBeGreaterThanOrEqual(clockEnds.get(workflowId)! - 1);

		await sim.weblog.settled(workflowId);
		expect((await statusOf(workflowId)).status).toBe('SUCCEEDED');
		expectEndedWithinLagAfter(workflowId, completed.answeredAt!, [400, 600]);
	});

	it('a receiver that answers completed slowly delays the end the platform shows as long', async () => {
		sim.weblog.platformLagMs = [100, 200];
		// Longer than a step and the lag together: a run that ended by its clock would show ended before the answer.
		receiver.completedDelayMs = 1500;
		const workflowId = await launch(withWeblog());
		const completed = await sim.weblog.nextPost(workflowId, { event: 'completed' });
		expect(completed.answeredAt! - completed.at).toBeGreaterThanOrEqual(1500);
		expect(receivedFor(workflowId).find((entry) => entry.message.event === 'completed')!.statusSeen).toBe('RUNNING');
		await sim.weblog.settled(workflowId);
		expect(sim.data.findRun(workflowId)!.status).toBe('SUCCEEDED');
		expectEndedWithinLagAfter(workflowId, completed.answeredAt!);
	});

	it('a cancelled run is CANCELLED at once, then posts completed without success, or nothing at all; over a few runs both happen', async () => {
		sim.weblog.reseed(2024);
		const runs = await Promise.all(
			Array.from({ length: 6 }, async () => {
				const workflowId = await launch(withWeblog());
				await sim.weblog.nextPost(workflowId, { event: 'started' });
				return workflowId;
			}),
		);
		for (const workflowId of runs) {
			expect((await call(sim, 'POST', `/workflow/${workflowId}/cancel?workspaceId=${GENOMICS}`)).status).toBe(204);
			expect((await statusOf(workflowId)).status).toBe('CANCELLED');
		}
		const postedCompleted: boolean[] = [];
		for (const workflowId of runs) {
			const cancelledAt = sim.data.findRun(workflowId)!.platformEndedAt!;
			// Cancelled while it ran, before its own end.
			expect(cancelledAt).toBeLessThan(clockEnds.get(workflowId)!);
			const posts = await sim.weblog.settled(workflowId);
			expect(posts.map((post) => post.event)).not.toContain('error');
			const completed = posts.filter((post) => post.event === 'completed');
			expect(completed.length).toBeLessThanOrEqual(1);
			postedCompleted.push(completed.length === 1);
			if (completed.length === 1) {
				expect(posts[posts.length - 1]).toBe(completed[0]);
				expect(completed[0].at).toBeGreaterThan(cancelledAt);
				expect(completed[0].message.metadata!.workflow).toMatchObject({ success: false });
				const received = receivedFor(workflowId);
				expect(received[received.length - 1].statusSeen).toBe('CANCELLED');
			}
			expect(sim.data.findRun(workflowId)!.status).toBe('CANCELLED');
		}
		expect(postedCompleted).toContain(true);
		expect(postedCompleted).toContain(false);
	});

	it('a run cancelled before it started posts nothing, as Nextflow had not started', async () => {
		// Started, it would post completed.
		sim.weblog.cancelSilentChance = 0;
		const workflowId = await launch(withWeblog());
		expect((await call(sim, 'POST', `/workflow/${workflowId}/cancel?workspaceId=${GENOMICS}`)).status).toBe(204);
		expect(await sim.weblog.settled(workflowId)).toEqual([]);
		expect(sim.data.findRun(workflowId)!.platformEndedAt).toEqual(expect.any(Number));
	});

	it('a run deleted while it runs posts nothing more', async () => {
		const workflowId = await launch(withWeblog());
		await sim.weblog.nextPost(workflowId, { event: 'started' });
		expect((await call(sim, 'DELETE', `/workflow/${workflowId}?workspaceId=${GENOMICS}&force=true`)).status).toBe(204);
		const posts = await sim.weblog.settled(workflowId);
		expect(posts.map((post) => post.event)).not.toContain('completed');
	});

	it('a launch without the block, or with it turned off, posts nothing, and ends by its clock', async () => {
		const without = await launch({ configText: "process.executor = 'awsbatch'" });
		const bare = await launch({});
		const off = await launch({ configText: weblogBlock(`${receiver.url}/off`).replace('enabled = true', 'enabled = false') });
		const watched = await launch(withWeblog());
		await sim.weblog.settled(watched);
		for (const workflowId of [without, bare, off]) {
			const run = sim.data.findRun(workflowId)!;
			expect(run.status).toBe('SUCCEEDED');
			expect(run.platformEndedAt).toBe(clockEnds.get(workflowId));
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
		expectEndedWithinLagAfter(workflowId, posts[posts.length - 1].answeredAt!);
	});

	it('a silent run posts nothing at all, and still ends, a lag after its clock', async () => {
		sim.weblog.silentRunChance = 1;
		const workflowId = await launch(withWeblog());
		expect(await sim.weblog.settled(workflowId)).toEqual([]);
		expect(sim.data.findRun(workflowId)!.status).toBe('SUCCEEDED');
		expect(receivedFor(workflowId)).toEqual([]);
		expectEndedWithinLagAfter(workflowId, clockEnds.get(workflowId)!);
	});

	it('with the final events dropped, a failed run posts its tasks but neither error nor completed, and still ends', async () => {
		sim.weblog.dropFinalEvents = true;
		const workflowId = await launch({ ...withWeblog(), runName: 'weblog-fail-dropped' });
		const posts = await sim.weblog.settled(workflowId);
		const events = posts.map((post) => post.event);
		expect(events[0]).toBe('started');
		expect(events).toContain('process_completed');
		expect(events).not.toContain('error');
		expect(events).not.toContain('completed');
		expect(sim.data.findRun(workflowId)!.status).toBe('FAILED');
		expect(sim.data.findRun(workflowId)!.platformEndedAt).toBeGreaterThanOrEqual(
			Math.max(clockEnds.get(workflowId)!, posts[posts.length - 1].answeredAt!) + sim.weblog.platformLagMs[0],
		);
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
		expect(new Set(receivedFor(refused).map((entry) => JSON.stringify(entry.message))).size).toBe(refusedPosts.length);
		// A refused end still ends the run, once: Nextflow goes on to tell the platform.
		expectEndedWithinLagAfter(refused, onlyPost(refusedPosts, 'completed').answeredAt!);
		expect(sim.data.findRun(refused)!.status).toBe('SUCCEEDED');
		const failed = await sim.weblog.settled(unreachable);
		expect(failed[0].event).toBe('started');
		expect(failed[failed.length - 1].event).toBe('completed');
		expect(failed.every((post) => post.status === 0 && /ECONNREFUSED/.test(post.error ?? ''))).toBe(true);
		expect(new Set(failed.map((post) => post.message)).size).toBe(failed.length);
		expectEndedWithinLagAfter(unreachable, onlyPost(failed, 'completed').answeredAt!);
	});

	it('posts to an HTTPS receiver with a self-signed certificate', async () => {
		const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', algorithm: 'sha256' });
		const secure = await startReceiver(() => sim, { key: pems.private, cert: pems.cert });
		try {
			const workflowId = await launch(withWeblog(`${secure.url}/webhook-waiting/9?item=1`));
			const posts = await sim.weblog.settled(workflowId);
			expect(posts.every((post) => post.status === 200)).toBe(true);
			expect(secure.received.map((entry) => entry.message.event)).toEqual(posts.map((post) => post.event));
			expect(secure.received[secure.received.length - 1].statusSeen).toBe('RUNNING');
			expect(sim.data.findRun(workflowId)!.status).toBe('SUCCEEDED');
		} finally {
			await secure.close();
		}
	});
});
