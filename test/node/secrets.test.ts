import { createServer } from 'node:net';

import type { INodeParameters } from 'n8n-workflow';

import type { Fault } from '../../dev/simulator/server';
import { GENOMICS, usePlatform, workspaceParameter } from './platform';

// A token that cannot appear anywhere by chance, so finding any part of it means it leaked.
const RECOGNISABLE_TOKEN = 'tok-LEAKCHECK-8f3a1c9e77d2b4a6';

const platform = usePlatform({ tokens: [RECOGNISABLE_TOKEN] });

afterEach(() => platform.sim.clearFaults());

async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}

const runPath = /^\/workflow\/\w+$/;

interface Failure {
	what: string;
	fault?: Fault;
	parameters?: INodeParameters;
	credentials?: () => Promise<Record<string, unknown>> | Record<string, unknown>;
	message: RegExp;
}

const get = (): INodeParameters => ({
	resource: 'workflow',
	operation: 'get',
	workflowId: { __rl: true, mode: 'id', value: platform.sim.data.runsIn(GENOMICS)[0].id },
	...workspaceParameter(GENOMICS),
});

const failures: Failure[] = [
	{ what: '400 with an Error ID', fault: { path: runPath, kind: 'status', status: 400, times: 2 }, message: /^Simulated HTTP 400$/ },
	{ what: '403 for a refused token', credentials: () => ({ accessToken: `${RECOGNISABLE_TOKEN}-old` }), message: /^Forbidden: / },
	{ what: '404', fault: { path: runPath, kind: 'status', status: 404, times: 2 }, message: /^Simulated HTTP 404$/ },
	{ what: '409', fault: { path: runPath, kind: 'status', status: 409, times: 2 }, message: /^Simulated HTTP 409$/ },
	{
		what: '429 after every retry',
		fault: { path: runPath, kind: 'rateLimit', retryAfterSeconds: 1, times: Infinity },
		message: /^Rate limit reached/,
	},
	{
		what: '500 after every retry',
		fault: { path: runPath, kind: 'status', status: 500, times: Infinity },
		message: /failed with 500 after 4 attempts$/,
	},
	{ what: '502 gateway page', fault: { path: runPath, kind: 'status', status: 502, times: Infinity }, message: /failed with 502/ },
	{
		what: 'timeout',
		fault: { path: runPath, kind: 'delay', delayMs: 1500, times: Infinity },
		credentials: () => ({ timeoutSeconds: 1 }),
		message: /did not answer in time/,
	},
	{ what: 'dropped connection', fault: { path: runPath, kind: 'drop', times: Infinity }, message: /closed before an answer arrived/ },
	{ what: 'HTML page', fault: { path: runPath, kind: 'html', times: 2 }, message: /HTML page instead of JSON/ },
	{ what: 'malformed JSON', fault: { path: runPath, kind: 'malformedJson', times: 2 }, message: /not valid JSON/ },
	{ what: 'untrusted certificate', credentials: () => ({ allowUnauthorizedCerts: false }), message: /TLS certificate .* is not trusted/ },
	{
		what: 'connection refused',
		credentials: async () => ({ baseUrl: `https://127.0.0.1:${await closedPort()}` }),
		message: /^Cannot reach /,
	},
	{ what: 'bad input', parameters: { workflowId: { __rl: true, mode: 'id', value: '={{ "a/b" }}' } }, message: /is not a valid run ID/ },
];

describe('the token never appears in what n8n records, whatever fails', () => {
	// Each failure runs twice: once stopping the execution, once with Continue On Fail.
	it.each(failures.map((failure) => [failure.what, failure] as const))('%s', async (_what, failure) => {
		if (failure.fault) platform.sim.addFault(failure.fault);
		const credentialOverrides = { accessToken: RECOGNISABLE_TOKEN, ...(await failure.credentials?.()) } as never;
		const parameters = { ...get(), ...failure.parameters };
		const stopped = await platform.run(parameters, { credentialOverrides });
		const continued = await platform.run(parameters, { credentialOverrides, continueOnFail: true });

		expect(stopped.error?.message).toMatch(failure.message);
		expect(String(continued.outputs[0][0].json.error)).toMatch(failure.message);
		for (const recorded of [stopped.run, continued.run, stopped.error, { stack: stopped.error?.stack }]) {
			const text = JSON.stringify(recorded);
			expect(text).not.toContain(RECOGNISABLE_TOKEN);
			expect(text).not.toContain('LEAKCHECK');
			expect(text).not.toMatch(/Bearer\s/);
		}
	});
});
