import type { INodeProperties, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { NEXTFLOW_EVENTS_CREDENTIAL } from '../../fields/fieldNames';
import { seqeraNextflowEvents } from '../../nodeVersions';
import { answerCall, carriesBasicAuth } from '../../weblog/webhookCalls';
import { runEventsSecret } from '../../weblog/runEventsSecret';
import { isWeblogEvent } from '../../weblog/protocol';
import { eventItemOf, eventKeyOf, NEXTFLOW_EVENT_OPTIONS, nextflowEventOf } from './eventItems';
import { firstReport, type SeenEventsState } from './seenEvents';

const EVENTS_FIELD = 'events';
const ACCEPT_SHARED_PASSWORD_FIELD = 'acceptSharedPassword';

export const nextflowEventsProperties: INodeProperties[] = [
	{
		displayName:
			"Paste this trigger's Production URL into a Seqera Platform launch's Launch Settings → Send Nextflow Events To, with " +
			"the same credential. The compute environment's head job must reach n8n (WEBHOOK_URL) and fetch the nf-weblog plugin.",
		name: 'notice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@version': [seqeraNextflowEvents.beforeVersionOf('pathByWorkflowId')] } },
	},
	{
		displayName:
			'In a Seqera Platform launch, pick this workflow in Launch Settings → Send Nextflow Events To, with the same ' +
			"credential. One such trigger per workflow. The compute environment's head job must reach n8n (WEBHOOK_URL) and fetch " +
			'the nf-weblog plugin.',
		name: 'notice',
		type: 'notice',
		default: '',
		displayOptions: { show: { '@version': [seqeraNextflowEvents.fromVersionOf('pathByWorkflowId')] } },
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
	{
		displayName: 'Accept the Shared Password',
		name: ACCEPT_SHARED_PASSWORD_FIELD,
		type: 'boolean',
		default: false,
		description:
			"Whether to also accept events that carry the credential's own password, as runs launched by Seqera Platform node " +
			"versions 1.3 and 1.4 send it. Anyone who can read such a run's Nextflow config can then post events as any run. From " +
			"version 1.5 a launch sends a secret made for its run's name, which this trigger always accepts.",
		displayOptions: { show: { '@version': [seqeraNextflowEvents.fromVersionOf('runSecretOnly')] } },
	},
];

/**
 * Whether the trigger takes the credential's own password: always before version 1.2, where runs launched
 * by Seqera Platform 1.3 and 1.4 post it; from 1.2 only with Accept the Shared Password on.
 */
function acceptsSharedPassword(context: IWebhookFunctions): boolean {
	return !seqeraNextflowEvents.brings(context, 'runSecretOnly') || context.getNodeParameter(ACCEPT_SHARED_PASSWORD_FIELD, false) === true;
}

/**
 * Whether the call carries the credential's user with the secret of the run the body names (runEventsSecret),
 * or, where the trigger takes it, with the credential's password. Every version takes the run's secret, so a
 * trigger saved before keeps receiving the runs a version 1.5 launch starts. A trigger without a complete
 * credential lets nothing in.
 */
async function carriesCredential(context: IWebhookFunctions, body: unknown): Promise<boolean> {
	const credential = await context
		.getCredentials<{ user?: string; password?: string }>(NEXTFLOW_EVENTS_CREDENTIAL)
		.catch(() => undefined);
	if (!credential?.user || !credential.password) return false;
	const runName = typeof body === 'object' && body !== null ? (body as { runName?: unknown }).runName : undefined;
	if (typeof runName === 'string' && carriesBasicAuth(context, credential.user, runEventsSecret(credential.password, runName)))
		return true;
	return acceptsSharedPassword(context) && carriesBasicAuth(context, credential.user, credential.password);
}

/**
 * Receives a run's weblog events. A call without the credential's basic auth is refused 401, a body that
 * is not a weblog event 400; neither starts anything. An event that is not one of the chosen Events, or
 * was reported already, is answered 200 and starts nothing. Any other starts the workflow with one item.
 */
export async function receiveNextflowEvent(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	const event = context.getBodyData();
	if (!(await carriesCredential(context, event))) {
		return answerCall(context, 401, "This call does not carry the trigger's credential (basic auth): nothing was started.", {
			headers: { 'WWW-Authenticate': 'Basic realm="Seqera Nextflow Events"' },
		});
	}
	if (!isWeblogEvent(event)) {
		return answerCall(
			context,
			400,
			'The body is not a Nextflow weblog event (it needs "event", "runId" and "runName"): nothing was started.',
		);
	}
	const reported = nextflowEventOf(event);
	const chosen = context.getNodeParameter(EVENTS_FIELD, []) as string[];
	if (reported === undefined || !chosen.includes(reported)) {
		return answerCall(
			context,
			200,
			`Event "${event.event}" received; it is not one of the events this trigger starts the workflow on.`,
		);
	}
	const state = context.getWorkflowStaticData('node') as SeenEventsState;
	const triggerId = `${context.getWorkflow().id ?? ''}:${context.getNode().id}:${context.getMode()}`;
	if (!firstReport(state, triggerId, eventKeyOf(event, reported))) {
		return answerCall(context, 200, `Event "${event.event}" was reported already: nothing was started.`);
	}
	return { workflowData: [context.helpers.returnJsonArray([eventItemOf(event, reported)])] };
}
