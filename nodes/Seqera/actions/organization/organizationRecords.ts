import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { TEXT_LIMITS, textWithin } from '../../orgAdmin/platformNames';
import { apiRequest } from '../../transport';

/** The organization as the platform describes it now (DescribeOrganizationResponse). */
export async function describedOrganization(context: IExecuteFunctions, itemIndex: number, orgId: string): Promise<IDataObject> {
	const { organization = {} } = await apiRequest<{ organization?: IDataObject }>(context, {
		method: 'GET',
		path: ['orgs', orgId],
		itemIndex,
	});
	return organization;
}

/** Description, Location and Website from `fields` (those present only), checked against the contract's lengths. */
export function organizationDetails(context: IExecuteFunctions, itemIndex: number, fields: IDataObject): IDataObject {
	const node = context.getNode();
	const details: IDataObject = {};
	if ('description' in fields)
		details.description = textWithin(node, itemIndex, 'Description', fields.description, TEXT_LIMITS.description);
	if ('location' in fields) details.location = textWithin(node, itemIndex, 'Location', fields.location, TEXT_LIMITS.location);
	if ('website' in fields) details.website = String(fields.website ?? '').trim();
	return details;
}
