/**
 * The `nextflow_schema.json` of the Launchpad pipelines, written for the tests in the two dialects
 * pipelines use, and laid out as nf-core pipelines lay theirs out: groups of parameters under `$defs`
 * (nf-schema, JSON Schema 2020-12) or `definitions` (nf-validation, draft-07), joined by `allOf`.
 * Projects without an entry have no schema: the platform answers 204 for them.
 */

type Json = Record<string, unknown>;

const EMAIL_PATTERN = '^([a-zA-Z0-9_\\-\\.]+)@([a-zA-Z0-9_\\-\\.]+)\\.([a-zA-Z]{2,5})$';
const MEMORY_PATTERN = '^\\d+(\\.\\d+)?\\.?\\s*(K|M|G|T)?B$';
const TIME_PATTERN = '^(\\d+\\.?\\s*(s|m|h|d|day)\\s*)+$';
const PUBLISH_DIR_MODES = ['symlink', 'rellink', 'link', 'copy', 'copyNoFollow', 'move'];

const OUTDIR: Json = {
	type: 'string',
	format: 'directory-path',
	description: 'The output directory where the results will be saved.',
	fa_icon: 'fas fa-folder-open',
};

/** The hidden options every nf-core pipeline has; the web app folds them away. */
const GENERIC_OPTIONS: Json = {
	title: 'Generic options',
	type: 'object',
	fa_icon: 'fas fa-file-import',
	description: 'Less common options for the pipeline, typically set in a config file.',
	help_text: 'These options are common to all nf-core pipelines and allow you to customise some of the core preferences.',
	properties: {
		publish_dir_mode: {
			type: 'string',
			default: 'copy',
			description: 'Method used to save pipeline results to output directory.',
			help_text: 'The Nextflow `publishDir` option specifies which intermediate files should be saved to the output directory.',
			fa_icon: 'fas fa-copy',
			enum: PUBLISH_DIR_MODES,
			hidden: true,
		},
		monochrome_logs: { type: 'boolean', description: 'Do not use coloured log outputs.', fa_icon: 'fas fa-palette', hidden: true },
		validate_params: {
			type: 'boolean',
			default: true,
			description: 'Boolean whether to validate parameters against the schema at runtime',
			fa_icon: 'fas fa-check-square',
			hidden: true,
		},
	},
};

/** Resource limits as nf-core pipelines had them before Nextflow's `resourceLimits`: hidden, with bounds. */
const MAX_JOB_REQUEST_OPTIONS: Json = {
	title: 'Max job request options',
	type: 'object',
	fa_icon: 'fab fa-acquisitions-incorporated',
	description: 'Set the top limit for requested resources for any single job.',
	help_text:
		'If you are running on a smaller system, a pipeline step requesting more resources than are available may cause the Nextflow to stop the run with an error.',
	properties: {
		max_cpus: {
			type: 'integer',
			description: 'Maximum number of CPUs that can be requested for any single job.',
			default: 16,
			minimum: 1,
			maximum: 256,
			fa_icon: 'fas fa-microchip',
			hidden: true,
		},
		max_memory: {
			type: 'string',
			description: 'Maximum amount of memory that can be requested for any single job.',
			default: '128.GB',
			fa_icon: 'fas fa-memory',
			pattern: MEMORY_PATTERN,
			hidden: true,
		},
		max_time: {
			type: 'string',
			description: 'Maximum amount of time that can be requested for any single job.',
			default: '240.h',
			fa_icon: 'far fa-clock',
			pattern: TIME_PATTERN,
			hidden: true,
		},
	},
};

function referenceGenomeOptions(properties: Json): Json {
	return {
		title: 'Reference genome options',
		type: 'object',
		fa_icon: 'fas fa-dna',
		description: 'Reference genome related files and options required for the workflow.',
		properties,
	};
}

