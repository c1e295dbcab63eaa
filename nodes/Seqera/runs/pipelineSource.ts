import type { SeqeraFunctions } from '../transport/connection';
import { apiRequest } from '../transport/request';

// One look-up per pipeline and context, not per item: an execution launching a pipeline for each of its
// items, or an editor request reading its launch and its schema, asks once where the pipeline comes from.
const sourceWorkspacesByContext = new WeakMap<SeqeraFunctions, Map<string, Promise<string | undefined>>>();

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
	if (context.getNode().typeVersion < 1.2) return undefined;
	const known = sourceWorkspacesByContext.get(context) ?? new Map<string, Promise<string | undefined>>();
	sourceWorkspacesByContext.set(context, known);
	const key = `${workspaceId ?? ''}/${pipelineId}`;
	let source = known.get(key);
	if (!source) {
		source = apiRequest<{ pipeline?: { workspaceId?: number | null } }>(context, {
			method: 'GET',
			path: ['pipelines', pipelineId],
			query: { workspaceId },
			itemIndex,
		}).then(({ pipeline }) => {
			const owner = pipeline?.workspaceId;
			return owner === undefined || owner === null || String(owner) === String(workspaceId ?? '') ? undefined : String(owner);
		});
		known.set(key, source);
		// A failed read is not kept, so the next item asks again.
		source.catch(() => known.delete(key));
	}
	return await source;
}
