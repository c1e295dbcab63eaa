/**
 * Answers captured from the real platform (tower-cli's fixtures, see captured/README.md), and the shapes
 * the simulator takes from them: the platform writes a field it has no value for as null, where the
 * contract would leave it out, so a client that reads only tidy answers fails here as it would there.
 */
import computeEnvView from './captured/compute_env_view.json';
import computeEnvViewAwsManual from './captured/compute_env_view_aws_manual.json';
import computeEnvViewGls from './captured/compute_env_view_gls.json';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SimulatorData } from './data';
import { COMPUTE_PLATFORMS, type ComputeEnvStatus, type ComputePlatform, type SimComputeEnv, type WorkspaceRef } from './model';

type Json = Record<string, unknown>;

/** `GET /compute-envs/{id}` answers as captured: AWS Batch with Forge, AWS Batch set up by hand, Google Life Sciences. */
export const CAPTURED_COMPUTE_ENVS = {
	awsBatchForge: computeEnvView.computeEnv,
	awsBatchManual: computeEnvViewAwsManual.computeEnv,
	googleLifeSciences: computeEnvViewGls.computeEnv,
} as const;

/**
 * A captured answer by its path in tower-cli's `src/test/resources/runcmd/` (the files this folder
 * flattened, `runs/task_detail.json` and `studios/...`, by their name here). `runs/runs_view.json`
 * ends with a stray `}` after its answer there, so an answer is read up to its first whole JSON value.
 */
export function readCaptured(fixture: string): unknown {
	const text = readFileSync(path.join(__dirname, 'captured', fixture), 'utf8').trimEnd();
	for (let end = text.length; end > 0; end = text.lastIndexOf('}', end - 1)) {
		try {
			return JSON.parse(text.slice(0, end)) as unknown;
		} catch {
			// a stray character after the answer: try the text up to the previous closing brace
		}
	}
	throw new Error(`No JSON answer in ${fixture}`);
}

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every field a captured answer of this platform holds, as the platform sends them when it has no value. */
const SHAPES: Partial<Record<ComputePlatform, Json>> = {
	'aws-batch': CAPTURED_COMPUTE_ENVS.awsBatchForge,
	'google-lifesciences': CAPTURED_COMPUTE_ENVS.googleLifeSciences,
};

/** A compute environment (ComputeEnvResponseDto) as the platform sends it: nulls where it has no value. */
export function computeEnvAsCaptured(answer: Json): Json {
	const captured = SHAPES[answer.platform as ComputePlatform];
	// A platform with no capture of its own has a config of its own: only its top level takes a captured shape.
	const { config: _config, ...topLevel } = CAPTURED_COMPUTE_ENVS.awsBatchManual;
	return shapedAs(captured ?? topLevel, answer, '') as Json;
}

const isPlatform = (value: string): value is ComputePlatform => (COMPUTE_PLATFORMS as readonly string[]).includes(value);

/**
 * For tests: a captured compute environment, as it was, in a workspace of this simulator; its Get then
 * answers with the captured fields and their nulls.
 */
export function plantCapturedComputeEnv(data: SimulatorData, captured: Json, workspaceId: WorkspaceRef): SimComputeEnv {
	const { discriminator: _discriminator, workDir, ...config } = captured.config as Json;
	const platform = String(captured.platform);
	if (!isPlatform(platform)) throw new Error(`Not a compute platform: ${platform}`);
	const ce: SimComputeEnv = {
		id: String(captured.id),
		workspaceId,
		name: String(captured.name),
		description: '',
		platform,
		region: String(config.region ?? config.location ?? ''),
		workDir: String(workDir),
		status: captured.status as ComputeEnvStatus,
		primary: false,
		credentialsId: String(captured.credentialsId),
		dateCreated: new Date(String(captured.dateCreated)),
		lastUsed: new Date(String(captured.lastUpdated)),
		config,
	};
	data.computeEnvs.push(ce);
	return ce;
}

/**
 * The captured answers each operation takes its shape from (paths as in `readCaptured`). Several
 * captures of one operation add up: a field any of them sends is sent.
 */
