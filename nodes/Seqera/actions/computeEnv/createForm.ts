import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { labelNamesField } from '../../fields/labelFields';
import { toList } from '../../helpers/validate';

/**
 * Create's form: per platform the fields `tw compute-envs add` takes, built into the config tw builds
 * (same defaults). Saved nodes lack the Define field and keep sending their JSON.
 */
export const DEFINE_FIELD = 'define';

const FORM = { [DEFINE_FIELD]: ['form'] };
const forPlatforms = (...platforms: string[]) => ({ show: { ...FORM, computePlatform: platforms } });
const AWS_FORGE = { show: { ...FORM, computePlatform: ['aws-batch'], awsSetup: ['forge'] } };
const AWS_MANUAL = { show: { ...FORM, computePlatform: ['aws-batch'], awsSetup: ['manual'] } };
const AZURE_FORGE = { show: { ...FORM, computePlatform: ['azure-batch'], azureSetup: ['forge'] } };
const AZURE_MANUAL = { show: { ...FORM, computePlatform: ['azure-batch'], azureSetup: ['manual'] } };
/** The batch schedulers reached over SSH; tw gives them all Slurm's fields, LSF a few more. */
const HPC_PLATFORMS = ['altair-platform', 'lsf-platform', 'moab-platform', 'slurm-platform', 'uge-platform'];
const FOR_HPC = { show: { '/computePlatform': HPC_PLATFORMS } };
const FOR_LSF = { show: { '/computePlatform': ['lsf-platform'] } };
/** Kubernetes, and the clusters AWS and Google run, which the platform reaches with the cloud's credentials. */
const KUBERNETES_PLATFORMS = ['eks-platform', 'gke-platform', 'k8s-platform'];
const FOR_KUBERNETES = { show: { '/computePlatform': KUBERNETES_PLATFORMS } };
/** Seqera Compute makes its own bucket and work directory, and runs in Seqera's cloud account: no credentials. */
const SEQERA_COMPUTE = 'seqeracompute-platform';
/** The single-instance clouds, where tw always turns Wave and Fusion on and the Seqera scheduler may place tasks. */
const CLOUD_PLATFORMS = ['aws-cloud', 'azure-cloud', 'google-cloud'];

export const defineField: INodeProperties = {
	displayName: 'Define',
	name: DEFINE_FIELD,
	type: 'options',
	options: [
		{ name: 'Using JSON', value: 'json', description: 'The whole compute environment as JSON, such as a Get output' },
		{ name: 'Using Fields Below', value: 'form', description: 'The fields tw compute-envs add takes, per platform' },
	],
	default: 'json',
};

