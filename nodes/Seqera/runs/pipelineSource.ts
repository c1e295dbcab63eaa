import { keptPerExecution } from '../helpers/keptPerExecution';
import { seqeraPlatform } from '../nodeVersions';
import { apiRequest, type SeqeraFunctions } from '../transport';

/**
 * The workspace a Launchpad pipeline shared from another workspace of the organization comes from, which
 * tower-cli sends as `sourceWorkspaceId` with the pipeline's launch, its schema and the run's launch:
 * the platform finds a shared pipeline by ID only with it. Undefined for the workspace's own pipelines,
 * and before version 1.2, which lists and launches only those.
 */
export async function launchpadSourceWorkspace(
	context: SeqeraFunctions,
	pipelineId: string,
	workspaceId: string | undefined,
	itemIndex?: number,
): Promise<string | undefined> {
	if (!seqeraPlatform.brings(context, 'sharedPipelines')) return undefined;
	// One look-up per pipeline and execution, not per item; an editor request reading its launch and its
	// schema asks once too.
	return await keptPerExecution(context, `pipeline-source:${workspaceId ?? ''}/${pipelineId}`, async () => {
		const { pipeline } = await apiRequest<{ pipeline?: { workspaceId?: number | null } }>(context, {
			method: 'GET',
			path: ['pipelines', pipelineId],
			query: { workspaceId },
			itemIndex,
		});
		const owner = pipeline?.workspaceId;
		return owner === undefined || owner === null || String(owner) === String(workspaceId ?? '') ? undefined : String(owner);
	});
}
