import { randomUUID } from 'node:crypto';

import type { IDataObject, IExecuteFunctions, IExecuteWorkflowInfo, INodeExecutionData } from 'n8n-workflow';

import { ownerOf, resumeAuthorization, type HeldWaitOwner } from '../weblog/executionEvents';
import { callOwnWebhook } from '../transport';
import { CHECK_CALL_BODY, STILL_WAITING_FIELD } from './checkCall';

/**
 * A held wait's check execution. n8n runs no node code when a wait reaches its time, and Nextflow posts a
 * run's end once: an end lost on its way (n8n down or restarting, a 503, a compute environment that cannot
 * reach n8n, a cancelled run that posts nothing) would leave the wait to its time limit. So the node that
 * holds the wait also starts a small execution of its own, which n8n holds and resumes by time as it does
 * any wait, through restarts and without a worker: Wait for the Next Check → Check → Wait for the Next
 * Check …. Each check calls the held wait's resume URL, whose webhook reads the runs on the platform and
 * resumes the wait once they have all ended; the check execution ends when the wait has gone on, has
 * ended otherwise, or reaches its time limit.
 */

/** The node type that runs the check execution's steps (SeqeraHeldWaitCheck.node.ts), without its package's prefix. */
export const CHECK_NODE_TYPE = 'seqeraHeldWaitCheck';
export const CHECK_STEP_FIELD = 'step';

/** What the check execution carries of the held wait: where to call and until when; no secret and no token. */
interface CheckPlan extends HeldWaitOwner {
	resumeUrl: string;
	/** The Check Interval: the longest time from a lost end to the next node. */
	checkIntervalMinutes: number;
	/** The wait's time limit, as an ISO time. */
	until: string;
}

const PLAN_FIELD = 'heldWait';

