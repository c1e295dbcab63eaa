import { NodeConnectionTypes, type INode } from 'n8n-workflow';

import { FIXTURE_NODE_TYPE, FIXTURE_POLLER_TYPE, fixtureApi, fixtureGenericApi, fixtureNode, fixturePoller } from './fixtures/fixtureNodes';
import { startFixtureServer, type FixtureServer } from './fixtures/httpsServer';
import { NODE_UNDER_TEST, createHarness } from '../../dev/engine/harness';
import { ITEMS_SOURCE_TYPE } from '../../dev/engine/nodeTypes';

const harness = createHarness({
	nodeTypes: { [FIXTURE_NODE_TYPE]: fixtureNode, [FIXTURE_POLLER_TYPE]: fixturePoller },
	credentialTypes: { fixtureApi, fixtureGenericApi },
});

let server: FixtureServer;
let credentials: { fixtureApi: { baseUrl: string; token: string } };

beforeAll(async () => {
	server = await startFixtureServer();
	credentials = { fixtureApi: { baseUrl: server.baseUrl, token: 'good-token' } };
});
afterAll(async () => await server.close());
beforeEach(() => server.requests.splice(0));

const authorizationHeaders = () => server.requests.map((request) => request.headers.authorization);

describe('runNode', () => {
	it('feeds the items to the node and keeps pairedItem lineage', async () => {
		const { outputs, error, run } = await harness.runNode({
			type: FIXTURE_NODE_TYPE,
			parameters: { operation: 'whoami' },
			items: [{ id: 1 }, { id: 2 }, { id: 3 }],
			credentials,
		});

		expect(error).toBeUndefined();
		expect(run.status).toBe('success');
		expect(outputs).toHaveLength(1);
		expect(outputs[0].map((item) => item.json.id)).toEqual([1, 2, 3]);
		expect(outputs[0].map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		// n8n 1.x leaves out an output or run index of 0 (`|| undefined`) where 2.x records 0.
		const sources = run.data.resultData.runData[NODE_UNDER_TEST][0].source;
		expect(sources.map((source) => [source?.previousNode, source?.previousNodeOutput ?? 0, source?.previousNodeRun ?? 0])).toEqual([
			['Test Items', 0, 0],
		]);
	});

	it('evaluates expressions in parameters with the default (legacy, non-isolated-vm) engine', async () => {
		const { outputs } = await harness.runNode({
			type: FIXTURE_NODE_TYPE,
			parameters: { operation: 'echo', message: '={{ $json.id }}-{{ $json.name.toUpperCase() }}' },
			items: [{ id: 7, name: 'rnaseq' }],
		});

		expect(outputs[0][0].json).toEqual({ message: '7-RNASEQ' });
	});

	it('applies function-form credential authentication on a real TLS request', async () => {
		await harness.runNode({ type: FIXTURE_NODE_TYPE, parameters: { operation: 'whoami' }, credentials });

		expect(server.requests).toHaveLength(1);
		expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/whoami' });
		expect(authorizationHeaders()).toEqual(['Bearer good-token']);
	});

	it('applies generic credential authentication, resolving $credentials expressions and defaults', async () => {
		const { outputs } = await harness.runNode({
			type: FIXTURE_NODE_TYPE,
			parameters: { operation: 'whoamiGeneric' },
			// `workspace` is left out: n8n fills it from the property default.
			credentials: { fixtureGenericApi: { baseUrl: server.baseUrl, token: 'generic-token' } },
		});

		expect(outputs[0][0].json.server).toEqual({
			authorization: 'Bearer generic-token',
			query: '?workspaceId=ws-default',
		});
	});

	it('sends plain httpRequest calls without credentials', async () => {
		await harness.runNode({ type: FIXTURE_NODE_TYPE, parameters: { operation: 'plainRequest' }, credentials });

		expect(authorizationHeaders()).toEqual([undefined]);
	});

	it('makes real TLS requests: the self-signed certificate is refused unless the node skips verification', async () => {
		const { error } = await harness.runNode({ type: FIXTURE_NODE_TYPE, parameters: { operation: 'strictTls' }, credentials });

		expect(error?.message).toContain('self-signed certificate');
	});

	it('stops the workflow with the node error recorded when the node throws', async () => {
		const { outputs, error, run } = await harness.runNode({
			type: FIXTURE_NODE_TYPE,
			parameters: { operation: 'fail' },
			items: [{ id: 1 }, { id: 2, fail: true }],
		});

		expect(outputs).toEqual([]);
		expect(run.status).toBe('error');
		expect(error).toMatchObject({ name: 'NodeOperationError', message: 'Item 1 is flagged to fail' });
		// The node ran at the type's defaultVersion (2), not the first version it lists.
		expect(error).toMatchObject({ node: { name: NODE_UNDER_TEST, typeVersion: 2 } });
		expect(run.data.resultData.error).toBe(error);
		expect(run.data.resultData.lastNodeExecuted).toBe(NODE_UNDER_TEST);
		expect(run.data.resultData.runData[NODE_UNDER_TEST][0]).toMatchObject({
			executionStatus: 'error',
			error: { message: 'Item 1 is flagged to fail' },
		});
	});

	it('records a failed HTTP call as a NodeApiError carrying the status code', async () => {
		const { error } = await harness.runNode({
			type: FIXTURE_NODE_TYPE,
			parameters: { operation: 'apiFail' },
			credentials,
		});

		// n8n-core replaces the message by a generic one for the status; the server's own text
		// ends up in `description`.
		expect(error).toMatchObject({
			name: 'NodeApiError',
			httpCode: '500',
			message: 'The service was not able to process your request',
			description: 'simulated server failure',
		});
	});

	it('puts error items in output 0 with continueOnFail', async () => {
		const { outputs, error, run } = await harness.runNode({
			type: FIXTURE_NODE_TYPE,
			parameters: { operation: 'fail' },
			items: [{ id: 1 }, { id: 2, fail: true }],
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(run.status).toBe('success');
		expect(outputs).toEqual([
			[
				{ json: { ok: true, id: 1 }, pairedItem: { item: 0 } },
				{ json: { error: 'Item 1 is flagged to fail' }, pairedItem: { item: 1 } },
			],
		]);
	});

	it("routes error items to output 1 with onError 'continueErrorOutput'", async () => {
		const { outputs, error } = await harness.runNode({
			type: FIXTURE_NODE_TYPE,
			parameters: { operation: 'fail' },
			items: [{ id: 1 }, { id: 2, fail: true }],
			onError: 'continueErrorOutput',
		});

		expect(error).toBeUndefined();
		expect(outputs[0]).toEqual([{ json: { ok: true, id: 1 }, pairedItem: { item: 0 } }]);
		// The engine merges the paired input item's json into the error item.
		expect(outputs[1]).toEqual([{ json: { id: 2, fail: true, error: 'Item 1 is flagged to fail' }, pairedItem: { item: 1 } }]);
	});

	it('passes the input through and still fails the run when a node throws despite continueOnFail', async () => {
		const { outputs, error, run } = await harness.runNode({
			type: FIXTURE_NODE_TYPE,
			parameters: { operation: 'throwEarly' },
			items: [{ id: 1 }],
			continueOnFail: true,
		});

		expect(outputs).toEqual([[{ json: { id: 1 }, pairedItem: { item: 0 } }]]);
		expect(error).toMatchObject({ message: 'Thrown before any item was processed' });
		expect(run.status).toBe('error');
	});

	it('cancels a running execution, aborting its in-flight request', async () => {
		// Cancelled once the request has reached the server, however busy the machine.
		const slowArrived = new Promise<void>((resolve) => {
			const watch = setInterval(() => {
				if (!server.requests.some((request) => request.url === '/slow')) return;
				clearInterval(watch);
				resolve();
			}, 10);
		});
		const { run, cancelledAt } = await harness.runNode({
			type: FIXTURE_NODE_TYPE,
			parameters: { operation: 'slow' },
			credentials,
			cancelWhen: slowArrived,
		});

		expect(run.status).toBe('canceled');
		// The fixture answers /slow after 10 s: ending in half of that, the request was aborted. A machine
		// running both test lanes delays a timer by well under a second.
		expect(performance.now() - cancelledAt!).toBeLessThan(5_000);
		expect(run.data.resultData.runData[NODE_UNDER_TEST][0].error).toMatchObject({ httpCode: 'ERR_CANCELED' });
	});
});

describe('runWorkflow', () => {
	it('carries binary data prepared by one node to the next', async () => {
		const node = (name: string, operation: string, x: number): INode => ({
			id: name,
			name,
			type: FIXTURE_NODE_TYPE,
			typeVersion: 2,
			position: [x, 0],
			parameters: { operation },
		});
		const main = (to: string) => ({ main: [[{ node: to, type: NodeConnectionTypes.Main, index: 0 }]] });
		const run = await harness.runWorkflow({
			nodes: [
				{
					id: 'source',
					name: 'Source',
					type: ITEMS_SOURCE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: { items: '[{}, {}]' },
				},
				node('Make Binary', 'binary', 200),
				node('Read Binary', 'readBinary', 400),
			],
			connections: { Source: main('Make Binary'), 'Make Binary': main('Read Binary') },
		});

		expect(run.status).toBe('success');
		const made = run.data.resultData.runData['Make Binary'][0].data?.main[0] ?? [];
		expect(made[0].binary?.data).toMatchObject({
			fileName: 'hello.txt',
			mimeType: 'text/plain',
			fileExtension: 'txt',
			// Both lines record the size as text; only 2.x adds it as a number (`bytes`).
			fileSize: '17 B',
			data: Buffer.from('hello from item 0').toString('base64'),
		});
		const read = run.data.resultData.runData['Read Binary'][0].data?.main[0] ?? [];
		expect(read.map((item) => item.json.text)).toEqual(['hello from item 0', 'hello from item 1']);
	});
});

describe('listSearch and loadOptions', () => {
	it('runs a listSearch method with credentials, filter and pagination token', async () => {
		const result = await harness.listSearch(FIXTURE_NODE_TYPE, 'searchPipelines', credentials, 'sarek', 'page-2');

		expect(result).toEqual({ results: [{ name: 'nf-core/sarek', value: 'p-2' }] });
		expect(server.requests[0].url).toBe('/pipelines?search=sarek&page=page-2');
		expect(authorizationHeaders()).toEqual(['Bearer good-token']);
	});

	it('runs a loadOptions method that reads the current node parameters', async () => {
		const options = await harness.loadOptions(FIXTURE_NODE_TYPE, 'getPipelines', credentials, { message: 'rna' });

		expect(options).toEqual([{ name: 'nf-core/rnaseq', value: 'p-1' }]);
	});

	it('surfaces a rejected token as NodeApiError, after the one retry n8n makes on 401', async () => {
		const badCredentials = { fixtureApi: { baseUrl: server.baseUrl, token: 'bad-token' } };

		await expect(harness.listSearch(FIXTURE_NODE_TYPE, 'searchPipelines', badCredentials)).rejects.toMatchObject({
			name: 'NodeApiError',
			httpCode: '401',
		});
		expect(authorizationHeaders()).toEqual(['Bearer bad-token', 'Bearer bad-token']);
	});
});

describe('testCredential', () => {
	it('reports OK for a token the server accepts', async () => {
		const result = await harness.testCredential(FIXTURE_NODE_TYPE, 'fixtureApiTest', 'fixtureApi', credentials.fixtureApi);

		expect(result).toEqual({ status: 'OK', message: 'Connection successful' });
	});

	it('reports the error for a token the server rejects', async () => {
		const result = await harness.testCredential(FIXTURE_NODE_TYPE, 'fixtureApiTest', 'fixtureApi', {
			baseUrl: server.baseUrl,
			token: 'bad-token',
		});

		expect(result.status).toBe('Error');
		expect(result.message).toContain('401');
	});
});

describe('poll', () => {
	it('keeps the static data between polls', async () => {
		const staticData = {};
		const poll = async () => await harness.poll({ type: FIXTURE_POLLER_TYPE, parameters: {}, credentials, staticData });

		expect(await poll()).toEqual([[{ json: { id: 3 } }, { json: { id: 2 } }, { json: { id: 1 } }]]);
		expect(staticData).toEqual({ [`node:${NODE_UNDER_TEST}`]: { lastId: 3 } });
		expect(await poll()).toBeNull();
		expect(server.requests.map((request) => request.url)).toEqual(['/events?after=0', '/events?after=3']);
		expect(authorizationHeaders()).toEqual(['Bearer good-token', 'Bearer good-token']);
	});

	it('polls in manual mode', async () => {
		const result = await harness.poll({
			type: FIXTURE_POLLER_TYPE,
			parameters: {},
			credentials,
			staticData: {},
			mode: 'manual',
		});

		expect(result?.[0]).toHaveLength(3);
	});
});
