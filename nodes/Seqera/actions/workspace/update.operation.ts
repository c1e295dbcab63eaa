import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { managedWorkspaceLocator } from '../../orgAdmin/orgAdminLocators';
import { TEXT_LIMITS, requirePlatformName, textWithin } from '../../orgAdmin/platformNames';
import { managedWorkspaceFor } from '../../orgAdmin/resolve';
import { requireText } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { visibilityField, workspaceDescriptionField, workspaceFullNameField, workspaceNameField } from './workspace.descriptions';
import { describedWorkspace, requireVisibility, workspaceItem, workspacePath } from './workspaceRecords';
import { updateFieldsOf } from '../../helpers/parameters';

const properties: INodeProperties[] = [
	managedWorkspaceLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What to change; the rest stays as it is',
		options: [
			{ ...workspaceDescriptionField, description: 'Up to 1000 characters; an empty one clears it' },
			{ ...workspaceFullNameField, required: false },
			{ ...workspaceNameField, displayName: 'New Name', required: false },
			{ ...visibilityField },
		],
	},
];

const displayOptions = { show: { resource: ['workspace'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The changes of Update Fields, each checked as Create checks it, before any call. */
function changesOf(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const node = context.getNode();
	const fields = updateFieldsOf(context, itemIndex);
	const changes: IDataObject = {};
	if ('name' in fields) changes.name = requirePlatformName(node, itemIndex, 'New Name', fields.name, 'workspace');
	if ('fullName' in fields) {
		changes.fullName = textWithin(
			node,
			itemIndex,
			'Full Name',
			requireText(node, itemIndex, 'Full Name', fields.fullName),
			TEXT_LIMITS.fullName,
		);
	}
	if ('description' in fields)
		changes.description = textWithin(node, itemIndex, 'Description', fields.description, TEXT_LIMITS.description);
	if ('visibility' in fields) changes.visibility = requireVisibility(context, itemIndex, fields.visibility);
	return changes;
}

/**
 * Reads the workspace, then sends its name, full name, description and visibility back with the changes laid over:
 * the platform replaces what an update does not send.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const organizations = new Map<string, Promise<string>>();
	return await forEachItem(this, async (itemIndex) => {
		const changes = changesOf(this, itemIndex);
		const scope = await managedWorkspaceFor(this, itemIndex, organizations);
		const current = await describedWorkspace(this, itemIndex, scope);
		const { workspace = {} } = await apiRequest<{ workspace?: IDataObject }>(this, {
			method: 'PUT',
			path: workspacePath(scope),
			body: {
				name: current.name,
				fullName: current.fullName,
				description: current.description ?? '',
				visibility: current.visibility,
				...changes,
			},
			itemIndex,
		});
		return workspaceItem(scope, workspace);
	});
}
