import { NodeConnectionTypes, type IExecuteFunctions, type INodeExecutionData, type INodeType } from 'n8n-workflow';

export const FILE_SOURCE = 'test.file';

/** Emits one item with a file in its `data` binary field, as n8n's Read File or HTTP Request nodes do. */
export const fileSource: INodeType = {
	description: {
		displayName: 'Test File',
		name: FILE_SOURCE,
		group: ['input'],
		version: 1,
		description: 'Emits the file given in its parameters as binary data (tests only)',
		defaults: { name: 'Test File' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [
			{ displayName: 'File Name', name: 'fileName', type: 'string', default: '' },
			{ displayName: 'MIME Type', name: 'mimeType', type: 'string', default: '' },
			{ displayName: 'Content', name: 'content', type: 'string', default: '' },
		],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const fileName = this.getNodeParameter('fileName', 0) as string;
		const mimeType = (this.getNodeParameter('mimeType', 0) as string) || undefined;
		const content = this.getNodeParameter('content', 0) as string;
		const data = await this.helpers.prepareBinaryData(Buffer.from(content), fileName, mimeType);
		return [[{ json: { fileName }, binary: { data } }]];
	},
};
