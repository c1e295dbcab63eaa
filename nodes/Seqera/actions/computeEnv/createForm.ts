import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

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
			{ name: 'AWS Batch', value: 'aws-batch' },
			{ name: 'Azure Batch', value: 'azure-batch' },
			{ name: 'Google Batch', value: 'google-batch' },
			{ name: 'Kubernetes', value: 'k8s-platform' },
			{ name: 'Slurm', value: 'slurm-platform' },
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
		displayOptions: forPlatforms('azure-batch'),
		default: '',
		placeholder: 'westeurope',
		description: 'Azure region of the Batch account',
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
		displayOptions: forPlatforms('aws-batch'),
		default: '',
		placeholder: 'eu-west-1',
		description: 'AWS region the compute resources are in',
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
		displayOptions: { show: FORM },
		default: '',
		placeholder: 's3://bucket/work',
		description:
			'Where Nextflow keeps intermediate files: s3:// for AWS Batch, az:// for Azure Batch, gs:// for Google Batch, ' +
			"an absolute path on the cluster's shared storage for Kubernetes and Slurm",
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
		displayOptions: forPlatforms('slurm-platform'),
		default: '',
		description: 'The Slurm partition the Nextflow head job runs in',
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
		displayOptions: forPlatforms('k8s-platform'),
		default: '',
	},
	{
		displayName: 'Head Service Account',
		name: 'headServiceAccount',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('k8s-platform'),
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
		displayName: 'Host Name',
		name: 'hostName',
		type: 'string',
		required: true,
		displayOptions: forPlatforms('slurm-platform'),
		default: '',
		placeholder: 'login.hpc.example.org',
		description: "The cluster's login node, reached by SSH",
	},
	{
		displayName: 'User Name',
		name: 'userName',
		type: 'string',
		displayOptions: forPlatforms('slurm-platform'),
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
				displayName: 'Boot Disk Size (GB)',
				name: 'bootDiskSizeGb',
				type: 'number',
				displayOptions: { show: { '/computePlatform': ['google-batch'] } },
				default: 50,
				description: 'Boot disk size of the VMs',
			},
			{
				displayName: 'Compute Queue',
				name: 'slurmComputeQueue',
				type: 'string',
				displayOptions: { show: { '/computePlatform': ['slurm-platform'] } },
				default: '',
				description: 'The Slurm partition the pipeline tasks go to',
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
				displayName: 'Launch Directory',
				name: 'launchDir',
				type: 'string',
				displayOptions: { show: { '/computePlatform': ['slurm-platform'] } },
				default: '',
				description: 'Where Nextflow runs; the work directory when empty',
			},
			{
				displayName: 'Nextflow Config',
				name: 'nextflowConfig',
				type: 'string',
				typeOptions: { rows: 4 },
				default: '',
			},
			{
				displayName: 'Port',
				name: 'port',
				type: 'number',
				displayOptions: { show: { '/computePlatform': ['slurm-platform'] } },
				default: 22,
				description: 'The SSH port',
			},
			{ displayName: 'Post-Run Script', name: 'postRunScript', type: 'string', typeOptions: { rows: 4 }, default: '' },
			{ displayName: 'Pre-Run Script', name: 'preRunScript', type: 'string', typeOptions: { rows: 4 }, default: '' },
		],
	},
];

const AWS_REGION = /^[a-z]{2}(-gov)?-[a-z]+-\d$/;
const AZURE_LOCATION = /^[a-z]+[a-z0-9]*$/;
const GOOGLE_LOCATION = /^[a-z]+-[a-z]+\d+$/;
const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/;
const WORK_DIR_SCHEMES: Record<string, string> = { 'aws-batch': 's3://', 'azure-batch': 'az://', 'google-batch': 'gs://' };

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

/** `tw compute-envs add k8s`. */
function kubernetesConfig(form: Form): IDataObject {
	const server = form.text('server');
	if (!/^https?:\/\/[^/\s]+/.test(server)) form.fail('Server URL', `"${server}" is not a URL such as https://k8s.example.com:6443`);
	return {
		server,
		sslCert: required(form, 'sslCert', 'SSL Certificate', "paste the cluster's CA certificate"),
		namespace: required(form, 'namespace', 'Namespace', 'give the namespace the pods run in'),
		headServiceAccount: required(form, 'headServiceAccount', 'Head Service Account', 'give the head pod its service account'),
		storageClaimName: required(form, 'storageClaimName', 'Storage Claim', 'give a ReadWriteMany PersistentVolumeClaim'),
	};
}

/** `tw compute-envs add slurm`. */
function slurmConfig(form: Form): IDataObject {
	const hostName = form.text('hostName');
	if (!HOST_NAME.test(hostName)) form.fail('Host Name', 'give a host name such as login.hpc.example.org');
	const config: IDataObject = {
		hostName,
		headQueue: required(form, 'headQueue', 'Head Queue', 'give the Slurm partition for the head job'),
	};
	const userName = form.text('userName');
	if (userName !== '') config.userName = userName;
	if (form.options.port !== undefined) config.port = form.options.port;
	const computeQueue = textOf(form.options.slurmComputeQueue);
	if (computeQueue !== '') config.computeQueue = computeQueue;
	const launchDir = textOf(form.options.launchDir);
	if (launchDir !== '' && !launchDir.startsWith('/')) form.fail('Launch Directory', 'give an absolute path, starting with /');
	if (launchDir !== '') config.launchDir = launchDir;
	return config;
}

const PLATFORM_CONFIGS: Record<string, (form: Form) => IDataObject> = {
	'aws-batch': awsBatchConfig,
	'azure-batch': azureBatchConfig,
	'google-batch': googleBatchConfig,
	'k8s-platform': kubernetesConfig,
	'slurm-platform': slurmConfig,
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
export function computeEnvFromForm(context: IExecuteFunctions, itemIndex: number, name: string, credentialsId: string): IDataObject {
	const form = formOf(context, itemIndex);
	const platform = form.text('computePlatform');
	const platformConfig = PLATFORM_CONFIGS[platform] ?? form.fail('Platform', `"${platform}" is not one the form offers`);
	if (name === '') form.fail('Name', 'give the new compute environment a name');
	if (credentialsId === '') form.fail('Workspace Credentials', `choose the credentials the ${platform} compute environment uses`);
	const workDir = form.text('workDir');
	const scheme = WORK_DIR_SCHEMES[platform];
	if (scheme && !new RegExp(`^${scheme}[^/]+`).test(workDir)) {
		form.fail('Work Directory', `a ${platform} work directory is a ${scheme}bucket/path`);
	}
	if (!scheme && !workDir.startsWith('/')) form.fail('Work Directory', 'give an absolute path on the cluster, starting with /');
	const config = { discriminator: platform, ...platformConfig(form), workDir, ...stagingOf(form) };
	return { name, platform, config, credentialsId };
}
