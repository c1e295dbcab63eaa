/**
 * Deterministic seed data: one user in two organisations with three shared
 * workspaces plus the personal one, their compute environments, launchpad
 * pipelines, labels and 120 past runs, data links with objects, and Studios. Fixed ids so tests can name them.
 */
import { mimeTypeOf } from './dataLinks';
import type {
	DatasetMediaType,
	LaunchSettings,
	SimAction,
	SimComputeEnv,
	SimDataset,
	SimDatasetVersion,
	SimLabel,
	SimOrg,
	SimPipeline,
	SimDataLink,
	SimDataLinkObject,
	SimRun,
	SimStudio,
	SimUser,
	SimWorkspace,
	WorkflowStatus,
	WorkspaceRef,
} from './model';
import { SeededRandom } from './random';
import { parseDelimited } from './tabular';

export const SEED = 20240501;

export const SEED_USER: SimUser = {
	id: 4187,
	userName: 'ada-lovelace',
	email: 'ada.lovelace@acme-bio.example',
	firstName: 'Ada',
	lastName: 'Lovelace',
	organization: 'ACME Biosciences',
	dateCreated: new Date('2022-03-14T09:26:53Z'),
};

export const ORG_IDS = { acmeBio: 215386097437409, community: 68279422163436 } as const;
export const WORKSPACE_IDS = { genomics: 138659136604200, rnd: 40230138858677, showcase: 119671096768016 } as const;

export const SEED_ORGS: SimOrg[] = [
	{
		id: ORG_IDS.acmeBio,
		name: 'acme-bio',
		fullName: 'ACME Biosciences',
		description: 'Sequencing core and R&D of ACME Biosciences',
		type: 'pro',
		role: 'owner',
		location: 'Cambridge, UK',
		website: 'https://acme-bio.example',
	},
	{
		id: ORG_IDS.community,
		name: 'community',
		fullName: 'Seqera Community',
		description: 'Public showcase of nf-core pipelines',
		type: 'academic',
		role: 'member',
		location: 'Barcelona, Spain',
		website: 'https://seqera.io',
	},
];

export const SEED_WORKSPACES: SimWorkspace[] = [
	{
		id: WORKSPACE_IDS.genomics,
		orgId: ORG_IDS.acmeBio,
		name: 'genomics',
		fullName: 'Genomics production',
		description: 'Production sequencing analyses',
		visibility: 'PRIVATE',
	},
	{
		id: WORKSPACE_IDS.rnd,
		orgId: ORG_IDS.acmeBio,
		name: 'rnd',
		fullName: 'Research and development',
		description: 'Pipeline development and benchmarks',
		visibility: 'PRIVATE',
	},
	{
		id: WORKSPACE_IDS.showcase,
		orgId: ORG_IDS.community,
		name: 'showcase',
		fullName: 'Community showcase',
		description: 'Try nf-core pipelines on test data',
		visibility: 'SHARED',
	},
];

export const COMPUTE_ENV_IDS = {
	genomicsBatch: '5cY2ZPQ3zN4LfyZtWUFbSp',
	genomicsSpot: '3Kd0zVFRVHrWSQ2WfjvEEh',
	rndGoogle: '1qGy8Rk3h1tDDYbYfEeWwB',
	rndSlurmErrored: '7nX9sTzkB0Ujm6vH2cLpQa',
	showcaseBatch: '4Wq1bFVaD3nG8cRkT6yJzE',
	personalBatch: '2pLk5mNq8RsT1uVw3XyZ4a',
} as const;

const CE_CREATED = new Date('2024-01-08T10:15:00Z');

function awsBatch(
	id: string,
	workspaceId: WorkspaceRef,
	name: string,
	region: string,
	workDir: string,
	primary: boolean,
	spot: boolean,
): SimComputeEnv {
	return {
		id,
		workspaceId,
		name,
		description: `AWS Batch ${spot ? 'spot' : 'on-demand'} queue in ${region}`,
		platform: 'aws-batch',
		region,
		workDir,
		status: 'AVAILABLE',
		primary,
		credentialsId: `${id.slice(0, 10)}Cred`,
		dateCreated: CE_CREATED,
		lastUsed: CE_CREATED,
		config: {
			region,
			computeQueue: `TowerForge-${id.slice(0, 8)}-work`,
			headQueue: `TowerForge-${id.slice(0, 8)}-head`,
			cliPath: '/home/ec2-user/miniconda/bin/aws',
			fusion2Enabled: true,
			waveEnabled: true,
		},
	};
}

