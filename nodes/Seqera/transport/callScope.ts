import type { ICredentialTestFunctions } from 'n8n-workflow';

import type { SeqeraFunctions } from './connection';

/** Whether a person waits for the call (interactive) or it is part of a workflow's run (bulk). */
export type CallPriority = 'interactive' | 'bulk';

/**
 * What stops a node execution's calls: the execution's own cancel signal, and, while its items run
 * together, the item pool's stop (the first item that fails without Continue On Fail). Either one
 * keeps new calls from starting and ends waits; calls already on the wire are answered.
 */
const poolStops = new WeakMap<object, AbortSignal>();

/** The execution's cancel alone: it also aborts calls on the wire, which the pool's stop lets finish. */
export function executionCancelSignalOf(context: SeqeraFunctions | ICredentialTestFunctions): AbortSignal | undefined {
	return 'getExecutionCancelSignal' in context ? context.getExecutionCancelSignal() : undefined;
}

/** From now until the returned function is called, `stop` also stops the calls made with `context`. */
export function stopCallsWith(context: SeqeraFunctions, stop: AbortSignal): () => void {
	const cancel = executionCancelSignalOf(context);
	poolStops.set(context, cancel ? AbortSignal.any([cancel, stop]) : stop);
	return () => poolStops.delete(context);
}

/** The signal that keeps new calls of `context` from starting and ends its waits. */
export function callSignalOf(context: SeqeraFunctions | ICredentialTestFunctions): AbortSignal | undefined {
	return poolStops.get(context) ?? executionCancelSignalOf(context);
}
