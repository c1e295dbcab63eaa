import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import type { NodeRunResult } from '../../dev/engine/harness';
import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { SECRET_IDS, pipelineSecretsOf } from '../../dev/simulator/secretRoutes';
import { everything, useLeakCheck } from './leakCheck';
import { GENOMICS, RND, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

// A value that cannot appear anywhere by chance; the quotes make its JSON-escaped form differ from it.
const SECRET_VALUE = 'sv-LEAKCHECK-"4e1b"-93ac7d';
const LEAK_MARKS = [SECRET_VALUE, JSON.stringify(SECRET_VALUE).slice(1, -1), encodeURIComponent(SECRET_VALUE), 'LEAKCHECK'];

const leaks = useLeakCheck(platform, { resource: 'secret', operation: 'getMany', returnAll: true });

afterEach(() => platform.sim.clearFaults());

const expectValueNowhere = (result: NodeRunResult): void => leaks.expectNowhere(result, LEAK_MARKS);

/** The value comes from the input item through an expression, as it would from a form or a vault. */
function createFromItem(name: string): { parameters: INodeParameters; items: Array<Record<string, string>> } {
	return {
		parameters: {
			resource: 'secret',
			operation: 'create',
			name: '={{ $json.secretName }}',
			value: '={{ $json.secretValue }}',
			...workspaceParameter(GENOMICS),
		},
		items: [{ secretName: name, secretValue: SECRET_VALUE }],
	};
}

function updateFromItem(secretId: number): { parameters: INodeParameters; items: Array<Record<string, string>> } {
	return {
		parameters: {
			resource: 'secret',
			operation: 'update',
			secretId: { __rl: true, mode: 'id', value: String(secretId) },
			value: '={{ $json.secretValue }}',
			...workspaceParameter(GENOMICS),
		},
		items: [{ secretValue: SECRET_VALUE }],
	};
}

describe('Secret → Get Many', () => {
	it('lists the secrets of the workspace by name, never with a value', async () => {
		const result = await platform.run({ resource: 'secret', operation: 'getMany', returnAll: true, ...workspaceParameter(GENOMICS) });
		expect(result.error).toBeUndefined();
		expect(platform.json(result)).toEqual([
			{
				id: SECRET_IDS.genomicsNcbiKey,
				name: 'NCBI_API_KEY',
				dateCreated: '2024-02-12T09:30:00Z',
				lastUpdated: '2024-02-12T09:30:00Z',
			},
			{
				id: SECRET_IDS.genomicsSlackWebhook,
				name: 'SLACK_WEBHOOK_URL',
				dateCreated: '2024-02-12T09:30:00Z',
				lastUpdated: '2024-02-12T09:30:00Z',
			},
		]);
		expect(JSON.stringify(platform.json(result))).not.toContain('seed-value-of');
	});

	it('stops at the limit', async () => {
		const result = await platform.run({
			resource: 'secret',
			operation: 'getMany',
			returnAll: false,
			limit: 1,
			...workspaceParameter(RND),
		});
		expect(platform.json(result)).toEqual([expect.objectContaining({ id: SECRET_IDS.rndNcbiKey, name: 'NCBI_API_KEY' })]);
	});

	it('offers the secrets of the chosen workspace in the Secret list, filtered by name', async () => {
		const found = await platform.harness.listSearch(
			'n8n-nodes-seqera.seqera',
			'searchPipelineSecrets',
			platform.credentials(),
			'slack',
			undefined,
			{ resource: 'secret', operation: 'update', ...workspaceParameter(GENOMICS) },
		);
		expect(found.results).toEqual([{ name: 'SLACK_WEBHOOK_URL', value: String(SECRET_IDS.genomicsSlackWebhook) }]);
	});
});

describe('Secret → Create, Update, Delete', () => {
	it('Create sends the name and value and outputs the new ID and name only', async () => {
		const { parameters, items } = createFromItem('SEQERA_CREATE_1');
		const before = platform.sim.log.length;
		const result = await platform.run(parameters, { items });

		expect(result.error).toBeUndefined();
		const created = pipelineSecretsOf(platform.sim.data).find((secret) => secret.name === 'SEQERA_CREATE_1');
		expect(platform.json(result)).toEqual([{ id: created!.id, name: 'SEQERA_CREATE_1' }]);
		expect(created).toMatchObject({ workspaceId: GENOMICS, value: SECRET_VALUE });
		expect(platform.sim.log.slice(before)).toMatchObject([
			{
				method: 'POST',
				path: '/pipeline-secrets',
				query: { workspaceId: String(GENOMICS) },
				body: { name: 'SEQERA_CREATE_1', value: SECRET_VALUE },
			},
		]);
		expectValueNowhere(result);
	});

	it('Update replaces the value of the secret picked by ID', async () => {
		const { parameters, items } = updateFromItem(SECRET_IDS.genomicsSlackWebhook);
		const result = await platform.run(parameters, { items });
		expect(result.error).toBeUndefined();
		expect(platform.json(result)).toEqual([{ id: SECRET_IDS.genomicsSlackWebhook, updated: true }]);
		expect(pipelineSecretsOf(platform.sim.data).find((secret) => secret.id === SECRET_IDS.genomicsSlackWebhook)?.value).toBe(
			SECRET_VALUE,
		);
		expectValueNowhere(result);
	});

	it('Delete removes the secret picked from the list', async () => {
		const { parameters, items } = createFromItem('SEQERA_DELETE_ME');
		const [created] = platform.json(await platform.run(parameters, { items }));
		const result = await platform.run({
			resource: 'secret',
			operation: 'delete',
			secretId: { __rl: true, mode: 'list', value: String(created.id) },
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(result)).toEqual([{ id: created.id, deleted: true }]);
		expect(pipelineSecretsOf(platform.sim.data).some((secret) => secret.id === created.id)).toBe(false);
	});

	it('refuses a name the platform would refuse, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const { parameters, items } = createFromItem('9-lives');
		const result = await platform.run(parameters, { items });
		expect(result.error?.message).toBe('Name "9-lives" is not a valid secret name');
		expect((result.error as { description?: string }).description).toMatch(/starts with a letter or _/);
		expect(platform.sim.log.length).toBe(before);
	});

	it('prints control and bidirectional characters of a refused name escaped, as other fields do', async () => {
		const before = platform.sim.log.length;
		const { parameters, items } = createFromItem('KEY\r\nX\u0000Y\u202eZ');
		const result = await platform.run(parameters, { items });
		expect(result.error?.message).toBe('Name "KEY\\u000d\\u000aX\\u0000Y\\u202eZ" is not a valid secret name');
		expect(platform.sim.log.length).toBe(before);
	});

	it("refuses a name longer than the contract's 100 characters, naming the field, before any call", async () => {
		const before = platform.sim.log.length;
		const { parameters, items } = createFromItem('K'.repeat(10_000));
		const result = await platform.run(parameters, { items });
		expect(result.error?.message).toBe(`Name "${'K'.repeat(77)}..." is longer than 100 characters`);
		expect((result.error as { description?: string }).description).toBe(
			'A secret name has at most 100 characters; this one has 10000. Check the expression that gives it (item 0).',
		);
		expect(platform.sim.log.length).toBe(before);

		const longest = platform.json(
			await platform.run(createFromItem(`K${'0'.repeat(99)}`).parameters, {
				items: [{ secretName: `K${'0'.repeat(99)}`, secretValue: SECRET_VALUE }],
			}),
		);
		expect(longest).toEqual([expect.objectContaining({ name: `K${'0'.repeat(99)}` })]);
	});

	it("refuses at once a name that fails only at its end, where the contract's pattern as a regex would backtrack for minutes", async () => {
		const started = Date.now();
		for (const name of [`${'a'.repeat(60)}!`, `${'ab_'.repeat(30)}`, `${'a'.repeat(50)}__`]) {
			const { parameters, items } = createFromItem(name);
			expect((await platform.run(parameters, { items })).error?.message).toMatch(/is not a valid secret name$/);
		}
		// Speed is the subject: backtracking takes minutes; three refusals through n8n's engine take well under
		// a second alone and a few seconds at most on a machine running both test lanes.
		expect(Date.now() - started).toBeLessThan(20_000);
	});

	it('refuses an empty value, naming the field, before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			{ ...createFromItem('SEQERA_EMPTY').parameters, value: '={{ $json.missing }}' },
			{ items: [{ secretName: 'SEQERA_EMPTY' }] },
		);
		expect(result.error?.message).toBe('Value is empty');
		expect(platform.sim.log.length).toBe(before);
	});

	it('refuses a secret ID that is not a number before any call', async () => {
		const result = await platform.run({
			resource: 'secret',
			operation: 'delete',
			secretId: { __rl: true, mode: 'id', value: '={{ "NCBI_API_KEY" }}' },
			...workspaceParameter(GENOMICS),
		});
		expect(result.error?.message).toMatch(/^Secret "NCBI_API_KEY"/);
	});
});

