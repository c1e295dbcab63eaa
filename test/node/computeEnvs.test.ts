import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { CREDENTIAL_IDS, credentialsOf } from '../../dev/simulator/computeEnvRoutes';
import { CAPTURED_COMPUTE_ENVS, plantCapturedComputeEnv } from '../../dev/simulator/captured';
import { Contract } from '../../dev/simulator/contract';
import { COMPUTE_ENV_IDS, LABEL_IDS, WORKSPACE_IDS } from '../../dev/simulator/seed';
import { until } from '../../dev/until';
import { BETA, call } from '../simulator/testClient';
import { errorOf, GENOMICS, locator, operationOn, RND, SEQERA_NODE, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

/** What the simulator received from here on. */
function requestsSince(before: number) {
	return platform.sim.log.slice(before);
}

const computeEnvOperation = operationOn('computeEnv');

const genomicsCredentials = (): string => platform.sim.data.computeEnvById(COMPUTE_ENV_IDS.genomicsBatch)!.credentialsId;

/** An AWS Batch compute environment as a user writes one. */
function awsBatchConfiguration(name: string): IDataObject {
	return {
		name,
		platform: 'aws-batch',
		description: 'On-demand queue for urgent runs',
		config: {
			discriminator: 'aws-batch',
			region: 'eu-west-1',
			workDir: 's3://acme-genomics-work/urgent',
			computeQueue: 'urgent-queue',
			headQueue: 'urgent-head',
			waveEnabled: true,
		},
	};
}

async function getComputeEnv(id: string, workspace: number): Promise<IDataObject> {
	const result = await platform.run(computeEnvOperation('get', workspace, { computeEnvId: locator(id) }));
	expect(result.error).toBeUndefined();
	return platform.json(result)[0];
}

/** Compute Environment → Wait, checking every second: a new compute environment is CREATING for the simulator's run step. */
async function waitForComputeEnv(id: string, workspace: number, waitOptions: IDataObject = {}) {
	return await platform.run(
		computeEnvOperation('wait', workspace, {
			computeEnvId: locator(id),
			waitOptions: { pollIntervalSeconds: 1, maxPollIntervalSeconds: 1, ...waitOptions },
		}),
	);
}

/** What Wait outputs once the compute environment is AVAILABLE: it as Get shows it, with the checks it took. */
async function availableComputeEnv(id: string, workspace: number): Promise<IDataObject> {
	const result = await waitForComputeEnv(id, workspace);
	expect(result.error).toBeUndefined();
	const [waited] = platform.json(result);
	expect(waited.waitChecks).toBeGreaterThanOrEqual(1);
	const { waitChecks: _checks, ...computeEnv } = waited;
	return computeEnv;
}

describe('Compute Environment → Make Primary', () => {
	it('makes the chosen compute environment the primary one; the one before is primary no more', async () => {
		expect(platform.sim.data.primaryComputeEnv(GENOMICS)?.id).toBe(COMPUTE_ENV_IDS.genomicsBatch);
		const before = platform.sim.log.length;
		const result = await platform.run(
			computeEnvOperation('makePrimary', GENOMICS, {
				computeEnvId: locator(
					`https://cloud.seqera.io/orgs/acme-bio/workspaces/genomics/compute-envs/${COMPUTE_ENV_IDS.genomicsSpot}`,
					'url',
				),
			}),
		);
		expect(platform.json(result)).toEqual([{ computeEnvId: COMPUTE_ENV_IDS.genomicsSpot, primary: true }]);
		expect(requestsSince(before).map((entry) => `${entry.method} ${entry.path} ${JSON.stringify(entry.query)}`)).toEqual([
			`POST /compute-envs/${COMPUTE_ENV_IDS.genomicsSpot}/primary {"workspaceId":"${GENOMICS}"}`,
		]);

		const all = platform.json(await platform.run(computeEnvOperation('getMany', GENOMICS, {})));
		expect(all.filter((computeEnv) => computeEnv.primary).map((computeEnv) => computeEnv.id)).toEqual([COMPUTE_ENV_IDS.genomicsSpot]);
		await platform.run(computeEnvOperation('makePrimary', GENOMICS, { computeEnvId: locator(COMPUTE_ENV_IDS.genomicsBatch, 'list') }));
		expect(platform.sim.data.primaryComputeEnv(GENOMICS)?.id).toBe(COMPUTE_ENV_IDS.genomicsBatch);
	});

	it('refuses an ID that is not one before any call, naming the field', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(computeEnvOperation('makePrimary', GENOMICS, { computeEnvId: locator('={{ "a/b" }}') }));
		expect(errorOf(result)?.message).toBe('Compute Environment "a/b" is not a valid ID');
		expect(requestsSince(before)).toEqual([]);
	});

	it("fails with the platform's reason for a compute environment that is not available", async () => {
		const result = await platform.run(
			computeEnvOperation('makePrimary', RND, { computeEnvId: locator(COMPUTE_ENV_IDS.rndSlurmErrored) }),
		);
		expect(errorOf(result)?.message).toContain("Compute environment 'hpc-slurm-legacy' is ERRORED and cannot be the primary one");
		expect(platform.sim.data.primaryComputeEnv(RND)?.id).toBe(COMPUTE_ENV_IDS.rndGoogle);
	});
});