export const SEED_COMPUTE_ENVS: SimComputeEnv[] = [
	awsBatch(
		COMPUTE_ENV_IDS.genomicsBatch,
		WORKSPACE_IDS.genomics,
		'aws-batch-genomics',
		'eu-west-1',
		's3://acme-genomics-work/scratch',
		true,
		false,
	),
	awsBatch(
		COMPUTE_ENV_IDS.genomicsSpot,
		WORKSPACE_IDS.genomics,
		'aws-batch-spot-genomics',
		'eu-west-1',
		's3://acme-genomics-work/spot',
		false,
		true,
	),
	{
		id: COMPUTE_ENV_IDS.rndGoogle,
		workspaceId: WORKSPACE_IDS.rnd,
		name: 'gcp-batch-rnd',
		description: 'Google Batch in europe-west2',
		platform: 'google-batch',
		region: 'europe-west2',
		workDir: 'gs://acme-rnd-work/nextflow',
		status: 'AVAILABLE',
		primary: true,
		credentialsId: '6fRm2TqP9kGoogleCred',
		dateCreated: CE_CREATED,
		lastUsed: CE_CREATED,
		config: { location: 'europe-west2', projectId: 'acme-rnd-4711', spot: true, waveEnabled: true, fusion2Enabled: true },
	},
	{
		id: COMPUTE_ENV_IDS.rndSlurmErrored,
		workspaceId: WORKSPACE_IDS.rnd,
		name: 'hpc-slurm-legacy',
		description: 'On-premise Slurm cluster (being retired)',
		platform: 'slurm-platform',
		region: 'on-premise',
		workDir: '/scratch/nextflow/work',
		status: 'ERRORED',
		message: 'Unable to connect to login.hpc.acme-bio.example:22 - Connection timed out',
		primary: false,
		credentialsId: '3hJk8LmN0pSshCred',
		dateCreated: CE_CREATED,
		lastUsed: CE_CREATED,
		config: { hostName: 'login.hpc.acme-bio.example', port: 22, userName: 'nfrunner', headQueue: 'long', computeQueue: 'normal' },
	},
	awsBatch(
		COMPUTE_ENV_IDS.showcaseBatch,
		WORKSPACE_IDS.showcase,
		'community-aws-batch',
		'us-east-1',
		's3://nf-showcase-work/scratch',
		true,
		true,
	),
	awsBatch(COMPUTE_ENV_IDS.personalBatch, null, 'personal-aws', 'eu-central-1', 's3://ada-lovelace-nf/work', true, false),
];

/** What the simulator knows about each pipeline project: enough to make tasks, logs and metrics. */
export interface ProjectInfo {
	projectName: string;
	revision: string;
	description: string;
	/** The last process runs once over all samples (MultiQC-style); the others once per sample. */
	processes: string[];
	container: string;
}

export const PROJECTS: ProjectInfo[] = [
	{
		projectName: 'nf-core/rnaseq',
		revision: '3.14.0',
		description: 'RNA sequencing analysis pipeline for gene/isoform quantification and extensive quality control.',
		processes: ['FASTQC', 'TRIMGALORE', 'STAR_ALIGN', 'SALMON_QUANT', 'MULTIQC'].map((p) => `NFCORE_RNASEQ:RNASEQ:${p}`),
		container: 'quay.io/biocontainers/star:2.7.10a--h9ee0642_0',
	},
	{
		projectName: 'nf-core/sarek',
		revision: '3.4.2',
		description: 'Analysis pipeline to detect germline or somatic variants from WGS / targeted sequencing.',
		processes: ['FASTP', 'BWAMEM1_MEM', 'GATK4_MARKDUPLICATES', 'GATK4_HAPLOTYPECALLER', 'MULTIQC'].map(
			(p) => `NFCORE_SAREK:SAREK:${p}`,
		),
		container: 'quay.io/biocontainers/gatk4:4.5.0.0--py36hdfd78af_0',
	},
	{
		projectName: 'nf-core/chipseq',
		revision: '2.0.0',
		description: 'ChIP-seq peak-calling, QC and differential analysis pipeline.',
		processes: ['FASTQC', 'BWA_MEM', 'MACS2_CALLPEAK', 'MULTIQC'].map((p) => `NFCORE_CHIPSEQ:CHIPSEQ:${p}`),
		container: 'quay.io/biocontainers/macs2:2.2.7.1--py38h4a8c8d9_3',
	},
	{
		projectName: 'nf-core/atacseq',
		revision: '2.1.2',
		description: 'ATAC-seq peak-calling and QC analysis pipeline.',
		processes: ['FASTQC', 'BOWTIE2_ALIGN', 'MACS2_CALLPEAK', 'MULTIQC'].map((p) => `NFCORE_ATACSEQ:ATACSEQ:${p}`),
		container: 'quay.io/biocontainers/bowtie2:2.4.4--py39hbb4e92a_0',
	},
	{
		projectName: 'nf-core/viralrecon',
		revision: '2.6.0',
		description: 'Assembly and intrahost/low-frequency variant calling for viral samples.',
		processes: ['FASTP', 'BOWTIE2_ALIGN', 'IVAR_VARIANTS', 'MULTIQC'].map((p) => `NFCORE_VIRALRECON:ILLUMINA:${p}`),
		container: 'quay.io/biocontainers/ivar:1.4--h6b7c446_1',
	},
	{
		projectName: 'acme-bio/fastq-qc',
		revision: 'v1.2.0',
		description: 'Read quality control and adapter trimming of one FASTQ file.',
		processes: ['FASTQC', 'FASTP', 'MULTIQC'].map((p) => `ACME_FASTQ_QC:FASTQ_QC:${p}`),
		container: 'quay.io/biocontainers/fastp:0.23.4--h5f740d0_0',
	},
	{
		projectName: 'nextflow-io/hello',
		revision: 'master',
		description: 'A simple Nextflow "hello world" pipeline.',
		processes: ['sayHello'],
		container: 'ubuntu:22.04',
	},
];

