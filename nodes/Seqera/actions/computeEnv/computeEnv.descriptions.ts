import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { byId, byUrl, fromList, locator } from '../../fields/locatorBuilders';
import { computeEnvLocator } from '../../fields/sharedLocators';
import { requireStringId } from '../../helpers/validate';

/**
 * A compute environment of the workspace in any status, not only the available ones a launch can use:
 * Validate is for one marked INVALID, and Get shows why one failed. The web app links a compute
 * environment as `https://cloud.seqera.io/orgs/ORG/workspaces/WORKSPACE/compute-envs/ID`; By URL
 * takes the ID after `/compute-envs/`.
 */
export const anyComputeEnvLocator: INodeProperties = locator(
	{ displayName: 'Compute Environment', name: 'computeEnvId', required: true, description: 'The compute environment' },
	[
		fromList('searchAllComputeEnvs'),
		...(computeEnvLocator.modes ?? []).filter((mode) => mode.name === 'name' || mode.name === 'id'),
		byUrl({
			segment: 'compute-envs',
			kind: 'string',
			placeholder: 'https://cloud.seqera.io/orgs/acme/workspaces/genomics/compute-envs/4Xg5nI8pbEXNf3GbDvxoGm',
			errorMessage: 'Paste the URL of a compute environment page (it contains /compute-envs/ and the ID)',
		}),
	],
);

/** Credentials saved in the workspace (cloud keys, SSH keys) that a new compute environment uses. */
export const workspaceCredentialsLocator: INodeProperties = locator(
	{
		displayName: 'Workspace Credentials',
		name: 'credentialsId',
		description:
			"Credentials of the workspace for the compute environment's cloud or cluster; they replace the configuration's " +
			'credentialsId. Choose them when copying a compute environment to another workspace: credentials belong to one ' +
			"workspace. With the fields, leave empty to use the workspace's only credentials for the platform, as tw does; " +
			'Seqera Compute takes none.',
	},
	[
		fromList('searchWorkspaceCredentials'),
		byId({
			placeholder: '5cY2ZPQ3zNCred',
			check: { kind: 'string', errorMessage: 'A credentials ID has only letters, digits, - and _' },
		}),
	],
);

export const WORKSPACE_CREDENTIALS_FIELD = 'Workspace Credentials';

/** The ID given in a Workspace Credentials field (workspaceCredentialsLocator), checked before any call; undefined when empty. */
export function workspaceCredentialsIdFor(context: IExecuteFunctions, itemIndex: number): string | undefined {
	const value = String(context.getNodeParameter(workspaceCredentialsLocator.name, itemIndex, '', { extractValue: true }) ?? '').trim();
	return value === '' ? undefined : requireStringId(context.getNode(), itemIndex, value, WORKSPACE_CREDENTIALS_FIELD);
}
