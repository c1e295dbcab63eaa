import type { IBinaryData, IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../helpers/parameters';
import { requireStringId, requireText } from '../../helpers/validate';
import { connectionOf } from '../../transport/connection';
import { apiRequest } from '../../transport/request';
import { datasetLocator, workspaceLocator } from '../common.descriptions';
import { forEachItem } from '../perItem';

const BINARY_FIELD = 'Input Binary Field';
const CSV = 'text/csv';
const TSV = 'text/tab-separated-values';

const properties: INodeProperties[] = [
	datasetLocator,
	workspaceLocator,
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

const displayOptions = { show: { resource: ['dataset'], operation: ['uploadVersion'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Datasets hold CSV or TSV files only; the file name decides, else the media type n8n recorded. */
function tabularMediaType(binary: IBinaryData): typeof CSV | typeof TSV | undefined {
	const extension = /\.([A-Za-z]+)$/.exec(binary.fileName ?? '')?.[1]?.toLowerCase();
	if (extension === 'csv') return CSV;
	if (extension === 'tsv' || extension === 'tab') return TSV;
	const mimeType = binary.mimeType.split(';')[0].trim().toLowerCase();
	return mimeType === CSV || mimeType === TSV ? mimeType : undefined;
}

/** Uploads the item's CSV or TSV file as the dataset's next version. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(this);
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const datasetId = requireStringId(node, itemIndex, this.getNodeParameter('datasetId', itemIndex, '', { extractValue: true }), 'Dataset');
		const binaryPropertyName = requireText(node, itemIndex, BINARY_FIELD, this.getNodeParameter('binaryPropertyName', itemIndex));
		const binary = this.helpers.assertBinaryData(itemIndex, binaryPropertyName);
		const mediaType = tabularMediaType(binary);
		if (!mediaType) {
			throw new NodeOperationError(node, `The file in "${BINARY_FIELD}" is not a CSV or TSV file`, {
				itemIndex,
				description: `A dataset version is a CSV or TSV file; "${binary.fileName ?? binaryPropertyName}" has type ${binary.mimeType} (item ${itemIndex}). Name the file .csv or .tsv, or convert the data first (Convert to File node).`,
			});
		}
		const content = await this.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
		const form = new FormData();
		form.append(
			'file',
			new Blob([new Uint8Array(content)], { type: mediaType }),
			binary.fileName ?? (mediaType === CSV ? 'dataset.csv' : 'dataset.tsv'),
		);
		const response = await apiRequest<{ version?: IDataObject }>(this, {
			method: 'POST',
			path: ['datasets', datasetId, 'upload'],
			query: {
				workspaceId: workspaceIdFor(this, itemIndex, connection),
				header: this.getNodeParameter('header', itemIndex, true) as boolean,
			},
			formData: form,
			itemIndex,
		});
		return response.version ?? {};
	});
}
