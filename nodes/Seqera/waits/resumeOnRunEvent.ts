import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { answerCall } from '../helpers/webhookCalls';
import { carriesResumeSecret, ITEM_QUERY_PARAMETER } from '../runs/executionEvents';
import { isWeblogEvent, RUN_END_EVENT } from '../runs/weblog';
import { endedItems, hasEnded, readRun } from './endedRuns';
import { claimResume } from './resumeClaims';

/** The items the held wait was put to wait with (the launched runs), as n8n kept them. */
function waitingItems(context: IWebhookFunctions): INodeExecutionData[] {
	return context.evaluateExpression('{{ $input.all() }}', 0) as unknown as INodeExecutionData[];
}

/**
 * Receives a call to a held wait's resume URL. Only the run's end counts, from a call with the execution's
 * secret and for a run the execution waits for. Every other event is answered at once and leaves the
 * execution waiting: it changes nothing, so it is not worth the credential's decryption, the secret and
 * the waiting items that n8n would prepare for each of the three posts a task makes. At a run's end the
 * platform is asked, since anyone could post an event: the run must be the one the event names and have
 * ended there. Once every run the execution waits for has ended, the execution goes on, once, with one
 * item per run in item order.
 */
export async function resumeOnRunEvent(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	const event = context.getBodyData();
	if (!isWeblogEvent(event)) {
		return answerCall(context, 400, 'The body is not a Nextflow weblog event (it needs "event", "runId" and "runName"): nothing was resumed.');
	}
	if (event.event !== RUN_END_EVENT) {
		return answerCall(context, 200, `Event "${event.event}" received; the execution waits for the run to end.`);
	}
	if (!(await carriesResumeSecret(context))) {
		return answerCall(context, 401, "This call does not carry the execution's secret: nothing was resumed.");
	}
	const waiting = waitingItems(context);
	const itemIndex = Number((context.getQueryData() as IDataObject)[ITEM_QUERY_PARAMETER]);
	const own = Number.isInteger(itemIndex) ? waiting[itemIndex] : undefined;
	if (own?.json.workflowId === undefined) {
		return answerCall(context, 404, `The execution waits for no run as item ${String(itemIndex)}: nothing was resumed.`);
	}
	const run = (await readRun(context, own.json))!;
	const runId = String(own.json.workflowId);
	if (run.sessionId !== event.runId) {
		return answerCall(context, 409, `The event is about another Nextflow session than run ${runId}'s: nothing was resumed.`);
	}
	if (!hasEnded(run)) {
		return answerCall(context, 202, `The platform shows run ${runId} as ${String(run.status)}, not ended: the execution goes on waiting.`);
	}
	const runs = await Promise.all(waiting.map(async (item, index) => (index === itemIndex ? run : await readRun(context, item.json))));
	const running = runs.filter((other) => !hasEnded(other)).length;
	if (running > 0) {
		return answerCall(context, 200, `Run ${runId} ended ${String(run.status)}; the execution waits for ${running} more.`);
	}
	if (!claimResume(context.getExecutionId())) {
		return answerCall(context, 409, 'The execution is being resumed by another call already.');
	}
	const failOnRunFailure = (context.getNodeParameter('waitOptions', {}) as IDataObject).failOnRunFailure !== false;
	const ended = endedItems(waiting, runs, failOnRunFailure);
	return { workflowData: [ended], webhookResponse: { message: 'Every run the execution waited for has ended: the execution goes on.' } };
}
