import type { INodeParameters } from 'n8n-workflow';

import { GENOMICS, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();
let runId: string;

beforeAll(() => {
	runId = platform.sim.data.runsIn(GENOMICS)[0].id;
});

const run = (value: string): INodeParameters => ({ workflowId: { __rl: true, mode: 'id', value } });
const workspace = (value: string): INodeParameters => ({ workspace: { __rl: true, mode: 'id', value } });
const get = (overrides: INodeParameters): INodeParameters => ({
	resource: 'workflow',
	operation: 'get',
	...workspaceParameter(GENOMICS),
	...overrides,
});
const launch = (overrides: INodeParameters): INodeParameters => ({
	resource: 'workflow',
	operation: 'launch',
	source: 'repository',
	pipeline: 'https://github.com/nextflow-io/hello',
	...workspaceParameter(GENOMICS),
	...overrides,
});
const custom = (overrides: INodeParameters): INodeParameters => ({
	resource: 'customApiCall',
	operation: 'request',
	method: 'GET',
	...overrides,
});

// Values arrive as item data through an expression, as in a sync job: n8n's own editor checks only
// see fixed values, so these reach the node's checks.
const V = '={{ $json.value }}';

interface BadInput {
	what: string;
	value?: string;
	parameters: () => INodeParameters;
	credentials?: Record<string, unknown>;
	/** The node version to run; the default version when not given. */
	typeVersion?: number;
	message: string;
}

const notARunId = (text: string) => `Run ID "${text}" is not a valid run ID`;
const notANumber = (field: string, text: string) => `${field} "${text}" is not a number`;
const notAnId = (field: string, text: string) => `${field} "${text}" is the name of a platform route, not an ID`;

const cases: BadInput[] = [
	...['a/b', '../x', 'abc?x=1', 'abc#frag', 'abc%2Fdef', 'abc def', 'abc;rm', 'ab.cd', 'x'.repeat(65), '{{x}}'].map((value) => ({
		what: `run ID ${JSON.stringify(value)}`,
		value,
		parameters: () => get(run(V)),
		message: notARunId(value.length > 80 ? `${value.slice(0, 77)}...` : value),
	})),
	{ what: 'run ID ".."', value: '..', parameters: () => get(run(V)), message: notARunId('..') },
	// Words that share a place with an ID in the contract's paths: sent, they would reach another operation.
	{
		what: 'run ID "validate" (GET /workflow/validate)',
		value: 'validate',
		parameters: () => get(run(V)),
		message: notAnId('Run ID', 'validate'),
	},
	{
		what: 'run ID "launch" in Relaunch',
		value: 'launch',
		parameters: () => get({ operation: 'relaunch', ...run(V) }),
		message: notAnId('Run ID', 'launch'),
	},
	...[
		['get', 'templates'],
		['get', 'validate'],
		['start', 'validate'],
	].map(([operation, value]) => ({
		what: `Studio "${value}" in ${operation}`,
		value,
		parameters: () => ({
			resource: 'studio',
			operation,
			sessionId: { __rl: true, mode: 'id', value: V },
			...workspaceParameter(GENOMICS),
		}),
		message: notAnId('Studio', value),
	})),
	{
		what: 'compute environment "validate" (GET /compute-envs/validate)',
		value: 'validate',
		parameters: () => ({
			resource: 'computeEnv',
			operation: 'get',
			computeEnvId: { __rl: true, mode: 'id', value: V },
			...workspaceParameter(GENOMICS),
		}),
		message: notAnId('Compute Environment', 'validate'),
	},
	{ what: 'run ID with a NUL byte', value: 'abc\u0000def', parameters: () => get(run(V)), message: notARunId('abc\\u0000def') },
	{ what: 'run ID with a newline', value: 'abc\ndef', parameters: () => get(run(V)), message: notARunId('abc\\u000adef') },
	// Printed as it is, the override would show the rest of the message reversed.
	{
		what: 'run ID with a right-to-left override',
		value: 'abc\u202edef',
		parameters: () => get(run(V)),
		message: notARunId('abc\\u202edef'),
	},
	{ what: 'run ID with an unpaired surrogate', value: 'abc\ud800', parameters: () => get(run(V)), message: notARunId('abc\\ud800') },
	{ what: 'empty run ID', value: '', parameters: () => get(run(V)), message: 'Run ID is empty' },
	{ what: 'blank run ID', value: '   ', parameters: () => get(run(V)), message: 'Run ID is empty' },
	{
		what: 'run URL without /watch/',
		value: 'https://cloud.seqera.io/orgs/a/workspaces/b/runs',
		parameters: () => get({ workflowId: { __rl: true, mode: 'url', value: V } }),
		// n8n's own check of the locator's URL pattern.
		message: "ERROR: Run parameter's value is invalid. This is likely because the URL entered is incorrect",
	},
	...['12a', '-1', '1.5', '1e5', '12345678901234567890', '0x1F', '１２'].map((value) => ({
		what: `workspace ID ${JSON.stringify(value)}`,
		value,
		parameters: () => get({ ...run(runId), ...workspace(V) }),
		message: notANumber('Workspace', value),
	})),
	// From version 1.2 a value with a `/` is an organization/workspace name, looked up only when it can be one.
	...['../1', 'acme-bio/', '/genomics', 'acme bio/genomics', 'a/b/c'].map((value) => ({
		what: `workspace name ${JSON.stringify(value)}`,
		value,
		parameters: () => get({ ...run(runId), ...workspace(V) }),
		message: `Workspace '${value}' is not an organization and workspace name`,
	})),
	...['../1', '1/2'].map((value) => ({
		what: `workspace ID ${JSON.stringify(value)} in version 1.1`,
		value,
		parameters: () => get({ ...run(runId), ...workspace(V) }),
		typeVersion: 1.1,
		message: notANumber('Workspace', value),
	})),
	{
		what: 'credential\'s default workspace "genomics"',
		parameters: () => ({ resource: 'workflow', operation: 'get', ...run(runId) }),
		credentials: { workspaceId: 'genomics' },
		message: notANumber('Default Workspace ID (credential)', 'genomics'),
	},
	...['abc', '1;2', '-3', '1 2'].map((value) => ({
		what: `task ID ${JSON.stringify(value)}`,
		value,
		parameters: () => get({ operation: 'getTask', ...run(runId), taskId: V }),
		message: notANumber('Task ID', value),
	})),
	{
		what: 'empty task ID',
		value: '',
		parameters: () => get({ operation: 'getTask', ...run(runId), taskId: V }),
		message: 'Task ID is empty',
	},
	{
		what: 'Launchpad pipeline "rnaseq"',
		value: 'rnaseq',
		parameters: () => launch({ source: 'launchpad', pipelineId: { __rl: true, mode: 'id', value: V } }),
		message: notANumber('Launchpad Pipeline', 'rnaseq'),
	},
	...['a/b', 'a b', 'a?b', '..'].map((value) => ({
		what: `compute environment ${JSON.stringify(value)}`,
		value,
		parameters: () => launch({ computeEnvId: { __rl: true, mode: 'id', value: V } }),
		message: `Compute Environment "${value}" is not a valid ID`,
	})),
	{ what: 'label IDs "1,x"', parameters: () => launch({ launchSettings: { labelIds: '1,x' } }), message: notANumber('Label IDs', 'x') },
	{ what: 'label IDs "1;2"', parameters: () => launch({ launchSettings: { labelIds: '1;2' } }), message: notANumber('Label IDs', '1;2') },
	{ what: 'empty pipeline repository', value: ' ', parameters: () => launch({ pipeline: V }), message: 'Pipeline Repository is empty' },
	{
		what: 'truncated JSON parameters',
		parameters: () => launch({ launchSettings: { paramsText: '{"input": "s3://bucket",' } }),
		message: 'Pipeline Parameters is not valid JSON or YAML at line 1, column 25',
	},
	{
		what: 'unclosed YAML list',
		parameters: () => launch({ launchSettings: { paramsText: 'input: s3://x\nsamples: [a, b\n' } }),
		message: 'Pipeline Parameters is not valid JSON or YAML at line 3, column 1',
	},
	{
		what: 'parameters as a list',
		parameters: () => launch({ launchSettings: { paramsText: '[1, 2]' } }),
		message: 'Pipeline Parameters must be a set of name/value pairs',
	},
	{
		what: 'parameters as a string',
		parameters: () => launch({ launchSettings: { paramsText: '"input"' } }),
		message: 'Pipeline Parameters must be a set of name/value pairs',
	},
	{
		what: 'run IDs with a slash in Delete Many',
		parameters: () => ({
			resource: 'workflow',
			operation: 'deleteMany',
			workflowIds: `${runId}, a/b`,
			...workspaceParameter(GENOMICS),
		}),
		message: 'Run IDs "a/b" is not a valid run ID',
	},
	{
		what: 'no run IDs in Delete Many',
		parameters: () => ({ resource: 'workflow', operation: 'deleteMany', workflowIds: ' , ', ...workspaceParameter(GENOMICS) }),
		message: 'Run IDs is empty',
	},
	{
		what: 'empty file name',
		value: '',
		parameters: () => get({ operation: 'downloadFile', ...run(runId), fileName: V }),
		message: 'File Name is empty',
	},
	{
		what: 'empty binary field',
		value: '',
		parameters: () => get({ operation: 'downloadFile', ...run(runId), fileName: 'a.log', binaryPropertyName: V }),
		message: 'Put Output File in Field is empty',
	},
	{
		what: 'a date that is not one',
		parameters: () => get({ operation: 'getMany', returnAll: true, filters: { after: 'last tuesday' } }),
		message: 'After "last tuesday" is not a date',
	},
	{
		what: 'custom path with ..',
		parameters: () => custom({ path: '/workflow/../user-info' }),
		message: '".." cannot be used as an ID or path segment',
	},
	{
		what: 'custom path with %2e%2e',
		parameters: () => custom({ path: '/workflow/%2e%2e/user-info' }),
		message: '"%2e%2e" cannot be used as an ID or path segment',
	},
	{
		what: 'custom path with a query',
		parameters: () => custom({ path: '/workflow?max=1' }),
		message: 'Path must not contain "?" or "#"',
	},
	{ what: 'custom path with a fragment', parameters: () => custom({ path: '/workflow#x' }), message: 'Path must not contain "?" or "#"' },
	{ what: 'empty custom path', value: '', parameters: () => custom({ path: V }), message: 'Path is empty' },
	{
		what: 'custom path with an unpaired surrogate',
		value: '/workflow/\ud800x',
		parameters: () => custom({ path: V }),
		message: 'Path "/workflow/\\ud800x" holds half of a character (an unpaired UTF-16 surrogate), which no URL can carry',
	},
	{
		what: 'custom query value with an unpaired surrogate',
		value: '\udc00',
		parameters: () => custom({ path: '/workflow', queryParameters: { parameter: [{ name: 'search', value: V }] } }),
		message: 'Query Parameters "search=\\udc00" holds half of a character (an unpaired UTF-16 surrogate), which no URL can carry',
	},
	{
		what: 'custom JSON body that is not JSON',
		parameters: () => custom({ method: 'POST', path: '/workflow/delete', bodyType: 'json', jsonBody: '{bad' }),
		message: 'JSON Body is not valid JSON',
	},
	{
		what: 'a plain HTTP base URL',
		parameters: () => get(run(runId)),
		credentials: { baseUrl: 'http://127.0.0.1:1/api' },
		message:
			'Base URL "http://127.0.0.1:1/api" does not use HTTPS: the Seqera Platform API is only served over HTTPS, so enter https://127.0.0.1:1/api',
	},
	{
		what: 'a base URL with a query',
		parameters: () => get(run(runId)),
		credentials: { baseUrl: 'https://127.0.0.1:1/api?x=1' },
		message:
			'Base URL "https://127.0.0.1:1/api?x=1" must not contain "?" or "#": enter only the API address, e.g. https://seqera.example.com/api',
	},
];

describe('bad input is refused before any call, with a message that names the field', () => {
	it("leaves fixed values to n8n's own check of the locator's pattern", async () => {
		// n8n 2.x names the pattern's message; 1.x says only that the workflow has issues.
		await expect(platform.run(get(run('a/b')))).rejects.toMatchObject({ name: 'WorkflowHasIssuesError' });
	});

	it.each(cases.map((badInput) => [badInput.what, badInput] as const))('%s', async (_what, badInput) => {
		const before = platform.sim.log.length;
		const result = await platform.run(badInput.parameters(), {
			items: [{ value: badInput.value ?? '' }],
			credentialOverrides: badInput.credentials as never,
			...(badInput.typeVersion === undefined ? {} : { typeVersion: badInput.typeVersion }),
		});
		expect(result.error?.message).toBe(badInput.message);
		expect(platform.sim.log.length).toBe(before);
	});
});
