import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { organizationIdFor } from '../../orgAdmin/resolve';
import { describedOrganization } from './organizationRecords';

const properties: INodeProperties[] = [organizationLocator];

const displayOptions = { show: { resource: ['organization'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item: the organization's name, full name, description, location and website. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => await describedOrganization(this, itemIndex, organizationIdFor(this, itemIndex)));
}
