import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { organizationLocator, teamLocator } from '../../orgAdmin/orgAdminLocators';
import { TEXT_LIMITS, requirePlatformName, textWithin } from '../../orgAdmin/platformNames';
import { organizationIdFor, teamIdFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { teamDescriptionField, teamNameField } from './team.descriptions';
import { updateFieldsOf } from '../../helpers/parameters';

const properties: INodeProperties[] = [
	organizationLocator,
	teamLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What to change; the rest stays as it is',
		options: [
			{ ...teamDescriptionField, description: 'Up to 250 characters; an empty one clears it' },
			{ ...teamNameField, displayName: 'New Name', required: false },
		],
	},
];

const displayOptions = { show: { resource: ['team'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

function changesOf(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const node = context.getNode();
	const fields = updateFieldsOf(context, itemIndex);
	const changes: IDataObject = {};
	if ('name' in fields) changes.name = requirePlatformName(node, itemIndex, 'New Name', fields.name, 'team');
	if ('description' in fields) {
		changes.description = textWithin(node, itemIndex, 'Description', fields.description, TEXT_LIMITS.teamDescription);
	}
	return changes;
}

/**
 * Reads the team, then sends its name and description back with the changes laid over: the platform replaces what an
 * update does not send. Outputs what was sent.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const changes = changesOf(this, itemIndex);
		const orgId = organizationIdFor(this, itemIndex);
		const teamId = await teamIdFor(this, itemIndex, orgId);
		const path = ['orgs', orgId, 'teams', teamId];
		const { team = {} } = await apiRequest<{ team?: IDataObject }>(this, { method: 'GET', path, itemIndex });
		const sent: IDataObject = { name: team.name, description: team.description ?? '', ...changes };
		await apiRequest(this, { method: 'PUT', path, body: sent, itemIndex });
		return { orgId: Number(orgId), teamId: Number(teamId), ...sent, updated: true };
	});
}
