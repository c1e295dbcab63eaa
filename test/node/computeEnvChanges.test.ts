import type { IDataObject } from 'n8n-workflow';

import { CREDENTIAL_IDS } from '../../dev/simulator/computeEnvRoutes';
import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { COMPUTE_ENV_IDS } from '../../dev/simulator/seed';
import { call } from '../simulator/testClient';
import { errorOf, GENOMICS, locator, operationOn, RND, usePlatform } from './platform';

const platform = usePlatform();

const asLaunchRole = { credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } };

const computeEnvOperation = operationOn('computeEnv');

/** Method, path, query and body of what the simulator received from here on. */
function requestsSince(before: number) {
	return platform.sim.log.slice(before).map((entry) => [entry.method, entry.path, entry.query, entry.body ?? null]);
}

const computeEnv = (id: string) => platform.sim.data.computeEnvById(id);

async function getComputeEnv(id: string, workspace: number): Promise<IDataObject> {
	const result = await platform.run(computeEnvOperation('get', workspace, { computeEnvId: locator(id) }));
	expect(result.error).toBeUndefined();
	return platform.json(result)[0];
}

describe('Compute Environment → Update', () => {
	it('reads the compute environment first and sends back the name and credentials it was not told to change', async () => {
		const spot = COMPUTE_ENV_IDS.genomicsSpot;
		const credentialsId = computeEnv(spot)!.credentialsId;
		const before = platform.sim.log.length;
		const result = await platform.run(
			computeEnvOperation('update', GENOMICS, { computeEnvId: locator(spot), description: 'Spot queue for reruns' }),
		);
		expect(requestsSince(before)).toEqual([
			['GET', `/compute-envs/${spot}`, { workspaceId: String(GENOMICS) }, null],
			[
				'PUT',
				`/compute-envs/${spot}`,
				{ workspaceId: String(GENOMICS) },
				{ name: 'aws-batch-spot-genomics', description: 'Spot queue for reruns', credentialsId },
			],
		]);
		expect(platform.json(result)).toEqual([
			{ computeEnvId: spot, name: 'aws-batch-spot-genomics', description: 'Spot queue for reruns', credentialsId, updated: true },
		]);
		expect(await getComputeEnv(spot, GENOMICS)).toMatchObject({
			name: 'aws-batch-spot-genomics',
			description: 'Spot queue for reruns',
			credentialsId,
			status: 'AVAILABLE',
		});
	});

	it('renames a compute environment found by name and keeps its description; new credentials replace the old', async () => {
		const google = COMPUTE_ENV_IDS.rndGoogle;
		const before = platform.sim.log.length;
		const result = await platform.run(
			computeEnvOperation('update', RND, { computeEnvId: locator('gcp-batch-rnd', 'name'), name: 'gcp-batch-research' }),
		);
		expect(requestsSince(before).filter(([method]) => method === 'PUT')).toEqual([
			[
				'PUT',
				`/compute-envs/${google}`,
				{ workspaceId: String(RND) },
				{ name: 'gcp-batch-research', description: 'Google Batch in europe-west2', credentialsId: '6fRm2TqP9kGoogleCred' },
			],
		]);
		expect(platform.json(result)[0]).toMatchObject({ computeEnvId: google, name: 'gcp-batch-research' });
		expect(computeEnv(google)).toMatchObject({ name: 'gcp-batch-research', description: 'Google Batch in europe-west2' });

		const genomics = COMPUTE_ENV_IDS.genomicsBatch;
		const spotKeys = computeEnv(COMPUTE_ENV_IDS.genomicsSpot)!.credentialsId;
		const rekeyed = await platform.run(
			computeEnvOperation('update', GENOMICS, { computeEnvId: locator(genomics), credentialsId: locator(spotKeys, 'list') }),
		);
		expect(platform.json(rekeyed)[0]).toMatchObject({ computeEnvId: genomics, name: 'aws-batch-genomics', credentialsId: spotKeys });
		expect(computeEnv(genomics)).toMatchObject({ credentialsId: spotKeys, description: 'AWS Batch on-demand queue in eu-west-1' });
	});

	it("fails with the platform's reason for a name taken in the workspace, or credentials of another cloud", async () => {
		const taken = await platform.run(
			computeEnvOperation('update', GENOMICS, { computeEnvId: locator(COMPUTE_ENV_IDS.genomicsSpot), name: 'aws-batch-genomics' }),
		);
		expect(errorOf(taken)?.message).toContain("A compute environment named 'aws-batch-genomics' already exists in this workspace");
		const awsKeys = await platform.run(
			computeEnvOperation('update', RND, {
				computeEnvId: locator(COMPUTE_ENV_IDS.rndGoogle),
				credentialsId: locator(CREDENTIAL_IDS.rndAws),
			}),
		);
		expect(errorOf(awsKeys)?.message).toContain('are aws credentials; google-batch takes google');
		expect(computeEnv(COMPUTE_ENV_IDS.genomicsSpot)?.name).toBe('aws-batch-spot-genomics');
		expect(computeEnv(COMPUTE_ENV_IDS.rndGoogle)?.credentialsId).toBe('6fRm2TqP9kGoogleCred');
	});

	it('the platform keeps only what an update sends: a description or credentials left out are gone', async () => {
		const personal = COMPUTE_ENV_IDS.personalBatch;
		const reply = await call(platform.sim, 'PUT', `/compute-envs/${personal}`, { body: { name: 'personal-aws' } });
		expect(reply.status).toBe(204);
		expect(computeEnv(personal)).toMatchObject({ name: 'personal-aws', description: '', credentialsId: '' });
	});

	it('refuses credentials or a compute environment that are not an ID before any call, naming the field', async () => {
		const before = platform.sim.log.length;
		const keys = await platform.run(
			computeEnvOperation('update', GENOMICS, {
				computeEnvId: locator(COMPUTE_ENV_IDS.genomicsSpot),
				credentialsId: locator('={{ "keys/aws" }}'),
			}),
		);
		expect(errorOf(keys)?.message).toBe('Workspace Credentials "keys/aws" is not a valid ID');
		const id = await platform.run(computeEnvOperation('update', GENOMICS, { computeEnvId: locator('={{ "a/b" }}'), name: 'x' }));
		expect(errorOf(id)?.message).toBe('Compute Environment "a/b" is not a valid ID');
		expect(requestsSince(before)).toEqual([]);
	});
});

