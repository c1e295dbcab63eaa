import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { TEXT_LIMITS, requirePlatformName, textWithin } from '../../orgAdmin/platformNames';
import { organizationIdFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { teamDescriptionField, teamNameField } from './team.descriptions';

const properties: INodeProperties[] = [organizationLocator, teamNameField, teamDescriptionField];

const displayOptions = { show: { resource: ['team'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Creates a team in the organization (owners only), without members; outputs it with the organization ID. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const orgId = organizationIdFor(this, itemIndex);
		const name = requirePlatformName(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex), 'team');
		const teamDescription = textWithin(
			node,
			itemIndex,
			'Description',
			this.getNodeParameter('description', itemIndex, ''),
			TEXT_LIMITS.teamDescription,
		);
		const { team = {} } = await apiRequest<{ team?: IDataObject }>(this, {
			method: 'POST',
			path: ['orgs', orgId, 'teams'],
			body: { team: { name, ...(teamDescription === '' ? {} : { description: teamDescription }) } },
			itemIndex,
		});
		return { orgId: Number(orgId), ...team };
	});
}
