import type { IBinaryData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireText } from '../../helpers/validate';
import { apiRequest } from '../../transport';

const BINARY_FIELD = 'Input Binary Field';
const CSV = 'text/csv';
const TSV = 'text/tab-separated-values';

/** The fields that say which file of the item becomes a dataset version, and how to read it. */
export const datasetFileProperties: INodeProperties[] = [
	{
		displayName: BINARY_FIELD,
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field holding the CSV or TSV file',
	},
	{
		displayName: 'First Row Is Header',
		name: 'header',
		type: 'boolean',
		default: true,
		description: 'Whether the first row of the file holds column names rather than data',
	},
];

/** A checked CSV or TSV file of an input item, ready to send. */
export interface DatasetFile {
	form: FormData;
	hasHeader: boolean;
}

/** Datasets hold CSV or TSV files only; the file name decides, else the media type n8n recorded. */
function tabularMediaType(binary: IBinaryData): typeof CSV | typeof TSV | undefined {
	const extension = /\.([A-Za-z]+)$/.exec(binary.fileName ?? '')?.[1]?.toLowerCase();
	if (extension === 'csv') return CSV;
	if (extension === 'tsv' || extension === 'tab') return TSV;
	const mimeType = binary.mimeType.split(';')[0].trim().toLowerCase();
	return mimeType === CSV || mimeType === TSV ? mimeType : undefined;
}

/** The item's file as a dataset version; a file that is not CSV or TSV fails, naming the field, before any call. */
export async function datasetFileOf(context: IExecuteFunctions, itemIndex: number): Promise<DatasetFile> {
	const node = context.getNode();
	const binaryPropertyName = requireText(node, itemIndex, BINARY_FIELD, context.getNodeParameter('binaryPropertyName', itemIndex));
	const binary = context.helpers.assertBinaryData(itemIndex, binaryPropertyName);
	const mediaType = tabularMediaType(binary);
	if (!mediaType) {
		throw new NodeOperationError(node, `The file in "${BINARY_FIELD}" is not a CSV or TSV file`, {
			itemIndex,
			description:
				`A dataset version is a CSV or TSV file; "${binary.fileName ?? binaryPropertyName}" has type ${binary.mimeType} (item ` +
				`${itemIndex}). Name the file .csv or .tsv, or convert the data first (Convert to File node).`,
		});
	}
	const content = await context.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
	const form = new FormData();
	form.append(
		'file',
		new Blob([new Uint8Array(content)], { type: mediaType }),
		binary.fileName ?? (mediaType === CSV ? 'dataset.csv' : 'dataset.tsv'),
	);
	return { form, hasHeader: context.getNodeParameter('header', itemIndex, true) as boolean };
}

/** Sends the file as the dataset's next version and returns that version as the platform describes it. */
export async function uploadDatasetVersion(
	context: IExecuteFunctions,
	itemIndex: number,
	target: { datasetId: string; workspaceId: string | undefined },
	file: DatasetFile,
): Promise<IDataObject> {
	const response = await apiRequest<{ version?: IDataObject }>(context, {
		method: 'POST',
		path: ['datasets', target.datasetId, 'upload'],
		query: { workspaceId: target.workspaceId, header: file.hasHeader },
		formData: file.form,
		itemIndex,
	});
	return response.version ?? {};
}
