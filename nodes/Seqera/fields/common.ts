import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText } from '../helpers/validate';

/** Return All and Limit, as every n8n list operation has them. */
export function returnAllAndLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			default: 50,
			typeOptions: { minValue: 1 },
			displayOptions: { show: { returnAll: [false] } },
			description: 'Max number of results to return',
		},
	];
}

const OUTPUT_FILE_FIELD = 'Put Output File in Field';

/** Where a download puts its file in the output item, as n8n's own download operations name it. */
export const outputFileField: INodeProperties = {
	displayName: OUTPUT_FILE_FIELD,
	name: 'binaryPropertyName',
	type: 'string',
	default: 'data',
	required: true,
	hint: 'The name of the output binary field to put the file in',
};

/** The binary field named in Put Output File in Field; empty fails the item, naming the field. */
export function outputFileFieldName(context: IExecuteFunctions, itemIndex: number): string {
	return requireText(context.getNode(), itemIndex, OUTPUT_FILE_FIELD, context.getNodeParameter('binaryPropertyName', itemIndex));
}