const NF_SCHEMA = 'https://json-schema.org/draft/2020-12/schema';
const NF_VALIDATION = 'http://json-schema.org/draft-07/schema';

/** The top of a `nextflow_schema.json` as the nf-core template writes it, for a project on GitHub. */
function schemaHeader(dialect: string, projectName: string, branch: string, description: string): Json {
	return {
		$schema: dialect,
		$id: `https://raw.githubusercontent.com/${projectName}/${branch}/nextflow_schema.json`,
		title: `${projectName} pipeline parameters`,
		description,
		type: 'object',
	};
}

/** The first group of the nf-core template: where the input is and where the results go. */
const INPUT_OUTPUT_GROUP: Json = {
	title: 'Input/output options',
	type: 'object',
	fa_icon: 'fas fa-terminal',
	description: 'Define where the pipeline should find input data and save output data.',
};

/** nf-core/rnaseq, nf-schema dialect. */
const RNASEQ_SCHEMA: Json = {
	...schemaHeader(
		NF_SCHEMA,
		'nf-core/rnaseq',
		'master',
		'RNA sequencing analysis pipeline for gene/isoform quantification and extensive quality control.',
	),
	$defs: {
		input_output_options: {
			...INPUT_OUTPUT_GROUP,
			required: ['input', 'outdir'],
			properties: {
				input: {
					type: 'string',
					format: 'file-path',
					exists: true,
					schema: 'assets/schema_input.json',
					mimetype: 'text/csv',
					pattern: '^\\S+\\.csv$',
					description: 'Path to comma-separated file containing information about the samples in the experiment.',
					help_text:
						'You will need to create a design file with information about the samples in your experiment before running the pipeline.',
					fa_icon: 'fas fa-file-csv',
				},
				outdir: OUTDIR,
				email: {
					type: 'string',
					description: 'Email address for completion summary.',
					fa_icon: 'fas fa-envelope',
					pattern: EMAIL_PATTERN,
				},
				multiqc_title: { type: 'string', description: 'MultiQC report title.', fa_icon: 'fas fa-file-signature' },
			},
		},
		reference_genome_options: referenceGenomeOptions({
			genome: {
				type: 'string',
				description: 'Name of iGenomes reference.',
				help_text:
					'If using a reference genome configured in the pipeline using iGenomes, use this parameter to give the ID for the reference.',
				enum: ['GRCh38', 'GRCh37', 'GRCm39', 'GRCm38', 'R64-1-1'],
				fa_icon: 'fas fa-book',
			},
			fasta: {
				type: 'string',
				format: 'file-path',
				exists: true,
				mimetype: 'text/plain',
				pattern: '^\\S+\\.fn?a(sta)?(\\.gz)?$',
				description: 'Path to FASTA genome file.',
				fa_icon: 'far fa-file-code',
			},
			gtf: {
				type: 'string',
				format: 'file-path',
				exists: true,
				mimetype: 'text/plain',
				pattern: '^\\S+\\.gtf(\\.gz)?$',
				description: 'Path to GTF annotation file.',
				fa_icon: 'fas fa-code-branch',
			},
			igenomes_ignore: {
				type: 'boolean',
				description: 'Do not load the iGenomes reference config.',
				fa_icon: 'fas fa-ban',
				hidden: true,
			},
		}),
		alignment_options: {
			title: 'Alignment options',
			type: 'object',
			fa_icon: 'fas fa-map-signs',
			description: 'Options to adjust parameters and filtering criteria for read alignments.',
			properties: {
				aligner: {
					type: 'string',
					default: 'star_salmon',
					description:
						"Specifies the alignment algorithm to use - available options are 'star_salmon', 'star_rsem' and 'hisat2'.",
					fa_icon: 'fas fa-map-signs',
					enum: ['star_salmon', 'star_rsem', 'hisat2'],
				},
				min_mapped_reads: {
					type: 'number',
					default: 5,
					minimum: 0,
					maximum: 100,
					description: 'Minimum percentage of uniquely mapped reads below which samples are removed from further processing.',
					fa_icon: 'fas fa-percentage',
				},
				skip_alignment: {
					type: 'boolean',
					description: 'Skip all of the alignment-based processes within the pipeline.',
					fa_icon: 'fas fa-fast-forward',
				},
			},
		},
		read_trimming_options: {
			title: 'Read trimming options',
			type: 'object',
			fa_icon: 'fas fa-cut',
			description: 'Options to adjust the read trimming criteria.',
			properties: {
				trimmer: {
					type: 'string',
					default: 'trimgalore',
					description: "Specifies the trimming tool to use - available options are 'trimgalore' and 'fastp'.",
					fa_icon: 'fas fa-cut',
					enum: ['trimgalore', 'fastp'],
				},
				min_trimmed_reads: {
					type: 'integer',
					default: 10000,
					minimum: 0,
					description: 'Minimum number of trimmed reads below which samples are removed from further processing.',
					fa_icon: 'fas fa-hand-paper',
				},
			},
		},
		max_job_request_options: MAX_JOB_REQUEST_OPTIONS,
		generic_options: GENERIC_OPTIONS,
	},
	allOf: [
		{ $ref: '#/$defs/input_output_options' },
		{ $ref: '#/$defs/reference_genome_options' },
		{ $ref: '#/$defs/alignment_options' },
		{ $ref: '#/$defs/read_trimming_options' },
		{ $ref: '#/$defs/max_job_request_options' },
		{ $ref: '#/$defs/generic_options' },
	],
};

