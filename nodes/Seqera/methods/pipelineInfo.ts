import { NodeOperationError } from 'n8n-workflow';
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { workspaceIdFor } from '../names/workspaceId';
import { seqeraPlatform } from '../nodeVersions';
import { savedPipelineSchema, type SavedPipelineSchema } from '../runs/pipelineSchema';
import { launchpadSourceWorkspace } from '../runs/pipelineSource';
import { versionIdFor } from '../runs/pipelineVersions';
import { pipelineIdFor } from '../names/lookups';
import { apiRequest } from '../transport';

/** What the platform reads from a pipeline repository (`PipelineInfo`): the parts the launch form offers. */
export interface PipelineInfo {
	revisions?: string[];
	profiles?: string[];
	configFiles?: string[];
	workDirs?: string[];
}

/** The repository typed in the Pipeline Repository field, described by the platform as its launch form does. */
export async function repositoryInfo(context: ILoadOptionsFunctions): Promise<PipelineInfo> {
	const repository = String(context.getNodeParameter('pipeline', '') ?? '').trim();
	if (repository === '') {
		throw new NodeOperationError(context.getNode(), 'Enter the Pipeline Repository first', {
			description: 'Its revisions and config profiles are read from the repository.',
		});
	}
	const workspaceId = await workspaceIdFor(context, 0);
	const response = await apiRequest<{ pipelineInfo?: PipelineInfo }>(context, {
		method: 'GET',
		path: ['pipelines', 'info'],
		query: { name: repository, workspaceId },
	});
	return response.pipelineInfo ?? {};
}

/**
 * The schema and saved params of the Launchpad pipeline chosen in the Launchpad Pipeline field, read as
 * the launch reads them: one shared from another workspace with the workspace it comes from, and, in
 * version 1.2, the version the Version field names (its own schema) rather than the default one.
 */
export async function chosenPipelineSchema(context: ILoadOptionsFunctions): Promise<SavedPipelineSchema> {
	const pipelineId = await pipelineIdFor(context, 0);
	const workspaceId = await workspaceIdFor(context, 0);
	const sourceWorkspaceId = await launchpadSourceWorkspace(context, pipelineId, workspaceId);
	const versionId = seqeraPlatform.brings(context, 'pipelineVersions')
		? await versionIdFor(context, 0, pipelineId, workspaceId)
		: undefined;
	return await savedPipelineSchema(context, pipelineId, workspaceId, undefined, sourceWorkspaceId, versionId);
}
