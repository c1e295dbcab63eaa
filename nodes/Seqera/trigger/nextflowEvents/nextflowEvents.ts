import type { INodeProperties, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { NEXTFLOW_EVENTS_CREDENTIAL } from '../../fields/fieldNames';
import { answerCall, carriesBasicAuth } from '../../helpers/webhookCalls';
import { isWeblogEvent } from '../../runs/weblog';
import { eventItemOf, eventKeyOf, NEXTFLOW_EVENT_OPTIONS, nextflowEventOf } from './eventItems';
import { firstReport, type SeenEventsState } from './seenEvents';

const EVENTS_FIELD = 'events';

export const nextflowEventsProperties: INodeProperties[] = [
	{
		displayName:
			"Paste this trigger's Production URL into a Seqera Platform launch's Launch Settings → Send Nextflow Events To, with the same credential. The compute environment's head job must reach n8n (WEBHOOK_URL) and fetch the nf-weblog plugin.",
		name: 'notice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@version': [1] } },
	},
	{
		displayName:
			"In a Seqera Platform launch, pick this workflow in Launch Settings → Send Nextflow Events To, with the same credential. One such trigger per workflow. The compute environment's head job must reach n8n (WEBHOOK_URL) and fetch the nf-weblog plugin.",
		name: 'notice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@version': [{ _cnd: { gte: 1.1 } }] } },
	},
	{
		displayName: 'Events',
		name: EVENTS_FIELD,
		type: 'multiOptions',
		required: true,
		default: ['processFailed'],
		options: [...NEXTFLOW_EVENT_OPTIONS],
		description: 'The events that start the workflow, one item each',
	},
];

/** Whether the call carries the credential's user and password; a trigger without a complete credential lets nothing in. */
async function carriesCredential(context: IWebhookFunctions): Promise<boolean> {
	const credential = await context.getCredentials<{ user?: string; password?: string }>(NEXTFLOW_EVENTS_CREDENTIAL).catch(() => undefined);
	if (!credential?.user || !credential.password) return false;
	return carriesBasicAuth(context, credential.user, credential.password);
}

/**
 * Receives a run's weblog events. A call without the credential's basic auth is refused 401, a body that
 * is not a weblog event 400; neither starts anything. An event that is not one of the chosen Events, or
 * was reported already, is answered 200 and starts nothing. Any other starts the workflow with one item.
 */
export async function receiveNextflowEvent(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	if (!(await carriesCredential(context))) {
		return answerCall(context, 401, "This call does not carry the trigger's credential (basic auth): nothing was started.", {
			'WWW-Authenticate': 'Basic realm="Seqera Nextflow Events"',
		});
	}
	const event = context.getBodyData();
	if (!isWeblogEvent(event)) {
		return answerCall(context, 400, 'The body is not a Nextflow weblog event (it needs "event", "runId" and "runName"): nothing was started.');
	}
	const reported = nextflowEventOf(event);
	const chosen = context.getNodeParameter(EVENTS_FIELD, []) as string[];
	if (reported === undefined || !chosen.includes(reported)) {
		return answerCall(context, 200, `Event "${event.event}" received; it is not one of the events this trigger starts the workflow on.`);
	}
	const state = context.getWorkflowStaticData('node') as SeenEventsState;
	const triggerId = `${context.getWorkflow().id ?? ''}:${context.getNode().id}:${context.getMode()}`;
	if (!firstReport(state, triggerId, eventKeyOf(event, reported))) {
		return answerCall(context, 200, `Event "${event.event}" was reported already: nothing was started.`);
	}
	return { workflowData: [context.helpers.returnJsonArray([eventItemOf(event, reported)])] };
}
