import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { locatorOf } from '../../helpers/parameters';
import { forEachItem } from '../../items/perItem';
import { apiRequestPages, pagesCountedByTotal } from '../../lists/pages';
import { labelIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { oneLabelLocator } from './label.descriptions';

const NEW_NAME = 'New Name';
const NEW_VALUE = 'New Value';

const properties: INodeProperties[] = [
	oneLabelLocator,
	workspaceLocator,
	{
		displayName: NEW_NAME,
		name: 'newName',
		type: 'string',
		default: '',
		placeholder: 'production',
		description: 'Leave empty to keep the name',
	},
	{
		displayName: NEW_VALUE,
		name: 'newValue',
		type: 'string',
		default: '',
		placeholder: 'genomics',
		description: 'For a resource label (name=value). Leave empty to keep its value.',
	},
];

const displayOptions = { show: { resource: ['label'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * The label as the workspace's list shows it. The platform has no read of one label, so its list is read until the label
 * appears, narrowed by the name where the label was given by name.
 */
async function labelOf(
	context: IExecuteFunctions,
	itemIndex: number,
	labelId: string,
	workspaceId: string | undefined,
): Promise<IDataObject> {
	const { mode, value } = locatorOf(context, 'labelId', itemIndex);
	const search = mode === 'name' ? String(value).trim().split('=')[0] : undefined;
	const countedByTotal = pagesCountedByTotal('labels');
	const labels = await apiRequestPages<IDataObject>(
		context,
		{ method: 'GET', path: ['labels'], query: { workspaceId, type: 'all', search }, itemIndex },
		(page) => {
			const read = countedByTotal(page);
			return read.results.some((label) => String(label.id) === labelId) ? { results: read.results, hasMore: false } : read;
		},
	);
	const label = labels.find((each) => String(each.id) === labelId);
	if (label === undefined) {
		throw new NodeOperationError(context.getNode(), `Label ${labelId} was not found in this workspace`, {
			itemIndex,
			description: `Pick the label from the list, or check the Workspace field (item ${itemIndex}).`,
		});
	}
	return label;
}

/**
 * Renames a label and/or changes a resource label's value. The label is read first and sent back whole, with the
 * changes laid over: an update that left out its value or its default flag could lose them.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const newName = String(this.getNodeParameter('newName', itemIndex, '') ?? '').trim();
		const newValue = String(this.getNodeParameter('newValue', itemIndex, '') ?? '').trim();
		if (newName === '' && newValue === '') {
			throw new NodeOperationError(node, `${NEW_NAME} and ${NEW_VALUE} are both empty`, {
				itemIndex,
				description: `Give the label a "${NEW_NAME}", a "${NEW_VALUE}" (resource labels only), or both (item ${itemIndex}).`,
			});
		}
		const labelId = await labelIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const label = await labelOf(this, itemIndex, labelId, workspaceId);
		const resource = label.resource === true;
		if (newValue !== '' && !resource) {
			throw new NodeOperationError(node, `Label "${String(label.name)}" is a simple label, which has no value`, {
				itemIndex,
				description: `Only resource labels (name=value) have a value: leave "${NEW_VALUE}" empty (item ${itemIndex}).`,
			});
		}
		const body: IDataObject = {
			name: newName || label.name,
			...(resource ? { value: newValue || label.value, isDefault: label.isDefault === true } : {}),
		};
		const updated = await apiRequest<IDataObject>(this, {
			method: 'PUT',
			path: ['labels', labelId],
			query: { workspaceId },
			body,
			itemIndex,
		});
		return { ...updated, resource };
	});
}
