import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequestStream } from '../../transport';
import { datasetLocator, workspaceLocator } from '../../fields/sharedLocators';
import { outputFileField, outputFileFieldName } from '../../fields/common';
import { forEachItemWithBinary } from '../../items/perItem';
import { datasetIdFor } from './datasetParameters';
import { datasetVersions } from './datasetVersions';

const properties: INodeProperties[] = [
	datasetLocator,
	workspaceLocator,
	{
		displayName: 'Latest Version',
		name: 'latestVersion',
		type: 'boolean',
		default: true,
		description: 'Whether to download the newest version; turn off to pick one by number',
	},
	{
		displayName: 'Version',
		name: 'version',
		type: 'number',
		default: 1,
		typeOptions: { minValue: 1 },
		displayOptions: { show: { latestVersion: [false] } },
		description: 'The version number, as Get Versions lists them',
	},
	outputFileField,
];

const displayOptions = { show: { resource: ['dataset'], operation: ['download'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The version to download: the newest, or the one asked for; a dataset without it fails with what it has. */
function chosenVersion(context: IExecuteFunctions, itemIndex: number, datasetId: string, versions: IDataObject[]): IDataObject {
	const node = context.getNode();
	const numbers = versions.map((version) => Number(version.version)).sort((a, b) => a - b);
	if (numbers.length === 0) {
		throw new NodeOperationError(node, `The dataset ${datasetId} has no version yet`, {
			itemIndex,
			description: `Upload a CSV or TSV file to it first with Upload Version (item ${itemIndex}).`,
		});
	}
	const wanted = context.getNodeParameter('latestVersion', itemIndex, true)
		? numbers[numbers.length - 1]
		: Number(context.getNodeParameter('version', itemIndex));
	const found = versions.find((version) => Number(version.version) === wanted);
	if (!found) {
		throw new NodeOperationError(node, `The dataset ${datasetId} has no version ${wanted}`, {
			itemIndex,
			description: `Set "Version" to one it has: ${numbers.join(', ')} (item ${itemIndex}).`,
		});
	}
	return found;
}

/** One item per input item: the version's details as JSON and its file as binary data. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItemWithBinary(this, async (itemIndex) => {
		const datasetId = datasetIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const binaryPropertyName = outputFileFieldName(this, itemIndex);
		const version = chosenVersion(this, itemIndex, datasetId, await datasetVersions(this, itemIndex, { datasetId, workspaceId }));
		const fileName = String(version.fileName);
		// A linked dataset's file is in its source, where the platform answers 307: followed without the token.
		const file = await apiRequestStream(this, {
			method: 'GET',
			path: ['datasets', datasetId, 'v', String(version.version), 'n', fileName],
			query: { workspaceId },
			itemIndex,
			purpose: `the download of version ${String(version.version)} of dataset ${datasetId}`,
		});
		const binary = await this.helpers.prepareBinaryData(
			file.body,
			fileName,
			file.mimeType ?? (version.mediaType as string | undefined),
		);
		return [{ json: version, binary: { [binaryPropertyName]: binary } }];
	});
}
