import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { pathEncodingOf } from '../../dataLinks/calls';
import { binaryToUpload, reachesFinishRoute, UPLOAD_FINISH_SEGMENT, uploadBinaryToDataLink } from '../../dataLinks/upload';
import { requireText, requireWholeCharacters } from '../../helpers/validate';
import { connectionOf } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import {
	BINARY_FIELD,
	dataLinkOfItem,
	FOLDER_FIELD,
	pathParameter,
	transferCredentialsLocator,
	uploadSourceFields,
} from './dataLinkParameters';

const NAME_FIELD = 'File Name';

const properties: INodeProperties[] = [
	dataLinkLocator,
	workspaceLocator,
	transferCredentialsLocator,
	...uploadSourceFields('The name of the input binary field holding the file to upload', {
		placeholder: 'runs/240501_A00123_0042_AHVKJ3DSX7',
		description: "The folder to upload into, below the data link's root. Leave empty for the root.",
	}),
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
		if (pathEncodingOf(this) === 'perSegment' && reachesFinishRoute(folder)) {
			throw new NodeOperationError(node, `${FOLDER_FIELD} "${folder}" starts with a folder named ${UPLOAD_FINISH_SEGMENT}`, {
				itemIndex,
				description:
					`The platform reads POST /data-links/{id}/upload/${UPLOAD_FINISH_SEGMENT}/... as the end of an upload, not as an ` +
					`upload into that folder. Upload into another folder (item ${itemIndex}).`,
			});
		}
		const upload = await binaryToUpload(this, itemIndex, binaryPropertyName);
		const typedName = String(this.getNodeParameter('fileName', itemIndex, '') ?? '').trim();
		const fileName = requireWholeCharacters(node, itemIndex, NAME_FIELD, typedName || (upload.binary.fileName ?? '').trim());
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
		return await uploadBinaryToDataLink(this, connection, scope, dataLink, { folder, fileName, upload });
	});
}
