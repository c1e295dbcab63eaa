import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { operationIndex, takesFileUpload, type ContractOperation } from '../../nodes/Seqera/contract/operations';
import { ORG_IDS } from '../../dev/simulator/seed';
import { GENOMICS, SEQERA_NODE, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

function call(operationId: string, parameters: Record<string, string | number> = {}, extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'apiOperation',
		operation: 'call',
		apiOperationId: { __rl: true, mode: 'list', value: operationId },
		operationParameters: { mappingMode: 'defineBelow', value: parameters },
		...extra,
	};
}

const descriptionOf = (error: unknown) => (error as { description?: string }).description;

describe('API Operation: the list of operations', () => {
	it('lists every JSON operation of the contract grouped by tag, and finds one by words of its summary or path', async () => {
		const all = await platform.harness.listSearch(SEQERA_NODE, 'searchApiOperations', platform.credentials());
		const fileUploads = operationIndex.operations.filter(
			(operation) => operation.body && operation.body.contentType !== 'application/json',
		);
		expect(fileUploads.length).toBeGreaterThan(0);
		expect(all.results).toHaveLength(operationIndex.operations.length - fileUploads.length);
		const tags = all.results.map((result) => result.name.split(' · ')[0]);
		expect(tags).toEqual([...tags].sort((a, b) => a.localeCompare(b)));
		expect(all.results).toContainEqual({
			name: 'workflows · Describe workflow (GET /workflow/{workflowId})',
			value: 'DescribeWorkflow',
		});
		expect(all.results.map((result) => result.value)).not.toContain(fileUploads[0].operationId);

		const found = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchApiOperations',
			platform.credentials(),
			'participants DELETE {participantId}',
		);
		expect(found.results.map((result) => result.value)).toEqual(['DeleteWorkspaceParticipant']);
	});

	it("turns the chosen operation's path parameters into needed fields and offers its query parameters by name", async () => {
		const { fields } = await platform.harness.resourceMapping(SEQERA_NODE, 'getApiOperationParameters', platform.credentials(), {
			resource: 'apiOperation',
			operation: 'call',
			apiOperationId: { __rl: true, mode: 'list', value: 'ListWorkspaceParticipants' },
		});
		expect(fields.map((field) => [field.id, field.required, field.removed, field.type])).toEqual([
			['orgId', true, false, 'number'],
			['workspaceId', false, false, 'number'],
			['max', false, true, 'number'],
			['offset', false, true, 'number'],
			['search', false, true, 'string'],
		]);
		expect(fields[1].displayName).toBe('workspaceId (path; empty: the Workspace field)');

		const listed = await platform.harness.resourceMapping(SEQERA_NODE, 'getApiOperationParameters', platform.credentials(), {
			resource: 'apiOperation',
			operation: 'call',
			apiOperationId: { __rl: true, mode: 'id', value: 'ListWorkflows' },
		});
		// The workspace comes from the Workspace field, not from a field of its own.
		expect(listed.fields.map((field) => field.id)).not.toContain('workspaceId');
		expect(listed.fields.find((field) => field.id === 'attributes')?.displayName).toBe(
			'attributes (query, comma-separated: optimized, labels, messages, minimal, pipelineInfo)',
		);
	});
});