export const formProperties: INodeProperties[] = [
	{
		displayName: 'Platform',
		name: 'computePlatform',
		type: 'options',
		displayOptions: { show: FORM },
		options: [
			{ name: 'Altair PBS Pro', value: 'altair-platform' },
			{ name: 'Amazon EKS', value: 'eks-platform' },
			{ name: 'AWS Batch', value: 'aws-batch' },
			{ name: 'AWS Cloud (Single Instance)', value: 'aws-cloud' },
			{ name: 'Azure Batch', value: 'azure-batch' },
			{ name: 'Azure Cloud (Single Instance)', value: 'azure-cloud' },
			{ name: 'Google Batch', value: 'google-batch' },
			{ name: 'Google Cloud (Single Instance)', value: 'google-cloud' },
			{ name: 'Google GKE', value: 'gke-platform' },
			{ name: 'IBM LSF', value: 'lsf-platform' },
			{ name: 'Kubernetes', value: 'k8s-platform' },
			{ name: 'Moab', value: 'moab-platform' },
			{ name: 'Seqera Compute', value: 'seqeracompute-platform', description: "Runs in Seqera's own AWS account" },
			{ name: 'Slurm', value: 'slurm-platform' },
			{ name: 'Univa Grid Engine', value: 'uge-platform' },
		],
		default: 'aws-batch',
	},
	{
		displayName: 'Setup',
		name: 'awsSetup',
		type: 'options',
		displayOptions: forPlatforms('aws-batch'),
		options: [
			{ name: 'Batch Forge', value: 'forge', description: 'The platform makes the AWS Batch queues and compute environments' },
			{ name: 'Manual', value: 'manual', description: 'Use AWS Batch queues that exist' },
		],
		default: 'forge',
	},
	{
		displayName: 'Setup',
		name: 'azureSetup',
		type: 'options',
		displayOptions: forPlatforms('azure-batch'),
		options: [
			{ name: 'Batch Forge', value: 'forge', description: 'The platform makes the Azure Batch pool' },
			{ name: 'Manual', value: 'manual', description: 'Use an Azure Batch pool that exists' },
		],
		default: 'forge',
	},
	{
		displayName: 'Location',
		name: 'azureLocation',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('azure-batch', 'azure-cloud'),
		default: '',
		placeholder: 'westeurope',
		description: 'Azure region of the Batch account or the VMs',
	},
	{
		displayName: 'VM Type',
		name: 'vmType',
		type: 'string',
		displayOptions: AZURE_FORGE,
		default: '',
		placeholder: 'Standard_D4_v3',
		description: "Azure VM size of the pool's nodes; empty for the platform's default (Standard_D4_v3)",
	},
	{
		displayName: 'VM Count',
		name: 'vmCount',
		type: 'number',
		required: true,
		displayOptions: AZURE_FORGE,
		typeOptions: { minValue: 1 },
		default: 1,
		description: 'The most VMs in the pool; it scales down to none when unused',
	},
	{
		displayName: 'Compute Pool Name',
		name: 'headPool',
		type: 'string',
		required: true,
		displayOptions: AZURE_MANUAL,
		default: '',
		description: 'The Azure Batch pool that exists, with azcopy on its nodes',
	},
	{
		displayName: 'Region',
		name: 'region',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('aws-batch', 'aws-cloud', 'eks-platform', 'seqeracompute-platform'),
		default: '',
		placeholder: 'eu-west-1',
		description: 'AWS region the compute resources are in',
	},
	{
		displayName: 'Studios Instance Size',
		name: 'instanceTypeSize',
		type: 'options',
		displayOptions: forPlatforms(SEQERA_COMPUTE),
		options: [
			{ name: 'Platform Default', value: '' },
			{ name: 'Small', value: 'SMALL', description: 'The only size for free-tier organizations' },
			{ name: 'Medium', value: 'MEDIUM' },
			{ name: 'Large', value: 'LARGE' },
		],
		default: '',
		description: "The compute resources of the compute environment's Studios",
	},
	{
		displayName: 'Region',
		name: 'gkeRegion',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('gke-platform'),
		default: '',
		placeholder: 'europe-west2',
		description: 'Google Cloud region or zone the GKE cluster is in',
	},
	{
		displayName: 'Region',
		name: 'googleRegion',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('google-cloud'),
		default: '',
		placeholder: 'europe-west2',
		description: 'Google Cloud region the VM runs in',
	},
	{
		displayName: 'Zone',
		name: 'zone',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('google-cloud'),
		default: '',
		placeholder: 'europe-west2-a',
		description: 'The zone of the region the VM runs in',
	},
	{
		displayName: 'Resource Group',
		name: 'resourceGroup',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('azure-cloud'),
		default: '',
		description: 'The Azure resource group, which exists, the VMs are made in',
	},
	{
		displayName: 'Seqera Scheduler',
		name: 'schedEnabled',
		type: 'boolean',
		displayOptions: forPlatforms(...CLOUD_PLATFORMS),
		default: false,
		description: 'Whether the Seqera scheduler places the tasks on instances it manages',
	},
	{
		displayName: 'Scheduler Provisioning Model',
		name: 'schedProvisioningModel',
		type: 'options',
		displayOptions: { show: { ...FORM, computePlatform: CLOUD_PLATFORMS, schedEnabled: [true] } },
		options: [
			{ name: 'Platform Default', value: '' },
			{ name: 'Spot', value: 'spot' },
			{ name: 'Spot First', value: 'spotFirst', description: 'Spot, then on-demand when Spot is short' },
			{ name: 'On-Demand', value: 'ondemand' },
		],
		default: '',
	},
	{
		displayName: 'Scheduler Machine Types',
		name: 'schedMachineTypes',
		type: 'string',
		displayOptions: { show: { ...FORM, computePlatform: CLOUD_PLATFORMS, schedEnabled: [true] } },
		default: '',
		placeholder: 'm5.xlarge, c5.2xlarge',
		description: 'Comma-separated instance types the scheduler uses; empty for the cheapest that fit each task',
	},
	{
		displayName: 'Cluster Name',
		name: 'clusterName',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('eks-platform', 'gke-platform'),
		default: '',
		description: 'The cluster the pods run in',
	},
	{
		displayName: 'Location',
		name: 'location',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('google-batch'),
		default: '',
		placeholder: 'europe-west2',
		description: 'Google Cloud region the Batch jobs run in',
	},
	{
		displayName: 'Work Directory',
		name: 'workDir',
		type: 'string',
		required: true,
		displayOptions: { show: FORM, hide: { computePlatform: [SEQERA_COMPUTE] } },
		default: '',
		placeholder: 's3://bucket/work',
		description:
			'Where Nextflow keeps intermediate files: s3:// for AWS, az:// for Azure, gs:// for Google Cloud, ' +
			"an absolute path on the cluster's shared storage for Kubernetes (EKS, GKE) and the HPC schedulers",
	},
	{
		displayName: 'Provisioning Model',
		name: 'provisioningModel',
		type: 'options',
		displayOptions: AWS_FORGE,
		options: [
			{ name: 'Spot', value: 'SPOT', description: 'Interruptible instances, cheaper' },
			{ name: 'On-Demand (EC2)', value: 'EC2' },
		],
		default: 'SPOT',
	},
	{
		displayName: 'Max CPUs',
		name: 'maxCpus',
		type: 'number',
		required: true,
		displayOptions: AWS_FORGE,
		typeOptions: { minValue: 1 },
		default: 256,
		description: 'The most CPUs Batch Forge provisions',
	},
	{
		displayName: 'Instance Types',
		name: 'instanceTypes',
		type: 'string',
		displayOptions: AWS_FORGE,
		default: '',
		placeholder: 'm6i, c6i.2xlarge',
		description: 'Comma-separated EC2 instance types or families; leave empty for "optimal"',
	},
	{
		displayName: 'Head Queue',
		name: 'headQueue',
		type: 'string',
		required: true,
		displayOptions: AWS_MANUAL,
		default: '',
		description: 'The AWS Batch queue the Nextflow head job runs in',
	},
	{
		displayName: 'Head Queue',
		name: 'headQueue',
		type: 'string',
		required: true,
		displayOptions: forPlatforms(...HPC_PLATFORMS),
		default: '',
		description: 'The queue (Slurm partition) the Nextflow head job is submitted to',
	},
	{
		displayName: 'Compute Queue',
		name: 'computeQueue',
		type: 'string',
		required: true,
		displayOptions: AWS_MANUAL,
		default: '',
		description: 'The AWS Batch queue the pipeline tasks run in',
	},
	{
		displayName: 'Spot',
		name: 'spot',
		type: 'boolean',
		displayOptions: forPlatforms('google-batch'),
		default: false,
		description: 'Whether to use Spot VMs, which Google may take back',
	},
	{
		displayName: 'Server URL',
		name: 'server',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('k8s-platform'),
		default: '',
		placeholder: 'https://k8s.example.com:6443',
		description: 'The Kubernetes API server',
	},
	{
		displayName: 'SSL Certificate',
		name: 'sslCert',
		type: 'string',
		required: true,
		typeOptions: { rows: 4 },
		displayOptions: forPlatforms('k8s-platform'),
		default: '',
		description: "The cluster's CA certificate (PEM)",
	},
	{
		displayName: 'Namespace',
		name: 'namespace',
		type: 'string',
		required: true,
		displayOptions: forPlatforms(...KUBERNETES_PLATFORMS),
		default: '',
	},
	{
		displayName: 'Head Service Account',
		name: 'headServiceAccount',
		type: 'string',
		required: true,
		displayOptions: forPlatforms(...KUBERNETES_PLATFORMS),
		default: '',
		description: 'The service account the Nextflow head pod runs as',
	},
	{
		displayName: 'Storage Claim',
		name: 'storageClaimName',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('k8s-platform'),
		default: '',
		description: 'A ReadWriteMany PersistentVolumeClaim for the work directory',
	},
	{
		displayName: 'Storage Claim',
		name: 'storageClaimName',
		type: 'string',
		displayOptions: forPlatforms('eks-platform', 'gke-platform'),
		default: '',
		description: 'A ReadWriteMany PersistentVolumeClaim for the work directory; empty for none',
	},
	{
		displayName: 'Host Name',
		name: 'hostName',
		type: 'string',
		required: true,
		displayOptions: forPlatforms(...HPC_PLATFORMS),
		default: '',
		placeholder: 'login.hpc.example.org',
		description: "The cluster's login node, reached by SSH",
	},
	{
		displayName: 'User Name',
		name: 'userName',
		type: 'string',
		displayOptions: forPlatforms(...HPC_PLATFORMS),
		default: '',
		description: 'The SSH user',
	},
	{
		displayName: 'Wave',
		name: 'waveEnabled',
		type: 'boolean',
		displayOptions: forPlatforms('aws-batch', 'azure-batch', 'google-batch'),
		default: false,
		description: 'Whether to use Wave containers',
	},
	{
		displayName: 'Fusion',
		name: 'fusion2Enabled',
		type: 'boolean',
		displayOptions: forPlatforms('aws-batch', 'azure-batch', 'google-batch'),
		default: false,
		description: 'Whether to use the Fusion file system; it needs Wave',
	},
	{
		displayName: 'Options',
		name: 'formOptions',
		type: 'collection',
		placeholder: 'Add Option',
		displayOptions: { show: FORM },
		default: {},
		options: [
			{
				displayName: 'Allowed Buckets',
				name: 'allowBuckets',
				type: 'string',
				displayOptions: { show: { '/computePlatform': ['aws-cloud'] } },
				default: '',
				placeholder: 's3://acme-data, s3://acme-refs',
				description: 'Comma-separated S3 bucket names or s3:// paths the instance may read and write besides the work directory',
			},
			{
				displayName: 'ARM64',
				name: 'arm64Enabled',
				type: 'boolean',
				displayOptions: { show: { '/computePlatform': ['aws-cloud', 'google-cloud'] } },
				default: false,
				description: 'Whether to run on ARM64 (Graviton, Axion) instances',
			},
			{
				displayName: 'Boot Disk Size (GB)',
				name: 'bootDiskSizeGb',
				type: 'number',
				displayOptions: { show: { '/computePlatform': ['aws-cloud', 'google-batch', 'google-cloud'] } },
				default: 50,
				description: 'Boot disk size of the VMs',
			},
			{
				displayName: 'Compute Queue',
				name: 'slurmComputeQueue',
				type: 'string',
				displayOptions: FOR_HPC,
				default: '',
				description: 'The queue (Slurm partition) the pipeline tasks are submitted to',
			},
			{
				displayName: 'Compute Service Account',
				name: 'computeServiceAccount',
				type: 'string',
				displayOptions: FOR_KUBERNETES,
				default: '',
				description: "The service account the task pods run as; the platform takes 'default' when empty",
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				description: 'What the compute environment is for, as the web app shows it',
			},
			{
				displayName: 'Environment Variables',
				name: 'environmentVariables',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				description: 'Variables set where Nextflow runs, as tw --env sets them',
				options: [
					{
						displayName: 'Variable',
						name: 'variable',
						values: [
							{ displayName: 'Name', name: 'name', type: 'string', default: '', placeholder: 'TMPDIR' },
							{ displayName: 'Value', name: 'value', type: 'string', default: '' },
							{
								displayName: 'Set For',
								name: 'target',
								type: 'options',
								options: [
									{ name: 'Head Job', value: 'head' },
									{ name: 'Compute Jobs', value: 'compute' },
									{ name: 'Both', value: 'both' },
								],
								default: 'head',
							},
						],
					},
				],
			},
			{
				displayName: 'GPU',
				name: 'gpuEnabled',
				type: 'boolean',
				displayOptions: { show: { '/computePlatform': ['google-cloud'] } },
				default: false,
				description: 'Whether to use GPU instances, with CUDA images',
			},
			{
				displayName: 'Head Job Options',
				name: 'headJobOptions',
				type: 'string',
				displayOptions: FOR_HPC,
				default: '',
				placeholder: '-l walltime=24:00:00',
				description: "Options added to the head job's submit command",
			},
			{
				displayName: 'Head Pod Spec',
				name: 'headPodSpec',
				type: 'string',
				typeOptions: { rows: 4 },
				displayOptions: FOR_KUBERNETES,
				default: '',
				description: "PodSpec YAML merged into the Nextflow head pod's",
			},
			{
				displayName: 'Instance Type',
				name: 'instanceType',
				type: 'string',
				displayOptions: { show: { '/computePlatform': CLOUD_PLATFORMS } },
				default: '',
				placeholder: 'm5.large',
				description: "The instance type or VM size; empty for the platform's default",
			},
			labelNamesField('the compute environment'),
			{
				displayName: 'Launch Directory',
				name: 'launchDir',
				type: 'string',
				displayOptions: FOR_HPC,
				default: '',
				description: 'Where Nextflow runs; the work directory when empty',
			},
			{
				displayName: 'Max Queue Size',
				name: 'maxQueueSize',
				type: 'number',
				displayOptions: FOR_HPC,
				typeOptions: { minValue: 1 },
				default: 100,
				description: 'The most jobs Nextflow has in the queue at once; the platform takes 100 when not set',
			},
			{
				displayName: 'Nextflow Config',
				name: 'nextflowConfig',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
			},
			{
				displayName: 'Per-Job Memory Limit',
				name: 'perJobMemLimit',
				type: 'boolean',
				displayOptions: FOR_LSF,
				default: false,
				description: "Whether memory limits are per job rather than per process; as LSB_JOB_MEMLIMIT in the cluster's lsf.conf",
			},
			{
				displayName: 'Per-Task Reserve',
				name: 'perTaskReserve',
				type: 'boolean',
				displayOptions: FOR_LSF,
				default: false,
				description:
					"Whether memory is reserved per task rather than per host; as RESOURCE_RESERVE_PER_TASK in the cluster's lsf.conf",
			},
			{
				displayName: 'Pod Cleanup',
				name: 'podCleanup',
				type: 'options',
				displayOptions: FOR_KUBERNETES,
				options: [
					{ name: 'Always', value: 'always', description: 'Remove every pod when it ends' },
					{ name: 'Never', value: 'never', description: 'Keep every pod' },
					{ name: 'On Success', value: 'on_success', description: 'Remove the pods that succeeded' },
				],
				default: 'on_success',
			},
			{
				displayName: 'Port',
				name: 'port',
				type: 'number',
				displayOptions: FOR_HPC,
				default: 22,
				description: 'The SSH port',
			},
			{ displayName: 'Post-Run Script', name: 'postRunScript', type: 'string', typeOptions: { rows: 4 }, default: '' },
			{ displayName: 'Pre-Run Script', name: 'preRunScript', type: 'string', typeOptions: { rows: 4 }, default: '' },
			{
				displayName: 'Service Pod Spec',
				name: 'servicePodSpec',
				type: 'string',
				typeOptions: { rows: 4 },
				displayOptions: FOR_KUBERNETES,
				default: '',
				description: "PodSpec YAML merged into the compute environment's service pod",
			},
			{
				displayName: 'Storage Mount Path',
				name: 'storageMountPath',
				type: 'string',
				displayOptions: FOR_KUBERNETES,
				default: '',
				placeholder: '/scratch',
				description: 'Where the storage claim is mounted in the pods; the platform takes /scratch when empty',
			},
			{
				displayName: 'Unit for Limits',
				name: 'unitForLimits',
				type: 'string',
				displayOptions: FOR_LSF,
				default: '',
				placeholder: 'MB',
				description: "The memory unit of the cluster's limits; as LSF_UNIT_FOR_LIMITS in its lsf.conf",
			},
		],
	},
];

