import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { requireText } from '../../helpers/validate';
import { apiRequestFile } from '../../transport';
import { outputFileField, outputFileFieldName } from '../../fields/common';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItemWithBinary } from '../../items/perItem';

const properties: INodeProperties[] = [
	runLocator,
	{
		displayName: 'File Name',
		name: 'fileName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'nf-4Bx1Hmn3fXk2Qp.log',
		description:
			'A file of the run, as listed under "downloads" by Get Log: the Nextflow log (nf-&lt;run ID&gt;.log), the console ' +
			'output, timeline or report',
	},
	workspaceLocator,
	outputFileField,
];

const displayOptions = { show: { resource: ['workflow'], operation: ['downloadFile'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItemWithBinary(this, async (itemIndex) => {
		const node = this.getNode();
		const workflowId = runIdFor(this, itemIndex);
		const fileName = requireText(node, itemIndex, 'File Name', this.getNodeParameter('fileName', itemIndex));
		const binaryPropertyName = outputFileFieldName(this, itemIndex);
		const file = await apiRequestFile(this, {
			method: 'GET',
			path: ['workflow', workflowId, 'download'],
			query: { workspaceId: await workspaceIdFor(this, itemIndex), fileName },
			itemIndex,
		});
		const binary = await this.helpers.prepareBinaryData(file.data, file.fileName ?? fileName, file.mimeType);
		return [{ json: { workflowId, fileName: binary.fileName, size: file.data.length }, binary: { [binaryPropertyName]: binary } }];
	});
}
