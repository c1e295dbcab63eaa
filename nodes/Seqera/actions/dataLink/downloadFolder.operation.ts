import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { browseTree, pathSegments, type DataLinkScope } from '../../dataLinks/calls';
import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import { outputFileField, outputFileFieldName } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { requireCount } from '../../helpers/validate';
import { binaryOfStreamedFile } from '../../items/binaryFromStream';
import { forEachItemWithBinary } from '../../items/perItem';
import { apiRequestStream } from '../../transport';
import { dataLinkOfItem, pathParameter, transferCredentialsLocator } from './dataLinkParameters';

const FOLDER_FIELD = 'Folder';
const MAX_FILES_FIELD = 'Max Files';
const MAX_SIZE_FIELD = 'Max Total Size (MiB)';
const MIB = 1024 * 1024;

const properties: INodeProperties[] = [
	dataLinkLocator,
	workspaceLocator,
	transferCredentialsLocator,
	{
		displayName: FOLDER_FIELD,
		name: 'folder',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'runs/240501_A00123_0042_AHVKJ3DSX7',
		description: "The folder to download, below the data link's root, as Browse lists it. Every file below it is downloaded.",
	},
	outputFileField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: MAX_FILES_FIELD,
				name: 'maxFiles',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1000,
				description: 'The most files the folder may hold; a folder with more fails the item before any file is downloaded',
			},
			{
				displayName: MAX_SIZE_FIELD,
				name: 'maxTotalMiB',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1024,
				description:
					"The most bytes the folder's files may add up to; a bigger folder fails the item before any file is downloaded",
			},
		],
	},
];

const displayOptions = { show: { resource: ['dataLink'], operation: ['downloadFolder'] } };

export const description = updateDisplayOptions(displayOptions, properties);

function tooMuch(context: IExecuteFunctions, itemIndex: number, message: string, option: string): NodeOperationError {
	return new NodeOperationError(context.getNode(), message, {
		itemIndex,
		description: `Nothing was downloaded. Raise "${option}" in Options, or download a folder further down (item ${itemIndex}).`,
	});
}

/**
 * Every file below the folder, one output item each: its binary data, streamed into n8n's binary data
 * store, and its path relative to the folder, which n8n's Read/Write Files and Compression nodes can
 * take. The folder's listing comes first, in one call (`browse-tree`), so a folder over the limits
 * fails before any file is downloaded instead of being cut short. Paths always go a segment at a time,
 * as the platform's own clients send them, whatever the node version.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItemWithBinary(this, async (itemIndex) => {
		const node = this.getNode();
		const folder = pathParameter(this, itemIndex, 'folder', FOLDER_FIELD, { required: true, encoding: 'perSegment' });
		// The platform takes its folders comma-joined in one query value.
		if (folder.includes(',')) {
			throw new NodeOperationError(node, `${FOLDER_FIELD} "${folder}" holds a comma`, {
				itemIndex,
				description:
					`The platform reads a comma as the end of one folder and the start of another. Download the files one at a time ` +
					`with Download File (item ${itemIndex}).`,
			});
		}
		const binaryPropertyName = outputFileFieldName(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as { maxFiles?: unknown; maxTotalMiB?: unknown };
		const maxFiles = requireCount(node, itemIndex, options.maxFiles ?? 1000, MAX_FILES_FIELD, 1);
		const maxTotalMiB = requireCount(node, itemIndex, options.maxTotalMiB ?? 1024, MAX_SIZE_FIELD, 1);
		const { scope: itemScope, dataLink } = await dataLinkOfItem(this, itemIndex);
		const scope: DataLinkScope & { itemIndex: number } = { ...itemScope, pathEncoding: 'perSegment' };
		const prefix = `${folder}/`;
		const files = (await browseTree(this, scope, dataLink, folder)).filter((file) => file.path.startsWith(prefix));
		if (files.length === 0) {
			throw new NodeOperationError(node, `${FOLDER_FIELD} "${folder}" holds no files in data link "${dataLink.name}"`, {
				itemIndex,
				description:
					`The folder is empty or does not exist; a file's own path is not a folder (use Download File for one file). ` +
					`Check the path with Browse (item ${itemIndex}).`,
			});
		}
		if (files.length > maxFiles) {
			throw tooMuch(
				this,
				itemIndex,
				`${FOLDER_FIELD} "${folder}" holds ${files.length} files, more than ${MAX_FILES_FIELD} (${maxFiles})`,
				MAX_FILES_FIELD,
			);
		}
		const totalBytes = files.reduce((sum, file) => sum + file.size, 0);
		if (totalBytes > maxTotalMiB * MIB) {
			const size = `${(totalBytes / MIB).toFixed(1)} MiB`;
			throw tooMuch(
				this,
				itemIndex,
				`${FOLDER_FIELD} "${folder}" holds ${size}, more than ${MAX_SIZE_FIELD} (${maxTotalMiB})`,
				MAX_SIZE_FIELD,
			);
		}
		const items: INodeExecutionData[] = [];
		for (const file of files) {
			const relativePath = file.path.slice(prefix.length);
			const fileName = relativePath.slice(relativePath.lastIndexOf('/') + 1);
			const purpose = `the download of "${file.path}"`;
			const streamed = await apiRequestStream(this, {
				method: 'GET',
				path: ['data-links', dataLink.id, 'download', ...pathSegments(file.path, scope.pathEncoding)],
				query: { workspaceId: scope.workspaceId, credentialsId: dataLink.credentialsId },
				itemIndex,
				purpose,
			});
			const { binary, size } = await binaryOfStreamedFile(this, streamed, { fileName, itemIndex, purpose });
			items.push({
				json: { dataLinkId: dataLink.id, folder, path: file.path, relativePath, fileName, size, mimeType: binary.mimeType },
				binary: { [binaryPropertyName]: binary },
			});
		}
		return items;
	});
}