const AWS_REGION = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;
const AZURE_LOCATION = /^[a-z]+[a-z0-9]*$/;
const GOOGLE_LOCATION = /^[a-z]+-[a-z]+\d+$/;
const GOOGLE_REGION_OR_ZONE = /^[a-z]+-[a-z]+\d+(-[a-z])?$/;
const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/;
const WORK_DIR_SCHEMES: Record<string, string> = {
	'aws-batch': 's3://',
	'aws-cloud': 's3://',
	'azure-batch': 'az://',
	'azure-cloud': 'az://',
	'google-batch': 'gs://',
	'google-cloud': 'gs://',
};

/** The form's values for one item, and a way to fail the item naming a field. */
interface Form {
	text: (field: string) => string;
	flag: (field: string) => boolean;
	count: (field: string, label: string) => number;
	options: IDataObject;
	fail: (field: string, why: string) => never;
}

const textOf = (value: unknown): string => String(value ?? '').trim();

function listOf(value: string): string[] | undefined {
	const items = value
		.split(',')
		.map((item) => item.trim())
		.filter((item) => item !== '');
	return items.length > 0 ? items : undefined;
}

/** The environment variables as tw's --env sends them: each for the head job, the compute jobs, or both. */
function environmentOf(form: Form): IDataObject[] | undefined {
	const variables = ((form.options.environmentVariables as IDataObject | undefined)?.variable ?? []) as IDataObject[];
	if (variables.length === 0) return undefined;
	return variables.map((variable) => {
		const name = textOf(variable.name);
		if (name === '') form.fail('Environment Variables', 'give each variable a name');
		const target = textOf(variable.target) || 'head';
		return { name, value: String(variable.value ?? ''), head: target !== 'compute', compute: target !== 'head' };
	});
}

