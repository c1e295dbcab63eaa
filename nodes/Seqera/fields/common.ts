import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireText } from '../helpers/validate';

/**
 * Fields that mean the same in several operations, each built from what differs between them. Each
 * resource's Operation dropdown stays written out in its *.resource.ts, as in n8n's own nodes (Airtable V2):
 * eslint-plugin-n8n-nodes-base checks those literals (options sorted, an action on each).
 */

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

/** A list's Search field: the text of the platform's `search` query, which keeps only the results `only` names. */
export function searchField(only: string, placeholder?: string): INodeProperties {
	return {
		displayName: 'Search',
		name: 'search',
		type: 'string',
		default: '',
		...(placeholder === undefined ? {} : { placeholder }),
		description: `Only ${only}`,
	};
}

/** Name/value pairs added one at a time, in the shape nameValuePairs (helpers/parameters.ts) reads. */
export function nameValuePairsField(field: {
	displayName: string;
	name: string;
	displayOptions?: IDisplayOptions;
	namePlaceholder?: string;
	valuePlaceholder?: string;
}): INodeProperties {
	const placeholder = (text: string | undefined) => (text === undefined ? {} : { placeholder: text });
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Parameter',
		default: {},
		...(field.displayOptions === undefined ? {} : { displayOptions: field.displayOptions }),
		options: [
			{
				displayName: 'Parameter',
				name: 'parameter',
				values: [
					{ displayName: 'Name', name: 'name', type: 'string', default: '', ...placeholder(field.namePlaceholder) },
					{ displayName: 'Value', name: 'value', type: 'string', default: '', ...placeholder(field.valuePlaceholder) },
				],
			},
		],
	};
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

/**
 * Overwrite, as tw's `add --overwrite`: `what` of the same name (as in "the workspace's secret") is deleted before the
 * new one is made. Off by default, so a saved node adds as before.
 */
export function overwriteField(what: string): INodeProperties {
	return {
		displayName: 'Overwrite',
		name: 'overwrite',
		type: 'boolean',
		default: false,
		description: `Whether to delete ${what} of the same name first, as tw's --overwrite does. It is gone even if the add then fails.`,
	};
}

/** An Options collection holding only Overwrite, for an add whose other inputs are all fields of their own. */
export function overwriteOptions(what: string): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [overwriteField(what)],
	};
}
