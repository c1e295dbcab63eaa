import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { credentialIdFor } from '../../names/lookups';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { credentialLocator } from './credential.descriptions';

const properties: INodeProperties[] = [
	{ ...credentialLocator, description: 'The credentials to check with their provider' },
	workspaceLocator,
	{
		displayName: 'Force Available',
		name: 'force',
		type: 'boolean',
		default: false,
		description:
			'Whether to skip the check and mark INVALID credentials AVAILABLE. The platform refuses (409) credentials that are ' +
			'not INVALID.',
	},
];

const displayOptions = { show: { resource: ['credential'], operation: ['validate'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** What `POST /credentials/{id}/validate` answers (ValidateCredentialsResponse). */
interface ValidationOutcome {
	status?: string;
	message?: string | null;
	transientError?: boolean;
}

/**
 * Asks the platform to check the credentials with their provider now. `valid` is what to branch on: true when
 * they are AVAILABLE after a completed check; when the provider could not be reached, `transientError` is true,
 * the status is the one from before, and `valid` is false: try later.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const credentialsId = await credentialIdFor(this, itemIndex);
		const force = this.getNodeParameter('force', itemIndex, false) as boolean;
		const outcome = await apiRequest<ValidationOutcome>(this, {
			method: 'POST',
			path: ['credentials', credentialsId, 'validate'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex), force: force || undefined },
			itemIndex,
		});
		const transientError = outcome.transientError === true;
		return {
			id: credentialsId,
			valid: outcome.status === 'AVAILABLE' && !transientError,
			status: outcome.status,
			message: outcome.message ?? null,
			transientError,
		};
	});
}
