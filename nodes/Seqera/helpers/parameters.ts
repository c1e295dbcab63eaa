import type { IExecuteFunctions } from 'n8n-workflow';

import type { Connection } from '../transport/connection';
import { optionalNumericId, requireWorkflowId } from './validate';

/**
 * The workspace an operation works in: the node's choice, else the credential's default, else none
 * (the platform then uses the user's personal workspace).
 */
export function workspaceIdFor(context: IExecuteFunctions, itemIndex: number, connection: Connection): string | undefined {
	const chosen = context.getNodeParameter('workspace', itemIndex, '', { extractValue: true }) as string;
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
