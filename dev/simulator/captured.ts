/**
 * Answers captured from the real platform (tower-cli's fixtures, see captured/README.md), and the shapes
 * the simulator takes from them: the platform writes a field it has no value for as null, where the
 * contract would leave it out, so a client that reads only tidy answers fails here as it would there.
 */
import computeEnvView from './captured/compute_env_view.json';
import computeEnvViewAwsManual from './captured/compute_env_view_aws_manual.json';
import computeEnvViewGls from './captured/compute_env_view_gls.json';
import type { SimulatorData } from './data';
import { COMPUTE_PLATFORMS, type ComputeEnvStatus, type ComputePlatform, type SimComputeEnv, type WorkspaceRef } from './model';

type Json = Record<string, unknown>;

/** `GET /compute-envs/{id}` answers as captured: AWS Batch with Forge, AWS Batch set up by hand, Google Life Sciences. */
export const CAPTURED_COMPUTE_ENVS = {
	awsBatchForge: computeEnvView.computeEnv,
	awsBatchManual: computeEnvViewAwsManual.computeEnv,
	googleLifeSciences: computeEnvViewGls.computeEnv,
} as const;

const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every field a captured answer of this platform holds, as the platform sends them when it has no value. */
const SHAPES: Partial<Record<ComputePlatform, Json>> = {
	'aws-batch': CAPTURED_COMPUTE_ENVS.awsBatchForge,
	'google-lifesciences': CAPTURED_COMPUTE_ENVS.googleLifeSciences,
};

/** The captured answer's fields the answer lacks, as null; objects (config, forge) alike, when the answer has them. */
function withNullsOf(shape: Json, answer: Json): Json {
	const shaped: Json = { ...answer };
	for (const [field, captured] of Object.entries(shape)) {
		const value = answer[field];
		if (value === undefined) shaped[field] = null;
		else if (isRecord(captured) && isRecord(value)) shaped[field] = withNullsOf(captured, value);
	}
	return shaped;
}

/** A compute environment (ComputeEnvResponseDto) as the platform sends it: nulls where it has no value. */
export function computeEnvAsCaptured(answer: Json): Json {
	const shape = SHAPES[answer.platform as ComputePlatform] ?? CAPTURED_COMPUTE_ENVS.awsBatchManual;
	const { config: _config, ...topLevel } = shape;
	const shaped = withNullsOf(topLevel, answer);
	if (isRecord(answer.config)) shaped.config = SHAPES[answer.platform as ComputePlatform] ? withNullsOf(shape.config as Json, answer.config) : answer.config;
	return shaped;
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
