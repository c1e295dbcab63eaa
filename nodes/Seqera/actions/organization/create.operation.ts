import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { overwriteOptions } from '../../fields/common';
import { requireText } from '../../helpers/validate';
import { forEachItem } from '../../items/perItem';
import { TEXT_LIMITS, requirePlatformName, textWithin } from '../../orgAdmin/platformNames';
import { currentIdsNamedIn, ORGANIZATIONS } from '../../orgAdmin/resolve';
import { apiRequest } from '../../transport';
import { organizationDetailFields, organizationFullNameField, organizationNameField } from './organization.descriptions';
import { organizationDetails } from './organizationRecords';

const properties: INodeProperties[] = [
	organizationNameField,
	organizationFullNameField,
	...organizationDetailFields,
	overwriteOptions('your organization'),
];

const displayOptions = { show: { resource: ['organization'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Creates an organization, the token's user its owner; with Overwrite, after deleting the user's organization of that name
 * with its workspaces, teams and members. Outputs it as the platform describes it.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const name = requirePlatformName(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex), 'organization');
		const fullName = textWithin(
			node,
			itemIndex,
			'Full Name',
			requireText(node, itemIndex, 'Full Name', this.getNodeParameter('fullName', itemIndex)),
			TEXT_LIMITS.fullName,
		);
		const given: IDataObject = {};
		for (const field of ['description', 'location', 'website']) {
			const value = String(this.getNodeParameter(field, itemIndex, '') ?? '').trim();
			if (value !== '') given[field] = value;
		}
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (options.overwrite === true) {
			for (const orgId of await currentIdsNamedIn(this, itemIndex, ORGANIZATIONS, name)) {
				await apiRequest(this, { method: 'DELETE', path: ['orgs', orgId], itemIndex });
			}
		}
		const { organization = {} } = await apiRequest<{ organization?: IDataObject }>(this, {
			method: 'POST',
			path: ['orgs'],
			body: { organization: { name, fullName, ...organizationDetails(this, itemIndex, given) } },
			itemIndex,
		});
		return organization;
	});
}
