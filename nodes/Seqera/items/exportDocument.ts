import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireText } from '../helpers/validate';

/**
 * The input of an Import: an export tower-cli or the node's Export wrote, given as JSON (text, or an object an
 * expression gave) or as a binary file. Pipeline and Compute Environment imports read it alike.
 */
export interface ExportKind {
	/** What the export is of, as the editor names it: 'Pipeline', 'Compute Environment'. */
	resource: string;
	/** What every export of the kind holds, as in 'an object with a "launch"'. */
	shape: string;
}

const BINARY_FIELD = 'Input Binary Field';

const jsonFieldOf = (kind: ExportKind): string => `${kind.resource} Export`;

/** Export From, and the JSON or binary field it shows. */
export function exportDocumentFields(kind: ExportKind): INodeProperties[] {
	return [
		{
			displayName: 'Export From',
			name: 'exportSource',
			type: 'options',
			default: 'json',
			options: [
				{ name: 'JSON', value: 'json', description: `The JSON of a ${kind.resource} → Export item, or of a tower-cli export file` },
				{ name: 'Binary File', value: 'binary', description: `A JSON file tower-cli or ${kind.resource} → Export wrote` },
			],
		},
		{
			displayName: jsonFieldOf(kind),
			name: 'exportJson',
			type: 'json',
			default: '',
			required: true,
			displayOptions: { show: { exportSource: ['json'] } },
			hint: `Map the input item with {{ JSON.stringify($json) }} to import what ${kind.resource} → Export output`,
		},
		{
			displayName: BINARY_FIELD,
			name: 'binaryPropertyName',
			type: 'string',
			default: 'data',
			required: true,
			displayOptions: { show: { exportSource: ['binary'] } },
			hint: 'The name of the input binary field holding the export file',
		},
	];
}

/** The export given, and the field it came from, for errors that name it. */
export interface ExportDocument {
	document: IDataObject;
	field: string;
}

/**
 * Reads the item's export, failing the item, naming the field, where it is empty, not JSON or not a JSON object; what
 * the object must hold is for the resource to check.
 */
export async function readExportDocument(context: IExecuteFunctions, itemIndex: number, kind: ExportKind): Promise<ExportDocument> {
	const node = context.getNode();
	const fromJson = context.getNodeParameter('exportSource', itemIndex) === 'json';
	const field = fromJson ? jsonFieldOf(kind) : BINARY_FIELD;
	let value: unknown;
	if (fromJson) {
		value = context.getNodeParameter('exportJson', itemIndex, '');
	} else {
		const binaryPropertyName = requireText(node, itemIndex, BINARY_FIELD, context.getNodeParameter('binaryPropertyName', itemIndex));
		context.helpers.assertBinaryData(itemIndex, binaryPropertyName);
		value = (await context.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName)).toString('utf8');
	}
	const noun = `${kind.resource.toLowerCase()} export`;
	const fail = (message: string, description: string): never => {
		throw new NodeOperationError(node, message, { itemIndex, description: `${description} (item ${itemIndex}). Nothing was sent.` });
	};
	let parsed: unknown = value;
	if (typeof value === 'string') {
		if (value.trim() === '') fail(`${field} is empty`, `Give the JSON a ${noun} wrote`);
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			fail(`${field} is not valid JSON`, `${(error as Error).message}. Give the JSON a ${noun} wrote, unchanged`);
		}
	}
	const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
	if (!isObject) return fail(`${field} is not a JSON object`, `A ${noun} is ${kind.shape}`);
	return { document: parsed as IDataObject, field };
}