/** Used for repositories the simulator has no entry for (e.g. a launch of `https://github.com/acme/custom`). */
export function projectInfo(projectName: string): ProjectInfo {
	return (
		PROJECTS.find((p) => p.projectName === projectName) ?? {
			projectName,
			revision: 'main',
			description: '',
			processes: ['PREPARE_INPUT', 'ANALYSE', 'REPORT'],
			container: 'ubuntu:22.04',
		}
	);
}

export const LABEL_IDS = {
	production: 70218431907355,
	rnaseq: 70218431907356,
	validation: 70218431907357,
	teamGenomics: 70218431907358,
	experimental: 113705930511402,
	benchmark: 113705930511403,
	demo: 257113490214871,
	scratch: 8802116320311,
} as const;

const LABEL_CREATED = new Date('2024-02-01T08:00:00Z');
const label = (id: number, workspaceId: WorkspaceRef, name: string, value?: string): SimLabel => ({
	id,
	workspaceId,
	name,
	value,
	resource: value !== undefined,
	isDefault: false,
	dateCreated: LABEL_CREATED,
});

export const SEED_LABELS: SimLabel[] = [
	label(LABEL_IDS.production, WORKSPACE_IDS.genomics, 'production'),
	label(LABEL_IDS.rnaseq, WORKSPACE_IDS.genomics, 'rnaseq'),
	label(LABEL_IDS.validation, WORKSPACE_IDS.genomics, 'validation'),
	label(LABEL_IDS.teamGenomics, WORKSPACE_IDS.genomics, 'team', 'genomics'),
	label(LABEL_IDS.experimental, WORKSPACE_IDS.rnd, 'experimental'),
	label(LABEL_IDS.benchmark, WORKSPACE_IDS.rnd, 'benchmark'),
	label(LABEL_IDS.demo, WORKSPACE_IDS.showcase, 'demo'),
	label(LABEL_IDS.scratch, null, 'scratch'),
];

export const PIPELINE_IDS = {
	genomicsRnaseq: 48572619846135,
	genomicsSarek: 243801574462771,
	genomicsHello: 96715327413080,
	rndChipseq: 175239844261419,
	rndAtacseq: 10652283014906,
	showcaseRnaseq: 31822561979147,
	showcaseViralrecon: 203640914858229,
	personalHello: 72911550361738,
	genomicsFastqQc: 139517246630958,
	showcaseRnaseqTest: 88104235671902,
	showcaseRnaseqByHand: 161530987245318,
	showcaseRnaseqConfigured: 57296418830664,
	rndViralreconShared: 94417302865521,
} as const;

const PIPELINE_CREATED = new Date('2024-02-12T13:45:10Z');

/** The launch settings a pipeline is saved with, where they differ from its project's usual ones. */
type SavedLaunchSettings = Partial<Pick<SimPipeline, 'configProfiles' | 'paramsText' | 'configText'>>;

function pipeline(
	id: number,
	workspaceId: WorkspaceRef,
	name: string,
	projectName: string,
	computeEnvId: string,
	labelIds: number[] = [],
	saved: SavedLaunchSettings = {},
): SimPipeline {
	const project = projectInfo(projectName);
	const computeEnv = SEED_COMPUTE_ENVS.find((ce) => ce.id === computeEnvId);
	return {
		id,
		workspaceId,
		name,
		description: project.description,
		repository: `https://github.com/${projectName}`,
		revision: project.revision,
		configProfiles: projectName.startsWith('nf-core/') ? ['test'] : [],
		paramsText: projectName.startsWith('nf-core/')
			? JSON.stringify({ input: `${computeEnv?.workDir}/inputs/samplesheet.csv`, outdir: `${computeEnv?.workDir}/results` }, null, 2)
			: '',
		...saved,
		computeEnvId,
		workDir: computeEnv?.workDir ?? '',
		labelIds,
		dateCreated: PIPELINE_CREATED,
		lastUpdated: PIPELINE_CREATED,
		launchId: `${String(id).slice(-8)}Launch${name.replace(/[^A-Za-z0-9]/g, '').slice(0, 8)}`,
	};
}