/** The check execution's workflow, given inline: n8n saves it with the execution, under the held wait's workflow. */
function checkWorkflow(context: IExecuteFunctions): IExecuteWorkflowInfo['code'] {
	const node = context.getNode();
	const checkType = `${node.type.slice(0, node.type.lastIndexOf('.') + 1)}${CHECK_NODE_TYPE}`;
	const credentials = node.credentials?.seqeraApi ? { seqeraApi: node.credentials.seqeraApi } : undefined;
	const step = (name: string, value: 'wait' | 'check', x: number) => ({
		id: randomUUID(),
		name,
		type: checkType,
		typeVersion: 1,
		position: [x, 0] as [number, number],
		parameters: { [CHECK_STEP_FIELD]: value },
		// n8n refuses to run a node whose required credential is not set, so the wait step has it too.
		...(credentials ? { credentials } : {}),
	});
	const started = 'Held Wait Started';
	const waitStep = 'Wait for the Next Check';
	const checkStep = 'Check the Held Wait';
	return {
		id: context.getWorkflow().id ?? '',
		name: `Checks of the held wait of "${node.name}"`,
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: [
			{
				id: randomUUID(),
				name: started,
				type: 'n8n-nodes-base.executeWorkflowTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			step(waitStep, 'wait', 220),
			step(checkStep, 'check', 440),
		],
		connections: {
			[started]: { main: [[{ node: waitStep, type: 'main', index: 0 }]] },
			[waitStep]: { main: [[{ node: checkStep, type: 'main', index: 0 }]] },
			[checkStep]: { main: [[{ node: waitStep, type: 'main', index: 0 }]] },
		},
		// The held wait's own settings (time zone, error workflow, what to save). n8n checks a sub-workflow's
		// caller policy even for one given inline under the caller's own ID: this one calls only itself.
		settings: { ...context.getWorkflowSettings(), callerPolicy: 'workflowsFromSameOwner' },
	} as unknown as IExecuteWorkflowInfo['code'];
}

/**
 * Starts the held wait's check execution, without waiting for it. A wait whose checks cannot start still
 * waits for the runs' events, as it did before checks existed; the log says why.
 */
export async function startCheckExecution(context: IExecuteFunctions, until: Date, checkIntervalMinutes: number): Promise<void> {
	const owner = ownerOf(context);
	const resumeUrl = String(context.evaluateExpression('{{ $execution.resumeUrl }}', 0));
	const plan: CheckPlan = { ...owner, resumeUrl, checkIntervalMinutes, until: until.toISOString() };
	try {
		await context.executeWorkflow({ code: checkWorkflow(context) }, [{ json: { [PLAN_FIELD]: { ...plan } } }], undefined, {
			doNotWaitToFinish: true,
			parentExecution: { executionId: owner.executionId, workflowId: context.getWorkflow().id ?? '', shouldResume: false },
		});
	} catch (error) {
		context.logger.warn(
			`The checks of the held wait of execution ${owner.executionId} could not start; the wait goes on only on the runs' ` +
				`events: ${(error as Error).message}`,
		);
	}
}

function planOf(item: INodeExecutionData | undefined): CheckPlan | undefined {
	const plan = item?.json[PLAN_FIELD] as IDataObject | undefined;
	if (typeof plan?.resumeUrl !== 'string' || typeof plan.until !== 'string') return undefined;
	return plan as unknown as CheckPlan;
}

/**
 * Whether n8n's answer to a check says the held wait is over: resumed by this check (any other 2xx than
 * "still waiting"), or no longer waiting (409: finished, or resumed by another call), or not the wait's to
 * open any more (401: the credential's token changed). Anything else is checked again at the next
 * interval: no answer, a 5xx, and a 404, which n8n 2.x also answers for a moment after it starts.
 */
function waitIsOver(statusCode: number, body: IDataObject): boolean {
	if (statusCode >= 200 && statusCode < 300) return body[STILL_WAITING_FIELD] !== true;
	return statusCode === 409 || statusCode === 401;
}

/**
 * Checks come twice per Check Interval, so that a lost end is found within half of it and the other half
 * is left for n8n's own part: waking the check on time, the check's call, and resuming the held execution,
 * which take tens of seconds on a starved machine. The interval is thus the longest time from a lost end to
 * the next node, as the field says. n8n's wait tracker looks for waits due within 70 s once a minute, so a
 * wait shorter than a minute would wake only at its next look: the field's least interval is 2 minutes.
 */
function checkSpacingMs(checkIntervalMinutes: number): number {
	return (checkIntervalMinutes * 60_000) / 2;
}

/**
 * One step of the check execution. Wait: until the next check, or the wait's time limit if sooner (n8n
 * passes the step on when the time comes). Check: calls the held wait; the execution goes round again
 * until the wait is over.
 */
export async function runCheckStep(context: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = context.getInputData();
	const plan = planOf(items[0]);
	if (plan === undefined) return [[]];
	const until = Date.parse(plan.until);
	if (context.getNodeParameter(CHECK_STEP_FIELD, 0) === 'wait') {
		await context.putExecutionToWait(new Date(Math.min(until, Date.now() + checkSpacingMs(plan.checkIntervalMinutes))));
		return [items, []];
	}
	// At its time limit n8n passes the held wait on by itself.
	if (Date.now() >= until) return [[], [{ json: { [PLAN_FIELD]: { ...plan }, ended: 'The wait reached its time limit.' } }]];
	const answer = await callOwnWebhook(context, plan.resumeUrl, CHECK_CALL_BODY, await resumeAuthorization(context, plan));
	const checkAgain = !waitIsOver(answer.statusCode, answer.body);
	const lastCheck = {
		at: new Date().toISOString(),
		statusCode: answer.statusCode,
		message: answer.body.message ?? answer.failure ?? null,
	};
	const item = { json: { [PLAN_FIELD]: { ...plan }, lastCheck } };
	return checkAgain ? [[item], []] : [[], [item]];
}
