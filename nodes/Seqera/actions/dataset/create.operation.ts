import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { overwriteOptions } from '../../fields/common';
import { currentIdsNamed, DATASETS } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { requireText } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { datasetFileOf, datasetFileProperties, uploadDatasetVersion, type DatasetFile } from './datasetFile';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'rnaseq-samplesheet',
		description: 'Unique in the workspace',
	},
	workspaceLocator,
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
	},
	{
		displayName: 'Upload First Version',
		name: 'uploadFirstVersion',
		type: 'boolean',
		default: false,
		description: "Whether to upload the item's CSV or TSV file as the dataset's first version in the same step",
	},
	...datasetFileProperties.map((property) => ({ ...property, displayOptions: { show: { uploadFirstVersion: [true] } } })),
	overwriteOptions("the workspace's dataset (hidden or not)"),
];

const displayOptions = { show: { resource: ['dataset'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Says, on an upload that failed, that the dataset exists: creating it again would be refused as a duplicate. */
function createdButNotUploaded(error: unknown, dataset: IDataObject): unknown {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		const created = `The dataset "${String(dataset.name)}" (ID ${String(dataset.id)}) was created without a version`;
		error.description =
			`${created}: upload the file with Upload Version rather than creating the dataset again. ${error.description ?? ''}`.trim();
	}
	return error;
}

/**
 * Creates a dataset, empty unless Upload First Version is on, with Overwrite after deleting the workspace's dataset of that
 * name; the output is the dataset as the platform describes it.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const name = requireText(this.getNode(), itemIndex, 'Name', this.getNodeParameter('name', itemIndex));
		const datasetDescription = (this.getNodeParameter('description', itemIndex, '') as string).trim();
		// The file is checked before the dataset is created, so a wrong file leaves nothing behind.
		const file: DatasetFile | undefined = this.getNodeParameter('uploadFirstVersion', itemIndex, false)
			? await datasetFileOf(this, itemIndex)
			: undefined;
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (options.overwrite === true) {
			for (const id of await currentIdsNamed(this, itemIndex, DATASETS, workspaceId, name)) {
				await apiRequest(this, { method: 'DELETE', path: ['datasets', id], query: { workspaceId }, itemIndex });
			}
		}
		const response = await apiRequest<{ dataset?: IDataObject }>(this, {
			method: 'POST',
			path: ['datasets'],
			query: { workspaceId },
			body: { name, ...(datasetDescription ? { description: datasetDescription } : {}) },
			itemIndex,
		});
		const dataset = response.dataset ?? {};
		if (!file) return dataset;
		try {
			const version = await uploadDatasetVersion(this, itemIndex, { datasetId: String(dataset.id), workspaceId }, file);
			return { ...dataset, version: version.version, mediaType: version.mediaType };
		} catch (error) {
			throw createdButNotUploaded(error, dataset);
		}
	});
}