describe('Compute Environment → Get Primary', () => {
	it("outputs the workspace's primary compute environment from its list, and fails a workspace without one, saying how to make one", async () => {
		const before = platform.sim.log.length;
		const [primary] = platform.json(await platform.run(computeEnvOperation('getPrimary', GENOMICS, {})));
		expect(primary).toMatchObject({ id: platform.sim.data.primaryComputeEnv(GENOMICS)!.id, primary: true });
		expect(requestsSince(before).map((entry) => `${entry.method} ${entry.path} ${JSON.stringify(entry.query)}`)).toEqual([
			`GET /compute-envs {"workspaceId":"${GENOMICS}"}`,
		]);

		const showcase = platform.sim.data.computeEnvs.filter((each) => each.workspaceId === WORKSPACE_IDS.showcase);
		const wasPrimary = showcase.map((computeEnv) => computeEnv.primary);
		for (const computeEnv of showcase) computeEnv.primary = false;
		try {
			const none = await platform.run(computeEnvOperation('getPrimary', WORKSPACE_IDS.showcase, {}));
			expect(errorOf(none)?.message).toBe('The workspace has no primary compute environment');
			expect(errorOf(none)?.description).toContain('Compute Environment → Make Primary');
		} finally {
			showcase.forEach((computeEnv, index) => (computeEnv.primary = wasPrimary[index]));
		}
	});
});