const SAREK_TOOLS = '(freebayes|haplotypecaller|manta|mutect2|strelka|vep)';

/** nf-core/sarek, nf-validation dialect. */
const SAREK_SCHEMA: Json = {
	...schemaHeader(
		NF_VALIDATION,
		'nf-core/sarek',
		'master',
		'An open-source analysis pipeline to detect germline or somatic variants from whole genome or targeted sequencing',
	),
	definitions: {
		input_output_options: {
			...INPUT_OUTPUT_GROUP,
			required: ['step', 'outdir'],
			properties: {
				step: {
					type: 'string',
					default: 'mapping',
					fa_icon: 'fas fa-play',
					description: 'Starting step',
					help_text: 'The pipeline starts from this step and then runs through the possible subsequent steps.',
					enum: ['mapping', 'markduplicates', 'prepare_recalibration', 'recalibrate', 'variant_calling', 'annotate'],
				},
				input: {
					type: 'string',
					format: 'file-path',
					mimetype: 'text/csv',
					pattern: '^\\S+\\.(csv|tsv)$',
					schema: 'assets/schema_input.json',
					description: 'Path to comma-separated file containing information about the samples in the experiment.',
					help_text:
						'A design file with information about the samples in your experiment. Use this parameter to specify the location of the input files.',
					fa_icon: 'fas fa-file-csv',
				},
				outdir: OUTDIR,
			},
		},
		main_options: {
			title: 'Main options',
			type: 'object',
			fa_icon: 'fas fa-user-cog',
			description: 'Most common options used for the pipeline',
			properties: {
				split_fastq: {
					type: 'integer',
					default: 50000000,
					minimum: 0,
					fa_icon: 'fas fa-clock',
					description: 'Specify how many reads each split of a FastQ file contains. Set 0 to turn off splitting at all.',
				},
				wes: {
					type: 'boolean',
					fa_icon: 'fas fa-dna',
					description: 'Enable when exome or panel data is provided.',
				},
				intervals: {
					type: 'string',
					format: 'file-path',
					fa_icon: 'fas fa-file-alt',
					pattern: '^\\S+\\.(bed|interval_list)$',
					description: 'Path to target bed file in case of whole exome or targeted sequencing or intervals file.',
				},
				tools: {
					type: 'string',
					fa_icon: 'fas fa-toolbox',
					description: 'Tools to use for duplicate marking, variant calling and/or for annotation.',
					help_text: 'Multiple tools separated with commas.',
					pattern: `^${SAREK_TOOLS}(,${SAREK_TOOLS})*$`,
				},
			},
		},
		reference_genome_options: referenceGenomeOptions({
			genome: {
				type: 'string',
				default: 'GATK.GRCh38',
				description: 'Name of iGenomes reference.',
				enum: ['GATK.GRCh38', 'GATK.GRCh37', 'GRCm38'],
				fa_icon: 'fas fa-book',
			},
			igenomes_base: {
				type: 'string',
				format: 'directory-path',
				description: 'Directory / URL base for iGenomes references.',
				default: 's3://ngi-igenomes/igenomes/',
				fa_icon: 'fas fa-cloud-download-alt',
				hidden: true,
			},
		}),
		max_job_request_options: MAX_JOB_REQUEST_OPTIONS,
		generic_options: GENERIC_OPTIONS,
	},
	allOf: [
		{ $ref: '#/definitions/input_output_options' },
		{ $ref: '#/definitions/main_options' },
		{ $ref: '#/definitions/reference_genome_options' },
		{ $ref: '#/definitions/max_job_request_options' },
		{ $ref: '#/definitions/generic_options' },
	],
};

