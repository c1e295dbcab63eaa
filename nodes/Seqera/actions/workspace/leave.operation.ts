import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { managedWorkspaceLocator } from '../../orgAdmin/orgAdminLocators';
import { managedWorkspaceFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { workspacePath } from './workspaceRecords';

const properties: INodeProperties[] = [managedWorkspaceLocator];

const displayOptions = { show: { resource: ['workspace'], operation: ['leave'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Takes the token's user out of the workspace's participants (as `tw workspaces leave`); `{orgId, workspaceId, left: true}`. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const organizations = new Map<string, Promise<string>>();
	return await forEachItem(this, async (itemIndex) => {
		const scope = await managedWorkspaceFor(this, itemIndex, organizations);
		await apiRequest(this, { method: 'DELETE', path: [...workspacePath(scope), 'participants'], itemIndex });
		return { orgId: Number(scope.orgId), workspaceId: Number(scope.workspaceId), left: true };
	});
}
