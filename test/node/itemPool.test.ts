import { NodeConnectionTypes, type IDataObject, type IExecuteFunctions, type INodeExecutionData, type INodeType } from 'n8n-workflow';

import { SeqeraApi } from '../../credentials/SeqeraApi.credentials';
import { forEachItem } from '../../nodes/Seqera/items/perItem';
import { maxCallsInFlight } from '../../nodes/Seqera/transport';
import { createHarness } from '../../dev/engine/harness';
import type { LoggedRequest } from '../../dev/simulator/server';
import { sleep } from '../../dev/until';
import { GENOMICS, seqeraCredentials, usePlatform, workspaceParameter } from './platform';

// A budget high enough that a thousand items take seconds, not minutes.
const FAST = { maxCallsPerSecond: 500, maxCallsPerHour: 1_000_000 };

const platform = usePlatform({ perSecond: 500, perHour: 1_000_000, runProgressMs: 60_000 });

afterEach(() => platform.sim.clearFaults());

const getRun = {
	resource: 'workflow',
	operation: 'get',
	workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	...workspaceParameter(GENOMICS),
};
// The token has worked for the other items, so the 403 names the run first.
const forbidden = (runId: string) =>
	`Forbidden: workflowId "${runId}" does not exist in workspace ${GENOMICS} or this token may not use it; else the access token was refused, or this endpoint does not exist at the base URL`;

// The token has worked before the items run, as it has in a workflow after its first call, so a 403 names
// the run first whichever answer arrives first (errors/callErrors.ts).
beforeAll(async () => {
	await platform.run({ resource: 'workflow', operation: 'getMany', returnAll: false, limit: 1, ...workspaceParameter(GENOMICS) });
});

const sentSince = (before: number): LoggedRequest[] => platform.sim.log.slice(before);
const pairedIndex = (item: INodeExecutionData) => (item.pairedItem as { item: number }).item;
const description = (error: unknown) => (error as { description?: string }).description ?? '';

type Expected = { run: string } | { unknown: string } | { invalid: string };

/**
 * A thousand items: most name an existing run, every tenth from 3 a run the platform does not know
 * (it answers 403), every tenth from 7 an ID the node refuses before any call (so it finishes first).
 */
function mixedItems(count = 1000): { items: Array<{ id: string }>; expected: Expected[] } {
	const runs = platform.sim.data.runsIn(GENOMICS).map((run) => run.id);
	const expected = Array.from({ length: count }, (_, index): Expected => {
		if (index % 10 === 3) return { unknown: `Unknown${index}Run` };
		if (index % 10 === 7) return { invalid: `bad/${index}` };
		return { run: runs[index % runs.length] };
	});
	const items = expected.map((entry) => ({ id: 'run' in entry ? entry.run : 'unknown' in entry ? entry.unknown : entry.invalid }));
	return { items, expected };
}

function expectItemAsExpected(json: IDataObject, expected: Expected): void {
	if ('run' in expected) {
		expect(json.id).toBe(expected.run);
	} else if ('unknown' in expected) {
		expect(json.error).toBe(forbidden(expected.unknown));
		expect(json.message).toContain(`GET /workflow/${expected.unknown} answered 403`);
	} else {
		expect(json.error).toBe(`Run ID "${expected.invalid}" is not a valid run ID`);
	}
}

