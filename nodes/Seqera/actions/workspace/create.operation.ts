import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { overwriteOptions } from '../../fields/common';
import { forEachItem } from '../../items/perItem';
import { organizationLocator } from '../../orgAdmin/orgAdminLocators';
import { TEXT_LIMITS, requirePlatformName, textWithin } from '../../orgAdmin/platformNames';
import { currentIdsNamedIn, organizationIdFor, workspacesOf } from '../../orgAdmin/resolve';
import { requireText } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { visibilityField, workspaceDescriptionField, workspaceFullNameField, workspaceNameField } from './workspace.descriptions';
import { requireVisibility, workspaceItem, workspacePath } from './workspaceRecords';

const properties: INodeProperties[] = [
	organizationLocator,
	workspaceNameField,
	workspaceFullNameField,
	workspaceDescriptionField,
	visibilityField,
	overwriteOptions("the organization's workspace"),
];

const displayOptions = { show: { resource: ['workspace'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Creates a workspace in the organization (owners only); with Overwrite, after deleting the organization's workspace of that
 * name with its pipelines, runs and participants. Outputs it as the platform describes it.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const orgId = organizationIdFor(this, itemIndex);
		const name = requirePlatformName(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex), 'workspace');
		const fullName = textWithin(
			node,
			itemIndex,
			'Full Name',
			requireText(node, itemIndex, 'Full Name', this.getNodeParameter('fullName', itemIndex)),
			TEXT_LIMITS.fullName,
		);
		const workspaceDescription = textWithin(
			node,
			itemIndex,
			'Description',
			this.getNodeParameter('description', itemIndex, ''),
			TEXT_LIMITS.description,
		);
		const visibility = requireVisibility(this, itemIndex, this.getNodeParameter('visibility', itemIndex));
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (options.overwrite === true) {
			for (const workspaceId of await currentIdsNamedIn(this, itemIndex, workspacesOf(orgId), name)) {
				await apiRequest(this, { method: 'DELETE', path: workspacePath({ orgId, workspaceId }), itemIndex });
			}
		}
		const { workspace = {} } = await apiRequest<{ workspace?: IDataObject }>(this, {
			method: 'POST',
			path: ['orgs', orgId, 'workspaces'],
			body: { workspace: { name, fullName, description: workspaceDescription, visibility } },
			itemIndex,
		});
		return workspaceItem({ orgId, workspaceId: String(workspace.id) }, workspace);
	});
}
