import type { INodeParameters } from 'n8n-workflow';

import { GENOMICS, RND, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

describe('Custom API Call', () => {
	it('calls a path built from item data, with query parameters and the workspace', async () => {
		const run = platform.sim.data.runsIn(GENOMICS).find((candidate) => candidate.status === 'SUCCEEDED')!;
		const before = platform.sim.log.length;
		const result = await platform.run(
			{
				resource: 'customApiCall',
				operation: 'request',
				method: 'GET',
				path: '=/workflow/{{ $json.workflowId }}/tasks',
				queryParameters: { parameter: [{ name: 'max', value: '2' }] },
				...workspaceParameter(GENOMICS),
			},
			{ items: [{ workflowId: run.id }] },
		);
		const [output] = platform.json(result);
		expect((output.tasks as unknown[]).length).toBe(2);
		expect(platform.sim.log[before]).toMatchObject({
			method: 'GET',
			path: `/workflow/${run.id}/tasks`,
			query: { max: '2', workspaceId: String(GENOMICS) },
		});
	});

	it('sends a JSON body', async () => {
		const finished = platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'SUCCEEDED')!;
		const result = await platform.run({
			resource: 'customApiCall',
			operation: 'request',
			method: 'POST',
			path: '/workflow/delete',
			bodyType: 'json',
			jsonBody: JSON.stringify({ workflowIds: [finished.id] }),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)).toEqual([{ failedWorkflowIds: [] }]);
		expect(platform.sim.data.findRun(finished.id)).toBeUndefined();
	});

	it('sends key/value pairs as {"params": {...}} and maps the answer like any operation', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'customApiCall',
			operation: 'request',
			method: 'POST',
			path: '/actions/5mQ2x7Rk1Lp3Zv/launch',
			bodyType: 'params',
			bodyParameters: {
				parameter: [
					{ name: 'input', value: 's3://bucket/samples.csv' },
					{ name: 'outdir', value: 's3://bucket/out' },
				],
			},
			...workspaceParameter(GENOMICS),
		});
		expect(platform.sim.log[before]).toMatchObject({
			method: 'POST',
			path: '/actions/5mQ2x7Rk1Lp3Zv/launch',
			body: { params: { input: 's3://bucket/samples.csv', outdir: 's3://bucket/out' } },
		});
		// No action of the workspace has this ID: the platform's 403 reaches the user with both causes named.
		expect(result.error).toMatchObject({ httpCode: '403' });
		expect((result.error as { description?: string }).description).toContain('Your tokens');
	});

	it('refuses a path holding half of a character, saying what to do, before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			{ resource: 'customApiCall', operation: 'request', method: 'GET', path: '={{ $json.path }}' },
			{ items: [{ path: '/workflow/\ud83d' }] },
		);
		expect(platform.sim.log.length).toBe(before);
		expect(result.error!.message).toBe(
			'Path "/workflow/\\ud83d" holds half of a character (an unpaired UTF-16 surrogate), which no URL can carry',
		);
		expect((result.error as { description?: string }).description).toBe(
			'Remove the broken character, or fix the expression or data that produced it (item 0).',
		);
	});

	it('refuses a path that would step out of the API', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'customApiCall',
			operation: 'request',
			method: 'GET',
			path: '/workflow/../user-info',
		});
		expect(platform.sim.log.length).toBe(before);
		expect(result.error!.message).toBe('".." cannot be used as an ID or path segment');
	});
});

describe('Custom API Call with a Default Workspace ID on the credential', () => {
	/** Sends one call with the credential's Default Workspace ID set, and returns what the platform received. */
	async function sent(parameters: INodeParameters) {
		const before = platform.sim.log.length;
		const violationsBefore = platform.sim.contractViolations.length;
		const result = await platform.run(
			{ resource: 'customApiCall', operation: 'request', ...parameters },
			{ credentialOverrides: { workspaceId: String(GENOMICS) } },
		);
		expect(platform.sim.contractViolations.slice(violationsBefore)).toEqual([]);
		expect(result.error).toBeUndefined();
		expect(platform.sim.log.length).toBe(before + 1);
		return { result, request: platform.sim.log[before] };
	}

	it('sends no workspaceId to GET /user-info, which takes none', async () => {
		const { result, request } = await sent({ method: 'GET', path: '/user-info' });
		expect(request).toMatchObject({ method: 'GET', path: '/user-info' });
		expect(request.query).toEqual({});
		expect(platform.json(result)[0]).toHaveProperty('user');
	});

	it('sends no workspaceId to GET /orgs, even with a workspace chosen on the node', async () => {
		const { request } = await sent({ method: 'GET', path: '/orgs', ...workspaceParameter(RND) });
		expect(request).toMatchObject({ method: 'GET', path: '/orgs', query: {} });
	});

	it('sends the default workspace to GET /workflow, which takes one', async () => {
		const { request } = await sent({ method: 'GET', path: '/workflow', queryParameters: { parameter: [{ name: 'max', value: '1' }] } });
		expect(request).toMatchObject({ method: 'GET', path: '/workflow', query: { max: '1', workspaceId: String(GENOMICS) } });
	});

	it('sends the default workspace with a POST to an operation that takes one', async () => {
		const finished = platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'SUCCEEDED')!;
		const { result, request } = await sent({
			method: 'POST',
			path: '/workflow/delete',
			bodyType: 'json',
			jsonBody: JSON.stringify({ workflowIds: [finished.id] }),
		});
		expect(request).toMatchObject({ method: 'POST', path: '/workflow/delete', query: { workspaceId: String(GENOMICS) } });
		expect(platform.json(result)).toEqual([{ failedWorkflowIds: [] }]);
		expect(platform.sim.data.findRun(finished.id)).toBeUndefined();
	});

	it('matches a run ID in the path to the operation it names', async () => {
		const run = platform.sim.data.runsIn(GENOMICS).find((candidate) => candidate.status === 'SUCCEEDED')!;
		const { request } = await sent({ method: 'GET', path: `/workflow/${run.id}` });
		expect(request).toMatchObject({ path: `/workflow/${run.id}`, query: { workspaceId: String(GENOMICS) } });
	});

	it('sends a workspaceId given under Query Parameters as given, instead of the default', async () => {
		const { request } = await sent({
			method: 'GET',
			path: '/workflow',
			queryParameters: { parameter: [{ name: 'workspaceId', value: String(RND) }] },
		});
		expect(request.query).toEqual({ workspaceId: String(RND) });
	});

	it('leaves the workspace out when Query Parameters give workspaceId an empty value', async () => {
		const { request } = await sent({
			method: 'GET',
			path: '/workflow',
			queryParameters: { parameter: [{ name: 'workspaceId', value: '' }] },
		});
		expect(request.query).toEqual({});
	});
});
