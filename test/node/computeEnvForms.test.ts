import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { credentialsOf } from '../../dev/simulator/computeEnvRoutes';
import { COMPUTE_ENV_IDS } from '../../dev/simulator/seed';
import { GENOMICS, RND, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const K8S_CREDENTIALS = 'k8sClusterToken01';
const AZURE_CREDENTIALS = 'azureBatchKeys01';
const SSL_CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUb3g=\n-----END CERTIFICATE-----';

const locator = (value: string): INodeParameters[string] => ({ __rl: true, mode: 'id', value });
const errorOf = (result: { error?: unknown }) => result.error as { message?: string; description?: string } | undefined;

const credentialsFor = (computeEnvId: string): string => platform.sim.data.computeEnvById(computeEnvId)!.credentialsId;

function formCreate(workspace: number, credentials: string, parameters: INodeParameters): INodeParameters {
	return {
		resource: 'computeEnv',
		operation: 'create',
		...workspaceParameter(workspace),
		define: 'form',
		credentialsId: locator(credentials),
		...parameters,
	};
}

/** Runs the node and returns the one POST it sent, with the output. */
async function created(parameters: INodeParameters): Promise<{ body: unknown; query: unknown; output: IDataObject[] }> {
	const before = platform.sim.log.length;
	const result = await platform.run(parameters);
	expect(result.error).toBeUndefined();
	const sent = platform.sim.log.slice(before);
	expect(sent.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['POST /compute-envs']);
	return { body: sent[0].body, query: sent[0].query, output: platform.json(result) };
}

describe('Compute Environment → Create with the fields', () => {
	it('AWS Batch Forge: sends the config tw compute-envs add aws-batch forge builds, with its defaults', async () => {
		const credentials = credentialsFor(COMPUTE_ENV_IDS.genomicsBatch);
		const { body, query, output } = await created(
			formCreate(GENOMICS, credentials, {
				name: 'aws-forge-spot',
				computePlatform: 'aws-batch',
				awsSetup: 'forge',
				region: 'eu-west-1',
				workDir: 's3://acme-genomics-work/forge',
				maxCpus: 123,
				instanceTypes: 'm6i, c6i.2xlarge',
				waveEnabled: true,
				fusion2Enabled: true,
				formOptions: {
					preRunScript: 'module load java',
					environmentVariables: {
						variable: [
							{ name: 'FOO', value: 'bar', target: 'head' },
							{ name: 'TMPDIR', value: '/scratch', target: 'compute' },
							{ name: 'LANG', value: 'C', target: 'both' },
						],
					},
				},
			}),
		);
		expect(query).toEqual({ workspaceId: String(GENOMICS) });
		expect(body).toEqual({
			computeEnv: {
				name: 'aws-forge-spot',
				platform: 'aws-batch',
				credentialsId: credentials,
				config: {
					discriminator: 'aws-batch',
					region: 'eu-west-1',
					workDir: 's3://acme-genomics-work/forge',
					fusion2Enabled: true,
					waveEnabled: true,
					nvnmeStorageEnabled: false,
					fusionSnapshots: false,
					forge: {
						type: 'SPOT',
						minCpus: 0,
						maxCpus: 123,
						gpuEnabled: false,
						ebsAutoScale: true,
						disposeOnDeletion: true,
						fargateHeadEnabled: false,
						instanceTypes: ['m6i', 'c6i.2xlarge'],
					},
					preRunScript: 'module load java',
					environment: [
						{ name: 'FOO', value: 'bar', head: true, compute: false },
						{ name: 'TMPDIR', value: '/scratch', head: false, compute: true },
						{ name: 'LANG', value: 'C', head: true, compute: true },
					],
				},
			},
		});
		expect(output).toEqual([
			{ computeEnvId: expect.stringMatching(/^[A-Za-z0-9]{22}$/), name: 'aws-forge-spot', platform: 'aws-batch' },
		]);
		expect(platform.sim.data.computeEnvById(String(output[0].computeEnvId))?.status).toBe('AVAILABLE');
	});

	it('AWS Batch manual: sends the queues, on-demand defaults otherwise', async () => {
		const credentials = credentialsFor(COMPUTE_ENV_IDS.genomicsBatch);
		const { body, output } = await created(
			formCreate(GENOMICS, credentials, {
				name: 'aws-manual',
				computePlatform: 'aws-batch',
				awsSetup: 'manual',
				region: 'us-east-1',
				workDir: 's3://acme-genomics-work/manual',
				headQueue: 'head-queue',
				computeQueue: 'compute-queue',
			}),
		);
		expect(body).toEqual({
			computeEnv: {
				name: 'aws-manual',
				platform: 'aws-batch',
				credentialsId: credentials,
				config: {
					discriminator: 'aws-batch',
					region: 'us-east-1',
					workDir: 's3://acme-genomics-work/manual',
					fusion2Enabled: false,
					waveEnabled: false,
					nvnmeStorageEnabled: false,
					headQueue: 'head-queue',
					computeQueue: 'compute-queue',
				},
			},
		});
		expect(output).toEqual([{ computeEnvId: expect.any(String), name: 'aws-manual', platform: 'aws-batch' }]);
	});

	it.each([
		[
			'Forge',
			{ azureSetup: 'forge', vmType: 'Standard_E4ds_v5', vmCount: 10, waveEnabled: true, fusion2Enabled: true },
			{
				fusion2Enabled: true,
				waveEnabled: true,
				forge: { vmType: 'Standard_E4ds_v5', vmCount: 10, autoScale: true, disposeOnDeletion: true },
			},
		],
		['manual', { azureSetup: 'manual', headPool: 'tower_pool' }, { fusion2Enabled: false, waveEnabled: false, headPool: 'tower_pool' }],
	])('Azure Batch %s: sends the config tw compute-envs add azure-batch builds', async (setup, fields, expected) => {
		if (!credentialsOf(platform.sim.data).some((credential) => credential.id === AZURE_CREDENTIALS)) {
			credentialsOf(platform.sim.data).push({
				id: AZURE_CREDENTIALS,
				workspaceId: RND,
				name: 'rnd-azure-keys',
				provider: 'azure',
				status: 'AVAILABLE',
				dateCreated: new Date('2024-02-01T10:00:00Z'),
			});
		}
		const name = `azure-${setup.toLowerCase()}`;
		const { body, output } = await created(
			formCreate(RND, AZURE_CREDENTIALS, {
				name,
				computePlatform: 'azure-batch',
				azureLocation: 'westeurope',
				workDir: 'az://rnd-work/nf',
				...fields,
			}),
		);
		expect(body).toEqual({
			computeEnv: {
				name,
				platform: 'azure-batch',
				credentialsId: AZURE_CREDENTIALS,
				config: { discriminator: 'azure-batch', region: 'westeurope', workDir: 'az://rnd-work/nf', ...expected },
			},
		});
		expect(output).toEqual([{ computeEnvId: expect.any(String), name, platform: 'azure-batch' }]);
	});

	it('Google Batch: sends location, spot and boot disk', async () => {
		const credentials = credentialsFor(COMPUTE_ENV_IDS.rndGoogle);
		const { body, output } = await created(
			formCreate(RND, credentials, {
				name: 'google-spot',
				computePlatform: 'google-batch',
				location: 'europe-west2',
				workDir: 'gs://rnd-work/spot',
				spot: true,
				formOptions: { bootDiskSizeGb: 100, nextflowConfig: 'process.executor = "google-batch"' },
			}),
		);
		expect(body).toEqual({
			computeEnv: {
				name: 'google-spot',
				platform: 'google-batch',
				credentialsId: credentials,
				config: {
					discriminator: 'google-batch',
					location: 'europe-west2',
					workDir: 'gs://rnd-work/spot',
					spot: true,
					fusion2Enabled: false,
					fusionSnapshots: false,
					waveEnabled: false,
					bootDiskSizeGb: 100,
					nextflowConfig: 'process.executor = "google-batch"',
				},
			},
		});
		expect(output).toEqual([{ computeEnvId: expect.any(String), name: 'google-spot', platform: 'google-batch' }]);
	});

	it('Kubernetes: sends server, certificate, namespace, service account and storage claim', async () => {
		credentialsOf(platform.sim.data).push({
			id: K8S_CREDENTIALS,
			workspaceId: RND,
			name: 'rnd-cluster-token',
			provider: 'k8s',
			status: 'AVAILABLE',
			dateCreated: new Date('2024-02-01T10:00:00Z'),
		});
		const { body, output } = await created(
			formCreate(RND, K8S_CREDENTIALS, {
				name: 'k8s-rnd',
				computePlatform: 'k8s-platform',
				workDir: '/scratch/work',
				server: 'https://k8s.acme.example:6443',
				sslCert: SSL_CERT,
				namespace: 'nextflow',
				headServiceAccount: 'nf-head',
				storageClaimName: 'nf-scratch',
			}),
		);
		expect(body).toEqual({
			computeEnv: {
				name: 'k8s-rnd',
				platform: 'k8s-platform',
				credentialsId: K8S_CREDENTIALS,
				config: {
					discriminator: 'k8s-platform',
					workDir: '/scratch/work',
					server: 'https://k8s.acme.example:6443',
					sslCert: SSL_CERT,
					namespace: 'nextflow',
					headServiceAccount: 'nf-head',
					storageClaimName: 'nf-scratch',
				},
			},
		});
		expect(output).toEqual([{ computeEnvId: expect.any(String), name: 'k8s-rnd', platform: 'k8s-platform' }]);
	});

	it('Slurm: sends host, user, queues and launch directory', async () => {
		const credentials = credentialsFor(COMPUTE_ENV_IDS.rndSlurmErrored);
		const { body, output } = await created(
			formCreate(RND, credentials, {
				name: 'slurm-hpc',
				computePlatform: 'slurm-platform',
				workDir: '/home/nf/work',
				hostName: 'login.hpc.acme.example',
				userName: 'nf',
				headQueue: 'normal',
				formOptions: { slurmComputeQueue: 'long', launchDir: '/home/nf/launch', postRunScript: 'echo done' },
			}),
		);
		expect(body).toEqual({
			computeEnv: {
				name: 'slurm-hpc',
				platform: 'slurm-platform',
				credentialsId: credentials,
				config: {
					discriminator: 'slurm-platform',
					workDir: '/home/nf/work',
					hostName: 'login.hpc.acme.example',
					userName: 'nf',
					headQueue: 'normal',
					computeQueue: 'long',
					launchDir: '/home/nf/launch',
					postRunScript: 'echo done',
				},
			},
		});
		expect(output).toEqual([{ computeEnvId: expect.any(String), name: 'slurm-hpc', platform: 'slurm-platform' }]);
	});

	it.each([
		['Region', { computePlatform: 'aws-batch', region: 'Ireland', workDir: 's3://bucket/work' }],
		['Work Directory', { computePlatform: 'aws-batch', region: 'eu-west-1', workDir: 'gs://bucket/work' }],
		['Work Directory', { computePlatform: 'google-batch', location: 'europe-west2', workDir: 's3://bucket/work' }],
		['Work Directory', { computePlatform: 'slurm-platform', workDir: 'work', hostName: 'hpc', headQueue: 'normal' }],
		[
			'Work Directory',
			{ computePlatform: 'azure-batch', azureLocation: 'westeurope', workDir: 'https://acct.blob.core.windows.net/work' },
		],
		['Location', { computePlatform: 'azure-batch', azureLocation: 'West Europe', workDir: 'az://work' }],
		[
			'Compute Pool Name',
			{
				computePlatform: 'azure-batch',
				azureSetup: 'manual',
				azureLocation: 'westeurope',
				workDir: 'az://work',
				headPool: '={{ "" }}',
			},
		],
		['Location', { computePlatform: 'google-batch', location: 'Europe', workDir: 'gs://bucket/work' }],
		['Fusion', { computePlatform: 'aws-batch', region: 'eu-west-1', workDir: 's3://bucket/work', fusion2Enabled: true }],
		['Max CPUs', { computePlatform: 'aws-batch', region: 'eu-west-1', workDir: 's3://bucket/work', maxCpus: 0 }],
		[
			'Server URL',
			{
				computePlatform: 'k8s-platform',
				workDir: '/scratch',
				server: 'k8s.acme.example',
				sslCert: SSL_CERT,
				namespace: 'nf',
				headServiceAccount: 'nf',
				storageClaimName: 'nf',
			},
		],
		['Head Queue', { computePlatform: 'slurm-platform', workDir: '/home/nf', hostName: 'hpc', headQueue: '={{ "" }}' }],
		['Name', { name: '', computePlatform: 'aws-batch', region: 'eu-west-1', workDir: 's3://bucket/work' }],
	])('refuses a bad %s before any call, naming the field', async (field, parameters) => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			formCreate(GENOMICS, credentialsFor(COMPUTE_ENV_IDS.genomicsBatch), { name: 'refused', ...parameters }),
		);
		expect(errorOf(result)?.message).toMatch(new RegExp(`^${field}: `));
		expect(platform.sim.log.length).toBe(before);
	});

	it('refuses a missing Workspace Credentials before any call', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			formCreate(GENOMICS, '={{ "" }}', {
				name: 'no-keys',
				computePlatform: 'aws-batch',
				region: 'eu-west-1',
				workDir: 's3://bucket/work',
			}),
		);
		expect(errorOf(result)?.message).toMatch(/^Workspace Credentials: /);
		expect(platform.sim.log.length).toBe(before);
	});

	it('a saved node without Define sends its JSON as before', async () => {
		const credentials = credentialsFor(COMPUTE_ENV_IDS.genomicsBatch);
		const configuration = {
			name: 'saved-json',
			platform: 'aws-batch',
			config: {
				discriminator: 'aws-batch',
				region: 'eu-west-1',
				workDir: 's3://acme-genomics-work/saved',
				headQueue: 'q',
				computeQueue: 'q',
			},
			credentialsId: credentials,
		};
		const { body, output } = await created({
			resource: 'computeEnv',
			operation: 'create',
			...workspaceParameter(GENOMICS),
			configuration: JSON.stringify(configuration),
		});
		expect(body).toEqual({ computeEnv: configuration });
		expect(output).toEqual([{ computeEnvId: expect.any(String), name: 'saved-json', platform: 'aws-batch' }]);
	});
});