export const SEED_PIPELINES: SimPipeline[] = [
	pipeline(PIPELINE_IDS.genomicsRnaseq, WORKSPACE_IDS.genomics, 'rnaseq', 'nf-core/rnaseq', COMPUTE_ENV_IDS.genomicsBatch, [
		LABEL_IDS.rnaseq,
	]),
	pipeline(PIPELINE_IDS.genomicsSarek, WORKSPACE_IDS.genomics, 'sarek', 'nf-core/sarek', COMPUTE_ENV_IDS.genomicsBatch),
	pipeline(PIPELINE_IDS.genomicsHello, WORKSPACE_IDS.genomics, 'hello', 'nextflow-io/hello', COMPUTE_ENV_IDS.genomicsSpot),
	// Takes one FASTQ file a run (the FASTQ example launches it per new file); no params saved, each launch gives them.
	pipeline(PIPELINE_IDS.genomicsFastqQc, WORKSPACE_IDS.genomics, 'fastq-qc', 'acme-bio/fastq-qc', COMPUTE_ENV_IDS.genomicsBatch),
	pipeline(PIPELINE_IDS.rndChipseq, WORKSPACE_IDS.rnd, 'chipseq-dev', 'nf-core/chipseq', COMPUTE_ENV_IDS.rndGoogle),
	pipeline(PIPELINE_IDS.rndAtacseq, WORKSPACE_IDS.rnd, 'atacseq', 'nf-core/atacseq', COMPUTE_ENV_IDS.rndGoogle),
	pipeline(PIPELINE_IDS.showcaseRnaseq, WORKSPACE_IDS.showcase, 'nf-core-rnaseq', 'nf-core/rnaseq', COMPUTE_ENV_IDS.showcaseBatch),
	pipeline(
		PIPELINE_IDS.showcaseViralrecon,
		WORKSPACE_IDS.showcase,
		'nf-core-viralrecon',
		'nf-core/viralrecon',
		COMPUTE_ENV_IDS.showcaseBatch,
	),
	pipeline(PIPELINE_IDS.personalHello, null, 'my-hello', 'nextflow-io/hello', COMPUTE_ENV_IDS.personalBatch),
	// Three ways a Launchpad pipeline leaves its required parameters (rnaseq's input and outdir) to other
	// settings than its saved parameters; the platform launches each one as it is.
	// For nf-core's test profile: no parameters saved, the profile is left to give them.
	pipeline(PIPELINE_IDS.showcaseRnaseqTest, WORKSPACE_IDS.showcase, 'rnaseq-test', 'nf-core/rnaseq', COMPUTE_ENV_IDS.showcaseBatch, [], {
		paramsText: '',
	}),
	// For a lab's own samples: only outdir saved, no profile; each launch gives its samplesheet.
	pipeline(
		PIPELINE_IDS.showcaseRnaseqByHand,
		WORKSPACE_IDS.showcase,
		'rnaseq-by-hand',
		'nf-core/rnaseq',
		COMPUTE_ENV_IDS.showcaseBatch,
		[],
		{
			configProfiles: [],
			paramsText: JSON.stringify({ outdir: 's3://nf-showcase-work/results/by-hand' }, null, 2),
		},
	),
	// input saved in the parameters, outdir in the saved Nextflow config text.
	pipeline(
		PIPELINE_IDS.showcaseRnaseqConfigured,
		WORKSPACE_IDS.showcase,
		'rnaseq-configured',
		'nf-core/rnaseq',
		COMPUTE_ENV_IDS.showcaseBatch,
		[],
		{
			configProfiles: [],
			paramsText: JSON.stringify({ input: 's3://nf-showcase-work/inputs/samplesheet.csv' }, null, 2),
			configText: "params {\n    outdir = 's3://nf-showcase-work/results/configured'\n}\n",
		},
	),
	// Shared with the other workspaces of ACME Biosciences: genomics lists it with visibility=all.
	{
		...pipeline(
			PIPELINE_IDS.rndViralreconShared,
			WORKSPACE_IDS.rnd,
			'viralrecon-shared',
			'nf-core/viralrecon',
			COMPUTE_ENV_IDS.rndGoogle,
		),
		shared: true,
	},
];

export const DATASET_IDS = {
	genomicsSamplesheet: '3HOUi3uX6ak8NJUPpYe8sx',
	genomicsSarekSamples: '1dKlZ4WvUeBq6aN0hPj7Rt',
	rndChipSamples: '6sWpE2oQ8rYtU1iK3mZxVb',
} as const;

const DATASET_CREATED = new Date('2024-03-04T11:20:00Z');

/** A version as the platform keeps it, with its rows counted the way uploads count them. */
export function datasetVersion(
	version: number,
	fileName: string,
	mediaType: DatasetMediaType,
	hasHeader: boolean,
	content: string,
	dateCreated: Date,
): SimDatasetVersion {
	const records = parseDelimited(content, mediaType === 'text/csv' ? ',' : '\t');
	return {
		version,
		fileName,
		mediaType,
		hasHeader,
		rowCount: Math.max(0, records.length - (hasHeader ? 1 : 0)),
		fileSize: Buffer.byteLength(content),
		content,
		dateCreated,
	};
}

const RNASEQ_SAMPLESHEET = [
	'sample,fastq_1,fastq_2,strandedness',
	...['WT_REP1', 'WT_REP2', 'RAP1_IAA_30M_REP1'].map(
		(sample) =>
			`${sample},s3://acme-genomics-work/fastq/${sample}_R1.fastq.gz,s3://acme-genomics-work/fastq/${sample}_R2.fastq.gz,auto`,
	),
	'',
].join('\n');

const SAREK_SAMPLES = [
	'patient\tsample\tlane\tfastq_1\tfastq_2',
	'P001\ttumour\tL001\ts3://acme-genomics-work/fastq/P001_T_R1.fastq.gz\ts3://acme-genomics-work/fastq/P001_T_R2.fastq.gz',
	'P001\tnormal\tL001\ts3://acme-genomics-work/fastq/P001_N_R1.fastq.gz\ts3://acme-genomics-work/fastq/P001_N_R2.fastq.gz',
	'',
].join('\n');

