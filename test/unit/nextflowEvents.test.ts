import { createHmac } from 'node:crypto';

import { NodeHelpers } from 'n8n-workflow';
import type { IDataObject, INode, INodeParameters, IWebhookFunctions } from 'n8n-workflow';

import { versionDescription } from '../../nodes/Seqera/actions/versionDescription';
import { eventItemOf, eventKeyOf, nextflowEventOf } from '../../nodes/Seqera/trigger/nextflowEvents/eventItems';
import { receiveNextflowEvent } from '../../nodes/Seqera/trigger/nextflowEvents/nextflowEvents';
import { firstReport, type SeenEventsState } from '../../nodes/Seqera/trigger/nextflowEvents/seenEvents';
import { triggerUrlOf } from '../../nodes/Seqera/weblog/triggerUrl';
import type { WeblogEvent } from '../../nodes/Seqera/weblog/protocol';

const RUN = { runName: 'nightly_fail', runId: '3f1c7a52-8d0e-4b7a-9c1e-5d2f6a7b8c9d' };
const FAILED_TRACE = {
	task_id: 7,
	hash: 'a1/0024fd',
	name: 'FASTQC (sample_2)',
	process: 'FASTQC',
	tag: 'sample_2',
	status: 'FAILED',
	exit: 1,
	error_action: 'TERMINATE',
	attempt: 1,
	workdir: 's3://bucket/scratch/a1/0024fd028375e2b601aaed44d112e3',
	submit: 1764325200000,
	start: 1764325201000,
	complete: 1764325260000,
	duration: 60000,
	realtime: 58000,
};
const processFailed: WeblogEvent = { ...RUN, event: 'process_completed', utcTime: '2026-11-28T10:21:00Z', trace: FAILED_TRACE };
const runEnd = (success: boolean): WeblogEvent => ({
	...RUN,
	event: 'completed',
	utcTime: '2026-11-28T10:22:00Z',
	metadata: {
		parameters: { input: 's3://bucket/samples.csv' },
		workflow: {
			success,
			exitStatus: success ? 0 : 1,
			errorMessage: success ? null : 'Process `FASTQC (sample_2)` terminated',
			duration: 120000,
		},
	},
});

describe('what a Nextflow weblog event reports', () => {
	it('a task that ended FAILED is Process Failed, with its name, tag, exit status and work directory', () => {
		expect(nextflowEventOf(processFailed)).toBe('processFailed');
		expect(eventItemOf(processFailed, 'processFailed')).toMatchObject({
			event: 'processFailed',
			weblogEvent: 'process_completed',
			runName: 'nightly_fail',
			runId: RUN.runId,
			sessionId: RUN.runId,
			utcTime: '2026-11-28T10:21:00Z',
			process: 'FASTQC',
			name: 'FASTQC (sample_2)',
			tag: 'sample_2',
			status: 'FAILED',
			exit: 1,
			errorAction: 'TERMINATE',
			workdir: FAILED_TRACE.workdir,
			taskId: 7,
			hash: 'a1/0024fd',
			submit: '2025-11-28T10:20:00.000Z',
			durationMs: 60000,
			trace: FAILED_TRACE,
		});
	});

	it('the error event of the same task is the same report, so it is reported once', () => {
		const error: WeblogEvent = { ...processFailed, event: 'error' };
		expect(nextflowEventOf(error)).toBe('processFailed');
		expect(eventKeyOf(error, 'processFailed')).toBe(eventKeyOf(processFailed, 'processFailed'));
		// A run that failed outside any task: its end reports it.
		expect(nextflowEventOf({ ...RUN, event: 'error' })).toBeUndefined();
	});

	it('tells a completed task, a start, a success and a failure apart, and leaves submitted and started tasks out', () => {
		expect(nextflowEventOf({ ...processFailed, trace: { ...FAILED_TRACE, status: 'COMPLETED', exit: 0 } })).toBe('processCompleted');
		expect(nextflowEventOf({ ...processFailed, trace: { ...FAILED_TRACE, status: 'ABORTED' } })).toBeUndefined();
		expect(nextflowEventOf({ ...processFailed, event: 'process_submitted' })).toBeUndefined();
		expect(nextflowEventOf({ ...processFailed, event: 'process_started' })).toBeUndefined();
		expect(nextflowEventOf({ ...RUN, event: 'started', metadata: { workflow: { success: false } } })).toBe('runStarted');
		expect(nextflowEventOf(runEnd(true))).toBe('runCompleted');
		expect(nextflowEventOf(runEnd(false))).toBe('runFailed');
		// An end that does not say it succeeded is not taken for a success.
		expect(nextflowEventOf({ ...RUN, event: 'completed' })).toBe('runFailed');
	});

	it("a run's end carries its outcome; its start does not, since Nextflow sends success false then", () => {
		expect(eventItemOf(runEnd(false), 'runFailed')).toMatchObject({
			event: 'runFailed',
			success: false,
			exitStatus: 1,
			errorMessage: 'Process `FASTQC (sample_2)` terminated',
			durationMs: 120000,
		});
		const started = eventItemOf(
			{ ...RUN, event: 'started', metadata: { workflow: { success: false, start: '2026-11-28T10:19:00Z' } } },
			'runStarted',
		);
		expect(started).toMatchObject({ event: 'runStarted', start: '2026-11-28T10:19:00Z' });
		expect(started).not.toHaveProperty('success');
	});
});