/** What every platform's config ends with in tw: staging scripts, Nextflow config and environment. */
function stagingOf(form: Form): IDataObject {
	const staging: IDataObject = {};
	for (const field of ['preRunScript', 'postRunScript', 'nextflowConfig']) {
		if (textOf(form.options[field]) !== '') staging[field] = String(form.options[field]);
	}
	const environment = environmentOf(form);
	if (environment) staging.environment = environment;
	return staging;
}

/** Wave and Fusion as tw sends them, false when off; Fusion runs on Wave. */
function waveAndFusionOf(form: Form): IDataObject {
	const wave = form.flag('waveEnabled');
	const fusion = form.flag('fusion2Enabled');
	if (fusion && !wave) form.fail('Fusion', 'Fusion needs Wave: turn Wave on too');
	return { fusion2Enabled: fusion, waveEnabled: wave };
}

function required(form: Form, field: string, label: string, why: string): string {
	const value = form.text(field);
	if (value === '') form.fail(label, why);
	return value;
}

/** `tw compute-envs add aws-batch forge|manual`. */
function awsBatchConfig(form: Form): IDataObject {
	const region = form.text('region');
	if (!AWS_REGION.test(region)) form.fail('Region', `"${region}" is not an AWS region such as eu-west-1`);
	const config: IDataObject = { region, ...waveAndFusionOf(form), nvnmeStorageEnabled: false };
	if (form.text('awsSetup') === 'manual') {
		return {
			...config,
			headQueue: required(form, 'headQueue', 'Head Queue', 'give the AWS Batch queue for the head job'),
			computeQueue: required(form, 'computeQueue', 'Compute Queue', 'give the AWS Batch queue for the tasks'),
		};
	}
	// Batch Forge with tw's defaults: no GPUs, EBS autoscaling, resources removed with the compute environment, no EFS or FSx.
	const forge: IDataObject = {
		type: form.text('provisioningModel') || 'SPOT',
		minCpus: 0,
		maxCpus: form.count('maxCpus', 'Max CPUs'),
		gpuEnabled: false,
		ebsAutoScale: true,
		disposeOnDeletion: true,
		fargateHeadEnabled: false,
	};
	const instanceTypes = listOf(form.text('instanceTypes'));
	if (instanceTypes) forge.instanceTypes = instanceTypes;
	return { ...config, fusionSnapshots: false, forge };
}