export const SEED_DATASETS: SimDataset[] = [
	{
		id: DATASET_IDS.genomicsSamplesheet,
		workspaceId: WORKSPACE_IDS.genomics,
		name: 'rnaseq-samplesheet',
		description: 'Samples of the RNA-seq production runs',
		dateCreated: DATASET_CREATED,
		lastUpdated: DATASET_CREATED,
		versions: [datasetVersion(1, 'samplesheet.csv', 'text/csv', true, RNASEQ_SAMPLESHEET, DATASET_CREATED)],
	},
	{
		id: DATASET_IDS.genomicsSarekSamples,
		workspaceId: WORKSPACE_IDS.genomics,
		name: 'sarek-samples',
		dateCreated: DATASET_CREATED,
		lastUpdated: DATASET_CREATED,
		versions: [datasetVersion(1, 'samples.tsv', 'text/tab-separated-values', true, SAREK_SAMPLES, DATASET_CREATED)],
	},
	{
		id: DATASET_IDS.rndChipSamples,
		workspaceId: WORKSPACE_IDS.rnd,
		name: 'chipseq-samples',
		description: 'Not uploaded yet',
		dateCreated: DATASET_CREATED,
		lastUpdated: DATASET_CREATED,
		versions: [],
	},
];

export const ACTION_IDS = {
	genomicsNightly: '4jV7xYp2Bq9TmN',
	genomicsSarekOnPush: '2Zt8WqLm5Rk0Xc',
	genomicsPausedHello: '7Hn3Pd6Vs1Jy4G',
	rndAtacseq: '5Bc9Kf2Mx7Qw3E',
} as const;

const ACTION_CREATED = new Date('2024-04-02T07:00:00Z');

function action(id: string, name: string, source: SimAction['source'], status: SimAction['status'], pipelineId: number): SimAction {
	const saved = SEED_PIPELINES.find((p) => p.id === pipelineId)!;
	return {
		id,
		workspaceId: saved.workspaceId,
		name,
		source,
		status,
		launch: {
			pipeline: saved.repository,
			revision: saved.revision,
			computeEnvId: saved.computeEnvId,
			workDir: saved.workDir,
			configProfiles: saved.configProfiles,
			paramsText: saved.paramsText,
		},
		dateCreated: ACTION_CREATED,
	};
}

export const SEED_ACTIONS: SimAction[] = [
	action(ACTION_IDS.genomicsNightly, 'nightly-rnaseq', 'tower', 'ACTIVE', PIPELINE_IDS.genomicsRnaseq),
	action(ACTION_IDS.genomicsSarekOnPush, 'sarek-on-push', 'github', 'ACTIVE', PIPELINE_IDS.genomicsSarek),
	action(ACTION_IDS.genomicsPausedHello, 'hello-paused', 'tower', 'PAUSED', PIPELINE_IDS.genomicsHello),
	action(ACTION_IDS.rndAtacseq, 'atacseq-on-demand', 'tower', 'ACTIVE', PIPELINE_IDS.rndAtacseq),
];

/** How many seed runs each workspace gets; genomics has more than one page of 50. */
const SEED_RUN_COUNTS: ReadonlyArray<{ workspaceId: WorkspaceRef; count: number; projects: string[]; colleagues: string[] }> = [
	{
		workspaceId: WORKSPACE_IDS.genomics,
		count: 64,
		projects: ['nf-core/rnaseq', 'nf-core/rnaseq', 'nf-core/sarek', 'nextflow-io/hello'],
		colleagues: ['grace-hopper', 'alan-turing'],
	},
	{ workspaceId: WORKSPACE_IDS.rnd, count: 24, projects: ['nf-core/chipseq', 'nf-core/atacseq'], colleagues: ['alan-turing'] },
	{
		workspaceId: WORKSPACE_IDS.showcase,
		count: 20,
		projects: ['nf-core/rnaseq', 'nf-core/viralrecon'],
		colleagues: ['rosalind-franklin', 'barbara-mcclintock'],
	},
	{ workspaceId: null, count: 12, projects: ['nextflow-io/hello', 'nf-core/rnaseq'], colleagues: [] },
];

const ADJECTIVES = [
	'crazy',
	'elegant',
	'tiny',
	'focused',
	'jolly',
	'nostalgic',
	'peaceful',
	'sharp',
	'sleepy',
	'stoic',
	'trusting',
	'wise',
	'zealous',
	'admiring',
	'boring',
	'cheeky',
	'dreamy',
	'ecstatic',
	'furious',
	'gloomy',
	'hopeful',
	'insane',
	'kickass',
	'lonely',
	'mad',
	'naughty',
	'pensive',
	'reverent',
	'silly',
	'suspicious',
];
const SCIENTISTS = [
	'euler',
	'curie',
	'darwin',
	'pasteur',
	'mendel',
	'franklin',
	'turing',
	'hopper',
	'lovelace',
	'noether',
	'hodgkin',
	'mcclintock',
	'sanger',
	'crick',
	'watson',
	'linnaeus',
	'kepler',
	'galileo',
	'newton',
	'faraday',
	'bohr',
	'planck',
	'fermi',
	'pauling',
	'meitner',
	'goodall',
	'leakey',
	'brenner',
	'margulis',
	'avery',
];

