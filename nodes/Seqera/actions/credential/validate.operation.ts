import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { credentialIdFor } from '../../names/lookups';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { validateAgain } from '../../helpers/validation';
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

/**
 * Asks the platform to check the credentials with their provider now; `valid` is what to branch on (see validateAgain).
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const credentialsId = await credentialIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		return { id: credentialsId, ...(await validateAgain(this, itemIndex, ['credentials', credentialsId, 'validate'], workspaceId)) };
	});
}