/** `tw compute-envs add azure-batch forge|manual`. */
function azureBatchConfig(form: Form): IDataObject {
	const location = form.text('azureLocation');
	if (!AZURE_LOCATION.test(location)) form.fail('Location', `"${location}" is not an Azure region such as westeurope`);
	const config: IDataObject = { region: location, ...waveAndFusionOf(form) };
	if (form.text('azureSetup') === 'manual') {
		return { ...config, headPool: required(form, 'headPool', 'Compute Pool Name', 'give the Azure Batch pool to run in') };
	}
	const vmType = form.text('vmType');
	const forge: IDataObject = { vmCount: form.count('vmCount', 'VM Count'), autoScale: true, disposeOnDeletion: true };
	return { ...config, forge: vmType === '' ? forge : { vmType, ...forge } };
}

/** `tw compute-envs add google-batch`. */
function googleBatchConfig(form: Form): IDataObject {
	const location = form.text('location');
	if (!GOOGLE_LOCATION.test(location)) form.fail('Location', `"${location}" is not a Google Cloud region such as europe-west2`);
	const config: IDataObject = { location, spot: form.flag('spot'), ...waveAndFusionOf(form), fusionSnapshots: false };
	if (form.options.bootDiskSizeGb !== undefined) config.bootDiskSizeGb = form.options.bootDiskSizeGb;
	return config;
}