describe('Compute Environment → Delete', () => {
	it('deletes a compute environment; Get Many no longer lists it', async () => {
		const created = await platform.run(
			computeEnvOperation('create', GENOMICS, {
				configuration: JSON.stringify({
					name: 'aws-batch-short-lived',
					platform: 'aws-batch',
					config: { discriminator: 'aws-batch', region: 'eu-west-1', workDir: 's3://acme-genomics-work/short' },
				}),
				credentialsId: locator(computeEnv(COMPUTE_ENV_IDS.genomicsSpot)!.credentialsId),
			}),
		);
		const { computeEnvId } = platform.json(created)[0];
		const before = platform.sim.log.length;
		const result = await platform.run(
			computeEnvOperation('delete', GENOMICS, { computeEnvId: locator('aws-batch-short-lived', 'name') }),
		);
		expect(requestsSince(before).filter(([method]) => method === 'DELETE')).toEqual([
			['DELETE', `/compute-envs/${String(computeEnvId)}`, { workspaceId: String(GENOMICS) }, null],
		]);
		expect(platform.json(result)).toEqual([{ computeEnvId, deleted: true }]);
		const listed = platform.json(await platform.run(computeEnvOperation('getMany', GENOMICS, {})));
		expect(listed.map((each) => each.id)).not.toContain(computeEnvId);
		expect(listed.length).toBeGreaterThan(0);
	});

	it('is refused while runs on the compute environment are active; Force deletes an errored one', async () => {
		const busy = await platform.run(computeEnvOperation('delete', GENOMICS, { computeEnvId: locator(COMPUTE_ENV_IDS.genomicsBatch) }));
		expect(errorOf(busy)?.message).toContain("Compute environment 'aws-batch-genomics' has active runs and cannot be deleted");
		expect(computeEnv(COMPUTE_ENV_IDS.genomicsBatch)).toBeDefined();

		const errored = COMPUTE_ENV_IDS.rndSlurmErrored;
		const before = platform.sim.log.length;
		const result = await platform.run(computeEnvOperation('delete', RND, { computeEnvId: locator(errored), force: true }));
		expect(requestsSince(before)).toEqual([['DELETE', `/compute-envs/${errored}`, { workspaceId: String(RND), force: 'true' }, null]]);
		expect(platform.json(result)).toEqual([{ computeEnvId: errored, deleted: true }]);
		expect(computeEnv(errored)).toBeUndefined();
	});

	it("fails with the platform's reason when Force is given for an available compute environment", async () => {
		const result = await platform.run(
			computeEnvOperation('delete', GENOMICS, { computeEnvId: locator(COMPUTE_ENV_IDS.genomicsSpot), force: true }),
		);
		expect(errorOf(result)?.message).toContain('only an ERRORED, INVALID or DELETING one can be force-deleted');
		expect(computeEnv(COMPUTE_ENV_IDS.genomicsSpot)).toBeDefined();
	});
});