/** Nextflow-style run names; never containing "fail", which the simulator reserves for failing launches. */
export function randomRunName(random: SeededRandom, taken: ReadonlySet<string>): string {
	for (let attempt = 0; ; attempt++) {
		const name = `${random.pick(ADJECTIVES)}_${random.pick(SCIENTISTS)}`;
		// 900 combinations; past that, a numeric suffix keeps names unique.
		const candidate = attempt < 50 ? name : `${name}_${attempt}`;
		if (!taken.has(candidate)) return candidate;
	}
}

const HOUR = 3_600_000;
const SEED_SPAN_MS = 35 * 24 * HOUR;

/** The newest runs of a workspace may still be active; older ones have long finished. */
function seedStatus(random: SeededRandom, index: number): WorkflowStatus {
	if (index < 4) return random.weighted({ RUNNING: 5, SUBMITTED: 2, SUCCEEDED: 3 });
	return random.weighted({ SUCCEEDED: 62, FAILED: 20, CANCELLED: 10, UNKNOWN: 8 });
}

export function seedRuns(now: Date, random: SeededRandom): SimRun[] {
	const runs: SimRun[] = [];
	const names = new Set<string>();
	for (const plan of SEED_RUN_COUNTS) {
		const spacing = SEED_SPAN_MS / plan.count;
		const labels = SEED_LABELS.filter((l) => l.workspaceId === plan.workspaceId && !l.resource);
		for (let index = 0; index < plan.count; index++) {
			const projectName = random.pick(plan.projects);
			const project = projectInfo(projectName);
			const computeEnv = SEED_COMPUTE_ENVS.find((ce) => ce.workspaceId === plan.workspaceId && ce.primary) ?? SEED_COMPUTE_ENVS[0];
			const pipelineEntry = SEED_PIPELINES.find(
				(p) => p.workspaceId === plan.workspaceId && p.repository.endsWith(`/${projectName}`),
			);
			const status = seedStatus(random, index);
			const runName = plan.workspaceId === SEED_WORKSPACES[0].id && index === 0 ? 'crazy_euler' : randomRunName(random, names);
			names.add(runName);

			const submit = new Date(now.getTime() - Math.round(index * spacing + random.int(5, 50) * 60_000));
			const start = status === 'SUBMITTED' ? undefined : new Date(submit.getTime() + random.int(1, 9) * 60_000);
			let complete: Date | undefined;
			if (start && (status === 'SUCCEEDED' || status === 'FAILED' || status === 'CANCELLED')) {
				const planned = start.getTime() + random.int(15, 360) * 60_000;
				complete = new Date(Math.max(start.getTime() + 60_000, Math.min(planned, now.getTime() - 60_000)));
			}
			const userName = plan.colleagues.length > 0 && random.next() < 0.3 ? random.pick(plan.colleagues) : SEED_USER.userName;
			// A label named after a pipeline (e.g. "rnaseq") only goes on runs of that pipeline.
			const labelIds = labels
				.filter((l) => !PROJECTS.some((p) => p.projectName.endsWith(`/${l.name}`)) || projectName.endsWith(`/${l.name}`))
				.filter(() => random.next() < 0.35)
				.map((l) => l.id);
			const workDir = `${computeEnv.workDir}`;
			const params: Record<string, unknown> = projectName.startsWith('nf-core/')
				? { input: `${workDir}/inputs/samplesheet-${index % 7}.csv`, outdir: `${workDir}/results/${runName}`, genome: 'GRCh38' }
				: { greeting: 'Bonjour' };
			const launch: LaunchSettings = {
				pipeline: `https://github.com/${projectName}`,
				revision: project.revision,
				computeEnvId: computeEnv.id,
				workDir,
				configProfiles: projectName.startsWith('nf-core/') ? ['docker'] : [],
				paramsText: JSON.stringify(params, null, 2),
				pullLatest: false,
				stubRun: false,
				pipelineId: pipelineEntry?.id,
				nextflowVersion: '24.10.4',
				dateCreated: submit,
			};
			runs.push({
				id: random.base62(14),
				workspaceId: plan.workspaceId,
				runName,
				projectName,
				repository: launch.pipeline,
				revision: project.revision,
				commitId: random.hex(40),
				sessionId: random.uuid(),
				launchId: random.base62(22),
				status,
				submit,
				start,
				complete,
				userName,
				ownerId: userName === SEED_USER.userName ? SEED_USER.id : 5000 + plan.colleagues.indexOf(userName),
				computeEnvId: computeEnv.id,
				workDir,
				params,
				configProfiles: launch.configProfiles,
				labelIds,
				pipelineId: pipelineEntry?.id,
				nextflowVersion: '24.10.4',
				resume: false,
				optimized: false,
				exitStatus: status === 'SUCCEEDED' ? 0 : status === 'FAILED' ? 1 : undefined,
				launch,
			});
		}
	}
	return runs;
}

