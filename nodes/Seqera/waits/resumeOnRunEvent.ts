import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { answerCall } from '../helpers/webhookCalls';
import { flattenRun } from '../runs/records';
import { TERMINAL_STATUSES } from '../runs/statuses';
import { isWeblogEvent, RUN_END_EVENT } from '../runs/weblog';
import { apiRequest } from '../transport';
import { carriesResumeSecret, ITEM_QUERY_PARAMETER } from '../runs/executionEvents';
import { WAIT_OUTCOME } from './holdWait';
import { claimResume } from './resumeClaims';

async function readRun(context: IWebhookFunctions, waiting: IDataObject): Promise<IDataObject> {
	const workspaceId = waiting.workspaceId === null || waiting.workspaceId === undefined ? undefined : String(waiting.workspaceId);
	return flattenRun(await apiRequest<IDataObject>(context, { method: 'GET', path: ['workflow', String(waiting.workflowId)], query: { workspaceId } }));
}

/**
 * A run that did not succeed, under Fail Item When Run Fails, as the error item n8n makes of a failed
 * item with Continue On Fail: n8n runs no node code once it resumes an execution (an error thrown by
 * the resume would still run the next node, with an empty item), so the item is failed in n8n's own
 * shape, which On Error "Continue (using error output)" sends to the error output.
 */
function failedRunError(run: IDataObject): IDataObject {
	return {
		error: `Run ${String(run.id)} ended ${String(run.status)}`,
		message: `${String(run.errorMessage ?? 'The platform gave no reason.')} Turn off "Fail Item When Run Fails" to receive the run as an item instead.`,
	};
}

/** The items the held wait was put to wait with (the launched runs), as n8n kept them. */
function waitingItems(context: IWebhookFunctions): INodeExecutionData[] {
	return context.evaluateExpression('{{ $input.all() }}', 0) as unknown as INodeExecutionData[];
}

/**
 * Receives a call to a held wait's resume URL. Only a call with the execution's secret and a weblog event
 * for a run the execution waits for counts. Every event but the run's end is answered and leaves the
 * execution waiting. At a run's end the platform is asked, since anyone could post an event: the run must
 * be the one the event names and have ended there. Once every run the execution waits for has ended, the
 * execution goes on, once, with one item per run in item order.
 */
export async function resumeOnRunEvent(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	if (!(await carriesResumeSecret(context))) {
		return answerCall(context, 401, "This call does not carry the execution's secret: nothing was resumed.");
	}
	const event = context.getBodyData();
	if (!isWeblogEvent(event)) {
		return answerCall(context, 400, 'The body is not a Nextflow weblog event (it needs "event", "runId" and "runName"): nothing was resumed.');
	}
	const waiting = waitingItems(context);
	const itemIndex = Number((context.getQueryData() as IDataObject)[ITEM_QUERY_PARAMETER]);
	const own = Number.isInteger(itemIndex) ? waiting[itemIndex] : undefined;
	if (own?.json.workflowId === undefined) {
		return answerCall(context, 404, `The execution waits for no run as item ${String(itemIndex)}: nothing was resumed.`);
	}
	if (event.event !== RUN_END_EVENT) {
		return answerCall(context, 200, `Event "${event.event}" received; the execution waits for the run to end.`);
	}
	const run = await readRun(context, own.json);
	const runId = String(own.json.workflowId);
	if (run.sessionId !== event.runId) {
		return answerCall(context, 409, `The event is about another Nextflow session than run ${runId}'s: nothing was resumed.`);
	}
	if (!TERMINAL_STATUSES.has(String(run.status))) {
		return answerCall(context, 202, `The platform shows run ${runId} as ${String(run.status)}, not ended: the execution goes on waiting.`);
	}
	const runs = await Promise.all(
		waiting.map(async (item, index) => (index === itemIndex ? run : item.json.workflowId === undefined ? undefined : await readRun(context, item.json))),
	);
	const running = runs.filter((other) => other !== undefined && !TERMINAL_STATUSES.has(String(other.status))).length;
	if (running > 0) {
		return answerCall(context, 200, `Run ${runId} ended ${String(run.status)}; the execution waits for ${running} more.`);
	}
	if (!claimResume(context.getExecutionId())) {
		return answerCall(context, 409, 'The execution is being resumed by another call already.');
	}
	const failOnRunFailure = (context.getNodeParameter('waitOptions', {}) as IDataObject).failOnRunFailure !== false;
	const ended = waiting.map((item, index) => {
		const endedRun = runs[index];
		if (endedRun === undefined) return item;
		if (failOnRunFailure && endedRun.status !== 'SUCCEEDED') return { ...item, json: failedRunError(endedRun) };
		const { waitLimit: _limit, ...launchOutput } = item.json;
		return { ...item, json: { ...launchOutput, ...endedRun, waitOutcome: WAIT_OUTCOME.runEnded } };
	});
	return { workflowData: [ended], webhookResponse: { message: 'Every run the execution waited for has ended: the execution goes on.' } };
}
