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

type Env = Record<string, string | undefined>;

/** One of n8n's endpoint settings, as n8n reads it: a path under its webhook address, without the slashes around it. */
function endpoint(env: Env, name: string, fallback: string): string {
	const value = env[name]?.trim().replace(/^\/+|\/+$/g, '');
	return value ? value : fallback;
}

/**
 * The Production URL of the Seqera Nextflow Events trigger (version 1.1 or later) in the workflow
 * `workflowId` of this n8n, or undefined when the resume URL does not say where n8n takes webhooks.
 *
 * n8n gives a node its webhook address only within the execution's resume URL: `WEBHOOK_URL` (or the
 * address n8n works out for itself), its waiting endpoint (`N8N_ENDPOINT_WEBHOOK_WAIT`, `webhook-waiting`)
 * and the execution's ID. The trigger listens under the same address and the webhook endpoint
 * (`N8N_ENDPOINT_WEBHOOK`, `webhook`). n8n's processes read both endpoints from one environment, as
 * queue mode asks of its workers.
 */
export function triggerUrlOf(resumeUrl: string, workflowId: string, env: Env): string | undefined {
	if (!URL.canParse(resumeUrl)) return undefined;
	const url = new URL(resumeUrl);
	url.search = '';
	url.hash = '';
	const waiting = `/${endpoint(env, 'N8N_ENDPOINT_WEBHOOK_WAIT', 'webhook-waiting')}/`;
	const at = url.pathname.lastIndexOf(waiting);
	const executionId = url.pathname.slice(at + waiting.length);
	if (at < 0 || executionId === '' || executionId.includes('/')) return undefined;
	url.pathname = `${url.pathname.slice(0, at)}/${endpoint(env, 'N8N_ENDPOINT_WEBHOOK', 'webhook')}/${triggerPathOf(workflowId)}`;
	return url.toString();
}