/**
 * acme-bio/fastq-qc, a workspace's own pipeline made from the nf-core template (nf-schema dialect):
 * one gzipped FASTQ file per run, where nf-core pipelines take a samplesheet.
 */
const FASTQ_QC_SCHEMA: Json = {
	...schemaHeader(NF_SCHEMA, 'acme-bio/fastq-qc', 'main', 'Read quality control and adapter trimming of one FASTQ file.'),
	$defs: {
		input_output_options: {
			...INPUT_OUTPUT_GROUP,
			required: ['input', 'outdir'],
			properties: {
				input: {
					type: 'string',
					format: 'file-path',
					exists: true,
					pattern: '^\\S+\\.f(ast)?q\\.gz$',
					description: 'Path to one gzipped FASTQ file.',
					help_text: 'One file per run, such as `s3://bucket/runs/<run>/fastq/S1_L001_R1_001.fastq.gz`.',
					fa_icon: 'fas fa-file-archive',
				},
				outdir: OUTDIR,
			},
		},
		qc_options: {
			title: 'QC options',
			type: 'object',
			fa_icon: 'fas fa-cut',
			description: 'How reads are trimmed and filtered before the reports are made.',
			properties: {
				quality_cutoff: {
					type: 'integer',
					default: 20,
					minimum: 0,
					maximum: 40,
					description: "Trim bases below this Phred quality from the 3' end of each read.",
					fa_icon: 'fas fa-sliders-h',
				},
				min_length: {
					type: 'integer',
					default: 50,
					minimum: 1,
					description: 'Discard reads shorter than this after trimming.',
					fa_icon: 'fas fa-ruler-horizontal',
				},
				skip_trimming: {
					type: 'boolean',
					description: 'Only make the QC reports; do not trim the reads.',
					fa_icon: 'fas fa-fast-forward',
				},
			},
		},
		generic_options: GENERIC_OPTIONS,
	},
	allOf: [{ $ref: '#/$defs/input_output_options' }, { $ref: '#/$defs/qc_options' }, { $ref: '#/$defs/generic_options' }],
};

const SCHEMAS: Record<string, Json> = {
	'nf-core/rnaseq': RNASEQ_SCHEMA,
	'nf-core/sarek': SAREK_SCHEMA,
	'acme-bio/fastq-qc': FASTQ_QC_SCHEMA,
};

/** The schema of a pipeline project as the platform stores it (its JSON text), or none. */
export function pipelineSchemaText(projectName: string): string | undefined {
	const schema = SCHEMAS[projectName];
	return schema === undefined ? undefined : JSON.stringify(schema, null, 2);
}