/** What tw's k8s, eks and gke share: the namespace, the service accounts, the storage and the pods. */
function podsConfig(form: Form): IDataObject {
	const config: IDataObject = {
		namespace: required(form, 'namespace', 'Namespace', 'give the namespace the pods run in'),
		headServiceAccount: required(form, 'headServiceAccount', 'Head Service Account', 'give the head pod its service account'),
	};
	const storageMountPath = textOf(form.options.storageMountPath);
	if (storageMountPath !== '' && !storageMountPath.startsWith('/')) {
		form.fail('Storage Mount Path', 'give an absolute path, starting with /');
	}
	for (const field of ['computeServiceAccount', 'storageMountPath', 'podCleanup', 'headPodSpec', 'servicePodSpec']) {
		if (textOf(form.options[field]) !== '') config[field] = textOf(form.options[field]);
	}
	return config;
}

/** `tw compute-envs add k8s`. */
function kubernetesConfig(form: Form): IDataObject {
	const server = form.text('server');
	if (!/^https?:\/\/[^/\s]+/.test(server)) form.fail('Server URL', `"${server}" is not a URL such as https://k8s.example.com:6443`);
	return {
		server,
		sslCert: required(form, 'sslCert', 'SSL Certificate', "paste the cluster's CA certificate"),
		...podsConfig(form),
		storageClaimName: required(form, 'storageClaimName', 'Storage Claim', 'give a ReadWriteMany PersistentVolumeClaim'),
	};
}

/** `tw compute-envs add eks|gke`: the cluster by region and name, then what Kubernetes takes; the storage claim is optional. */
function managedKubernetesConfig(form: Form, region: string): IDataObject {
	const config: IDataObject = {
		region,
		clusterName: required(form, 'clusterName', 'Cluster Name', 'give the name of the cluster'),
		...podsConfig(form),
	};
	const storageClaimName = form.text('storageClaimName');
	if (storageClaimName !== '') config.storageClaimName = storageClaimName;
	return config;
}

/** `tw compute-envs add eks`. */
function eksConfig(form: Form): IDataObject {
	const region = form.text('region');
	if (!AWS_REGION.test(region)) form.fail('Region', `"${region}" is not an AWS region such as eu-west-1`);
	return managedKubernetesConfig(form, region);
}

