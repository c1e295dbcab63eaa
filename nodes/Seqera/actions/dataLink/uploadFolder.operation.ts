import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { DataLinkScope } from '../../dataLinks/calls';
import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import { binaryToUpload, reachesFinishRoute, UPLOAD_FINISH_SEGMENT, uploadBinaryToDataLink } from '../../dataLinks/upload';
import { workspaceLocator } from '../../fields/sharedLocators';
import { requireText, requireWholeCharacters } from '../../helpers/validate';
import { forEachItem } from '../../items/perItem';
import { describeValue } from '../../text/describeValue';
import { connectionOf } from '../../transport';
import {
	BINARY_FIELD,
	dataLinkOfItem,
	FOLDER_FIELD,
	pathParameter,
	transferCredentialsLocator,
	uploadSourceFields,
} from './dataLinkParameters';

const PATH_FIELD = 'Path Field';

const properties: INodeProperties[] = [
	dataLinkLocator,
	workspaceLocator,
	transferCredentialsLocator,
	...uploadSourceFields("The name of the input binary field holding each item's file", {
		placeholder: 'runs/240601_A00123_0043_BHVKJ3DSX7',
		description: "The folder to upload the files into, below the data link's root. Leave empty for the root.",
	}),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: PATH_FIELD,
				name: 'pathField',
				type: 'string',
				default: '',
				placeholder: 'relativePath',
				description:
					"The name of a field of each input item holding the file's path below Folder, such as sample1/R1.fastq.gz " +
					"(Download Folder gives it as relativePath). Leave empty to upload each file by its binary data's file name.",
			},
		],
	},
];

const displayOptions = { show: { resource: ['dataLink'], operation: ['uploadFolder'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Where one input item's file goes: the folder below the data link's root, and its name. */
interface Destination {
	relativePath: string;
	folder: string;
	fileName: string;
}

/** What keeps a relative path from naming a file below the folder; undefined when it does. */
function relativePathProblem(path: string): string | undefined {
	if (path === '') return 'is empty';
	if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'is absolute';
	if (path.includes('\\')) return 'holds a \\';
	const segments = path.split('/');
	if (segments.includes('')) return 'holds an empty folder name';
	if (segments.some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return 'holds a . or .. step';
	return undefined;
}

/** The item's destination, every field checked, or the error naming the field to fix. */
function destinationOf(context: IExecuteFunctions, itemIndex: number): Destination {
	const node = context.getNode();
	const targetFolder = pathParameter(context, itemIndex, 'folder', FOLDER_FIELD, { required: false, encoding: 'perSegment' });
	const binaryPropertyName = requireText(node, itemIndex, BINARY_FIELD, context.getNodeParameter('binaryPropertyName', itemIndex));
	const binary = context.helpers.assertBinaryData(itemIndex, binaryPropertyName);
	const pathField = String((context.getNodeParameter('options', itemIndex, {}) as IDataObject).pathField ?? '').trim();
	let relativePath: string;
	let field: string;
	if (pathField === '') {
		field = `the file name of "${binaryPropertyName}"`;
		relativePath = (binary.fileName ?? '').trim();
	} else {
		field = `${PATH_FIELD} "${pathField}"`;
		const value = context.getInputData()[itemIndex]?.json?.[pathField];
		if (typeof value !== 'string') {
			throw new NodeOperationError(node, `The item has no text in ${field}`, {
				itemIndex,
				description:
					`${PATH_FIELD} names the item's field holding the file's path below ${FOLDER_FIELD}, such as sample1/R1.fastq.gz; ` +
					`${value === undefined ? 'this item has no such field' : `this item's is ${describeValue(JSON.stringify(value))}`} ` +
					`(item ${itemIndex}).`,
			});
		}
		relativePath = value.trim();
	}
	const problem = pathField === '' && relativePath.includes('/') ? 'is not a file name' : relativePathProblem(relativePath);
	if (problem !== undefined) {
		throw new NodeOperationError(node, `The path in ${field}, "${relativePath}", ${problem}`, {
			itemIndex,
			description:
				`Give each file's path below ${FOLDER_FIELD} with / between folders and no . or .. steps, such as ` +
				`sample1/R1.fastq.gz. No file was uploaded (item ${itemIndex}).`,
		});
	}
	requireWholeCharacters(node, itemIndex, PATH_FIELD, relativePath);
	const slash = relativePath.lastIndexOf('/');
	const folder = [targetFolder, relativePath.slice(0, Math.max(slash, 0))].filter((part) => part !== '').join('/');
	if (reachesFinishRoute(folder)) {
		throw new NodeOperationError(node, `The file would go into a top folder named ${UPLOAD_FINISH_SEGMENT}: "${folder}"`, {
			itemIndex,
			description:
				`The platform reads POST /data-links/{id}/upload/${UPLOAD_FINISH_SEGMENT}/... as the end of an upload, not as an ` +
				`upload into that folder. Change ${FOLDER_FIELD} or ${field} (item ${itemIndex}).`,
		});
	}
	return { relativePath, folder, fileName: relativePath.slice(slash + 1) };
}

/**
 * Uploads every input item's file below the folder, keeping the folders of its relative path: one item
 * out per file. Every item's path is checked before the first upload, so an unsafe path stops the
 * node before any file is sent (with Continue On Fail, only that item fails). Each file goes through
 * Upload File's flow; paths always go a segment at a time, as the platform's own clients send them,
 * whatever the node version.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(this);
	const destinations: Array<Destination | NodeOperationError> = this.getInputData().map((_item, itemIndex) => {
		try {
			return destinationOf(this, itemIndex);
		} catch (error) {
			if (error instanceof NodeOperationError && this.continueOnFail()) return error;
			// Already the checks' NodeOperationError, or n8n's own for missing binary data
			// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
			throw error;
		}
	});
	return await forEachItem(this, async (itemIndex) => {
		const destination = destinations[itemIndex];
		if (destination instanceof NodeOperationError) throw destination;
		const binaryPropertyName = String(this.getNodeParameter('binaryPropertyName', itemIndex)).trim();
		const upload = await binaryToUpload(this, itemIndex, binaryPropertyName);
		const { scope: itemScope, dataLink } = await dataLinkOfItem(this, itemIndex);
		const scope: DataLinkScope & { itemIndex: number } = { ...itemScope, pathEncoding: 'perSegment' };
		const { folder, fileName, relativePath } = destination;
		return { ...(await uploadBinaryToDataLink(this, connection, scope, dataLink, { folder, fileName, upload })), relativePath };
	});
}
