import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { managedWorkspaceLocator } from '../../orgAdmin/orgAdminLocators';
import { managedWorkspaceFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { workspacePath } from './workspaceRecords';

const properties: INodeProperties[] = [managedWorkspaceLocator];

const displayOptions = { show: { resource: ['workspace'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Deletes the workspace with its pipelines, runs and participants (organization owners only); `{orgId, workspaceId, deleted: true}`. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const organizations = new Map<string, Promise<string>>();
	return await forEachItem(this, async (itemIndex) => {
		const scope = await managedWorkspaceFor(this, itemIndex, organizations);
		await apiRequest(this, { method: 'DELETE', path: workspacePath(scope), itemIndex });
		return { orgId: Number(scope.orgId), workspaceId: Number(scope.workspaceId), deleted: true };
	});
}
