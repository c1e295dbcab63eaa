import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { CREDENTIAL_IDS, credentialsOf } from '../../dev/simulator/computeEnvRoutes';
import { until } from '../../dev/until';
import { COMPUTE_ENV_IDS, LABEL_IDS } from '../../dev/simulator/seed';
import { errorOf, GENOMICS, locator, RND, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const K8S_CREDENTIALS = 'k8sClusterToken01';
const AZURE_CREDENTIALS = 'azureBatchKeys01';
const SSL_CERT = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUb3g=\n-----END CERTIFICATE-----';

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

/** Azure keys in R&D, which the seed does not have. */
function addAzureCredentials(): void {
	if (credentialsOf(platform.sim.data).some((credential) => credential.id === AZURE_CREDENTIALS)) return;
	credentialsOf(platform.sim.data).push({
		id: AZURE_CREDENTIALS,
		workspaceId: RND,
		name: 'rnd-azure-keys',
		provider: 'azure',
		status: 'AVAILABLE',
		dateCreated: new Date('2024-02-01T10:00:00Z'),
	});
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
		// The platform's pre-flight passes: CREATING, then AVAILABLE.
		expect(platform.sim.data.computeEnvById(String(output[0].computeEnvId))?.status).toBe('CREATING');
		await until(
			'the compute environment to be AVAILABLE',
			() => platform.sim.data.computeEnvById(String(output[0].computeEnvId))?.status === 'AVAILABLE',
			10_000,
		);
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
		addAzureCredentials();
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

	it('AWS Cloud: sends Wave and Fusion on, the scheduler, buckets and instance options as tw does', async () => {
		const credentials = credentialsFor(COMPUTE_ENV_IDS.genomicsBatch);
		const { body, output } = await created(
			formCreate(GENOMICS, credentials, {
				name: 'aws-cloud-box',
				computePlatform: 'aws-cloud',
				region: 'eu-west-1',
				workDir: 's3://acme-genomics-work/cloud',
				schedEnabled: true,
				schedProvisioningModel: 'spotFirst',
				schedMachineTypes: 'm5.xlarge, c5.2xlarge',
				formOptions: {
					allowBuckets: 's3://acme-refs, acme-data',
					instanceType: 'm5.large',
					arm64Enabled: false,
					bootDiskSizeGb: 80,
				},
			}),
		);
		expect(body).toEqual({
			computeEnv: {
				name: 'aws-cloud-box',
				platform: 'aws-cloud',
				credentialsId: credentials,
				config: {
					discriminator: 'aws-cloud',
					workDir: 's3://acme-genomics-work/cloud',
					region: 'eu-west-1',
					waveEnabled: true,
					fusion2Enabled: true,
					schedEnabled: true,
					schedConfig: { provisioningModel: 'spotFirst', machineTypes: ['m5.xlarge', 'c5.2xlarge'] },
					allowBuckets: ['s3://acme-refs', 'acme-data'],
					instanceType: 'm5.large',
					arm64Enabled: false,
					ebsBootSize: 80,
				},
			},
		});
		expect(output).toEqual([{ computeEnvId: expect.any(String), name: 'aws-cloud-box', platform: 'aws-cloud' }]);
	});

	it('Google Cloud: sends region, zone and GPU, the scheduler off', async () => {
		const credentials = credentialsFor(COMPUTE_ENV_IDS.rndGoogle);
		const { body, output } = await created(
			formCreate(RND, credentials, {
				name: 'google-cloud-box',
				computePlatform: 'google-cloud',
				googleRegion: 'europe-west2',
				zone: 'europe-west2-b',
				workDir: 'gs://rnd-work/cloud',
				formOptions: { gpuEnabled: true, bootDiskSizeGb: 100 },
			}),
		);
		expect(body).toEqual({
			computeEnv: {
				name: 'google-cloud-box',
				platform: 'google-cloud',
				credentialsId: credentials,
				config: {
					discriminator: 'google-cloud',
					workDir: 'gs://rnd-work/cloud',
					region: 'europe-west2',
					zone: 'europe-west2-b',
					waveEnabled: true,
					fusion2Enabled: true,
					schedEnabled: false,
					gpuEnabled: true,
					bootDiskSizeGb: 100,
				},
			},
		});
		expect(output).toEqual([{ computeEnvId: expect.any(String), name: 'google-cloud-box', platform: 'google-cloud' }]);
	});

	it('Azure Cloud: sends location as region, resource group, and the scheduler with its defaults', async () => {
		addAzureCredentials();
		const { body, output } = await created(
			formCreate(RND, AZURE_CREDENTIALS, {
				name: 'azure-cloud-box',
				computePlatform: 'azure-cloud',
				azureLocation: 'westeurope',
				resourceGroup: 'rnd-nextflow',
				workDir: 'az://rnd-work/cloud',
				schedEnabled: true,
				formOptions: { instanceType: 'Standard_D4s_v3' },
			}),
		);
		expect(body).toEqual({
			computeEnv: {
				name: 'azure-cloud-box',
				platform: 'azure-cloud',
				credentialsId: AZURE_CREDENTIALS,
				config: {
					discriminator: 'azure-cloud',
					workDir: 'az://rnd-work/cloud',
					region: 'westeurope',
					resourceGroup: 'rnd-nextflow',
					waveEnabled: true,
					fusion2Enabled: true,
					schedEnabled: true,
					schedConfig: {},
					instanceType: 'Standard_D4s_v3',
				},
			},
		});
		expect(output).toEqual([{ computeEnvId: expect.any(String), name: 'azure-cloud-box', platform: 'azure-cloud' }]);
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

	it('Amazon EKS: sends region, cluster, namespace, service accounts and the pod options', async () => {
		const credentials = credentialsFor(COMPUTE_ENV_IDS.genomicsBatch);
		const { body, output } = await created(
			formCreate(GENOMICS, credentials, {
				name: 'eks-genomics',
				computePlatform: 'eks-platform',
				region: 'eu-west-1',
				clusterName: 'genomics-eks',
				workDir: '/scratch/work',
				namespace: 'nextflow',
				headServiceAccount: 'nf-head',
				storageClaimName: 'nf-scratch',
				formOptions: {
					computeServiceAccount: 'nf-tasks',
					storageMountPath: '/scratch',
					podCleanup: 'never',
					headPodSpec: 'nodeSelector:\n  pool: head',
				},
			}),
		);
		expect(body).toEqual({
			computeEnv: {
				name: 'eks-genomics',
				platform: 'eks-platform',
				credentialsId: credentials,
				config: {
					discriminator: 'eks-platform',
					workDir: '/scratch/work',
					region: 'eu-west-1',
					clusterName: 'genomics-eks',
					namespace: 'nextflow',
					headServiceAccount: 'nf-head',
					storageClaimName: 'nf-scratch',
					computeServiceAccount: 'nf-tasks',
					storageMountPath: '/scratch',
					podCleanup: 'never',
					headPodSpec: 'nodeSelector:\n  pool: head',
				},
			},
		});
		expect(output).toEqual([{ computeEnvId: expect.any(String), name: 'eks-genomics', platform: 'eks-platform' }]);
	});

	it('Google GKE: sends a zonal cluster, and no storage claim when none is given', async () => {
		const credentials = credentialsFor(COMPUTE_ENV_IDS.rndGoogle);
		const { body, output } = await created(
			formCreate(RND, credentials, {
				name: 'gke-rnd',
				computePlatform: 'gke-platform',
				gkeRegion: 'europe-west2-a',
				clusterName: 'rnd-gke',
				workDir: '/workspace/work',
				namespace: 'nf',
				headServiceAccount: 'nf-head',
			}),
		);
		expect(body).toEqual({
			computeEnv: {
				name: 'gke-rnd',
				platform: 'gke-platform',
				credentialsId: credentials,
				config: {
					discriminator: 'gke-platform',
					workDir: '/workspace/work',
					region: 'europe-west2-a',
					clusterName: 'rnd-gke',
					namespace: 'nf',
					headServiceAccount: 'nf-head',
				},
			},
		});
		expect(output).toEqual([{ computeEnvId: expect.any(String), name: 'gke-rnd', platform: 'gke-platform' }]);
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
		['Altair PBS Pro', 'altair-platform', { headJobOptions: '-l walltime=24:00:00' }, { headJobOptions: '-l walltime=24:00:00' }],
		['Moab', 'moab-platform', { maxQueueSize: 50, port: 2222 }, { maxQueueSize: 50, port: 2222 }],
		['Univa Grid Engine', 'uge-platform', { slurmComputeQueue: 'all.q' }, { computeQueue: 'all.q' }],
		[
			'IBM LSF',
			'lsf-platform',
			{ unitForLimits: 'MB', perJobMemLimit: true, perTaskReserve: false, maxQueueSize: 200 },
			{ unitForLimits: 'MB', perJobMemLimit: true, perTaskReserve: false, maxQueueSize: 200 },
		],
	])('%s: sends the scheduler fields tw compute-envs add sends', async (_label, computePlatform, options, expected) => {
		const credentials = credentialsFor(COMPUTE_ENV_IDS.rndSlurmErrored);
		const name = `hpc-${computePlatform}`;
		const { body, output } = await created(
			formCreate(RND, credentials, {
				name,
				computePlatform,
				workDir: '/home/nf/work',
				hostName: 'login.hpc.acme.example',
				userName: 'nf',
				headQueue: 'normal',
				formOptions: { ...options, launchDir: '/home/nf/launch' },
			}),
		);
		expect(body).toEqual({
			computeEnv: {
				name,
				platform: computePlatform,
				credentialsId: credentials,
				config: {
					discriminator: computePlatform,
					workDir: '/home/nf/work',
					hostName: 'login.hpc.acme.example',
					userName: 'nf',
					headQueue: 'normal',
					launchDir: '/home/nf/launch',
					...expected,
				},
			},
		});
		expect(output).toEqual([{ computeEnvId: expect.any(String), name, platform: computePlatform }]);
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
		['Region', { computePlatform: 'seqeracompute-platform', region: 'London' }],
		[
			'Region',
			{
				computePlatform: 'eks-platform',
				region: 'eu-west',
				workDir: '/scratch',
				clusterName: 'c',
				namespace: 'n',
				headServiceAccount: 'h',
			},
		],
		[
			'Region',
			{
				computePlatform: 'gke-platform',
				gkeRegion: 'Europe',
				workDir: '/scratch',
				clusterName: 'c',
				namespace: 'n',
				headServiceAccount: 'h',
			},
		],
		[
			'Cluster Name',
			{
				computePlatform: 'gke-platform',
				gkeRegion: 'europe-west2',
				workDir: '/scratch',
				clusterName: '={{ "" }}',
				namespace: 'n',
				headServiceAccount: 'h',
			},
		],
		[
			'Storage Mount Path',
			{
				computePlatform: 'eks-platform',
				region: 'eu-west-1',
				workDir: '/scratch',
				clusterName: 'c',
				namespace: 'n',
				headServiceAccount: 'h',
				formOptions: { storageMountPath: 'scratch' },
			},
		],
		['Work Directory', { computePlatform: 'aws-cloud', region: 'eu-west-1', workDir: '/scratch' }],
		['Zone', { computePlatform: 'google-cloud', googleRegion: 'europe-west2', zone: 'us-east1-b', workDir: 'gs://b/w' }],
		['Resource Group', { computePlatform: 'azure-cloud', azureLocation: 'westeurope', resourceGroup: '={{ "" }}', workDir: 'az://w' }],
		['Host Name', { computePlatform: 'moab-platform', workDir: '/home/nf', hostName: 'ssh://hpc', headQueue: 'batch' }],
		['Head Queue', { computePlatform: 'lsf-platform', workDir: '/home/nf', hostName: 'hpc', headQueue: '={{ "" }}' }],
		[
			'Max Queue Size',
			{ computePlatform: 'uge-platform', workDir: '/home/nf', hostName: 'hpc', headQueue: 'all.q', formOptions: { maxQueueSize: 0 } },
		],
		[
			'Launch Directory',
			{
				computePlatform: 'altair-platform',
				workDir: '/home/nf',
				hostName: 'hpc',
				headQueue: 'workq',
				formOptions: { launchDir: 'nf' },
			},
		],
	])('refuses a bad %s before any call, naming the field', async (field, parameters) => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			formCreate(GENOMICS, credentialsFor(COMPUTE_ENV_IDS.genomicsBatch), { name: 'refused', ...parameters }),
		);
		expect(errorOf(result)?.message).toMatch(new RegExp(`^${field}: `));
		expect(platform.sim.log.length).toBe(before);
	});

	it("without Workspace Credentials takes the workspace's only credentials for the platform, as tw compute-envs add does", async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			formCreate(RND, '={{ "" }}', {
				name: 'picked-keys',
				computePlatform: 'aws-batch',
				awsSetup: 'manual',
				region: 'eu-west-1',
				workDir: 's3://acme-rnd-work/picked',
				headQueue: 'head',
				computeQueue: 'compute',
			}),
		);
		expect(result.error).toBeUndefined();
		const sent = platform.sim.log.slice(before);
		expect(sent.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['GET /credentials', 'POST /compute-envs']);
		expect(sent[0].query).toEqual({ workspaceId: String(RND), platformId: 'aws-batch' });
		expect(sent[1].body).toMatchObject({ computeEnv: { name: 'picked-keys', credentialsId: CREDENTIAL_IDS.rndAws } });
	});

	it.each([
		[
			'several',
			{ computePlatform: 'aws-batch', region: 'eu-west-1', workDir: 's3://bucket/work' },
			"Workspace Credentials: 2 credentials of the workspace fit aws-batch ('aws-batch-genomics-keys', 'aws-batch-spot-genomics-keys')",
		],
		[
			'none',
			{ computePlatform: 'slurm-platform', workDir: '/home/nf/work', hostName: 'hpc', headQueue: 'normal' },
			'Workspace Credentials: the workspace has no credentials for slurm-platform',
		],
	])(
		'without Workspace Credentials fails naming the field where the workspace has %s for the platform',
		async (_case, fields, message) => {
			const before = platform.sim.log.length;
			const result = await platform.run(formCreate(GENOMICS, '={{ "" }}', { name: 'never-made', ...fields }));
			expect(errorOf(result)?.message).toBe(message);
			expect(platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.path}`)).toEqual(['GET /credentials']);
		},
	);

	it("sends Options → Description, and Labels by name beside Label IDs, found or created as tw's --labels does", async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			formCreate(GENOMICS, credentialsFor(COMPUTE_ENV_IDS.genomicsBatch), {
				name: 'described-and-labelled',
				computePlatform: 'aws-batch',
				awsSetup: 'manual',
				region: 'eu-west-1',
				workDir: 's3://acme-genomics-work/labelled',
				headQueue: 'head',
				computeQueue: 'compute',
				labelIds: String(LABEL_IDS.rnaseq),
				formOptions: { description: 'Manual queues for validation', labels: 'production, form-made' },
			}),
		);
		expect(result.error).toBeUndefined();
		const sent = platform.sim.log.slice(before);
		const made = platform.sim.data.labelsIn(GENOMICS).find((label) => label.name === 'form-made');
		expect(made).toBeDefined();
		expect(sent.filter((entry) => entry.method === 'POST').map((entry) => entry.path)).toEqual(['/labels', '/compute-envs']);
		expect(sent.at(-1)!.body).toMatchObject({
			computeEnv: { name: 'described-and-labelled', description: 'Manual queues for validation' },
			labelIds: [LABEL_IDS.rnaseq, LABEL_IDS.production, made!.id],
		});
	});

	it('Seqera Compute: sends the region, the Studios size and the scripts, no credentials or work directory, as tw does', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			formCreate(GENOMICS, '={{ "" }}', {
				name: 'seqera-compute-eu',
				computePlatform: 'seqeracompute-platform',
				region: 'eu-west-2',
				instanceTypeSize: 'MEDIUM',
				formOptions: {
					preRunScript: 'pre_run_me',
					environmentVariables: { variable: [{ name: 'KEY2', value: 'value2', target: 'both' }] },
				},
			}),
		);
		expect(result.error).toBeUndefined();
		const sent = platform.sim.log.slice(before);
		expect(sent.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['POST /compute-envs']);
		expect(sent[0].body).toEqual({
			computeEnv: {
				name: 'seqera-compute-eu',
				platform: 'seqeracompute-platform',
				config: {
					discriminator: 'seqeracompute-platform',
					region: 'eu-west-2',
					instanceTypeSize: 'MEDIUM',
					preRunScript: 'pre_run_me',
					environment: [{ name: 'KEY2', value: 'value2', head: true, compute: true }],
				},
			},
		});
		const [made] = platform.json(result);
		expect(made).toEqual({ computeEnvId: expect.any(String), name: 'seqera-compute-eu', platform: 'seqeracompute-platform' });
		const computeEnv = platform.sim.data.computeEnvById(String(made.computeEnvId))!;
		expect(computeEnv).toMatchObject({ status: 'CREATING', region: 'eu-west-2' });
		await until(
			'the Seqera Compute environment to be AVAILABLE',
			() => platform.sim.data.computeEnvById(computeEnv.id)?.status === 'AVAILABLE',
			10_000,
		);
		expect(computeEnv.workDir).toMatch(/^s3:\/\/seqera-compute-[a-z0-9]+\/work$/);
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