const SHAPED_OPERATIONS: Record<string, readonly string[]> = {
	'GET /workflow/{workflowId}': ['workflow_view.json', 'runs/runs_view.json'],
	'GET /workflow/{workflowId}/progress': ['workflow_progress.json', 'runs/runs_progress.json'],
	'GET /workflow/{workflowId}/metrics': ['runs/runs_metrics.json'],
	'GET /workflow/{workflowId}/launch': ['launch_view.json', 'runs/workflow_launch.json'],
	'GET /pipelines': ['pipelines_list.json'],
	'GET /pipelines/{pipelineId}': ['pipeline_versions/pipeline_describe.json'],
	'GET /pipelines/{pipelineId}/launch': ['pipeline_launch_describe.json'],
	'GET /labels': ['labels_user.json'],
	'GET /datasets': ['datasets/datasets_list.json'],
	'GET /datasets/{datasetId}/metadata': ['datasets/dataset_metadata.json'],
	'GET /datasets/{datasetId}/versions': ['datasets/dataset_versions.json'],
	'POST /datasets': ['datasets/dataset_created_response.json'],
	'POST /datasets/{datasetId}/upload': ['datasets/dataset_upload_response.json'],
	'GET /data-links': ['data/links/datalinks_list.json'],
	'GET /credentials': ['credentials_list.json'],
	'GET /orgs': ['organizations/organizations_list.json'],
	'GET /orgs/{orgId}/members': ['members/members_list.json'],
	'PUT /orgs/{orgId}/members/add': ['members/member_add.json'],
	'GET /orgs/{orgId}/teams': ['teams/teams_list.json'],
	'GET /orgs/{orgId}/teams/{teamId}/members': ['teams/members/members_list.json'],
	'POST /orgs/{orgId}/teams/{teamId}/members': ['teams/members/member_add.json'],
	'GET /orgs/{orgId}/workspaces/{workspaceId}/participants': ['participants/participants_list.json'],
	'PUT /orgs/{orgId}/workspaces/{workspaceId}/participants/add': ['participants/participant_add.json', 'participants/team_add.json'],
	'POST /orgs': ['organizations/organizations_add_response.json'],
	'GET /orgs/{orgId}': ['organizations/organizations_view.json'],
	'GET /orgs/{orgId}/collaborators': ['collaborators/collaborators_list.json'],
	'POST /orgs/{orgId}/workspaces': ['workspaces/workspaces_add_response.json'],
	'GET /orgs/{orgId}/workspaces/{workspaceId}': ['workspaces/workspaces_view.json'],
	'PUT /orgs/{orgId}/workspaces/{workspaceId}': ['workspaces/workspaces_update_response.json'],
	'GET /orgs/{orgId}/workspaces/{workspaceId}/settings/studios': ['workspaces/settings/studios_settings.json'],
	'POST /orgs/{orgId}/teams': ['teams/teams_add.json'],
	'GET /actions': ['actions/actions_list.json'],
	'GET /user-info': ['user.json'],
	'GET /service-info': ['info/service-info.json'],
};

/**
 * Fields whose content is not a shape: a run's own params; the labels tower-cli's fixture puts in a
 * run's progress (the platform sends them beside it); and the compute environment of a launch, which
 * takes the captured shape of its own platform (`computeEnvAsCaptured`).
 */
export const NOT_SHAPES: ReadonlySet<string> = new Set(['workflow.params', 'progress.labels', 'launch.computeEnv']);

/** The fields of several captures of one answer, added up; a value where any of them has one. */
function mergedShape(shapes: readonly unknown[]): unknown {
	const present = shapes.filter((shape) => shape !== null && shape !== undefined);
	if (present.length === 0) return null;
	if (present.every(Array.isArray)) {
		const entries = present.flatMap((list) => (list as unknown[]).slice(0, 1));
		return entries.length === 0 ? [] : [mergedShape(entries)];
	}
	if (!present.every(isRecord)) return present[0];
	const fields = new Set(present.flatMap((shape) => Object.keys(shape as Json)));
	return Object.fromEntries([...fields].map((field) => [field, mergedShape(present.map((shape) => (shape as Json)[field]))]));
}

const isNumericText = (value: unknown): boolean => typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value);

/** The answer in the captured shape: a field the capture has and the answer lacks as null, a number as text where the capture has text. */
function shapedAs(shape: unknown, answer: unknown, at: string): unknown {
	if (NOT_SHAPES.has(at)) return answer;
	if (Array.isArray(shape) && Array.isArray(answer))
		return shape.length === 0 ? answer : answer.map((entry) => shapedAs(shape[0], entry, `${at}[]`));
	if (isNumericText(shape) && typeof answer === 'number') return String(answer);
	if (!isRecord(shape) || !isRecord(answer)) return answer;
	const shaped: Json = { ...answer };
	for (const [field, captured] of Object.entries(shape)) {
		const path = at ? `${at}.${field}` : field;
		shaped[field] = answer[field] === undefined ? (NOT_SHAPES.has(path) ? undefined : null) : shapedAs(captured, answer[field], path);
	}
	return shaped;
}

const shapes = new Map<string, unknown>();

/** What the operation (`METHOD /template`) answers, in the shape the platform answered it in, where tower-cli captured one. */
export function answerAsCaptured(operation: string, answer: unknown): unknown {
	const fixtures = SHAPED_OPERATIONS[operation];
	if (!fixtures) return answer;
	if (!shapes.has(operation)) shapes.set(operation, mergedShape(fixtures.map(readCaptured)));
	return shapedAs(shapes.get(operation), answer, '');
}