describe('the events a trigger reported lately', () => {
	it('reports an event once, and another task or status of the run again', () => {
		const state: SeenEventsState = {};
		const key = eventKeyOf(processFailed, 'processFailed');
		expect(firstReport(state, 'wf1:node1:webhook', key)).toBe(true);
		expect(firstReport(state, 'wf1:node1:webhook', key)).toBe(false);
		const retried = { ...processFailed, trace: { ...FAILED_TRACE, task_id: 8, hash: '3c/9e07aa' } };
		expect(firstReport(state, 'wf1:node1:webhook', eventKeyOf(retried, 'processFailed'))).toBe(true);
		expect(state.seen).toHaveLength(2);
	});

	it('keeps the newest keys only', () => {
		const state: SeenEventsState = {};
		for (let index = 0; index < 5; index++) firstReport(state, 'wf2:node1:webhook', `key${index}`, 3);
		expect(state.seen).toEqual(['key2', 'key3', 'key4']);
		expect(firstReport({ seen: ['key4'] }, 'wf3:node1:webhook', 'key0', 3)).toBe(true);
	});

	it("knows a key that a concurrent call's save of the static data dropped, while the process lives", () => {
		// Two calls read the same static data; the later save holds only its own key.
		const first: SeenEventsState = {};
		const second: SeenEventsState = {};
		expect(firstReport(first, 'wf4:node1:webhook', 'a')).toBe(true);
		expect(firstReport(second, 'wf4:node1:webhook', 'b')).toBe(true);
		const savedLast: SeenEventsState = { seen: ['b'] };
		expect(firstReport(savedLast, 'wf4:node1:webhook', 'a')).toBe(false);
		// Another trigger knows nothing of it.
		expect(firstReport({}, 'wf5:node1:webhook', 'a')).toBe(true);
	});
});

describe("the launch node's Seqera Nextflow Events API credential", () => {
	const credential = versionDescription.credentials!.find((each) => each.name === 'seqeraNextflowEventsApi')!;
	const node = (parameters: INodeParameters): INode => ({
		id: '1',
		name: 'Launch',
		type: 'n8n-nodes-seqera.seqera',
		typeVersion: 1.3,
		position: [0, 0],
		parameters,
	});
	const shown = (parameters: INodeParameters) =>
		NodeHelpers.displayParameter(parameters, credential, node(parameters), versionDescription);

	it('is asked for once Launch Settings give Send Nextflow Events To, by value or expression', () => {
		expect(
			shown({
				resource: 'workflow',
				operation: 'launch',
				launchSettings: { nextflowEventsUrl: 'https://n8n.example.org/webhook/5d0c/events' },
			}),
		).toBe(true);
		expect(shown({ resource: 'workflow', operation: 'launch', launchSettings: { nextflowEventsUrl: '={{ $json.eventsUrl }}' } })).toBe(
			true,
		);
	});

	it("is asked for once version 1.4's setting has a destination, whichever", () => {
		const picked = { workflow: { workflowId: { __rl: true, mode: 'list', value: 'Xq7fR2kLm9PzW4vA' } } };
		expect(shown({ resource: 'workflow', operation: 'launch', launchSettings: { nextflowEventsUrl: picked } })).toBe(true);
		expect(
			shown({
				resource: 'workflow',
				operation: 'launch',
				launchSettings: { nextflowEventsUrl: { url: { url: 'https://n8n.example.org/webhook/nextflow-events/Xq7f' } } },
			}),
		).toBe(true);
	});

	it('is not, without the setting', () => {
		expect(shown({ resource: 'workflow', operation: 'launch', launchSettings: { runName: 'nightly' } })).toBe(false);
		expect(shown({ resource: 'workflow', operation: 'launch', launchSettings: { nextflowEventsUrl: '' } })).toBe(false);
		expect(shown({ resource: 'workflow', operation: 'getMany' })).toBe(false);
	});
});

