import { GENOMICS, TOKEN, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

afterEach(() => platform.sim.clearFaults());

const getRun = { resource: 'workflow', operation: 'get', workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' }, ...workspaceParameter(GENOMICS) };
const runPath = (id: string) => new RegExp(`^/workflow/${id}$`);
const description = (error: unknown) => (error as { description?: string }).description ?? '';

describe('what a user sees when the platform misbehaves', () => {
	it('an HTML page where JSON was expected: the base URL points at a web page', async () => {
		const [run] = platform.sim.data.runsIn(GENOMICS);
		platform.sim.addFault({ path: runPath(run.id), kind: 'html' });
		const result = await platform.run(getRun, { items: [{ id: run.id }] });
		expect(result.error?.message).toBe('The server answered with an HTML page instead of JSON: the base URL points at a web page, not the API');
		expect(description(result.error)).toContain('Enterprise installs serve the API at https://HOST/api');
	});

	it('a truncated JSON body', async () => {
		const [run] = platform.sim.data.runsIn(GENOMICS);
		platform.sim.addFault({ path: runPath(run.id), kind: 'malformedJson' });
		const result = await platform.run(getRun, { items: [{ id: run.id }] });
		expect(result.error?.message).toBe('The server answered with a body that is not valid JSON');
	});

	it('a 500 on every attempt of a read', async () => {
		const [run] = platform.sim.data.runsIn(GENOMICS);
		platform.sim.addFault({ path: runPath(run.id), kind: 'status', status: 500, times: Infinity });
		const result = await platform.run(getRun, { items: [{ id: run.id }] });
		expect(result.error).toMatchObject({ httpCode: '500', message: 'The Seqera Platform failed with 500 after 4 attempts' });
	});

	it('an answer slower than the credential timeout, retried for a read, then a timeout error', async () => {
		const [run] = platform.sim.data.runsIn(GENOMICS);
		platform.sim.addFault({ path: runPath(run.id), kind: 'delay', delayMs: 1500, times: Infinity });
		const result = await platform.run(getRun, { items: [{ id: run.id }], credentialOverrides: { timeoutSeconds: 1 } });
		expect(result.error).toMatchObject({ httpCode: 'TIMEOUT', message: 'The Seqera Platform did not answer in time (4 attempts)' });
		expect(description(result.error)).toContain('took longer than 1 s');
	});

	it('a slow answer that arrives after one retry is simply the result', async () => {
		const [run] = platform.sim.data.runsIn(GENOMICS);
		platform.sim.addFault({ path: runPath(run.id), kind: 'delay', delayMs: 1500 });
		const result = await platform.run(getRun, { items: [{ id: run.id }], credentialOverrides: { timeoutSeconds: 1 } });
		expect(result.error).toBeUndefined();
		expect(platform.json(result)[0].id).toBe(run.id);
	});

	it('cancelling the execution aborts a call still waiting for its answer', async () => {
		const [run] = platform.sim.data.runsIn(GENOMICS);
		platform.sim.addFault({ path: runPath(run.id), kind: 'delay', delayMs: 30_000 });
		const started = Date.now();
		const result = await platform.run(getRun, { items: [{ id: run.id }], cancelAfterMs: 500 });
		expect(Date.now() - started).toBeLessThan(5000);
		expect(result.run.status).toBe('canceled');
		expect(result.error).toMatchObject({ httpCode: 'CANCELED', message: 'The execution was canceled' });
	});

	it('a 429 storm without Retry-After is waited out with backoff and no item is lost', async () => {
		const runs = platform.sim.data.runsIn(GENOMICS).slice(0, 10);
		platform.sim.addFault({ method: 'GET', path: /^\/workflow\/\w+$/, kind: 'rateLimit', times: 3 });
		const result = await platform.run(getRun, { items: runs.map((run) => ({ id: run.id })) });
		expect(result.error).toBeUndefined();
		expect(platform.json(result).map((item) => item.id)).toEqual(runs.map((run) => run.id));
	});
});

describe('100 items, a third of them failing in different ways', () => {
	it('gives 100 items back, each paired with its input, errors in place, and never the token', async () => {
		const runs = platform.sim.data.runsIn(GENOMICS).slice(0, 64);
		const items = Array.from({ length: 100 }, (_, index) => {
			if (index % 3 !== 1) return { id: runs[index % runs.length].id };
			switch (index % 4) {
				case 0:
					return { id: `bad/${index}` };
				case 1:
					return { id: `Unknown${index}Run` };
				case 2:
					return { id: '' };
				default:
					return { id: `Html${index}` };
			}
		});
		platform.sim.addFault({ path: /^\/workflow\/Html\d+$/, kind: 'html', times: Infinity });

		const result = await platform.run(getRun, { items, continueOnFail: true });
		const output = result.outputs[0];
		expect(output).toHaveLength(100);
		expect(output.map((item) => item.pairedItem)).toEqual(items.map((_, index) => ({ item: index })));
		const failed = output.filter((item) => item.json.error !== undefined);
		expect(failed).toHaveLength(items.filter((_, index) => index % 3 === 1).length);
		output.forEach((item, index) => {
			if (index % 3 !== 1) expect(item.json.id).toBe(items[index].id);
		});
		const messages = new Set(failed.map((item) => String(item.json.error).replace(/"[^"]*"/g, '"…"')));
		expect([...messages].sort()).toEqual([
			'Forbidden: the access token was refused, or this endpoint does not exist at the base URL',
			'Run ID "…" is not a valid run ID',
			'Run ID is empty',
			'The server answered with an HTML page instead of JSON: the base URL points at a web page, not the API',
		]);
		expect(JSON.stringify(result.run)).not.toContain(TOKEN);

		// The same input with the error output: the two outputs split the 100 items between them.
		const split = await platform.run(getRun, { items, onError: 'continueErrorOutput' });
		const [succeeded, errored] = split.outputs;
		expect(succeeded.length + errored.length).toBe(100);
		expect(errored.map((item) => (item.pairedItem as { item: number }).item)).toEqual(
			items.map((_, index) => index).filter((index) => index % 3 === 1),
		);
	});
});
