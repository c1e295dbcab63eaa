import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { overwriteOptions } from '../../fields/common';
import { forEachItem } from '../../items/perItem';
import { organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { TEXT_LIMITS, requirePlatformName, textWithin } from '../../orgAdmin/platformNames';
import { currentIdsNamedIn, organizationIdFor, searchedTeamsOf } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { teamDescriptionField, teamNameField } from './team.descriptions';

const properties: INodeProperties[] = [
	organizationLocator,
	teamNameField,
	teamDescriptionField,
	overwriteOptions("the organization's team"),
];

const displayOptions = { show: { resource: ['team'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Creates a team in the organization (owners only), without members; with Overwrite, after deleting the organization's team
 * of that name with its memberships and workspace roles. Outputs the team with the organization ID.
 */
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
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (options.overwrite === true) {
			for (const teamId of await currentIdsNamedIn(this, itemIndex, searchedTeamsOf(orgId), name)) {
				await apiRequest(this, { method: 'DELETE', path: ['orgs', orgId, 'teams', teamId], itemIndex });
			}
		}
		const { team = {} } = await apiRequest<{ team?: IDataObject }>(this, {
			method: 'POST',
			path: ['orgs', orgId, 'teams'],
			body: { team: { name, ...(teamDescription === '' ? {} : { description: teamDescription }) } },
			itemIndex,
		});
		return { orgId: Number(orgId), ...team };
	});
}
