import type { IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

import { carriesBasicAuth } from './webhookCalls';
import { seqeraPlatform } from '../nodeVersions';
import { tokenDigest, type SeqeraFunctions } from '../transport';
import type { WeblogTarget } from './protocol';
import { refuseUnreachableWebhookAddress } from './webhookAddress';

/** The query parameter of the resume URL that tells which item's run an event is about. */
export const ITEM_QUERY_PARAMETER = 'seqeraItem';

/** The user name Nextflow sends with the execution's secret. */
const EVENTS_USER = 'n8n';

/** The held wait a secret opens: the execution that waits, and the node that holds the wait. */
export interface HeldWaitOwner {
	executionId: string;
	nodeId: string;
}

/** The held wait of the node that runs: its execution and itself. */
export function ownerOf(context: IExecuteFunctions | IWebhookFunctions): HeldWaitOwner {
	return { executionId: context.getExecutionId(), nodeId: context.getNode().id };
}

/**
 * The secret that a held wait's events must carry: made for one execution and one node, from the
 * credential's token, so nothing needs storing to check it later, after a restart too, and a secret seen
 * in one run's config opens no other execution. The token cannot be read back from it. The wait's check
 * execution (waits/checkExecution.ts) makes it the same way, with the same credential, for the execution
 * it checks.
 */
async function resumeSecret(context: SeqeraFunctions, owner: HeldWaitOwner): Promise<string> {
	return await tokenDigest(context, `seqera-wait:${owner.executionId}:${owner.nodeId}`);
}

/** Where the run of item `itemIndex` posts its events: this execution's resume URL, with the secret as basic auth. */
export async function eventsTargetFor(context: IExecuteFunctions, itemIndex: number): Promise<WeblogTarget> {
	const resumeUrl = new URL(String(context.evaluateExpression('{{ $execution.resumeUrl }}', itemIndex)));
	// Version 1.5 refuses n8n's default address before launching; earlier versions launched, and their checks still resume the wait.
	if (seqeraPlatform.brings(context, 'loopbackWebhookAddressRefused'))
		refuseUnreachableWebhookAddress(
			context,
			itemIndex,
			resumeUrl.toString(),
			// WEBHOOK_URL is n8n's own setting, in its environment
			// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals
			process.env,
			'Wait In "Pause the Execution Until the Runs End"',
		);
	resumeUrl.searchParams.set(ITEM_QUERY_PARAMETER, String(itemIndex));
	return { url: resumeUrl.toString(), user: EVENTS_USER, password: await resumeSecret(context, ownerOf(context)) };
}

/** The Authorization header of a call to the held wait of `owner`, as its events carry it. */
export async function resumeAuthorization(context: SeqeraFunctions, owner: HeldWaitOwner): Promise<string> {
	return `Basic ${Buffer.from(`${EVENTS_USER}:${await resumeSecret(context, owner)}`).toString('base64')}`;
}

/** Whether a call to the resume URL carries this execution's secret as basic auth. */
export async function carriesResumeSecret(context: IWebhookFunctions): Promise<boolean> {
	return carriesBasicAuth(context, EVENTS_USER, await resumeSecret(context, ownerOf(context)));
}
