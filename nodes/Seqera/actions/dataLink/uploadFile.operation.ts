import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { pathEncodingOf } from '../../dataLinks/calls';
import { binaryToUpload, uploadToDataLink } from '../../dataLinks/upload';
import { requireText, requireWholeCharacters } from '../../helpers/validate';
import { connectionOf } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import { dataLinkOfItem, pathParameter } from './dataLinkParameters';

const BINARY_FIELD = 'Input Binary Field';
const FOLDER_FIELD = 'Folder';
const NAME_FIELD = 'File Name';
const UPLOAD_FINISH_SEGMENT = 'finish';

const properties: INodeProperties[] = [
	dataLinkLocator,
	workspaceLocator,
	{
		displayName: BINARY_FIELD,
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field holding the file to upload',
	},
	{
		displayName: FOLDER_FIELD,
		name: 'folder',
		type: 'string',
		default: '',
		placeholder: 'runs/240501_A00123_0042_AHVKJ3DSX7',
		description: "The folder to upload into, below the data link's root. Leave empty for the root.",
	},
	{
		displayName: NAME_FIELD,
		name: 'fileName',
		type: 'string',
		default: '',
		placeholder: 'SampleSheet.csv',
		description: "The name to give the file. Leave empty to keep the binary data's file name.",
	},
];

const displayOptions = { show: { resource: ['dataLink'], operation: ['uploadFile'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Uploads the item's binary data as a file of the data link: one item out per file, with its path and size. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(this);
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const binaryPropertyName = requireText(node, itemIndex, BINARY_FIELD, this.getNodeParameter('binaryPropertyName', itemIndex));
		const folder = pathParameter(this, itemIndex, 'folder', FOLDER_FIELD, { required: false });
		// Sent a segment at a time, `upload/finish/...` is the platform's route that ends an upload.
		if (pathEncodingOf(this) === 'perSegment' && folder.split('/')[0] === UPLOAD_FINISH_SEGMENT) {
			throw new NodeOperationError(node, `${FOLDER_FIELD} "${folder}" starts with a folder named ${UPLOAD_FINISH_SEGMENT}`, {
				itemIndex,
				description:
					`The platform reads POST /data-links/{id}/upload/${UPLOAD_FINISH_SEGMENT}/... as the end of an upload, not as an ` +
					`upload into that folder. Upload into another folder (item ${itemIndex}).`,
			});
		}
		const { binary, contentLength, open } = await binaryToUpload(this, itemIndex, binaryPropertyName);
		const typedName = String(this.getNodeParameter('fileName', itemIndex, '') ?? '').trim();
		const fileName = requireWholeCharacters(node, itemIndex, NAME_FIELD, typedName || (binary.fileName ?? '').trim());
		if (fileName === '' || fileName.includes('/') || fileName === '.' || fileName === '..') {
			throw new NodeOperationError(
				node,
				fileName === ''
					? `${NAME_FIELD} is empty and the binary data has no file name`
					: `${NAME_FIELD} "${fileName}" is not a file name`,
				{
					itemIndex,
					description:
						`Enter a name such as SampleSheet.csv in "${NAME_FIELD}", without folders: put them in "${FOLDER_FIELD}" (item ` +
						`${itemIndex}).`,
				},
			);
		}
		const { scope, dataLink } = await dataLinkOfItem(this, itemIndex);
		const content = await open();
		try {
			return await uploadToDataLink(this, connection, scope, dataLink, {
				folder,
				fileName,
				contentType: binary.mimeType || 'application/octet-stream',
				contentLength,
				content,
			});
		} finally {
			// Read to the end, or left half-read by a failure: either way its file is closed.
			content.destroy();
		}
	});
}