describe('API Operation: calls', () => {
	it('fills the path from its fields and sends workspaceId where the operation takes it', async () => {
		const run = platform.sim.data.runsIn(GENOMICS)[0];
		const before = platform.sim.log.length;
		const result = await platform.run(
			call('DescribeWorkflow', { workflowId: '={{ $json.runId }}', attributes: 'labels' }, workspaceParameter(GENOMICS)),
			{
				items: [{ runId: run.id }],
			},
		);
		expect(result.error).toBeUndefined();
		expect((platform.json(result)[0].workflow as IDataObject).id).toBe(run.id);
		expect(platform.sim.log.slice(before)).toMatchObject([
			{ method: 'GET', path: `/workflow/${run.id}`, query: { attributes: 'labels', workspaceId: String(GENOMICS) } },
		]);
	});

	it('sends no workspaceId to an operation that takes none, though the credential has a default workspace', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(call('UserInfo'), { credentialOverrides: { workspaceId: String(GENOMICS) } });
		expect(result.error).toBeUndefined();
		expect(platform.json(result)[0].user).toMatchObject({ userName: platform.sim.data.user.userName });
		expect(platform.sim.log.slice(before)).toMatchObject([{ method: 'GET', path: '/user-info', query: {} }]);
	});

	it('sends a body that matches the operation’s request schema, and nothing else is changed', async () => {
		const violationsBefore = platform.sim.contractViolations.length;
		const before = platform.sim.log.length;
		const result = await platform.run(
			call('CreateLabel', {}, { jsonBody: '{"name": "api-operation", "resource": false}', ...workspaceParameter(GENOMICS) }),
		);
		expect(result.error).toBeUndefined();
		expect(platform.json(result)[0]).toMatchObject({ name: 'api-operation', resource: false });
		expect(platform.sim.log.slice(before)).toMatchObject([
			{ method: 'POST', path: '/labels', query: { workspaceId: String(GENOMICS) }, body: { name: 'api-operation', resource: false } },
		]);
		expect(platform.sim.contractViolations.slice(violationsBefore)).toEqual([]);
	});

	it('sends a time as the platform reads it, to the second', async () => {
		const before = platform.sim.log.length;
		await platform.run(call('ListAuditLogsV2', { timestampAfterOrEqual: '2026-11-01T08:30:00.000Z' }));
		expect(platform.sim.log.slice(before)).toMatchObject([
			{ path: '/admin/audit-logs-v2', query: { timestampAfterOrEqual: '2026-11-01T08:30:00Z' } },
		]);
	});

	it("outputs the platform's answer as one item, as the API reference shows it", async () => {
		const result = await platform.run(call('ListWorkspaces', { orgId: ORG_IDS.acmeBio }));
		expect(result.error).toBeUndefined();
		expect(platform.json(result)[0].workspaces).toEqual(
			expect.arrayContaining([expect.objectContaining({ id: GENOMICS, name: 'genomics' })]),
		);
	});
});

describe('API Operation: refused before sending, naming what to fix', () => {
	async function refused(parameters: INodeParameters): Promise<{ message: string; description?: string }> {
		const before = platform.sim.log.length;
		const result = await platform.run(parameters);
		expect(platform.sim.log.length).toBe(before);
		expect(result.error).toBeDefined();
		return { message: result.error!.message, description: descriptionOf(result.error) };
	}

	it('a body with a misspelt field and a wrong type', async () => {
		const error = await refused(call('CreateLabel', {}, { jsonBody: '{"nmae": "x", "resource": "yes"}' }));
		expect(error.message).toBe('JSON Body does not match what POST /labels takes');
		expect(error.description).toBe(
			[
				'nmae: not a field the platform takes here (did you mean "name"?)',
				'resource: expects true or false, got "yes"',
				`Fix these in JSON Body (item 0); checked against the platform's API contract ${operationIndex.contract.version}. Nothing was sent.`,
			].join('\n'),
		);
	});

	it('a nested field of a discriminated configuration by its path, and a field the platform sets itself', async () => {
		const body = {
			computeEnv: {
				id: '4hTn2kd8ZqQ1v',
				name: 'ce',
				platform: 'aws-batch',
				config: { discriminator: 'aws-batch', region: 'eu-west-1', workdir: 's3://bucket/work' },
			},
		};
		const error = await refused(call('CreateComputeEnv', {}, { jsonBody: JSON.stringify(body) }));
		expect(error.description?.split('\n').slice(0, -1).sort()).toEqual([
			'computeEnv.config.workdir: not a field the platform takes here (did you mean "workDir"?)',
			'computeEnv.id: set by the platform, leave it out',
		]);
	});

	it('a body the check would refuse is sent when the check is off, for a platform newer than the contract', async () => {
		const before = platform.sim.log.length;
		await platform.run(
			call(
				'CreateLabel',
				{},
				{ jsonBody: '{"name": "newer-field", "colour": "red"}', options: { checkBody: false }, ...workspaceParameter(GENOMICS) },
			),
		);
		expect(platform.sim.log.slice(before)).toMatchObject([
			{ method: 'POST', path: '/labels', body: { name: 'newer-field', colour: 'red' } },
		]);
	});

	it('a missing path parameter, a text where a number goes, and a parameter the operation does not have', async () => {
		expect(await refused(call('DescribeWorkflow'))).toEqual({
			message: 'Operation Parameters: workflowId needed',
			description: 'GET /workflow/{workflowId} needs it; give it under Operation Parameters (item 0).',
		});
		expect((await refused(call('ListWorkspaces', { orgId: 'acme' }))).message).toBe(
			'Operation Parameters → orgId: expects a whole number, got "acme"',
		);
		expect((await refused(call('ListWorkspaces', { orgId: ORG_IDS.acmeBio, workflowId: 'x' }))).message).toBe(
			'Operation Parameters → workflowId is not a parameter of GET /orgs/{orgId}/workspaces',
		);
		expect((await refused(call('ListWorkflows', { attributes: 'labels,colour' }))).message).toBe(
			'Operation Parameters → attributes: expects a comma-separated list of optimized, labels, messages, minimal, pipelineInfo, got "labels,colour"',
		);
	});

	it('a body for an operation that takes none, an unknown operation ID, and a file upload', async () => {
		expect((await refused(call('UserInfo', {}, { jsonBody: '{"a": 1}' }))).message).toBe('GET /user-info takes no body');
		expect(await refused(call('DescribeWorkflo'))).toEqual({
			message: 'API Operation "DescribeWorkflo" is not in the platform\'s API contract',
			description: `Pick an operation from the list, or give an operation ID of contract ${operationIndex.contract.version} such as DescribeWorkflow (item 0).`,
		});
		const upload = operationIndex.operations.find((operation) => operation.path === '/datasets/{datasetId}/upload')!;
		expect((await refused(call(upload.operationId, { datasetId: 'x' }))).message).toBe(
			'POST /datasets/{datasetId}/upload uploads a file, which API Operation does not send',
		);
	});
});