describe('the items of one execution run together', () => {
	it('with Continue On Fail, 1000 items come out in order, each paired with its input, errors in place', async () => {
		const { items, expected } = mixedItems();
		// The first 50 calls are held for 300 ms: run one at a time, no other call could arrive meanwhile.
		platform.sim.addFault({ method: 'GET', path: /^\/workflow\/\w+$/, kind: 'delay', delayMs: 300, times: 50 });
		const before = platform.sim.log.length;
		const result = await platform.run(getRun, { items, continueOnFail: true, credentialOverrides: FAST });

		expect(result.error).toBeUndefined();
		const output = result.outputs[0];
		expect(output).toHaveLength(1000);
		output.forEach((item, index) => {
			expect(pairedIndex(item)).toBe(index);
			expectItemAsExpected(item.json, expected[index]);
		});

		const sent = sentSince(before);
		// Every item that passed the node's own checks was sent once; none twice, none lost.
		expect(sent).toHaveLength(900);
		expect(new Set(sent.map((entry) => entry.path)).size).toBe(
			new Set(items.filter((_, index) => index % 10 !== 7).map((item) => item.id)).size,
		);
		// One at a time, the platform would never hold two calls at once; with the first 50 held 300 ms each,
		// how many it holds together depends on how busy the machine is, so a few is the proof.
		const held = sent.filter((entry) => entry.answeredAt !== undefined);
		const mostHeldAtOnce = Math.max(
			...held.map((entry) => held.filter((other) => other.at <= entry.at && other.answeredAt! > entry.at).length),
		);
		expect(mostHeldAtOnce).toBeGreaterThan(3);
	});

	it('with On Error "Continue", failed items stay in place on the one output', async () => {
		const { items, expected } = mixedItems();
		const result = await platform.run(getRun, { items, onError: 'continueRegularOutput', credentialOverrides: FAST });

		expect(result.error).toBeUndefined();
		expect(result.outputs[0].map(pairedIndex)).toEqual(items.map((_, index) => index));
		const failed = result.outputs[0].filter((item) => item.json.error !== undefined).map(pairedIndex);
		expect(failed).toHaveLength(200);
		expect(failed).toEqual(expected.flatMap((entry, index) => ('run' in entry ? [] : [index])));
		result.outputs[0].forEach((item, index) => expectItemAsExpected(item.json, expected[index]));
	});

	it('with On Error "Continue (using error output)", the two outputs split the items in order', async () => {
		const { items, expected } = mixedItems();
		const result = await platform.run(getRun, { items, onError: 'continueErrorOutput', credentialOverrides: FAST });

		expect(result.error).toBeUndefined();
		const [succeeded, errored] = result.outputs;
		expect(succeeded).toHaveLength(800);
		expect(errored).toHaveLength(200);
		expect(succeeded.map(pairedIndex)).toEqual(expected.flatMap((entry, index) => ('run' in entry ? [index] : [])));
		expect(errored.map(pairedIndex)).toEqual(expected.flatMap((entry, index) => ('run' in entry ? [] : [index])));
		for (const item of [...succeeded, ...errored]) expectItemAsExpected(item.json, expected[pairedIndex(item)]);
	});
});

describe('without Continue On Fail, the first failing item fails the node', () => {
	it("fails with item 100's error; no call starts after it, and every call sent is answered before the node fails", async () => {
		const runs = platform.sim.data.runsIn(GENOMICS).map((run) => run.id);
		const items = Array.from({ length: 1000 }, (_, index) => ({ id: index === 100 ? 'Unknown100Run' : runs[index % runs.length] }));
		// A lower budget, so the pool (twice the calls per second) is well below the 899 items after item 100.
		const budget = { ...FAST, maxCallsPerSecond: 100 };
		const before = platform.sim.log.length;
		const result = await platform.run(getRun, { items, credentialOverrides: budget });

		expect(result.error?.message).toBe(forbidden('Unknown100Run'));
		expect(description(result.error)).toContain('GET /workflow/Unknown100Run answered 403');
		const sent = sentSince(before);
		const failing = sent.find((entry) => entry.path === '/workflow/Unknown100Run')!;
		expect(failing.status).toBe(403);
		const arrivedAfter = sent.filter((entry) => entry.at > failing.at);
		expect(arrivedAfter.length).toBeLessThanOrEqual(maxCallsInFlight(budget.maxCallsPerSecond));
		expect(sent.length).toBeLessThan(1000);
		// Nothing was left on the way when the node failed, and nothing runs on after it.
		expect(sent.filter((entry) => entry.status === 0)).toEqual([]);
		const sentWhenFailed = platform.sim.log.length;
		// Nothing marks a call that is never made: wait longer than the pool takes to start its next, then count.
		await sleep(500);
		expect(platform.sim.log.length).toBe(sentWhenFailed);
	});

	it('an earlier item that fails after a later one is the error the node reports, as if the items ran in order', async () => {
		const runs = platform.sim.data.runsIn(GENOMICS).map((run) => run.id);
		const items = Array.from({ length: 300 }, (_, index) => ({
			id: index === 100 ? 'Unknown100Run' : index === 200 ? 'Unknown200Run' : runs[index % runs.length],
		}));
		// Item 100's answer is held until item 200's has left the platform. All 300 items run together (the
		// pool holds 1000), so item 200 is sent while item 100 is held.
		const item200Answered = platform.sim.logged((entry) => entry.path === '/workflow/Unknown200Run', { answered: true });
		platform.sim.addFault({ path: /^\/workflow\/Unknown100Run$/, kind: 'delay', until: item200Answered });
		const before = platform.sim.log.length;
		const result = await platform.run(getRun, { items, credentialOverrides: FAST });

		expect(description(result.error)).toContain('GET /workflow/Unknown100Run answered 403');
		const sent = sentSince(before);
		const item100 = sent.find((entry) => entry.path === '/workflow/Unknown100Run')!;
		const item200 = sent.find((entry) => entry.path === '/workflow/Unknown200Run')!;
		expect([item100.status, item200.status]).toEqual([403, 403]);
		expect(item200.answeredAt).toBeLessThan(item100.answeredAt!);
		expect(sent.filter((entry) => entry.status === 0)).toEqual([]);
	});

	it('an item waiting for its run stops waiting when another item fails', async () => {
		const running = platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'RUNNING')!;
		const before = platform.sim.log.length;
		const started = performance.now();
		const result = await platform.run(
			{ ...getRun, operation: 'wait', waitOptions: { pollIntervalSeconds: 30 } },
			{ items: [{ id: running.id }, { id: 'bad/1' }], credentialOverrides: FAST },
		);
		expect(result.error?.message).toBe('Run ID "bad/1" is not a valid run ID');
		// The wait did not sit out its 30 s interval, and read the run no more than once. Half the interval
		// is a margin no busy machine takes up: a machine running both test lanes delays a timer by well
		// under a second.
		expect(performance.now() - started).toBeLessThan(15_000);
		expect(sentSince(before).filter((entry) => entry.path === `/workflow/${running.id}`).length).toBeLessThanOrEqual(1);
	});
});