describe('Compute Environment → Wait', () => {
	const waitFor = async (id: string, waitUntil: string, waitOptions: IDataObject = {}) =>
		await platform.run(
			computeEnvOperation('wait', GENOMICS, {
				computeEnvId: locator(id),
				waitUntil,
				waitOptions: { pollIntervalSeconds: 1, maxPollIntervalSeconds: 1, ...waitOptions },
			}),
		);

	it('holds a new Batch Forge compute environment until AVAILABLE, and after its delete until it is gone, as tw --wait does', async () => {
		const created = await platform.run(
			computeEnvOperation('create', GENOMICS, {
				define: 'form',
				name: 'aws-forge-waited',
				computePlatform: 'aws-batch',
				awsSetup: 'forge',
				region: 'eu-west-1',
				workDir: 's3://acme-genomics-work/waited',
				maxCpus: 16,
				credentialsId: locator(computeEnv(COMPUTE_ENV_IDS.genomicsSpot)!.credentialsId),
			}),
		);
		expect(created.error).toBeUndefined();
		const computeEnvId = String(platform.json(created)[0].computeEnvId);
		expect(computeEnv(computeEnvId)?.status).toBe('CREATING');

		const available = await waitFor(computeEnvId, 'available');
		expect(available.error).toBeUndefined();
		expect(platform.json(available)).toEqual([
			expect.objectContaining({ id: computeEnvId, name: 'aws-forge-waited', status: 'AVAILABLE', waitChecks: expect.any(Number) }),
		]);

		const deleted = await platform.run(computeEnvOperation('delete', GENOMICS, { computeEnvId: locator(computeEnvId) }));
		expect(platform.json(deleted)).toEqual([{ computeEnvId, deleted: true }]);
		// The platform removes what Forge made first: the compute environment is DELETING meanwhile.
		expect((await getComputeEnv(computeEnvId, GENOMICS)).status).toBe('DELETING');
		const before = platform.sim.log.length;
		const gone = await waitFor(computeEnvId, 'deleted');
		expect(gone.error).toBeUndefined();
		const [output] = platform.json(gone);
		expect(output).toEqual({ computeEnvId, status: 'DELETED', waitChecks: expect.any(Number) });
		expect(output.waitChecks).toBeGreaterThanOrEqual(1);
		expect(requestsSince(before).every(([method, path]) => method === 'GET' && path === '/compute-envs')).toBe(true);
		expect(computeEnv(computeEnvId)).toBeUndefined();
	});

	it('fails the item with the reason when the compute environment ends INVALID, or outputs it when told not to fail', async () => {
		const created = await platform.run(
			computeEnvOperation('create', GENOMICS, {
				configuration: JSON.stringify({
					name: 'aws-batch-wrong-bucket',
					platform: 'aws-batch',
					config: { discriminator: 'aws-batch', region: 'eu-west-1', workDir: 'gs://not-s3/work' },
				}),
				credentialsId: locator(computeEnv(COMPUTE_ENV_IDS.genomicsSpot)!.credentialsId),
			}),
		);
		const computeEnvId = String(platform.json(created)[0].computeEnvId);
		const failed = await waitFor(computeEnvId, 'available');
		expect(errorOf(failed)?.message).toBe(`Compute environment ${computeEnvId} is INVALID, so it will not be available`);
		expect(errorOf(failed)?.description).toContain('needs a s3:// path');
		const output = await waitFor(computeEnvId, 'available', { failOnComputeEnvFailure: false });
		expect(platform.json(output)).toEqual([expect.objectContaining({ id: computeEnvId, status: 'INVALID', waitChecks: 1 })]);
		await platform.run(computeEnvOperation('delete', GENOMICS, { computeEnvId: locator(computeEnvId) }));
	});
});

describe('Compute environment changes and workspace roles', () => {
	it('a Launch-role token gets the role error updating or deleting a compute environment, and nothing changes', async () => {
		const spot = COMPUTE_ENV_IDS.genomicsSpot;
		const updated = await platform.run(
			computeEnvOperation('update', GENOMICS, { computeEnvId: locator(spot), name: 'renamed-by-launch-role' }),
			asLaunchRole,
		);
		expect(errorOf(updated)?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow editing compute environments",
		);
		const deleted = await platform.run(computeEnvOperation('delete', GENOMICS, { computeEnvId: locator(spot) }), asLaunchRole);
		expect(errorOf(deleted)?.message).toBe(
			"Forbidden: your role in workspace 'acme-bio/genomics' (Launch) does not allow deleting compute environments",
		);
		expect(computeEnv(spot)?.name).toBe('aws-batch-spot-genomics');
	});
});