describe('Compute Environment → Create', () => {
	it('creates a compute environment from its JSON; Get Many and Get show it', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			computeEnvOperation('create', GENOMICS, {
				configuration: JSON.stringify(awsBatchConfiguration('aws-batch-urgent')),
				credentialsId: locator(genomicsCredentials(), 'list'),
				labelIds: `${LABEL_IDS.production}`,
			}),
		);
		const [created] = platform.json(result);
		expect(created).toEqual({
			computeEnvId: expect.stringMatching(/^[A-Za-z0-9]{22}$/),
			name: 'aws-batch-urgent',
			platform: 'aws-batch',
		});
		expect(requestsSince(before).map((entry) => [entry.method, entry.path, entry.query, entry.body])).toEqual([
			[
				'POST',
				'/compute-envs',
				{ workspaceId: String(GENOMICS) },
				{
					computeEnv: { ...awsBatchConfiguration('aws-batch-urgent'), credentialsId: genomicsCredentials() },
					labelIds: [LABEL_IDS.production],
				},
			],
		]);

		// The platform checks a new compute environment (and with Forge makes its resources) while it is CREATING.
		const listed = platform.json(await platform.run(computeEnvOperation('getMany', GENOMICS, {})));
		expect(listed).toContainEqual(
			expect.objectContaining({ id: created.computeEnvId, name: 'aws-batch-urgent', status: 'CREATING', primary: false }),
		);
		expect(await availableComputeEnv(String(created.computeEnvId), GENOMICS)).toEqual(
			expect.objectContaining({ id: created.computeEnvId, status: 'AVAILABLE' }),
		);
		expect(await getComputeEnv(String(created.computeEnvId), GENOMICS)).toEqual(
			expect.objectContaining({
				id: created.computeEnvId,
				platform: 'aws-batch',
				config: expect.objectContaining({
					workDir: 's3://acme-genomics-work/urgent',
					computeQueue: 'urgent-queue',
					region: 'eu-west-1',
				}),
			}),
		);
	});

	it("takes the whole request body too, {computeEnv, labelIds}, and a Name that replaces the configuration's", async () => {
		const before = platform.sim.log.length;
		const body = {
			computeEnv: { ...awsBatchConfiguration('ignored-name'), credentialsId: genomicsCredentials() },
			labelIds: [LABEL_IDS.production],
		};
		const result = await platform.run(
			computeEnvOperation('create', GENOMICS, { configuration: JSON.stringify(body), name: 'aws-batch-nightly' }),
		);
		expect(platform.json(result)).toEqual([expect.objectContaining({ name: 'aws-batch-nightly' })]);
		expect(requestsSince(before)[0].body).toEqual({
			computeEnv: { ...body.computeEnv, name: 'aws-batch-nightly' },
			labelIds: body.labelIds,
		});
	});

	it("copies a compute environment into another workspace from Get's output, with that workspace's credentials", async () => {
		const original = await getComputeEnv(COMPUTE_ENV_IDS.genomicsSpot, GENOMICS);
		const before = platform.sim.log.length;
		// The platform's Get gives `labels: null` when not asked for labels; Create takes Label IDs instead.
		const result = await platform.run(
			computeEnvOperation('create', RND, { configuration: '={{ $json }}', credentialsId: locator(CREDENTIAL_IDS.rndAws) }),
			{ items: [{ ...original, labels: null }] },
		);
		const [copy] = platform.json(result);
		expect(copy).toEqual({ computeEnvId: expect.any(String), name: original.name, platform: 'aws-batch' });
		expect(copy.computeEnvId).not.toBe(original.id);

		// What the platform sets itself is left out of the request.
		const sent = (requestsSince(before)[0].body as { computeEnv: IDataObject }).computeEnv;
		for (const field of [
			'id',
			'status',
			'primary',
			'dateCreated',
			'lastUpdated',
			'lastUsed',
			'orgId',
			'workspaceId',
			'deleted',
			'labels',
		]) {
			expect(sent).not.toHaveProperty(field);
		}
		expect(sent.credentialsId).toBe(CREDENTIAL_IDS.rndAws);

		const copied = await availableComputeEnv(String(copy.computeEnvId), RND);
		expect(copied).toEqual(
			expect.objectContaining({
				name: original.name,
				status: 'AVAILABLE',
				primary: false,
				workspaceId: RND,
				credentialsId: CREDENTIAL_IDS.rndAws,
			}),
		);
		expect(copied.config).toEqual(original.config);
	});

	it.each(Object.entries(CAPTURED_COMPUTE_ENVS))(
		"copies %s from Get's output as the real platform answers it (nulls, forged resources), with 0 contract violations",
		async (_kind, captured) => {
			const planted = plantCapturedComputeEnv(platform.sim.data, captured, GENOMICS);
			const original = await getComputeEnv(planted.id, GENOMICS);
			expect(original).toEqual(
				expect.objectContaining({ description: null, message: null, config: expect.objectContaining({ preRunScript: null }) }),
			);
			const credentials =
				planted.platform === 'google-lifesciences'
					? platform.sim.data.computeEnvById(COMPUTE_ENV_IDS.rndGoogle)!.credentialsId
					: CREDENTIAL_IDS.rndAws;
			const before = platform.sim.log.length;
			const violations = platform.sim.contractViolations.length;
			const result = await platform.run(
				computeEnvOperation('create', RND, { configuration: '={{ $json }}', credentialsId: locator(credentials) }),
				{ items: [original] },
			);
			expect(result.error).toBeUndefined();
			expect(platform.json(result)).toEqual([{ computeEnvId: expect.any(String), name: captured.name, platform: captured.platform }]);
			expect(platform.sim.contractViolations.length).toBe(violations);

			const sent = (requestsSince(before)[0].body as { computeEnv: IDataObject }).computeEnv;
			expect(JSON.stringify(sent)).not.toContain('null');
			const sentConfig = sent.config as IDataObject;
			expect(sentConfig).not.toHaveProperty('forgedResources');
			const capturedConfig = captured.config as IDataObject;
			if (capturedConfig.forge) {
				// Forge makes the copy's own queues, as tower-cli's compute-envs export leaves the original's out.
				expect(sentConfig).toEqual(
					expect.objectContaining({ forge: expect.objectContaining({ type: 'SPOT', maxCpus: 123, fusionEnabled: true }) }),
				);
				expect(sentConfig).not.toHaveProperty('computeQueue');
			} else {
				expect(sentConfig.workDir).toBe(capturedConfig.workDir);
			}
			const copied = await availableComputeEnv(String(platform.json(result)[0].computeEnvId), RND);
			expect(copied).toEqual(
				expect.objectContaining({
					name: captured.name,
					platform: captured.platform,
					credentialsId: credentials,
					status: 'AVAILABLE',
				}),
			);
		},
	);

	it("version 1.1 keeps refusing Get's output with nulls before sending, as it did", async () => {
		const planted = plantCapturedComputeEnv(
			platform.sim.data,
			{ ...CAPTURED_COMPUTE_ENVS.awsBatchManual, id: '1xVersion11CopyCheckAb', name: 'v11-manual' },
			GENOMICS,
		);
		const original = await getComputeEnv(planted.id, GENOMICS);
		const before = platform.sim.log.length;
		const result = await platform.run(
			computeEnvOperation('create', RND, { configuration: '={{ $json }}', credentialsId: locator(CREDENTIAL_IDS.rndAws) }),
			{
				items: [original],
				typeVersion: 1.1,
			},
		);
		expect(errorOf(result)?.message).toBe('Configuration (JSON) does not match what POST /compute-envs takes');
		expect(requestsSince(before)).toEqual([]);
	});

	it("says what the platform answers when the copy keeps the other workspace's credentials", async () => {
		const original = await getComputeEnv(COMPUTE_ENV_IDS.genomicsBatch, GENOMICS);
		const result = await platform.run(computeEnvOperation('create', RND, { configuration: '={{ $json }}' }), { items: [original] });
		expect(errorOf(result)?.message).toContain(`Missing or unknown credentials '${String(original.credentialsId)}' for this workspace`);
	});

	it('creates a compute environment whose work directory its cloud cannot reach as INVALID, with the reason', async () => {
		const configuration = {
			name: 'gcp-batch-misplaced',
			platform: 'google-batch',
			credentialsId: platform.sim.data.computeEnvById(COMPUTE_ENV_IDS.rndGoogle)!.credentialsId,
			config: { discriminator: 'google-batch', location: 'europe-west2', workDir: 's3://acme-rnd-work/nextflow' },
		};
		const [created] = platform.json(
			await platform.run(computeEnvOperation('create', RND, { configuration: JSON.stringify(configuration) })),
		);
		const failed = await waitForComputeEnv(String(created.computeEnvId), RND);
		expect(errorOf(failed)).toEqual(
			expect.objectContaining({
				message: `Compute environment ${String(created.computeEnvId)} is INVALID, so it will not be available`,
				description: expect.stringContaining('needs a gs:// path'),
			}),
		);
		const output = await waitForComputeEnv(String(created.computeEnvId), RND, { failOnComputeEnvFailure: false });
		expect(platform.json(output)).toEqual([
			expect.objectContaining({ status: 'INVALID', message: expect.stringContaining('needs a gs:// path'), waitChecks: 1 }),
		]);
	});

	const badConfigurations: Array<[string, unknown, string]> = [
		[
			'a wrong type',
			{ ...awsBatchConfiguration('typed'), config: { discriminator: 'aws-batch', workDir: 5 } },
			'computeEnv.config.workDir: expects text, got 5',
		],
		[
			'a misspelt field',
			{ ...awsBatchConfiguration('misspelt'), config: { discriminator: 'aws-batch', workdir: 's3://bucket/work' } },
			'computeEnv.config.workdir: not a field the platform takes here (did you mean "workDir"?)',
		],
		[
			'a missing required field',
			{ name: 'no-platform', config: { discriminator: 'aws-batch', workDir: 's3://bucket/work' } },
			'computeEnv.platform: required, not given',
		],
		[
			'a misspelt field of the whole body',
			{ computeEnv: awsBatchConfiguration('whole'), labelID: [1] },
			'labelID: not a field the platform takes here (did you mean "labelIds"?)',
		],
		[
			'a configuration for another platform',
			{ ...awsBatchConfiguration('mismatched'), config: { discriminator: 'slurm-platform', workDir: '/scratch/work' } },
			'computeEnv.config.discriminator: "slurm-platform", but computeEnv.platform is "aws-batch"',
		],
	];

	it.each(badConfigurations)('fails the item for %s, naming the field, and sends nothing', async (_what, configuration, problem) => {
		const before = platform.sim.log.length;
		const result = await platform.run(computeEnvOperation('create', GENOMICS, { configuration: JSON.stringify(configuration) }));
		expect(errorOf(result)?.message).toBe('Configuration (JSON) does not match what POST /compute-envs takes');
		expect(errorOf(result)?.description).toContain(problem);
		expect(errorOf(result)?.description).toContain('Nothing was sent.');
		expect(requestsSince(before)).toEqual([]);
	});

	it('fails the item for text that is not JSON, and sends nothing', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(computeEnvOperation('create', GENOMICS, { configuration: '{"name": "broken",' }));
		expect(errorOf(result)?.message).toBe('Configuration (JSON) is not valid JSON');
		expect(requestsSince(before)).toEqual([]);
	});

	it('with Continue On Fail, a bad item fails alone and the others are created, one output per item', async () => {
		const good = { ...awsBatchConfiguration('aws-batch-batch-job'), credentialsId: genomicsCredentials() };
		const result = await platform.run(computeEnvOperation('create', GENOMICS, { configuration: '={{ $json.configuration }}' }), {
			items: [
				{ configuration: { ...good, name: 'from-item-0' } },
				{ configuration: { name: 'from-item-1' } },
				{ configuration: { ...good, name: 'from-item-2' } },
			],
			continueOnFail: true,
		});
		const outputs = result.outputs[0];
		expect(outputs.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(outputs.map((item) => item.json.name ?? item.json.error)).toEqual([
			'from-item-0',
			'Configuration (JSON) does not match what POST /compute-envs takes',
			'from-item-2',
		]);
	});
});

