import { GENOMICS, TOKEN, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const getRun = {
	resource: 'workflow',
	operation: 'get',
	workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	...workspaceParameter(GENOMICS),
};

function inputs(): Array<{ id: string }> {
	const runs = platform.sim.data
		.runsIn(GENOMICS)
		.slice(0, 4)
		.map((run) => run.id);
	// Items 1 and 4 are refused by the node's own checks, item 3 by the platform (an unknown run).
	return [{ id: runs[0] }, { id: 'not/a-run' }, { id: runs[1] }, { id: 'Zz9Zz9Zz9Zz9Zz' }, { id: '' }, { id: runs[2] }];
}

// The token has worked before the items run, as it has in a workflow after its first call, so a 403 names
// the run first whichever answer arrives first (errors/callErrors.ts).
beforeAll(async () => {
	await platform.run({ resource: 'workflow', operation: 'getMany', returnAll: false, limit: 1, ...workspaceParameter(GENOMICS) });
});

describe('items, pairing and Continue On Fail', () => {
	it('with Continue On Fail, each failing item becomes one error item paired with it and the rest go on', async () => {
		const items = inputs();
		const result = await platform.run(getRun, { items, continueOnFail: true });
		const output = result.outputs[0];
		expect(result.error).toBeUndefined();
		expect(output).toHaveLength(items.length);
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, index) => ({ item: index })));
		expect(output.map((item) => item.json.id ?? null)).toEqual([items[0].id, null, items[2].id, null, null, items[5].id]);
		expect(output[1].json.error).toBe('Run ID "not/a-run" is not a valid run ID');
		expect(output[3].json).toMatchObject({
			error: expect.stringMatching(
				/^Forbidden: workflowId "Zz9Zz9Zz9Zz9Zz" does not exist in workspace \d+ or this token may not use it; else the access token was refused/,
			),
			message: expect.stringContaining('Your tokens'),
		});
		expect(output[4].json.error).toBe('Run ID is empty');
	});

	it('with the error output, failed items leave on the second output and none is lost', async () => {
		const items = inputs();
		const result = await platform.run(getRun, { items, onError: 'continueErrorOutput' });
		const [success, failure] = result.outputs;
		expect(success.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 2 }, { item: 5 }]);
		expect(failure.map((item) => item.pairedItem)).toEqual([{ item: 1 }, { item: 3 }, { item: 4 }]);
	});

	it('without it, the execution stops at the first failing item and says which', async () => {
		const result = await platform.run(getRun, { items: inputs() });
		expect(result.error).toMatchObject({ message: 'Run ID "not/a-run" is not a valid run ID' });
		expect((result.error as { description?: string }).description).toContain('(item 1)');
	});

	it('never records the token: not in output, errors, or anything n8n stores for the execution', async () => {
		const results = await Promise.all([
			platform.run(getRun, { items: inputs(), continueOnFail: true }),
			platform.run(getRun, { items: inputs() }),
			// One item: with several, the first to fail (a malformed ID needs no call) would be the error.
			platform.run(getRun, { items: inputs().slice(0, 1), credentialOverrides: { accessToken: `${TOKEN}-expired` } }),
			platform.run({
				resource: 'workflow',
				operation: 'cancel',
				workflowId: { __rl: true, mode: 'id', value: platform.sim.data.runsIn(GENOMICS)[5].id },
				...workspaceParameter(GENOMICS),
			}),
		]);
		expect(results[2].error).toMatchObject({ httpCode: '403' });
		for (const result of results) {
			const recorded = JSON.stringify(result.run);
			expect(recorded).not.toContain(TOKEN);
			expect(recorded).not.toContain('Bearer');
		}
	});
});

describe('the per-token queue', () => {
	it('keeps many executions at once on one token under 20 calls in any sliding second, with no 429', async () => {
		const runs = platform.sim.data
			.runsIn(GENOMICS)
			.slice(0, 40)
			.map((run) => ({ id: run.id }));
		const before = platform.sim.log.length;
		const results = await Promise.all([1, 2, 3].map(async () => await platform.run(getRun, { items: runs })));
		for (const result of results) {
			expect(result.error).toBeUndefined();
			expect(result.outputs[0].map((item) => item.json.id)).toEqual(runs.map((run) => run.id));
		}
		const sent = platform.sim.log.slice(before);
		expect(sent).toHaveLength(120);
		expect(sent.filter((entry) => entry.status === 429)).toHaveLength(0);
		expect(platform.sim.maxCallsInAnySlidingSecond()).toBeLessThanOrEqual(20);
	});
});