describe('Secret → Create with Overwrite', () => {
	const createOverwriting = (name: string, overwrite: boolean, credentialOverrides?: ICredentialDataDecryptedObject) => {
		const { parameters, items } = createFromItem(name);
		return platform.run({ ...parameters, options: { overwrite } }, { items, credentialOverrides });
	};
	const namedInGenomics = (name: string) =>
		pipelineSecretsOf(platform.sim.data).filter((secret) => secret.workspaceId === GENOMICS && secret.name === name);

	it("deletes the workspace's secret of that name first, as tw secrets add --overwrite does", async () => {
		const before = platform.sim.log.length;
		const first = await createOverwriting('SEQERA_OVERWRITTEN', true);
		expect(first.error).toBeUndefined();
		expect(platform.sim.log.slice(before).map(({ method, path }) => `${method} ${path}`)).toEqual([
			'GET /pipeline-secrets',
			'POST /pipeline-secrets',
		]);
		const firstId = Number(platform.json(first)[0].id);

		const refused = await createOverwriting('SEQERA_OVERWRITTEN', false);
		expect(refused.error?.message).toMatch(/^A secret named 'SEQERA_OVERWRITTEN' already exists in this workspace/);

		const beforeSecond = platform.sim.log.length;
		const second = await createOverwriting('SEQERA_OVERWRITTEN', true);
		expect(second.error).toBeUndefined();
		expect(platform.sim.log.slice(beforeSecond).map(({ method, path, query, body }) => ({ method, path, query, body }))).toEqual([
			{ method: 'GET', path: '/pipeline-secrets', query: { workspaceId: String(GENOMICS) }, body: undefined },
			{ method: 'DELETE', path: `/pipeline-secrets/${firstId}`, query: { workspaceId: String(GENOMICS) }, body: undefined },
			{
				method: 'POST',
				path: '/pipeline-secrets',
				query: { workspaceId: String(GENOMICS) },
				body: { name: 'SEQERA_OVERWRITTEN', value: SECRET_VALUE },
			},
		]);
		const named = namedInGenomics('SEQERA_OVERWRITTEN');
		expect(named.map((secret) => secret.id)).toEqual([platform.json(second)[0].id]);
		expect(named[0].id).not.toBe(firstId);
		for (const result of [first, refused, second]) expectValueNowhere(result);
	});

	it('with a role that may not delete secrets, is refused the delete and creates nothing', async () => {
		const [kept] = namedInGenomics('NCBI_API_KEY');
		const before = platform.sim.log.length;
		const result = await createOverwriting('NCBI_API_KEY', true, { accessToken: LAUNCH_ROLE_TOKEN });
		expect(result.error?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow deleting secrets",
		);
		// After the refusal only reads, to name the role in the error: nothing is created.
		const changes = platform.sim.log.slice(before).filter(({ method }) => method !== 'GET');
		expect(changes.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
			`DELETE /pipeline-secrets/${SECRET_IDS.genomicsNcbiKey} 403`,
		]);
		expect(namedInGenomics('NCBI_API_KEY')).toEqual([kept]);
		expectValueNowhere(result);
	});
});