describe('Compute Environment → Validate', () => {
	let invalidId: string;

	beforeAll(async () => {
		const configuration = {
			name: 'gcp-batch-to-fix',
			platform: 'google-batch',
			credentialsId: platform.sim.data.computeEnvById(COMPUTE_ENV_IDS.rndGoogle)!.credentialsId,
			config: { discriminator: 'google-batch', location: 'europe-west2', workDir: 'az://wrong-cloud/work' },
		};
		const result = await platform.run(computeEnvOperation('create', RND, { configuration: JSON.stringify(configuration) }));
		invalidId = String(platform.json(result)[0].computeEnvId);
		await waitForComputeEnv(invalidId, RND, { failOnComputeEnvFailure: false });
	});

	const validate = async (parameters: INodeParameters = {}) =>
		await platform.run(computeEnvOperation('validate', RND, { computeEnvId: locator(invalidId), ...parameters }));

	it('says why a compute environment is invalid, then that it is valid once the problem is fixed', async () => {
		const failing = platform.json(await validate());
		expect(failing).toEqual([
			{
				computeEnvId: invalidId,
				valid: false,
				status: 'INVALID',
				message: expect.stringContaining('needs a gs:// path'),
				transientError: false,
			},
		]);

		// Someone moves the work directory to the right bucket in the web app.
		platform.sim.data.computeEnvById(invalidId)!.workDir = 'gs://acme-rnd-work/fixed';
		const before = platform.sim.log.length;
		expect(platform.json(await validate())).toEqual([
			{ computeEnvId: invalidId, valid: true, status: 'AVAILABLE', message: null, transientError: false },
		]);
		expect(requestsSince(before).map((entry) => [entry.method, entry.path, entry.query])).toEqual([
			['POST', `/compute-envs/${invalidId}/validate`, { workspaceId: String(RND) }],
		]);
		expect((await getComputeEnv(invalidId, RND)).status).toBe('AVAILABLE');
	});

	it('finds credentials the provider refuses', async () => {
		const credential = credentialsOf(platform.sim.data).find(
			(each) => each.id === platform.sim.data.computeEnvById(invalidId)!.credentialsId,
		)!;
		credential.status = 'INVALID';
		credential.message = 'The service account key was deleted';
		try {
			expect(platform.json(await validate())).toEqual([
				expect.objectContaining({
					valid: false,
					status: 'INVALID',
					message: expect.stringContaining('The service account key was deleted'),
				}),
			]);
		} finally {
			credential.status = 'AVAILABLE';
			credential.message = undefined;
		}
	});

	it('Force Available marks an INVALID compute environment AVAILABLE; the platform refuses it for an available one', async () => {
		platform.sim.data.computeEnvById(invalidId)!.workDir = 'az://wrong-cloud/work';
		await validate();
		const before = platform.sim.log.length;
		expect(platform.json(await validate({ force: true }))).toEqual([expect.objectContaining({ valid: true, status: 'AVAILABLE' })]);
		expect(requestsSince(before)[0].query).toEqual({ workspaceId: String(RND), force: 'true' });

		const refused = await validate({ force: true });
		expect(errorOf(refused)?.message).toContain('it must be INVALID with available credentials');
	});

	it('is not valid when a provider could not be reached, and says so', async () => {
		platform.sim.addFault({
			path: /\/validate$/,
			kind: 'answer',
			answer: { status: 'AVAILABLE', message: 'Timed out reaching storage.googleapis.com', transientError: true },
		});
		expect(platform.json(await validate())).toEqual([
			{
				computeEnvId: invalidId,
				valid: false,
				status: 'AVAILABLE',
				message: 'Timed out reaching storage.googleapis.com',
				transientError: true,
			},
		]);
	});

	it("fails with the platform's reason for a compute environment in a status that cannot be validated", async () => {
		const result = await platform.run(
			computeEnvOperation('validate', RND, { computeEnvId: locator(COMPUTE_ENV_IDS.rndSlurmErrored, 'list') }),
		);
		expect(errorOf(result)?.message).toContain("Compute environment 'hpc-slurm-legacy' is ERRORED and cannot be validated");
	});
});

