import { NodeOperationError } from 'n8n-workflow';
import type { IExecuteFunctions } from 'n8n-workflow';

/** Names by which an address points back at the machine that uses it. */
const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i;

/**
 * Fails the item when the webhook address n8n gives (`url`, a resume URL or a trigger's URL built from it)
 * is n8n's own default, http://localhost:5678: without WEBHOOK_URL, n8n knows no other address for
 * itself, and a compute environment would post the run's events to its own machine, where nothing
 * listens. A loopback address set on purpose in WEBHOOK_URL is taken as meant (Nextflow on the same
 * machine as n8n).
 */
export function refuseUnreachableWebhookAddress(
	context: IExecuteFunctions,
	itemIndex: number,
	url: string,
	env: Record<string, string | undefined>,
	field: string,
): void {
	if (env.WEBHOOK_URL?.trim() || !URL.canParse(url) || !LOOPBACK_HOST.test(new URL(url).hostname)) return;
	throw new NodeOperationError(context.getNode(), `${field} needs n8n's public webhook address: set WEBHOOK_URL`, {
		itemIndex,
		description:
			`n8n gives its webhook address as ${new URL(url).origin}, which no compute environment can reach, so the run's events ` +
			`would never arrive. Start n8n with WEBHOOK_URL set to the address at which the compute environment reaches n8n (for ` +
			`example https://n8n.example.com/), then run the workflow again. Nothing was launched.`,
	});
}
