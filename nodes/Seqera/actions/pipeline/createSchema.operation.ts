import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';

const SCHEMA_FIELD = 'Schema';

const properties: INodeProperties[] = [
	{
		displayName: SCHEMA_FIELD,
		name: 'schemaContent',
		type: 'json',
		default: '',
		required: true,
		description: "A pipeline's parameter schema: the JSON of its Nextflow schema file. A launch names it by its ID.",
	},
	workspaceLocator,
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['createSchema'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The schema as text, sent unchanged; text that is not a JSON object fails the item before any call. */
function schemaText(context: IExecuteFunctions, itemIndex: number): string {
	const value = context.getNodeParameter('schemaContent', itemIndex, '') as unknown;
	const text = typeof value === 'string' ? value : JSON.stringify(value);
	let parsed: unknown;
	try {
		parsed = text.trim() === '' ? undefined : JSON.parse(text);
	} catch (error) {
		throw new NodeOperationError(context.getNode(), `${SCHEMA_FIELD} is not valid JSON`, {
			itemIndex,
			description: `${(error as Error).message} (item ${itemIndex}). Give the content of a nextflow_schema.json.`,
		});
	}
	if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
		throw new NodeOperationError(context.getNode(), `${SCHEMA_FIELD} is not a JSON object`, {
			itemIndex,
			description: `A pipeline schema is a JSON object, as in nextflow_schema.json (item ${itemIndex}).`,
		});
	}
	return text;
}

/** Adds a pipeline schema to the workspace as tower-cli's `pipeline-schemas add` does, and outputs it with its ID. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const content = schemaText(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const response = await apiRequest<{ pipelineSchema?: IDataObject }>(this, {
			method: 'POST',
			path: ['pipeline-schemas'],
			query: { workspaceId },
			body: { content },
			itemIndex,
		});
		return response.pipelineSchema ?? {};
	});
}