/** `tw compute-envs add gke`: a regional or a zonal cluster. */
function gkeConfig(form: Form): IDataObject {
	const region = form.text('gkeRegion');
	if (!GOOGLE_REGION_OR_ZONE.test(region)) {
		form.fail('Region', `"${region}" is not a Google Cloud region or zone such as europe-west2 or europe-west2-a`);
	}
	return managedKubernetesConfig(form, region);
}

/** `tw compute-envs add slurm|altair|moab|uge|lsf`: the same fields for every scheduler. */
function hpcConfig(form: Form): IDataObject {
	const hostName = form.text('hostName');
	if (!HOST_NAME.test(hostName)) form.fail('Host Name', 'give a host name such as login.hpc.example.org');
	const config: IDataObject = {
		hostName,
		headQueue: required(form, 'headQueue', 'Head Queue', 'give the queue the head job is submitted to'),
	};
	const userName = form.text('userName');
	if (userName !== '') config.userName = userName;
	if (form.options.port !== undefined) config.port = form.options.port;
	const computeQueue = textOf(form.options.slurmComputeQueue);
	if (computeQueue !== '') config.computeQueue = computeQueue;
	const launchDir = textOf(form.options.launchDir);
	if (launchDir !== '' && !launchDir.startsWith('/')) form.fail('Launch Directory', 'give an absolute path, starting with /');
	if (launchDir !== '') config.launchDir = launchDir;
	const maxQueueSize = form.options.maxQueueSize;
	if (maxQueueSize !== undefined) {
		if (!Number.isInteger(maxQueueSize) || Number(maxQueueSize) < 1) form.fail('Max Queue Size', 'give a whole number of 1 or more');
		config.maxQueueSize = maxQueueSize;
	}
	const headJobOptions = textOf(form.options.headJobOptions);
	if (headJobOptions !== '') config.headJobOptions = headJobOptions;
	return config;
}

/** `tw compute-envs add lsf`: the scheduler fields and how the cluster's lsf.conf counts memory. */
function lsfConfig(form: Form): IDataObject {
	const config = hpcConfig(form);
	const unitForLimits = textOf(form.options.unitForLimits);
	if (unitForLimits !== '') config.unitForLimits = unitForLimits;
	for (const field of ['perJobMemLimit', 'perTaskReserve']) {
		if (form.options[field] !== undefined) config[field] = form.options[field] === true;
	}
	return config;
}

/** What tw sends for every single-instance cloud: Wave and Fusion on, and the Seqera scheduler when it is on. */
function cloudConfig(form: Form, region: string): IDataObject {
	const config: IDataObject = { waveEnabled: true, fusion2Enabled: true, schedEnabled: form.flag('schedEnabled'), region };
	if (config.schedEnabled) {
		const schedConfig: IDataObject = {};
		const provisioningModel = form.text('schedProvisioningModel');
		if (provisioningModel !== '') schedConfig.provisioningModel = provisioningModel;
		const machineTypes = listOf(form.text('schedMachineTypes'));
		if (machineTypes) schedConfig.machineTypes = machineTypes;
		config.schedConfig = schedConfig;
	}
	const instanceType = textOf(form.options.instanceType);
	if (instanceType !== '') config.instanceType = instanceType;
	return config;
}

/** The boot disk size option, when added, as a whole number of GB. */
function bootDiskSizeOf(form: Form): number | undefined {
	const size = form.options.bootDiskSizeGb;
	if (size === undefined) return undefined;
	if (!Number.isInteger(size) || Number(size) < 1) form.fail('Boot Disk Size (GB)', 'give a whole number of GB, 1 or more');
	return Number(size);
}

/** `tw compute-envs add aws-cloud`. */
function awsCloudConfig(form: Form): IDataObject {
	const region = form.text('region');
	if (!AWS_REGION.test(region)) form.fail('Region', `"${region}" is not an AWS region such as eu-west-1`);
	const config = cloudConfig(form, region);
	const allowBuckets = listOf(textOf(form.options.allowBuckets));
	if (allowBuckets) config.allowBuckets = allowBuckets;
	if (form.options.arm64Enabled !== undefined) config.arm64Enabled = form.options.arm64Enabled === true;
	const ebsBootSize = bootDiskSizeOf(form);
	if (ebsBootSize !== undefined) config.ebsBootSize = ebsBootSize;
	return config;
}

