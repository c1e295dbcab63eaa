import type { ICredentialTestFunctions, WorkflowExecuteMode } from 'n8n-workflow';

import type { CallPriority } from './budget/gate';
import type { SeqeraFunctions } from './connection';

/**
 * The execution modes in which a person waits for the answer: run from the editor, n8n's chat, and an
 * execution made for an AI agent. Every other mode is bulk: production runs ('trigger', 'webhook',
 * 'retry', 'error', 'internal'), a sub-workflow ('integrated', whose parent cannot be told), a saved
 * workflow run from a script ('cli'), a whole test dataset ('evaluation').
 */
const INTERACTIVE_MODES: ReadonlySet<WorkflowExecuteMode> = new Set<WorkflowExecuteMode>(['manual', 'chat', 'agent']);

/**
 * An AI agent's tool (a type ending in 'Tool', as n8n-workflow's isToolType tells) runs in the agent's mode, but the agent waits for it.
 */
function isAiTool(nodeType: string): boolean {
	return (nodeType.split('.').pop() ?? '').endsWith('Tool');
}

/**
 * Interactive for calls a person (or an AI agent) waits on: editor lookups (load options, list
 * search, resource mapping) and the credential test, which have no input items; trigger polls; an
 * execution run from the editor or a chat; a node used as an AI tool. Bulk for everything else.
 */
export function callPriorityOf(context: SeqeraFunctions | ICredentialTestFunctions): CallPriority {
	if ('__emit' in context || !('getInputData' in context)) return 'interactive';
	if (isAiTool(context.getNode().type)) return 'interactive';
	return INTERACTIVE_MODES.has(context.getMode()) ? 'interactive' : 'bulk';
}

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
