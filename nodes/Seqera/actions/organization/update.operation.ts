import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireText } from '../../helpers/validate';
import { forEachItem } from '../../items/perItem';
import { organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { TEXT_LIMITS, requirePlatformName, textWithin } from '../../orgAdmin/platformNames';
import { organizationIdFor } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import {
	organizationDescriptionField,
	organizationFullNameField,
	organizationLocationField,
	organizationNameField,
	organizationWebsiteField,
} from './organization.descriptions';
import { describedOrganization, organizationDetails } from './organizationRecords';
import { updateFieldsOf } from '../../helpers/parameters';

const properties: INodeProperties[] = [
	organizationLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What to change; the rest stays as it is',
		options: [
			{ ...organizationDescriptionField },
			{ ...organizationFullNameField, required: false },
			{ ...organizationLocationField },
			{ ...organizationNameField, displayName: 'New Name', required: false },
			{ ...organizationWebsiteField },
		],
	},
];

const displayOptions = { show: { resource: ['organization'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The changes of Update Fields, each checked as Create checks it, before any call. */
function changesOf(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const node = context.getNode();
	const fields = updateFieldsOf(context, itemIndex);
	const changes = organizationDetails(context, itemIndex, fields);
	if ('name' in fields) changes.name = requirePlatformName(node, itemIndex, 'New Name', fields.name, 'organization');
	if ('fullName' in fields) {
		changes.fullName = textWithin(
			node,
			itemIndex,
			'Full Name',
			requireText(node, itemIndex, 'Full Name', fields.fullName),
			TEXT_LIMITS.fullName,
		);
	}
	return changes;
}

/**
 * Reads the organization, then sends its name, full name, description, location and website back with the changes laid
 * over, as `tw organizations update` does: the platform replaces what an update does not send. Outputs what was sent.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const changes = changesOf(this, itemIndex);
		const orgId = organizationIdFor(this, itemIndex);
		const current = await describedOrganization(this, itemIndex, orgId);
		const sent: IDataObject = { name: current.name, fullName: current.fullName };
		// The platform answers null for what was never set; the contract wants text or nothing.
		for (const field of ['description', 'location', 'website']) if (typeof current[field] === 'string') sent[field] = current[field];
		Object.assign(sent, changes);
		await apiRequest(this, { method: 'PUT', path: ['orgs', orgId], body: sent, itemIndex });
		return { orgId: Number(orgId), ...sent, updated: true };
	});
}
