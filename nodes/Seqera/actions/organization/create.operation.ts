import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireText } from '../../helpers/validate';
import { forEachItem } from '../../items/perItem';
import { TEXT_LIMITS, requirePlatformName, textWithin } from '../../orgAdmin/platformNames';
import { apiRequest } from '../../transport';
import { organizationDetailFields, organizationFullNameField, organizationNameField } from './organization.descriptions';
import { organizationDetails } from './organizationRecords';

const properties: INodeProperties[] = [organizationNameField, organizationFullNameField, ...organizationDetailFields];

const displayOptions = { show: { resource: ['organization'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Creates an organization, the token's user its owner; outputs it as the platform describes it. */
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
		const { organization = {} } = await apiRequest<{ organization?: IDataObject }>(this, {
			method: 'POST',
			path: ['orgs'],
			body: { organization: { name, fullName, ...organizationDetails(this, itemIndex, given) } },
			itemIndex,
		});
		return organization;
	});
}