export const DATA_LINK_IDS = {
	genomicsInbox: 'v1-user-2f8a6c41d9e07b35',
	genomicsReferences: 'v1-user-8b1e5d0c7a4f2963',
	genomicsResults: 'v1-user-c47d19a2e6b80f51',
	genomicsOldInbox: 'v1-user-0e93b7f2a5c1d486',
	rndScratch: 'v1-user-5a6f0e8d3c2b1947',
	showcaseTestData: 'v1-cloud-bmYtY29yZS10ZXN0LWRhdGFzZXRz',
} as const;

function objectsOf(entries: ReadonlyArray<[path: string, size: number]>): Map<string, SimDataLinkObject> {
	return new Map(entries.map(([path, size]) => [path, { size, mimeType: mimeTypeOf(path) }]));
}

const AWS_GENOMICS_CREDENTIALS = { id: `${COMPUTE_ENV_IDS.genomicsBatch.slice(0, 10)}Cred`, name: 'aws-genomics' };

/** Sequencing runs land in the inbox as `runs/<run folder>/fastq/*.fastq.gz`, next to their sample sheet. */
export const SEED_DATA_LINKS: SimDataLink[] = [
	{
		id: DATA_LINK_IDS.genomicsInbox,
		workspaceId: WORKSPACE_IDS.genomics,
		name: 'sequencing-inbox',
		description: 'Where the sequencers deliver their runs',
		provider: 'aws',
		region: 'eu-west-1',
		resourceRef: 's3://acme-sequencing-inbox',
		publicAccessible: false,
		hidden: false,
		credentials: [AWS_GENOMICS_CREDENTIALS],
		objects: objectsOf([
			['README.txt', 1_204],
			['runs/240501_A00123_0042_AHVKJ3DSX7/SampleSheet.csv', 2_388],
			['runs/240501_A00123_0042_AHVKJ3DSX7/RTAComplete.txt', 52],
			['runs/240501_A00123_0042_AHVKJ3DSX7/fastq/S1_L001_R1_001.fastq.gz', 1_284_551_203],
			['runs/240501_A00123_0042_AHVKJ3DSX7/fastq/S1_L001_R2_001.fastq.gz', 1_301_877_410],
			['runs/240501_A00123_0042_AHVKJ3DSX7/fastq/S2_L001_R1_001.fastq.gz', 998_210_554],
			['runs/240501_A00123_0042_AHVKJ3DSX7/fastq/S2_L001_R2_001.fastq.gz', 1_012_334_871],
			['runs/240508_A00123_0043_BHWLM2DSX7/SampleSheet.csv', 1_977],
			['runs/240508_A00123_0043_BHWLM2DSX7/fastq/S3_L001_R1_001.fastq.gz', 1_120_004_718],
			['runs/240508_A00123_0043_BHWLM2DSX7/fastq/S3_L001_R2_001.fastq.gz', 1_131_920_066],
			['runs/240508_A00123_0043_BHWLM2DSX7/fastq/reports/fastp.html', 412_803],
		]),
	},
	{
		id: DATA_LINK_IDS.genomicsReferences,
		workspaceId: WORKSPACE_IDS.genomics,
		name: 'reference-genomes',
		description: 'Genomes and annotations',
		provider: 'google',
		region: 'europe-west2',
		resourceRef: 'gs://acme-references',
		publicAccessible: false,
		hidden: false,
		credentials: [{ id: '6fRm2TqP9kGoogleCred', name: 'gcp-references' }],
		objects: objectsOf([
			['GRCh38/genome.fa', 3_273_481_150],
			['GRCh38/genome.fa.fai', 19_871],
			['GRCh38/annotation/gencode.v44.gtf', 1_568_032_077],
			['GRCm39/genome.fa', 2_761_012_403],
		]),
	},
	{
		id: DATA_LINK_IDS.genomicsResults,
		workspaceId: WORKSPACE_IDS.genomics,
		name: 'results-archive',
		provider: 'azure',
		region: 'westeurope',
		resourceRef: 'az://acme-results',
		publicAccessible: false,
		hidden: false,
		credentials: [{ id: '1wQ9zAzureResultsCred', name: 'azure-results' }],
		objects: objectsOf([
			['rnaseq/2024-05/multiqc/multiqc_report.html', 5_220_117],
			['rnaseq/2024-05/star_salmon/salmon.merged.gene_counts.tsv', 8_331_906],
		]),
	},
	{
		id: DATA_LINK_IDS.genomicsOldInbox,
		workspaceId: WORKSPACE_IDS.genomics,
		name: 'old-sequencing-inbox',
		description: 'Retired; hidden from the Data Explorer',
		provider: 'aws',
		region: 'eu-west-1',
		resourceRef: 's3://acme-sequencing-inbox-2019',
		publicAccessible: false,
		hidden: true,
		credentials: [AWS_GENOMICS_CREDENTIALS],
		objects: objectsOf([['runs/190301_M01234_0001/fastq/S1_R1.fastq.gz', 80_331_002]]),
	},
	{
		id: DATA_LINK_IDS.rndScratch,
		workspaceId: WORKSPACE_IDS.rnd,
		name: 'rnd-scratch',
		description: 'A folder of the R&D bucket',
		provider: 'aws',
		region: 'eu-west-2',
		resourceRef: 's3://acme-rnd-scratch/projects',
		publicAccessible: false,
		hidden: false,
		credentials: [{ id: '9sKd2AwsRndCred', name: 'aws-rnd' }],
		objects: objectsOf([
			['chipseq/H3K27ac/rep1.fastq.gz', 640_118_337],
			['chipseq/H3K27ac/rep2.fastq.gz', 652_904_120],
		]),
	},
	{
		id: DATA_LINK_IDS.showcaseTestData,
		workspaceId: WORKSPACE_IDS.showcase,
		name: 'nf-core-test-datasets',
		provider: 'aws',
		region: 'eu-west-1',
		resourceRef: 's3://nf-core-test-datasets',
		publicAccessible: true,
		hidden: false,
		credentials: [],
		objects: objectsOf([
			['rnaseq/samplesheet/v3.10/samplesheet_test.csv', 1_024],
			['rnaseq/testdata/GSE110004/SRR6357070_1.fastq.gz', 2_004_311],
		]),
	},
];

