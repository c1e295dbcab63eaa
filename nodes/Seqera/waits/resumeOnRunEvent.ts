import type { IDataObject, INodeExecutionData, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { answerCall } from '../weblog/webhookCalls';
import { carriesResumeSecret, ITEM_QUERY_PARAMETER, ownerOf } from '../weblog/executionEvents';
import { isWeblogEvent, RUN_END_EVENT } from '../weblog/protocol';
import { sleep } from '../transport';
import { isCheckCall, STILL_WAITING_FIELD } from './checkCall';
import { endedItems, hasEnded, launchedRunOf, readRun } from './endedRuns';
import { forgetEnds, knownEnd, rememberEnd } from './knownEnds';
import { claimResume } from './resumeClaims';

/** A held wait as its resume sees it: the items it was put to wait with (the launched runs), and a key naming this one wait. */
interface HeldWait {
	key: string;
	items: INodeExecutionData[];
}

/**
 * The wait this call is about. One execution can hold several waits, by several nodes or by one node in a
 * loop; each put its items to wait with the time limit it set, to the millisecond.
 */
function heldWaitOf(context: IWebhookFunctions): HeldWait {
	const items = context.evaluateExpression('{{ $input.all() }}', 0) as unknown as INodeExecutionData[];
	const limit = items.map(launchedRunOf).find((run) => run.waitLimit !== undefined)?.waitLimit;
	const { executionId, nodeId } = ownerOf(context);
	return { key: `${executionId}:${nodeId}:${String(limit)}`, items };
}

/** What a call decides: the wait goes on with these items, or it keeps waiting, with this answer. */
type Decision = { goOn: INodeExecutionData[] } | { status: number; message: string; stillWaiting?: boolean };

/**
 * Whether every run the wait waits for has ended, reading only runs not known to have ended and stopping
 * at the first that goes on. `seen` is a run the call has just read. When all have ended, the call claims
 * the resume, so that it happens once.
 */
async function decideOnRuns(context: IWebhookFunctions, wait: HeldWait, seen?: { itemIndex: number; run: IDataObject }): Promise<Decision> {
	const runs: Array<IDataObject | undefined> = [];
	for (const [itemIndex, item] of wait.items.entries()) {
		const launched = launchedRunOf(item);
		const run = seen?.itemIndex === itemIndex ? seen.run : (knownEnd(wait.key, itemIndex) ?? (await readRun(context, launched)));
		if (!hasEnded(run)) {
			return {
				status: 200,
				stillWaiting: true,
				message: `Run ${String(launched.workflowId)} is ${String(run!.status)}: the execution goes on waiting.`,
			};
		}
		if (run !== undefined) rememberEnd(wait.key, itemIndex, run);
		runs.push(run);
	}
	if (!claimResume(wait.key)) return { status: 409, message: 'The execution is being resumed by another call already.' };
	forgetEnds(wait.key);
	const failOnRunFailure = (context.getNodeParameter('waitOptions', {}) as IDataObject).failOnRunFailure !== false;
	return { goOn: endedItems(wait.items, runs, failOnRunFailure) };
}

/** The platform could not be read: the execution keeps waiting, and a 5xx tells the caller to try again. */
function unreadable(error: unknown): Decision {
	const reason = error instanceof Error ? error.message : String(error);
	return {
		status: 503,
		message: `The platform could not be read (${reason}): the execution goes on waiting, and its next check tries again.`,
	};
}

async function decideOrUnreadable(decide: () => Promise<Decision>): Promise<Decision> {
	try {
		return await decide();
	} catch (error) {
		return unreadable(error);
	}
}

function answerWith(context: IWebhookFunctions, decision: Decision): IWebhookResponseData {
	if ('goOn' in decision) {
		return {
			workflowData: [decision.goOn],
			webhookResponse: { message: 'Every run the execution waited for has ended: the execution goes on.' },
		};
	}
	return answerCall(context, decision.status, decision.message, {
		fields: decision.stillWaiting === true ? { [STILL_WAITING_FIELD]: true } : {},
	});
}

/** How long a run's end, told by Nextflow, is confirmed with the platform before the wait's checks take over. */
const CONFIRM_FOR_MS = 120_000;

/** Reads soon after the end, when the platform learns it (nf-tower's call comes right after Nextflow's posts), then less often. */
function confirmDelayMs(attempt: number): number {
	if (attempt < 20) return 500;
	return attempt < 30 ? 2_000 : 5_000;
}

/** The runs whose end this process is confirming, by wait and item: one confirmation at a time each, however often the end is posted. */
const confirming = new Set<string>();

/**
 * The run as the platform shows it once it has ended, read until then for a bounded time; undefined if
 * it has not ended by then, or the platform could not be read meanwhile.
 */
async function confirmedEnd(context: IWebhookFunctions, waiting: IDataObject): Promise<IDataObject | undefined> {
	const deadline = Date.now() + CONFIRM_FOR_MS;
	for (let attempt = 0; Date.now() < deadline; attempt++) {
		await sleep(confirmDelayMs(attempt));
		try {
			const run = await readRun(context, waiting);
			if (hasEnded(run)) return run;
		} catch {
			// A read that fails is tried again within the bound; past it, the wait's checks take over.
		}
	}
	return undefined;
}

/**
 * Receives a call to a held wait's resume URL: a run's events from Nextflow, or a check from the wait's
 * check execution. Only the run's end and the checks count, and only with the execution's secret. Every
 * other event is answered at once and leaves the execution waiting: it changes nothing, so it is not worth
 * the credential's decryption, the secret and the waiting items that n8n would prepare for each of the
 * three posts a task makes. Since anyone could post an event, the platform decides: the run must be the
 * one the event names and have ended there. Once every run the wait waits for has ended, the execution
 * goes on, once, with one item per run in item order.
 *
 * Nextflow posts a run's end, and waits for the answer, before nf-tower tells the platform that the run
 * ended: at that moment the platform still shows the run going on. So an end the platform does not show
 * yet is answered at once, which lets Nextflow finish and tell the platform, and is then confirmed with
 * the platform for up to two minutes. Past that, or when the end never came (Nextflow posts once; n8n
 * may have been down), the wait's check execution finds it.
 */
export async function resumeOnRunEvent(context: IWebhookFunctions): Promise<IWebhookResponseData> {
	const body = context.getBodyData();
	const isCheck = isCheckCall(body);
	if (!isCheck && !isWeblogEvent(body)) {
		return answerCall(
			context,
			400,
			'The body is not a Nextflow weblog event (it needs "event", "runId" and "runName"): nothing was resumed.',
		);
	}
	if (isWeblogEvent(body) && body.event !== RUN_END_EVENT) {
		return answerCall(context, 200, `Event "${body.event}" received; the execution waits for the run to end.`);
	}
	if (!(await carriesResumeSecret(context))) {
		return answerCall(context, 401, "This call does not carry the execution's secret: nothing was resumed.");
	}
	const wait = heldWaitOf(context);
	if (!isWeblogEvent(body)) return answerWith(context, await decideOrUnreadable(async () => await decideOnRuns(context, wait)));

	const itemIndex = Number((context.getQueryData() as IDataObject)[ITEM_QUERY_PARAMETER]);
	const own = Number.isInteger(itemIndex) && wait.items[itemIndex] ? launchedRunOf(wait.items[itemIndex]) : undefined;
	if (own?.workflowId === undefined) {
		return answerCall(context, 404, `The execution waits for no run as item ${String(itemIndex)}: nothing was resumed.`);
	}
	const runId = String(own.workflowId);
	let run: IDataObject;
	try {
		run = (await readRun(context, own))!;
	} catch (error) {
		return answerWith(context, unreadable(error));
	}
	if (run.sessionId !== body.runId) {
		return answerCall(context, 409, `The event is about another Nextflow session than run ${runId}'s: nothing was resumed.`);
	}
	if (hasEnded(run))
		return answerWith(context, await decideOrUnreadable(async () => await decideOnRuns(context, wait, { itemIndex, run })));

	answerCall(
		context,
		202,
		`The platform shows run ${runId} as ${String(run.status)} still: the end is confirmed with the platform before the ` +
			`execution goes on.`,
	);
	const confirmation = `${wait.key}:${itemIndex}`;
	if (confirming.has(confirmation)) return { noWebhookResponse: true };
	confirming.add(confirmation);
	try {
		const ended = await confirmedEnd(context, own);
		if (ended === undefined) return { noWebhookResponse: true };
		const decision = await decideOrUnreadable(async () => await decideOnRuns(context, wait, { itemIndex, run: ended }));
		return 'goOn' in decision ? { noWebhookResponse: true, workflowData: [decision.goOn] } : { noWebhookResponse: true };
	} finally {
		confirming.delete(confirmation);
	}
}
