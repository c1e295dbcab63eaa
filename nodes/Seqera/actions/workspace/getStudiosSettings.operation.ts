import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { managedWorkspaceLocator } from '../../orgAdmin/orgAdminLocators';
import { managedWorkspaceFor } from '../../orgAdmin/resolve';
import { studiosSettingsOf } from './studiosSettings';

const properties: INodeProperties[] = [managedWorkspaceLocator];

const displayOptions = { show: { resource: ['workspace'], operation: ['getStudiosSettings'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item: the Studios settings of the workspace (container repository, name strategy, lifespan, private by default). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const organizations = new Map<string, Promise<string>>();
	return await forEachItem(this, async (itemIndex) => {
		const scope = await managedWorkspaceFor(this, itemIndex, organizations);
		return await studiosSettingsOf(this, itemIndex, scope);
	});
}