describe('Compute environment lists', () => {
	it("the compute environment list of these operations shows every status; the credentials list, the workspace's credentials", async () => {
		const computeEnvs = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchAllComputeEnvs',
			platform.credentials(),
			undefined,
			undefined,
			workspaceParameter(RND),
		);
		expect(computeEnvs.results).toEqual(
			expect.arrayContaining([
				{ name: 'gcp-batch-rnd (google-batch) · primary', value: COMPUTE_ENV_IDS.rndGoogle },
				{ name: 'hpc-slurm-legacy (slurm-platform) · ERRORED', value: COMPUTE_ENV_IDS.rndSlurmErrored },
			]),
		);
		const filtered = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchWorkspaceCredentials',
			platform.credentials(),
			'aws',
			undefined,
			workspaceParameter(RND),
		);
		expect(filtered.results).toEqual([{ name: 'rnd-aws-keys (aws)', value: CREDENTIAL_IDS.rndAws }]);
	});
});

/** Contract checks run only where the contract file is present (see contract.ts for where it is looked up). */
const contract = Contract.loadIfPresent();
const withContract = contract ? it : it.skip;

describe('the simulator', () => {
	withContract('answers the compute environment calls as the contract says, errors included', async () => {
		// A token of its own: the node's calls before these count against alpha's rate limit.
		const send = async (method: string, path: string, body: unknown) => await call(platform.sim, method, path, { body, token: BETA });
		const ws = `workspaceId=${RND}`;
		const configuration = { ...awsBatchConfiguration('contract-check'), credentialsId: CREDENTIAL_IDS.rndAws };
		const created = await send('POST', `/compute-envs?${ws}`, { computeEnv: configuration });
		const id = String((created.json as { computeEnvId: string }).computeEnvId);
		await until(
			'the new compute environment to leave CREATING',
			() => platform.sim.data.computeEnvById(id)?.status === 'AVAILABLE',
			10_000,
		);
		const calls: Array<[string, string, unknown, number]> = [
			['GET', `/credentials?${ws}&platformId=aws-batch`, undefined, 200],
			['POST', `/compute-envs?${ws}`, { computeEnv: configuration }, 400],
			['POST', `/compute-envs/${id}/validate?${ws}`, {}, 200],
			['POST', `/compute-envs/${id}/validate?${ws}&force=true`, {}, 409],
			['POST', `/compute-envs/${COMPUTE_ENV_IDS.rndSlurmErrored}/validate?${ws}`, {}, 400],
			['POST', `/compute-envs/unknownComputeEnv/validate?${ws}`, {}, 404],
		];
		const problems: string[] = contract!.checkResponse('POST', '/compute-envs', created.status, created.json);
		for (const [method, path, body, status] of calls) {
			const reply = await send(method, path, body);
			if (reply.status !== status) problems.push(`${method} ${path}: HTTP ${reply.status}, expected ${status}`);
			problems.push(
				...contract!
					.checkResponse(method, path.split('?')[0], reply.status, reply.json)
					.map((problem) => `${method} ${path}: ${problem}`),
			);
		}
		expect(problems).toEqual([]);
		expect((await send('POST', `/compute-envs/${id}/primary?${ws}`, {})).status).toBe(204);
		expect(platform.sim.data.primaryComputeEnv(RND)?.id).toBe(id);
	});
});
