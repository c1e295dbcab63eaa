import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { requireText } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'production',
	},
	workspaceLocator,
	{
		displayName: 'Resource Label',
		name: 'resourceLabel',
		type: 'boolean',
		default: false,
		description:
			'Whether this is a resource label, a name=value pair the platform puts on the cloud resources of runs, instead of a ' +
			'simple label',
	},
	{
		displayName: 'Value',
		name: 'value',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'genomics',
		displayOptions: { show: { resourceLabel: [true] } },
	},
	{
		displayName: 'Default',
		name: 'isDefault',
		type: 'boolean',
		default: false,
		description: 'Whether the platform adds this resource label by default to new compute environments and pipelines',
		displayOptions: { show: { resourceLabel: [true] } },
	},
];

const displayOptions = { show: { resource: ['label'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Creates a label; only resource labels carry a value, as the platform requires. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const resource = this.getNodeParameter('resourceLabel', itemIndex, false) as boolean;
		const body: IDataObject = {
			name: requireText(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex)),
			resource,
		};
		if (resource) {
			body.value = requireText(node, itemIndex, 'Value', this.getNodeParameter('value', itemIndex));
			body.isDefault = this.getNodeParameter('isDefault', itemIndex, false) as boolean;
		}
		return await apiRequest<IDataObject>(this, {
			method: 'POST',
			path: ['labels'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex) },
			body,
			itemIndex,
		});
	});
}
