import { DEFAULT_TOKENS } from '../../dev/simulator/server';
import { GENOMICS, TOKEN, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

afterEach(() => platform.sim.clearFaults());

const getRun = {
	resource: 'workflow',
	operation: 'get',
	workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
	...workspaceParameter(GENOMICS),
};
const runPath = (id: string) => new RegExp(`^/workflow/${id}$`);
const description = (error: unknown) => (error as { description?: string }).description ?? '';
/** A call the token succeeds with: from then on, its 403s name the ID first (errors/callErrors.ts). */
const tokenWorks = async () => {
	const [run] = platform.sim.data.runsIn(GENOMICS);
	expect((await platform.run(getRun, { items: [{ id: run.id }] })).error).toBeUndefined();
};

describe('what a user sees when the platform misbehaves', () => {
	it('an HTML page where JSON was expected: the base URL points at a web page', async () => {
		const [run] = platform.sim.data.runsIn(GENOMICS);
		platform.sim.addFault({ path: runPath(run.id), kind: 'html' });
		const result = await platform.run(getRun, { items: [{ id: run.id }] });
		expect(result.error?.message).toBe(
			'The server answered with an HTML page instead of JSON: the base URL points at a web page, not the API',
		);
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
		// Cancelled once the call has reached the platform, which holds its answer for 30 s.
		const arrived = platform.sim.logged((entry) => runPath(run.id).test(entry.path));
		const result = await platform.run(getRun, { items: [{ id: run.id }], cancelWhen: arrived });
		expect(result.run.status).toBe('canceled');
		expect(result.error).toMatchObject({ httpCode: 'CANCELED', message: 'The execution was canceled' });
		// The execution ended before the platform answered.
		expect((await arrived).answeredAt).toBeUndefined();
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
		await tokenWorks();
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
			`Forbidden: workflowId "…" does not exist in workspace ${GENOMICS} or this token may not use it; else the access token was refused, or this endpoint does not exist at the base URL`,
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

describe('a 403 names the ID and the workspace first once the token is known to work', () => {
	const OLD_HEADLINE = 'Forbidden: the access token was refused, or this endpoint does not exist at the base URL';
	const UNKNOWN_RUN = 'Zz9Zz9Zz9Zz9Zz';
	const SECOND_TOKEN = DEFAULT_TOKENS.find((token) => token !== TOKEN)!;

	it('a token that has not worked yet in this process gets the token-or-endpoint headline, though it is valid', async () => {
		const result = await platform.run(getRun, { items: [{ id: UNKNOWN_RUN }], credentialOverrides: { accessToken: SECOND_TOKEN } });
		expect(result.error).toMatchObject({ httpCode: '403', message: OLD_HEADLINE });
	});

	it('an unknown run, after the same token has worked: the run ID and the workspace, then the old explanation', async () => {
		await tokenWorks();
		const result = await platform.run(getRun, { items: [{ id: UNKNOWN_RUN }] });
		expect(result.error).toMatchObject({
			httpCode: '403',
			message: `Forbidden: workflowId "${UNKNOWN_RUN}" does not exist in workspace ${GENOMICS} or this token may not use it; else the access token was refused, or this endpoint does not exist at the base URL`,
		});
		expect(description(result.error)).toMatch(
			new RegExp(
				`^GET /workflow/${UNKNOWN_RUN} answered 403, though this token has worked at .*\\. The platform answers 403, not 404, for an ID it does not know: check workflowId and the workspace it belongs to\\. Otherwise the access token is invalid or expired`,
			),
		);
		expect(description(result.error)).toContain('Your tokens');
	});

	it('an unknown Studio, and a run in the personal workspace', async () => {
		await tokenWorks();
		const studio = await platform.run({
			resource: 'studio',
			operation: 'get',
			sessionId: { __rl: true, mode: 'id', value: 'deadbeef' },
			...workspaceParameter(GENOMICS),
		});
		expect(studio.error?.message).toBe(
			`Forbidden: sessionId "deadbeef" does not exist in workspace ${GENOMICS} or this token may not use it; else the access token was refused, or this endpoint does not exist at the base URL`,
		);
		const inPersonalWorkspace = { resource: 'workflow', operation: 'get', workflowId: getRun.workflowId };
		const personal = await platform.run(inPersonalWorkspace, { items: [{ id: UNKNOWN_RUN }] });
		expect(personal.error?.message).toMatch(
			new RegExp(
				`^Forbidden: workflowId "${UNKNOWN_RUN}" does not exist in your personal workspace or this token may not use it; else`,
			),
		);
	});

	it('a token the platform refuses keeps the token-or-endpoint headline, though another token has worked', async () => {
		await tokenWorks();
		const result = await platform.run(getRun, {
			items: [{ id: UNKNOWN_RUN }],
			credentialOverrides: { accessToken: 'sim-token-revoked' },
		});
		expect(result.error?.message).toBe(OLD_HEADLINE);
	});
});
