import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { keptPerExecution } from '../helpers/keptPerExecution';
import { apiRequest } from '../transport';

/** What a compute environment gives a pipeline or a launch that does not say otherwise. */
export interface ComputeEnvDefaults {
	workDir?: string;
	preRunScript?: string;
	postRunScript?: string;
	nextflowConfig?: string;
	/** Where it runs tasks (`aws-batch`, `k8s-platform`, ...), which decides the plugins Nextflow infers (weblog/plugin.ts). */
	platform?: string;
}

/**
 * The chosen compute environment's work directory, pre-/post-run scripts and Nextflow config, each only
 * where it has one, as tower-cli reads them for `pipelines add` and `launch`, and its platform; read once
 * per execution.
 */
export async function computeEnvDefaults(
	context: IExecuteFunctions,
	itemIndex: number,
	computeEnvId: string,
	workspaceId: string | undefined,
): Promise<ComputeEnvDefaults> {
	const { computeEnv } = await keptPerExecution(
		context,
		`compute-env:${workspaceId ?? ''}/${computeEnvId}`,
		async () =>
			await apiRequest<{ computeEnv?: { config?: IDataObject; platform?: string } }>(context, {
				method: 'GET',
				path: ['compute-envs', computeEnvId],
				query: { workspaceId },
				itemIndex,
			}),
	);
	const config = computeEnv?.config ?? {};
	const given = (name: keyof ComputeEnvDefaults) =>
		typeof config[name] === 'string' && config[name] !== '' ? (config[name] as string) : undefined;
	return {
		workDir: given('workDir'),
		preRunScript: given('preRunScript'),
		postRunScript: given('postRunScript'),
		nextflowConfig: given('nextflowConfig'),
		platform: typeof computeEnv?.platform === 'string' && computeEnv.platform !== '' ? computeEnv.platform : undefined,
	};
}

/** What a launch or a new pipeline does where nothing names a compute environment and the workspace has no primary one. */
export type WithoutPrimaryComputeEnv = 'failItem' | 'goWithout';

/** A compute environment the node names (chosen in its field) and the one saved with what is launched, either absent. */
export interface NamedComputeEnv {
	chosen?: string;
	saved?: unknown;
}

/**
 * The compute environment a launch or a new pipeline goes to, as tower-cli's `launch` and `pipelines add`
 * take it: the chosen one, else the saved one, else the workspace's primary one. Without a primary one
 * the item fails before anything is sent, or, where `withoutPrimary` says so, goes without one, as
 * tower-cli's `pipelines add` does.
 */
export async function computeEnvIdToUse(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	named: NamedComputeEnv,
	withoutPrimary: 'failItem',
): Promise<string>;
export async function computeEnvIdToUse(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	named: NamedComputeEnv,
	withoutPrimary: WithoutPrimaryComputeEnv,
): Promise<string | undefined>;
export async function computeEnvIdToUse(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	{ chosen, saved }: NamedComputeEnv,
	withoutPrimary: WithoutPrimaryComputeEnv,
): Promise<string | undefined> {
	if (chosen !== undefined) return chosen;
	if (typeof saved === 'string' && saved !== '') return saved;
	const primary = await primaryComputeEnvId(context, itemIndex, workspaceId);
	if (primary === undefined && withoutPrimary === 'failItem') {
		throw new NodeOperationError(context.getNode(), 'No compute environment: choose one, or make one of the workspace primary', {
			itemIndex,
		});
	}
	return primary;
}

/** The workspace's primary compute environment, or undefined when it has none. */
async function primaryComputeEnvId(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
): Promise<string | undefined> {
	const { computeEnvs = [] } = await keptPerExecution(
		context,
		`compute-envs:${workspaceId ?? ''}`,
		async () =>
			await apiRequest<{ computeEnvs?: IDataObject[] }>(context, {
				method: 'GET',
				path: ['compute-envs'],
				query: { workspaceId, status: 'AVAILABLE' },
				itemIndex,
			}),
	);
	const primary = computeEnvs.find((computeEnv) => computeEnv.primary === true);
	return primary ? String(primary.id) : undefined;
}