describe('cancelling the execution', () => {
	it('ends a 1000-item run with most items never sent, and no call reaches the platform after the cancel', async () => {
		const { items } = mixedItems();
		const maxCallsPerSecond = 50;
		const before = platform.sim.log.length;
		// Cancelled while calls flow: once the 20th has reached the platform, however busy the machine.
		const twentiethArrival = platform.sim.logged(() => platform.sim.log.length - before >= 20);
		// A budget that keeps the run going for many seconds past the cancel.
		const result = await platform.run(getRun, {
			items,
			continueOnFail: true,
			cancelWhen: twentiethArrival,
			credentialOverrides: { ...FAST, maxCallsPerSecond },
		});
		const endedAt = performance.now();
		expect(result.run.status).toBe('canceled');
		const cancelledAt = result.cancelledAt!;
		// The platform runs in this process: a call written just before the run ended is read on a later
		// turn of the event loop. Nothing marks a call still on its way: wait a few turns, then count.
		await sleep(50);
		const sent = sentSince(before);
		const unsent = 900 - sent.length;
		expect(unsent).toBeGreaterThan(0);
		// Only the calls already on the wire may arrive after the cancel: no more than the pool holds in flight.
		const arrivedAfterCancel = sent.filter((entry) => entry.at > cancelledAt);
		expect(arrivedAfterCancel.length).toBeLessThanOrEqual(maxCallsInFlight(maxCallsPerSecond));
		// The run did not wait for the queue: the unsent items would have taken unsent / 50 s to go through
		// the budget, over 15 s here. Half of that is a margin no busy machine takes up: a machine
		// running both test lanes delays a timer by well under a second.
		expect(endedAt - cancelledAt).toBeLessThan(((unsent / maxCallsPerSecond) * 1000) / 2);
		const sentWhenEnded = platform.sim.log.length;
		// Nothing runs on after the run ended, and nothing marks a call that is never made: at 50 calls a
		// second, 300 ms would show about 15 more.
		await sleep(300);
		expect(platform.sim.log.length).toBe(sentWhenEnded);
	});
});

describe('an item that fails on its own just after the cancel', () => {
	const LATE_FAILURE_TYPE = 'test.lateFailure';
	let itemsWaiting!: () => void;
	let releaseItems!: () => void;
	// Its items fail on their own, once released, whether or not the execution was cancelled meanwhile.
	const lateFailure: INodeType = {
		description: {
			displayName: 'Late Failure',
			name: 'lateFailure',
			group: ['transform'],
			version: 1,
			description: 'Items that fail on their own when released',
			defaults: { name: 'Late Failure' },
			inputs: [NodeConnectionTypes.Main],
			outputs: [NodeConnectionTypes.Main],
			credentials: [{ name: 'seqeraApi', required: true }],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			const released = new Promise<void>((resolve) => (releaseItems = resolve));
			return [
				await forEachItem(this, async (itemIndex) => {
					itemsWaiting();
					await released;
					throw new Error(`Item ${itemIndex} failed on its own`);
				}),
			];
		},
	};

	it("leaves the execution cancelled, not failed with that item's error", async () => {
		const harness = createHarness({ nodeTypes: { [LATE_FAILURE_TYPE]: lateFailure }, credentialTypes: { seqeraApi: new SeqeraApi() } });
		// Cancelled once the items are running.
		const waiting = new Promise<void>((resolve) => (itemsWaiting = resolve));
		const running = harness.runNode({
			type: LATE_FAILURE_TYPE,
			parameters: {},
			items: [{}, {}, {}],
			credentials: { seqeraApi: seqeraCredentials(platform.sim) },
			cancelWhen: waiting,
		});
		// The items fail after the cancel (a turn of the event loop later), as an answer already on its way
		// back when the user stops the run.
		void waiting.then(() => setImmediate(() => releaseItems()));
		const result = await running;

		expect(result.run.status).toBe('canceled');
		expect(result.error?.message).toBe('The execution was canceled');
	});
});

