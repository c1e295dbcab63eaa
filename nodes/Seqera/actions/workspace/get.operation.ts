import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { managedWorkspaceLocator } from '../../orgAdmin/orgAdminLocators';
import { managedWorkspaceFor } from '../../orgAdmin/resolve';
import { describedWorkspace, workspaceItem } from './workspaceRecords';

const properties: INodeProperties[] = [managedWorkspaceLocator];

const displayOptions = { show: { resource: ['workspace'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item: the workspace's name, full name, description, visibility and dates, with its organization's ID. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const organizations = new Map<string, Promise<string>>();
	return await forEachItem(this, async (itemIndex) => {
		const scope = await managedWorkspaceFor(this, itemIndex, organizations);
		return workspaceItem(scope, await describedWorkspace(this, itemIndex, scope));
	});
}