/** `tw compute-envs add google-cloud`: a zone of the region. */
function googleCloudConfig(form: Form): IDataObject {
	const region = form.text('googleRegion');
	if (!GOOGLE_LOCATION.test(region)) form.fail('Region', `"${region}" is not a Google Cloud region such as europe-west2`);
	const zone = form.text('zone');
	if (!new RegExp(`^${region}-[a-z]$`).test(zone)) form.fail('Zone', `"${zone}" is not a zone of ${region}, such as ${region}-a`);
	const config: IDataObject = { ...cloudConfig(form, region), zone };
	for (const field of ['arm64Enabled', 'gpuEnabled']) {
		if (form.options[field] !== undefined) config[field] = form.options[field] === true;
	}
	const bootDiskSizeGb = bootDiskSizeOf(form);
	if (bootDiskSizeGb !== undefined) config.bootDiskSizeGb = bootDiskSizeGb;
	return config;
}

/** `tw compute-envs add azure-cloud`. */
function azureCloudConfig(form: Form): IDataObject {
	const location = form.text('azureLocation');
	if (!AZURE_LOCATION.test(location)) form.fail('Location', `"${location}" is not an Azure region such as westeurope`);
	return {
		...cloudConfig(form, location),
		resourceGroup: required(form, 'resourceGroup', 'Resource Group', 'give the resource group the VMs are made in'),
	};
}

/**
 * `tw compute-envs add seqera-compute`: the region and the Studios' size; Seqera Compute sets the rest itself. tw's
 * --work-dir is left out, as tw leaves it out of what it sends.
 */
function seqeraComputeConfig(form: Form): IDataObject {
	const region = form.text('region');
	if (!AWS_REGION.test(region)) form.fail('Region', `"${region}" is not an AWS region such as eu-west-1`);
	const instanceTypeSize = form.text('instanceTypeSize');
	return instanceTypeSize === '' ? { region } : { region, instanceTypeSize };
}

const PLATFORM_CONFIGS: Record<string, (form: Form) => IDataObject> = {
	'aws-batch': awsBatchConfig,
	'azure-batch': azureBatchConfig,
	'google-batch': googleBatchConfig,
	'aws-cloud': awsCloudConfig,
	'google-cloud': googleCloudConfig,
	'azure-cloud': azureCloudConfig,
	'k8s-platform': kubernetesConfig,
	'eks-platform': eksConfig,
	'gke-platform': gkeConfig,
	'slurm-platform': hpcConfig,
	'altair-platform': hpcConfig,
	'moab-platform': hpcConfig,
	'uge-platform': hpcConfig,
	'lsf-platform': lsfConfig,
	[SEQERA_COMPUTE]: seqeraComputeConfig,
};

function formOf(context: IExecuteFunctions, itemIndex: number): Form {
	const value = (field: string): unknown => context.getNodeParameter(field, itemIndex, '');
	const fail = (field: string, why: string): never => {
		throw new NodeOperationError(context.getNode(), `${field}: ${why}`, {
			itemIndex,
			description: `Fix ${field} (item ${itemIndex}). Nothing was sent.`,
		});
	};
	return {
		text: (field) => textOf(value(field)),
		flag: (field) => value(field) === true,
		count: (field, label) => {
			const count = Number(value(field));
			if (!Number.isInteger(count) || count < 1) fail(label, 'give a whole number of 1 or more');
			return count;
		},
		options: (context.getNodeParameter('formOptions', itemIndex, {}) ?? {}) as IDataObject,
		fail,
	};
}

/**
 * The compute environment the form describes, as tw compute-envs add builds it; bad input fails here,
 * naming the field, before anything is sent.
 */
export function computeEnvFromForm(context: IExecuteFunctions, itemIndex: number, name: string): IDataObject {
	const form = formOf(context, itemIndex);
	const platform = form.text('computePlatform');
	const platformConfig = PLATFORM_CONFIGS[platform] ?? form.fail('Platform', `"${platform}" is not one the form offers`);
	if (name === '') form.fail('Name', 'give the new compute environment a name');
	const description = textOf(form.options.description);
	const named = description === '' ? { name } : { name, description };
	if (platform === SEQERA_COMPUTE)
		return { ...named, platform, config: { discriminator: platform, ...platformConfig(form), ...stagingOf(form) } };
	const workDir = form.text('workDir');
	const scheme = WORK_DIR_SCHEMES[platform];
	if (scheme && !new RegExp(`^${scheme}[^/]+`).test(workDir)) {
		form.fail('Work Directory', `a ${platform} work directory is a ${scheme}bucket/path`);
	}
	if (!scheme && !workDir.startsWith('/')) form.fail('Work Directory', 'give an absolute path on the cluster, starting with /');
	const config = { discriminator: platform, ...platformConfig(form), workDir, ...stagingOf(form) };
	return { ...named, platform, config };
}

/** The form's Labels: names, and resource labels as key=value, to find or create in the workspace as tw's --labels does. */
export function formLabelNames(context: IExecuteFunctions, itemIndex: number): string[] {
	return toList(formOf(context, itemIndex).options.labels);
}