describe("the URL of a picked workflow's trigger, from the execution's resume URL", () => {
	it("is under n8n's webhook endpoint, where its resume URLs are under the waiting one", () => {
		expect(triggerUrlOf('https://n8n.example.org/webhook-waiting/4821', 'Xq7fR2kLm9PzW4vA', {})).toBe(
			'https://n8n.example.org/webhook/nextflow-events/Xq7fR2kLm9PzW4vA',
		);
		// n8n 2.x signs its resume URLs; WEBHOOK_URL may carry a path of its own.
		expect(triggerUrlOf('https://example.org/n8n/webhook-waiting/4821?signature=5f1c', 'Xq7f', {})).toBe(
			'https://example.org/n8n/webhook/nextflow-events/Xq7f',
		);
	});

	it("follows n8n's endpoint settings", () => {
		const env = { N8N_ENDPOINT_WEBHOOK: '/hooks/', N8N_ENDPOINT_WEBHOOK_WAIT: 'hooks-waiting' };
		expect(triggerUrlOf('http://127.0.0.1:5678/hooks-waiting/17', 'Xq7f', env)).toBe(
			'http://127.0.0.1:5678/hooks/nextflow-events/Xq7f',
		);
	});

	it('gives none for a resume URL that does not end in the waiting endpoint and an ID', () => {
		expect(
			triggerUrlOf('http://127.0.0.1:5678/webhook-waiting/17', 'Xq7f', { N8N_ENDPOINT_WEBHOOK_WAIT: 'elsewhere' }),
		).toBeUndefined();
		expect(triggerUrlOf('http://127.0.0.1:5678/webhook-waiting/', 'Xq7f', {})).toBeUndefined();
		expect(triggerUrlOf('not a URL', 'Xq7f', {})).toBeUndefined();
	});
});

describe('who the Seqera Nextflow Events trigger lets in', () => {
	const CREDENTIAL = { user: 'nextflow', password: 'w8Kq-2c7e-4f1a-9b3d' };
	// Written out here, not taken from the node, so that a change to how launches make the secret, which
	// would lock out every run launched before it, fails this test.
	const secretOf = (runName: string) =>
		createHmac('sha256', CREDENTIAL.password).update(`seqera-nextflow-events:${runName}`).digest('hex');
	let triggerCount = 0;

	/** The answer a trigger of `typeVersion` gives a Process Failed event of the run `nightly_fail` posted with `basicToken`: its status, or that it started the workflow. */
	async function answerTo(
		typeVersion: number,
		basicToken: string | undefined,
		parameters: IDataObject = {},
		body: unknown = processFailed,
	): Promise<number | 'started'> {
		let status = 200;
		const nodeId = `trigger${++triggerCount}`;
		const context = {
			getCredentials: async () => CREDENTIAL,
			getHeaderData: () => (basicToken === undefined ? {} : { authorization: `Basic ${Buffer.from(basicToken).toString('base64')}` }),
			getBodyData: () => body,
			getNode: () => ({ id: nodeId, typeVersion }),
			getNodeParameter: (name: string, fallback: unknown) => ({ events: ['processFailed'], ...parameters })[name] ?? fallback,
			getResponseObject: () => ({
				setHeader: () => undefined,
				status: (code: number) => ((status = code), { json: () => undefined }),
			}),
			getWorkflowStaticData: () => ({}),
			getWorkflow: () => ({ id: 'wfAuth' }),
			getMode: () => 'webhook',
			helpers: { returnJsonArray: (items: IDataObject[]) => items.map((json) => ({ json })) },
		} as unknown as IWebhookFunctions;
		const answer = await receiveNextflowEvent(context);
		return answer.workflowData === undefined ? status : 'started';
	}
	const shared = `${CREDENTIAL.user}:${CREDENTIAL.password}`;
	const ownSecret = `${CREDENTIAL.user}:${secretOf(RUN.runName)}`;

	it("at version 1.2, starts on the credential's user with the secret of the event's run, and refuses the shared password and another run's secret (401)", async () => {
		expect(await answerTo(1.2, ownSecret)).toBe('started');
		expect(await answerTo(1.2, shared)).toBe(401);
		expect(await answerTo(1.2, `${CREDENTIAL.user}:${secretOf('another_run')}`)).toBe(401);
		expect(await answerTo(1.2, `someone:${secretOf(RUN.runName)}`)).toBe(401);
		expect(await answerTo(1.2, undefined)).toBe(401);
		// Refused before its body is judged, as a call without the credential always was.
		expect(await answerTo(1.2, shared, {}, { hello: 'world' })).toBe(401);
		expect(await answerTo(1.2, ownSecret, {}, { ...processFailed, event: 'finished' })).toBe(400);
	});

	it('at version 1.2 with Accept the Shared Password, starts on the shared password too', async () => {
		expect(await answerTo(1.2, shared, { acceptSharedPassword: true })).toBe('started');
		expect(await answerTo(1.2, ownSecret, { acceptSharedPassword: true })).toBe('started');
		expect(await answerTo(1.2, `${CREDENTIAL.user}:not-the-password`, { acceptSharedPassword: true })).toBe(401);
	});

	it("at versions 1 and 1.1, starts on the shared password as before, and on the run's own secret", async () => {
		for (const typeVersion of [1, 1.1]) {
			expect(await answerTo(typeVersion, shared)).toBe('started');
			expect(await answerTo(typeVersion, ownSecret)).toBe('started');
			expect(await answerTo(typeVersion, `${CREDENTIAL.user}:${secretOf('another_run')}`)).toBe(401);
		}
	});
});