describe('API Operation: a path parameter never names another route', () => {
	const isParameter = (segment: string) => /^\{.+\}$/.test(segment);
	const positionOf = (segments: string[], index: number) =>
		`/${segments
			.slice(0, index + 1)
			.map((segment) => (isParameter(segment) ? '{}' : segment))
			.join('/')}`;

	/** For each place in the contract where an ID sits beside literal segments, an operation with a parameter there. */
	const places = Object.entries(operationIndex.idSiblings).map(([position, words]) => {
		const operation = operationIndex.operations.find((candidate) => {
			const segments = candidate.path.split('/').filter((segment) => segment !== '');
			return (
				!takesFileUpload(candidate) &&
				segments.some((segment, index) => isParameter(segment) && positionOf(segments, index) === position)
			);
		}) as ContractOperation;
		const segments = operation.path.split('/').filter((segment) => segment !== '');
		const index = segments.findIndex((segment, i) => isParameter(segment) && positionOf(segments, i) === position);
		return { position, words, operation, parameter: operation.pathParameters.find((each) => `{${each.name}}` === segments[index])! };
	});

	it('covers every such place of the contract', () => {
		expect(places.map((place) => place.position)).toEqual(Object.keys(operationIndex.idSiblings));
		expect(places.find((place) => place.position === '/workflow/{}')?.operation.operationId).toBe('DescribeWorkflow');
	});

	it.each(places.map((place) => [`${place.operation.operationId} ${place.parameter.name}`, place] as const))(
		'%s: every literal of its place is refused, nothing is sent',
		async (_name, { words, operation, parameter }) => {
			for (const word of words) {
				const parameters = Object.fromEntries(
					operation.pathParameters.map((each) => [
						each.name,
						each.name === parameter.name ? word : each.type === 'integer' ? '1' : 'x1',
					]),
				);
				const before = platform.sim.log.length;
				const result = await platform.run(call(operation.operationId, parameters, { jsonBody: operation.body ? '{}' : '' }));
				expect(platform.sim.log.length).toBe(before);
				// An integer parameter refuses a word for not being a number; any other for naming a route.
				expect(result.error?.message).toBe(
					parameter.type === 'integer'
						? `Operation Parameters → ${parameter.name}: expects a whole number, got "${word}"`
						: `Operation Parameters → ${parameter.name} "${word}" is the name of a platform route, not an ID`,
				);
			}
		},
	);

	it('says which route the value would reach, through DescribeWorkflow with a run ID from an expression', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(call('DescribeWorkflow', { workflowId: '={{ $json.runId }}' }, workspaceParameter(GENOMICS)), {
			items: [{ runId: 'validate' }],
		});
		expect(platform.sim.log.length).toBe(before);
		expect(result.error?.message).toBe('Operation Parameters → workflowId "validate" is the name of a platform route, not an ID');
		expect(descriptionOf(result.error)).toBe(
			'GET /workflow/validate would reach another route of the platform instead of DescribeWorkflow, so nothing was sent. Give the workflowId itself (item 0).',
		);
	});
});
