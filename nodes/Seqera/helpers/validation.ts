import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiRequest } from '../transport';

/** What the platform's `POST …/{id}/validate` answers (ValidateCredentialsResponse, ValidateComputeEnvResponse). */
interface ValidationOutcome {
	status?: string;
	message?: string | null;
	transientError?: boolean;
}

/**
 * Asks the platform to run its checks of credentials or a compute environment again (`path` ends in `validate`), or,
 * with Force Available, to skip them. `valid` is what to branch on: true when AVAILABLE after a completed check. When a
 * provider could not be reached, `transientError` is true, the status is the one from before, and `valid` is false:
 * try later.
 */
export async function validateAgain(
	context: IExecuteFunctions,
	itemIndex: number,
	path: string[],
	workspaceId: string | undefined,
): Promise<IDataObject> {
	const force = context.getNodeParameter('force', itemIndex, false) as boolean;
	const outcome = await apiRequest<ValidationOutcome>(context, {
		method: 'POST',
		path,
		query: { workspaceId, force: force || undefined },
		itemIndex,
	});
	const transientError = outcome.transientError === true;
	return {
		valid: outcome.status === 'AVAILABLE' && !transientError,
		status: outcome.status,
		message: outcome.message ?? null,
		transientError,
	};
}
