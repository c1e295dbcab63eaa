import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { flattenRun } from '../runs/records';
import { TERMINAL_STATUSES } from '../runs/statuses';
import { apiRequest, type SeqeraFunctions } from '../transport';

/** What a held wait's items say of how the wait ended. */
export const WAIT_OUTCOME = { runEnded: 'runEnded', timeLimit: 'timeLimit' } as const;

/**
 * The launched run a waiting item holds: its JSON, less the error a wait that fails its items at the time limit marked it with
 * (holdWait.ts).
 */
export function launchedRunOf(waiting: INodeExecutionData): IDataObject {
	const { error: _markedAtLimit, ...launched } = waiting.json;
	return launched;
}

/** The run a held wait's item stands for, as the platform shows it now; none for an item whose launch failed. */
export async function readRun(context: SeqeraFunctions, waiting: IDataObject): Promise<IDataObject | undefined> {
	if (waiting.workflowId === undefined) return undefined;
	const workspaceId = waiting.workspaceId === null || waiting.workspaceId === undefined ? undefined : String(waiting.workspaceId);
	return flattenRun(
		await apiRequest<IDataObject>(context, { method: 'GET', path: ['workflow', String(waiting.workflowId)], query: { workspaceId } }),
	);
}

export function hasEnded(run: IDataObject | undefined): boolean {
	return run === undefined || TERMINAL_STATUSES.has(String(run.status));
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
		message:
			`${String(run.errorMessage ?? 'The platform gave no reason.')} Turn off "Fail Item When Run Fails" to receive the run as ` +
			`an item instead.`,
	};
}

/** What the node after a held wait receives once every run has ended: one item per run, in item order. */
export function endedItems(
	waiting: INodeExecutionData[],
	runs: Array<IDataObject | undefined>,
	failOnRunFailure: boolean,
): INodeExecutionData[] {
	return waiting.map((item, index) => {
		const run = runs[index];
		if (run === undefined) return item;
		const { error: _markedAtLimit, ...unmarked } = item;
		if (failOnRunFailure && run.status !== 'SUCCEEDED') return { ...unmarked, json: failedRunError(run) };
		const { waitLimit: _limit, waitOutcome: _pastLimit, ...launchOutput } = launchedRunOf(item);
		return { ...unmarked, json: { ...launchOutput, ...run, waitOutcome: WAIT_OUTCOME.runEnded } };
	});
}
