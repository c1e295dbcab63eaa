/**
 * What the launch form reads about a pipeline before launching it: the saved pipeline's schema and
 * params (`GET /pipelines/{pipelineId}/schema`), and a repository's revisions, config profiles, config
 * files and work directories (`GET /pipelines/info`).
 */
import { badRequest, forbidden, json, noContent, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import type { SimPipeline } from './model';
import { numericPathParam, sourceWorkspaceOf, workspaceOf } from './params';
import { pipelineSchemaText } from './pipelineSchemas';
import { versionAsked } from './pipelineVersions';
import { route, type Route } from './router';
import { projectInfo } from './seed';

interface RepositoryInfo {
	defaultBranch: string;
	branches: string[];
	/** Newest first. */
	tags: string[];
	profiles: string[];
	configFiles: string[];
	author: string;
	nextflowVersion: string;
}

const NF_CORE_PROFILES = [
	'debug',
	'conda',
	'mamba',
	'docker',
	'arm',
	'singularity',
	'podman',
	'shifter',
	'charliecloud',
	'apptainer',
	'wave',
	'gitpod',
	'test',
	'test_full',
];
const NF_CORE_CONFIG_FILES = [
	'nextflow.config',
	'conf/base.config',
	'conf/modules.config',
	'conf/igenomes.config',
	'conf/test.config',
	'conf/test_full.config',
];

const nfCore = (tags: string[]): RepositoryInfo => ({
	defaultBranch: 'master',
	branches: ['master', 'dev'],
	tags,
	profiles: NF_CORE_PROFILES,
	configFiles: NF_CORE_CONFIG_FILES,
	author: 'The nf-core community',
	nextflowVersion: '!>=23.04.0',
});

/** The repositories the simulator can describe, by project name. */
const REPOSITORIES: Record<string, RepositoryInfo> = {
	'nf-core/rnaseq': nfCore(['3.14.0', '3.13.2', '3.12.0']),
	'nf-core/sarek': nfCore(['3.4.2', '3.4.1', '3.4.0']),
	'nf-core/chipseq': nfCore(['2.0.0', '1.2.2']),
	'nf-core/atacseq': nfCore(['2.1.2', '2.1.1']),
	'nf-core/viralrecon': nfCore(['2.6.0', '2.5']),
	'nextflow-io/hello': {
		defaultBranch: 'master',
		branches: ['master', 'mybranch'],
		tags: ['v1.1', 'v1.0'],
		profiles: [],
		configFiles: ['nextflow.config'],
		author: 'Paolo Di Tommaso',
		nextflowVersion: '',
	},
	'acme-bio/fastq-qc': {
		defaultBranch: 'main',
		branches: ['main'],
		tags: ['v1.2.0'],
		profiles: ['docker', 'test'],
		configFiles: ['nextflow.config'],
		author: 'Acme Bio',
		nextflowVersion: '!>=23.04.0',
	},
};

/**
 * The Launchpad pipeline named by the path, in the workspace the request names, or shared from the one
 * its `sourceWorkspaceId` names.
 */
export function findPipeline(request: ApiRequest, data: SimulatorData): SimPipeline {
	const id = numericPathParam(request, 'pipelineId');
	const pipeline = data.pipelinesReachedFrom(workspaceOf(request, data), sourceWorkspaceOf(request, data)).find((p) => p.id === id);
	if (!pipeline) throw forbidden();
	return pipeline;
}

/** `nf-core/rnaseq`, `https://github.com/nf-core/rnaseq` and `https://github.com/nf-core/rnaseq.git` name one project. */
function projectNameOf(name: string): string {
	return name
		.replace(/^https?:\/\/github\.com\//, '')
		.replace(/\.git$/, '')
		.replace(/\/$/, '');
}

export const pipelineInfoRoutes: Route[] = [
	route('GET', '/pipelines/{pipelineId}/schema', (request, { data }) => {
		const pipeline = findPipeline(request, data);
		versionAsked(request, pipeline, data);
		const schema = pipelineSchemaText(projectNameOf(pipeline.repository));
		if (schema === undefined) return noContent();
		const attributes = new Set((request.query.attributes ?? 'schema,params').split(','));
		return json({
			schema,
			...(attributes.has('params') && pipeline.paramsText !== '' ? { params: pipeline.paramsText } : {}),
		});
	}),
	route('GET', '/pipelines/info', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const name = request.query.name ?? '';
		const projectName = projectNameOf(name);
		const repository = REPOSITORIES[projectName];
		if (!repository) throw badRequest(`Unknown pipeline repository or missing credentials for: ${name}`);
		const revision = request.query.revision;
		const revisions = [...repository.branches, ...repository.tags];
		if (revision !== undefined && revision !== '' && !revisions.includes(revision)) {
			throw badRequest(`Unknown revision '${revision}' for pipeline: ${projectName}`);
		}
		const workDirs = [...new Set(data.computeEnvsIn(workspace).map((computeEnv) => computeEnv.workDir))];
		return json({
			pipelineInfo: {
				projectName,
				simpleName: projectName.split('/')[1],
				repositoryUrl: `https://github.com/${projectName}`,
				cloneUrl: `https://github.com/${projectName}.git`,
				provider: 'github',
				configFiles: repository.configFiles.map(
					(file) => `https://github.com/${projectName}/blob/${revision || repository.defaultBranch}/${file}`,
				),
				workDirs,
				revisions,
				profiles: repository.profiles,
				warnings: [],
				revisionName: revision || null,
				commitId: null,
				manifest: {
					name: projectName,
					description: projectInfo(projectName).description,
					author: repository.author,
					defaultBranch: repository.defaultBranch,
					homePage: `https://github.com/${projectName}`,
					mainScript: 'main.nf',
					nextflowVersion: repository.nextflowVersion,
					version: repository.tags[0],
				},
			},
		});
	}),
];
