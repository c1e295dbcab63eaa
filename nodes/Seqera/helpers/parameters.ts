import type { IExecuteFunctions } from 'n8n-workflow';

import type { Connection, SeqeraFunctions } from '../transport/connection';
import { optionalNumericId, requireWorkflowId } from './validate';

/** The Workspace field's value: an execution reads it per item; a poll or an editor list has one value. */
function chosenWorkspace(context: SeqeraFunctions, itemIndex: number): unknown {
	return 'getInputData' in context
		? context.getNodeParameter('workspace', itemIndex, '', { extractValue: true })
		: context.getNodeParameter('workspace', '', { extractValue: true });
}

/**
 * The workspace an operation, the trigger or an editor list works in: the node's choice, else the
 * credential's default, else none (the platform then uses the user's personal workspace). An ID that is
 * not a number fails, naming the field, before any call.
 */
export function workspaceIdFor(context: SeqeraFunctions, itemIndex: number, connection: Connection): string | undefined {
	const chosen = chosenWorkspace(context, itemIndex);
	const node = context.getNode();
	return (
		optionalNumericId(node, itemIndex, chosen, 'Workspace') ??
		optionalNumericId(node, itemIndex, connection.defaultWorkspaceId, 'Default Workspace ID (credential)')
	);
}

/** The run an operation acts on, from the Run locator (list, ID or URL), checked before any call. */
export function runIdFor(context: IExecuteFunctions, itemIndex: number, parameterName = 'workflowId'): string {
	const value = context.getNodeParameter(parameterName, itemIndex, '', { extractValue: true });
	return requireWorkflowId(context.getNode(), itemIndex, value);
}