/** Studio session IDs are eight hexadecimal digits. */
export const STUDIO_IDS = {
	genomicsNotebook: '3f9a1c7e',
	genomicsRStudio: 'b84d20e6',
	genomicsErrored: '5e0c9b21',
	genomicsStarting: 'd17a6f43',
	rndNotebook: '92be4d08',
} as const;

const STUDIO_CREATED = new Date('2024-04-22T08:30:00Z');
export const STUDIO_TEMPLATES: Record<SimStudio['tool'], string> = {
	jupyter: 'public.cr.seqera.io/platform/data-studio-jupyter:4.2.5-0.8',
	rstudio: 'public.cr.seqera.io/platform/data-studio-ride:2025.04.1-0.8',
	vscode: 'public.cr.seqera.io/platform/data-studio-vscode:1.101.2-0.8',
	xpra: 'public.cr.seqera.io/platform/data-studio-xpra:6.2.0-r2-1-0.8',
};

/**
 * A stopped Studio with two CPUs and 8 GB on its workspace's primary compute environment, created at
 * `at`, for everything `fields` does not give.
 */
export function newStudio(fields: Partial<SimStudio> & Pick<SimStudio, 'sessionId' | 'workspaceId' | 'name'>, at: Date): SimStudio {
	const computeEnv = SEED_COMPUTE_ENVS.find((ce) => ce.workspaceId === fields.workspaceId && ce.primary) ?? SEED_COMPUTE_ENVS[0];
	const tool = fields.tool ?? 'jupyter';
	return {
		tool,
		templateRepository: STUDIO_TEMPLATES[tool],
		computeEnvId: computeEnv.id,
		cpu: 2,
		memoryMb: 8_192,
		gpu: 0,
		lifespanHours: 8,
		mountedDataLinkIds: [],
		status: 'stopped',
		statusUpdated: at,
		dateCreated: at,
		lastUpdated: at,
		...fields,
	};
}

function studio(
	sessionId: string,
	workspaceId: WorkspaceRef,
	name: string,
	tool: SimStudio['tool'],
	fields: Partial<SimStudio>,
): SimStudio {
	return newStudio({ sessionId, workspaceId, name, tool, ...fields }, STUDIO_CREATED);
}

const STUDIO_STARTED = new Date('2024-05-02T07:45:00Z');

export const SEED_STUDIOS: SimStudio[] = [
	studio(STUDIO_IDS.genomicsNotebook, WORKSPACE_IDS.genomics, 'rnaseq-exploration', 'jupyter', {
		description: 'Exploring the May RNA-seq counts',
		mountedDataLinkIds: [DATA_LINK_IDS.genomicsResults],
		status: 'running',
		lastStarted: STUDIO_STARTED,
		statusUpdated: STUDIO_STARTED,
	}),
	studio(STUDIO_IDS.genomicsRStudio, WORKSPACE_IDS.genomics, 'variant-review', 'rstudio', {
		status: 'stopped',
		stopReason: 'LIFESPAN_EXPIRED',
		lastStarted: STUDIO_STARTED,
		statusUpdated: new Date(STUDIO_STARTED.getTime() + 8 * 3_600_000),
	}),
	studio(STUDIO_IDS.genomicsErrored, WORKSPACE_IDS.genomics, 'qc-dashboard', 'vscode', {
		status: 'errored',
		statusMessage: 'The Studio container exited with code 137 (out of memory)',
		lastStarted: STUDIO_STARTED,
		statusUpdated: new Date(STUDIO_STARTED.getTime() + 600_000),
	}),
	studio(STUDIO_IDS.genomicsStarting, WORKSPACE_IDS.genomics, 'imaging-viewer', 'xpra', {
		gpu: 1,
		status: 'starting',
		lastStarted: new Date(STUDIO_STARTED.getTime() + 3_600_000),
		statusUpdated: new Date(STUDIO_STARTED.getTime() + 3_600_000),
	}),
	studio(STUDIO_IDS.rndNotebook, WORKSPACE_IDS.rnd, 'chipseq-notebook', 'jupyter', {
		mountedDataLinkIds: [DATA_LINK_IDS.rndScratch],
		status: 'running',
		lastStarted: STUDIO_STARTED,
		statusUpdated: STUDIO_STARTED,
	}),
];