describe('launches sent together', () => {
	it('under connection resets, 500s and 429s, each launch reaches the platform once; the failed ones are error items', async () => {
		const items = Array.from({ length: 50 }, (_, index) => ({ runName: `pool_launch_${index}` }));
		const launchPath = /^\/workflow\/launch$/;
		// 429s: the platform did nothing, so these are sent again. Resets and 500s may hide a launch: never sent again.
		platform.sim.addFault({ method: 'POST', path: launchPath, kind: 'rateLimit', retryAfterSeconds: 1, times: 3 });
		platform.sim.addFault({ method: 'POST', path: launchPath, kind: 'drop', times: 4 });
		platform.sim.addFault({ method: 'POST', path: launchPath, kind: 'status', status: 500, times: 4 });
		const launchesBefore = platform.sim.data.launches.length;
		const before = platform.sim.log.length;
		const result = await platform.run(
			{
				resource: 'workflow',
				operation: 'launch',
				source: 'repository',
				pipeline: 'https://github.com/nextflow-io/hello',
				launchSettings: { runName: '={{ $json.runName }}' },
				...workspaceParameter(GENOMICS),
			},
			{ items, continueOnFail: true, credentialOverrides: FAST },
		);

		expect(result.error).toBeUndefined();
		const output = result.outputs[0];
		expect(output.map(pairedIndex)).toEqual(items.map((_, index) => index));

		// Each item's launch arrived once, apart from the refusals the platform did not act on.
		const arrived = sentSince(before).filter((entry) => entry.method === 'POST' && launchPath.test(entry.path));
		expect(arrived.filter((entry) => entry.status === 429)).toHaveLength(3);
		expect(arrived.filter((entry) => entry.status !== 429)).toHaveLength(50);

		const failed = output.filter((item) => item.json.error !== undefined);
		const messages = failed.map((item) => String(item.json.error));
		expect(messages).toHaveLength(8);
		// A launch refused with 429s first also says how many attempts it took.
		const reset = `The connection to ${platform.sim.baseUrl} was closed before an answer arrived`;
		expect(messages.filter((message) => message.startsWith(reset))).toHaveLength(4);
		expect(messages.filter((message) => message.startsWith('The Seqera Platform failed with 500'))).toHaveLength(4);
		for (const item of failed) expect(item.json.message).toContain('It was not sent again');

		const launched = platform.sim.data.launches.slice(launchesBefore);
		const launchedRunName = (request: unknown) => String((request as { launch: IDataObject }).launch.runName);
		expect(launched).toHaveLength(42);
		expect(new Set(launched.map((launch) => launchedRunName(launch.request))).size).toBe(42);
		for (const item of output.filter((entry) => entry.json.error === undefined)) {
			const runName = items[pairedIndex(item)].runName;
			expect(item.json.runName).toBe(runName);
			expect(launched.find((launch) => launchedRunName(launch.request) === runName)?.workflowId).toBe(item.json.workflowId);
		}
	});
});

describe('labels needed by many items at once', () => {
	it('20 items adding the same missing label create it once', async () => {
		const runs = Array.from({ length: 20 }, () => platform.sim.data.addRun({ workspaceId: GENOMICS, labelIds: [] }));
		const name = 'pool_batch';
		const before = platform.sim.log.length;
		const result = await platform.run(
			{
				resource: 'workflow',
				operation: 'addLabels',
				createMissingLabels: true,
				workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				labels: { values: [{ label: { __rl: true, mode: 'name', value: name } }] },
				...workspaceParameter(GENOMICS),
			},
			{ items: runs.map((run) => ({ id: run.id })), credentialOverrides: FAST },
		);

		expect(result.error).toBeUndefined();
		const labels = platform.sim.data.labelsIn(GENOMICS).filter((label) => label.name === name);
		expect(labels).toHaveLength(1);
		const sent = sentSince(before).filter((entry) => entry.path === '/labels');
		expect(sent.map((entry) => entry.method)).toEqual(['GET', 'POST']);

		const output = platform.json(result);
		expect(output.map((json) => json.workflowId)).toEqual(runs.map((run) => run.id));
		for (const json of output) expect(json.labelIds).toEqual([labels[0].id]);
		expect(output.filter((json) => (json.createdLabels as IDataObject[]).length > 0)).toEqual([
			expect.objectContaining({ createdLabels: [{ id: labels[0].id, name }] }),
		]);
		for (const run of runs) expect(run.labelIds).toEqual([labels[0].id]);
	});
});
