import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { datasetLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { datasetIdFor } from './datasetParameters';

const NEW_NAME = 'New Name';
const NEW_DESCRIPTION = 'New Description';

const properties: INodeProperties[] = [
	datasetLocator,
	workspaceLocator,
	{
		displayName: NEW_NAME,
		name: 'newName',
		type: 'string',
		default: '',
		placeholder: 'rnaseq-samplesheet',
		description: 'Unique in the workspace. Leave empty to keep the name.',
	},
	{
		displayName: NEW_DESCRIPTION,
		name: 'newDescription',
		type: 'string',
		default: '',
		description: 'Leave empty to keep the description',
	},
];

const displayOptions = { show: { resource: ['dataset'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Renames a dataset and/or changes its description, as tower-cli's `datasets update` does: the dataset is read
 * first and both are sent, since the platform replaces what an update leaves out.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const newName = String(this.getNodeParameter('newName', itemIndex, '') ?? '').trim();
		const newDescription = String(this.getNodeParameter('newDescription', itemIndex, '') ?? '').trim();
		if (newName === '' && newDescription === '') {
			throw new NodeOperationError(this.getNode(), `${NEW_NAME} and ${NEW_DESCRIPTION} are both empty`, {
				itemIndex,
				description: `Give the dataset a "${NEW_NAME}", a "${NEW_DESCRIPTION}", or both (item ${itemIndex}).`,
			});
		}
		const datasetId = datasetIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const { dataset = {} } = await apiRequest<{ dataset?: IDataObject }>(this, {
			method: 'GET',
			path: ['datasets', datasetId, 'metadata'],
			query: { workspaceId },
			itemIndex,
		});
		const name = newName || String(dataset.name);
		const kept = typeof dataset.description === 'string' ? dataset.description : undefined;
		const datasetDescription = newDescription || kept;
		await apiRequest(this, {
			method: 'PUT',
			path: ['datasets', datasetId],
			query: { workspaceId },
			body: { name, ...(datasetDescription === undefined ? {} : { description: datasetDescription }) },
			itemIndex,
		});
		return { id: datasetId, name, description: datasetDescription ?? null, updated: true };
	});
}
