import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest } from '../../transport';

import { WORKSPACE_CREDENTIALS_FIELD } from './computeEnv.descriptions';

/** Seqera Compute brings its own cloud account; every other platform runs with credentials of the workspace. */
const WITHOUT_CREDENTIALS = new Set(['seqeracompute-platform']);

interface ListedCredentials {
	id?: string;
	name?: string;
}

/**
 * The credentials a new compute environment runs with, picked as tw's `compute-envs add` and `import` pick them: the
 * ones chosen (`chosen`, from workspaceCredentialsIdFor), else the workspace's only credentials for the platform
 * (`GET /credentials` with `platformId`); none for Seqera Compute. No match, or more than one, fails the item naming
 * the field.
 */
export async function credentialsForNewComputeEnv(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	platform: string,
	chosen: string | undefined,
): Promise<string | undefined> {
	if (chosen !== undefined) return chosen;
	if (WITHOUT_CREDENTIALS.has(platform)) return undefined;
	const { credentials = [] } = await apiRequest<{ credentials?: ListedCredentials[] }>(context, {
		method: 'GET',
		path: ['credentials'],
		query: { workspaceId, platformId: platform },
		itemIndex,
	});
	if (credentials.length === 1 && credentials[0].id) return credentials[0].id;
	const names = credentials.map((each) => `'${each.name ?? each.id}'`).join(', ');
	throw new NodeOperationError(
		context.getNode(),
		credentials.length === 0
			? `${WORKSPACE_CREDENTIALS_FIELD}: the workspace has no credentials for ${platform}`
			: `${WORKSPACE_CREDENTIALS_FIELD}: ${credentials.length} credentials of the workspace fit ${platform} (${names})`,
		{
			itemIndex,
			description:
				credentials.length === 0
					? `Add them with Credential → Create, then choose them in ${WORKSPACE_CREDENTIALS_FIELD} (item ${itemIndex}). ` +
						'Nothing was created.'
					: `Choose the ones to use in ${WORKSPACE_CREDENTIALS_FIELD} (item ${itemIndex}). Nothing was created.`,
		},
	);
}
