import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { computeEnvLocator, workspaceLocator } from '../../fields/sharedLocators';
import { requireText } from '../../helpers/validate';
import { forEachItem } from '../../items/perItem';
import { computeEnvIdFor, studioIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { studioItem } from '../../studios/status';
import { apiRequest } from '../../transport';
import { configurationOverrideOptions, configurationOverrides, configurationWithOverrides } from './configuration';
import { studioLocator } from './studio.descriptions';
import { environmentField, sshField, studioLabelFields, studioLabelIdsOf } from './studioOptions';

// DataStudioUpdateRequest.name and .description
const NAME_MAX_LENGTH = 80;
const DESCRIPTION_MAX_LENGTH = 2048;

const byDisplayName = (a: INodeProperties, b: INodeProperties) => a.displayName.localeCompare(b.displayName);

const updateFieldOptions: INodeProperties[] = [
	{ displayName: 'Description', name: 'description', type: 'string', default: '', typeOptions: { rows: 2 } },
	{ ...environmentField, description: "These replace the Studio's environment variables" },
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		description: 'Unique among the Studios of the workspace; at most 80 characters',
	},
	...configurationOverrideOptions,
	sshField,
	...studioLabelFields.map((field) => ({ ...field, hint: "These replace the Studio's labels" })),
];

const properties: INodeProperties[] = [
	studioLocator,
	workspaceLocator,
	{
		...computeEnvLocator,
		description:
			'Moves the Studio to this compute environment, which must be compatible with the one it is on. ' +
			"Leave empty to keep the Studio's.",
	},
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What to change; the rest of the Studio, its mounts included, stays as it is',
		options: updateFieldOptions.sort(byDisplayName),
	},
];

const displayOptions = { show: { resource: ['studio'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

function checkedLength(context: IExecuteFunctions, itemIndex: number, field: string, text: string, max: number): string {
	if (text.length > max) {
		throw new NodeOperationError(context.getNode(), `${field} is longer than ${max} characters`, {
			itemIndex,
			description: `It has ${text.length} (item ${itemIndex}). Shorten it.`,
		});
	}
	return text;
}

/**
 * Changes a Studio per item, as tower-cli's `studios update` does: it reads the Studio, then sends its
 * whole configuration with the changes laid over it, and its description, since the platform replaces
 * the configuration it is given; a compute environment and labels only when given, as the labels given
 * replace the Studio's. The platform updates only a Studio that is not running.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const name =
			fields.name === undefined
				? undefined
				: checkedLength(this, itemIndex, 'Name', requireText(node, itemIndex, 'Name', fields.name), NAME_MAX_LENGTH);
		const newDescription =
			fields.description === undefined
				? undefined
				: checkedLength(this, itemIndex, 'Description', String(fields.description).trim(), DESCRIPTION_MAX_LENGTH);
		const overrides = configurationOverrides(this, itemIndex, fields);
		const labelIds = await studioLabelIdsOf(this, itemIndex, fields);
		const sessionId = await studioIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const computeEnvId = await computeEnvIdFor(this, itemIndex, 'run', true);

		const studio = await apiRequest<IDataObject>(this, {
			method: 'GET',
			path: ['studios', sessionId],
			query: { workspaceId },
			itemIndex,
		});
		const description = newDescription ?? (typeof studio.description === 'string' ? studio.description : undefined);
		const updated = await apiRequest<IDataObject>(this, {
			method: 'PUT',
			path: ['studios', sessionId],
			query: { workspaceId },
			body: {
				...(name === undefined ? {} : { name }),
				...(description === undefined ? {} : { description }),
				configuration: configurationWithOverrides(this, studio, overrides),
				...(computeEnvId === undefined ? {} : { computeEnvId }),
				...(labelIds.length === 0 ? {} : { labelIds }),
			},
			itemIndex,
		});
		return studioItem(updated);
	});
}
