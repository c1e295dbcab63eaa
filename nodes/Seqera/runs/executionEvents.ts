import { createHmac } from 'node:crypto';

import type { IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

import { carriesBasicAuth } from '../helpers/webhookCalls';
import { connectionOf } from '../transport';
import type { WeblogTarget } from './weblog';

/** The query parameter of the resume URL that tells which item's run an event is about. */
export const ITEM_QUERY_PARAMETER = 'seqeraItem';

/** The user name Nextflow sends with the execution's secret. */
const EVENTS_USER = 'n8n';

/**
 * The secret that a held wait's events must carry: made for one execution and one node, from the
 * credential's token, so nothing needs storing to check it later, after a restart too, and a secret seen
 * in one run's config opens no other execution. The token cannot be read back from it.
 */
async function resumeSecret(context: IExecuteFunctions | IWebhookFunctions): Promise<string> {
	const { budget } = await connectionOf(context);
	return createHmac('sha256', budget.token).update(`seqera-wait:${context.getExecutionId()}:${context.getNode().id}`).digest('hex');
}

/** Where the run of item `itemIndex` posts its events: this execution's resume URL, with the secret as basic auth. */
export async function eventsTargetFor(context: IExecuteFunctions, itemIndex: number): Promise<WeblogTarget> {
	const resumeUrl = new URL(String(context.evaluateExpression('{{ $execution.resumeUrl }}', itemIndex)));
	resumeUrl.searchParams.set(ITEM_QUERY_PARAMETER, String(itemIndex));
	return { url: resumeUrl.toString(), user: EVENTS_USER, password: await resumeSecret(context) };
}

/** Whether a call to the resume URL carries this execution's secret as basic auth. */
export async function carriesResumeSecret(context: IWebhookFunctions): Promise<boolean> {
	return carriesBasicAuth(context, EVENTS_USER, await resumeSecret(context));
}
