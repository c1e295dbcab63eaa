import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { workspaceMemberships } from '../../names/workspaces';

const properties: INodeProperties[] = [
	{
		displayName: 'Include Organization-Only Entries',
		name: 'includeOrganizations',
		type: 'boolean',
		default: false,
		description:
			'Whether to also output one item per organization you belong to, with empty workspace fields, as the platform lists them',
	},
];

const displayOptions = { show: { resource: ['workspace'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The organizations and workspaces of the token's user, one item per workspace. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const includeOrganizations = this.getNodeParameter('includeOrganizations', itemIndex, false) as boolean;
		return (
			(await workspaceMemberships(this, itemIndex))
				// Entries without a workspace stand for organization membership alone.
				.filter((entry) => includeOrganizations || (entry.workspaceId !== null && entry.workspaceId !== undefined))
				.map((entry) => ({
					orgId: entry.orgId ?? null,
					orgName: entry.orgName ?? null,
					workspaceId: entry.workspaceId ?? null,
					workspaceName: entry.workspaceName ?? null,
					workspaceFullName: entry.workspaceFullName ?? null,
					visibility: entry.visibility ?? null,
					roles: entry.roles ?? [],
				}))
		);
	});
}
