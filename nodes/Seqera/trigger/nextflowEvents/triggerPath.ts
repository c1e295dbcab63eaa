/**
 * Where a Seqera Nextflow Events trigger listens, under n8n's webhook address. Version 1 listens at
 * `<node's webhook ID>/events`, which only its URL, copied from the trigger, tells. From version 1.1 it
 * listens at a path named by its workflow's ID, so that a launch that picks the workflow can address
 * it: one such trigger per workflow (n8n refuses to activate a workflow with two on one path).
 */
export const TRIGGER_PATH_PREFIX = 'nextflow-events';

/** The path of the version 1.1 trigger in the workflow `workflowId`. */
export function triggerPathOf(workflowId: string): string {
	return `${TRIGGER_PATH_PREFIX}/${workflowId}`;
}