describe("a secret's value appears nowhere in what n8n records", () => {
	it('when the platform refuses the request with a 400 that quotes the body, value included', async () => {
		const { parameters, items } = createFromItem('SEQERA_TWICE');
		await platform.run(parameters, { items });
		const before = platform.sim.log.length;

		const stopped = await platform.run(parameters, { items });
		const continued = await platform.run(parameters, { items, continueOnFail: true });

		// The platform did quote the value, so the scrubbing is what kept it out.
		const answers = platform.sim.log.slice(before);
		expect(answers).toHaveLength(2);
		expect(answers.map((entry) => entry.status)).toEqual([400, 400]);
		expect(stopped.error?.message).toMatch(/^A secret named 'SEQERA_TWICE' already exists in this workspace: request .*\[redacted\]/);
		expect((stopped.error as { description?: string }).description).toMatch(
			/^POST \/pipeline-secrets was rejected by the platform\. Error ID: /,
		);
		expect(String(platform.json(continued)[0].error)).toContain('[redacted]');
		expectValueNowhere(stopped);
		expectValueNowhere(continued);
	});

	it('nor any part of it, when the platform quotes a long value (a private key) cut short', async () => {
		const key = [
			'-----BEGIN OPENSSH PRIVATE KEY-----',
			...Array.from(
				{ length: 50 },
				(_, line) => `b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ${String(line).padStart(2, '0')}QKEYLINE${line * 7919}`,
			),
			'-----END OPENSSH PRIVATE KEY-----',
		].join('\n');
		const parameters = { ...createFromItem('SEQERA_DEPLOY_KEY').parameters };
		const items = [{ secretName: 'SEQERA_DEPLOY_KEY', secretValue: key }];
		await platform.run(parameters, { items });
		const before = platform.sim.log.length;

		const result = await platform.run(parameters, { items, continueOnFail: true });
		expect(platform.sim.log.slice(before).map((entry) => entry.status)).toEqual([400]);
		const error = String(platform.json(result)[0].error);
		// The platform quoted the start of the value, lines and all, and stopped: that start is what is replaced.
		expect(error).toMatch(
			/^A secret named 'SEQERA_DEPLOY_KEY' already exists in this workspace: request \{"name":"SEQERA_DEPLOY_KEY","value":"\[redacted\]\.\.\.$/,
		);
		const parts = [key, JSON.stringify(key).slice(1, -1)].flatMap((form) =>
			Array.from({ length: form.length - 7 }, (_, start) => form.slice(start, start + 8)).filter((part) => !/\s/.test(part)),
		);
		for (const recorded of leaks.recordedByNode(result)) expect(parts.filter((part) => recorded.includes(part))).toEqual([]);
	});

	it('when the platform answers 429 before accepting it', async () => {
		platform.sim.addFault({ method: 'POST', path: /^\/pipeline-secrets$/, kind: 'rateLimit', retryAfterSeconds: 1, times: 2 });
		const { parameters, items } = createFromItem('SEQERA_AFTER_429');
		const result = await platform.run(parameters, { items });
		expect(result.error).toBeUndefined();
		expect(platform.json(result)).toEqual([expect.objectContaining({ name: 'SEQERA_AFTER_429' })]);
		expectValueNowhere(result);
	});

	it('when the connection drops, with Continue On Fail', async () => {
		platform.sim.addFault({ method: 'PUT', path: /^\/pipeline-secrets\/\d+$/, kind: 'drop', times: Infinity });
		const { parameters, items } = updateFromItem(SECRET_IDS.genomicsNcbiKey);
		const result = await platform.run(parameters, { items, continueOnFail: true });
		expect(platform.json(result)).toEqual([
			{ error: expect.stringMatching(/closed before an answer arrived/), message: expect.any(String) },
		]);
		expectValueNowhere(result);
	});

	it('(the checks see a value in an error, stack included, as a log line would carry it)', () => {
		const error = new Error('no value here');
		error.stack = `Error: ${SECRET_VALUE}`;
		expect(everything([{ meta: error }])).toContain(LEAK_MARKS[1]);
	});
});
