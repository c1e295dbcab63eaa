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
	/** Where it runs tasks (`aws-batch`, `k8s-platform`, ...), which decides the plugins Nextflow infers (weblogPlugin.ts). */
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
	const { computeEnv } = await keptPerExecution(context, `compute-env:${workspaceId ?? ''}/${computeEnvId}`, async () =>
		await apiRequest<{ computeEnv?: { config?: IDataObject; platform?: string } }>(context, {
			method: 'GET',
			path: ['compute-envs', computeEnvId],
			query: { workspaceId },
			itemIndex,
		}),
	);
	const config = computeEnv?.config ?? {};
	const given = (name: keyof ComputeEnvDefaults) => (typeof config[name] === 'string' && config[name] !== '' ? (config[name] as string) : undefined);
	return {
		workDir: given('workDir'),
		preRunScript: given('preRunScript'),
		postRunScript: given('postRunScript'),
		nextflowConfig: given('nextflowConfig'),
		platform: typeof computeEnv?.platform === 'string' && computeEnv.platform !== '' ? computeEnv.platform : undefined,
	};
}

/**
 * The workspace's primary compute environment, which tower-cli's `pipelines add` and `launch` take when
 * none is chosen; the item fails before anything is sent when the workspace has none.
 */
export async function primaryComputeEnvId(context: IExecuteFunctions, itemIndex: number, workspaceId: string | undefined): Promise<string> {
	const primary = await primaryComputeEnvIdIfAny(context, itemIndex, workspaceId);
	if (primary === undefined) {
		throw new NodeOperationError(context.getNode(), 'No compute environment: choose one, or make one of the workspace primary', { itemIndex });
	}
	return primary;
}

/** The workspace's primary compute environment, or undefined when it has none (tower-cli's `pipelines add` then goes ahead without one). */
export async function primaryComputeEnvIdIfAny(context: IExecuteFunctions, itemIndex: number, workspaceId: string | undefined): Promise<string | undefined> {
	const { computeEnvs = [] } = await keptPerExecution(context, `compute-envs:${workspaceId ?? ''}`, async () =>
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
