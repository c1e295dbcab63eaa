import type { ILoadOptionsFunctions, INodeListSearchResult, ResourceMapperField, ResourceMapperFields } from 'n8n-workflow';

import { operationById, operationIndex, takesFileUpload, type ContractOperation, type ParameterSpec } from '../contract/operations';

/** How an operation reads in the list: its tag first, so the list reads as groups. */
export function operationLabel(operation: ContractOperation): string {
	return `${operation.tags[0] ?? 'other'} · ${operation.summary} (${operation.method} ${operation.path})`;
}

let sortedOperations: ContractOperation[] | undefined;

/** JSON-bodied operations, by tag, then path, then method. */
function listedOperations(): ContractOperation[] {
	sortedOperations ??= operationIndex.operations
		.filter((operation) => !takesFileUpload(operation))
		.sort(
			(a, b) => (a.tags[0] ?? '').localeCompare(b.tags[0] ?? '') || a.path.localeCompare(b.path) || a.method.localeCompare(b.method),
		);
	return sortedOperations;
}

/** The contract's operations, grouped by tag; the filter matches tag, summary, method, path or operation ID. */
export async function searchApiOperations(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const words = (filter ?? '')
		.toLowerCase()
		.split(/\s+/)
		.filter((word) => word !== '');
	const results = listedOperations()
		.filter((operation) => {
			const text = `${operationLabel(operation)} ${operation.operationId}`.toLowerCase();
			return words.every((word) => text.includes(word));
		})
		.map((operation) => ({ name: operationLabel(operation), value: operation.operationId }));
	return { results };
}

function fieldType(parameter: ParameterSpec): ResourceMapperField['type'] {
	if (parameter.enum) return 'options';
	if (parameter.type === 'integer' || parameter.type === 'number') return 'number';
	if (parameter.type === 'boolean') return 'boolean';
	if (parameter.format === 'date-time') return 'dateTime';
	return 'string';
}

function parameterField(parameter: ParameterSpec, where: 'path' | 'query'): ResourceMapperField {
	const list =
		parameter.type === 'array' ? `, comma-separated${parameter.items?.enum ? `: ${parameter.items.enum.join(', ')}` : ''}` : '';
	// The node's Workspace field fills a workspaceId path parameter left empty.
	const fromWorkspace = where === 'path' && parameter.name === 'workspaceId';
	return {
		id: parameter.name,
		displayName: `${parameter.name} (${where}${list}${fromWorkspace ? '; empty: the Workspace field' : ''})`,
		type: fieldType(parameter),
		required: where === 'path' ? !fromWorkspace : parameter.required,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		// Path parameters are always needed; query parameters are offered by name, to add when wanted.
		removed: where === 'query' && !parameter.required,
		...(parameter.enum ? { options: parameter.enum.map((value) => ({ name: value, value })) } : {}),
	};
}

/**
 * The chosen operation's path and query parameters as fields. `workspaceId` as a query parameter is left
 * out: the node's Workspace field gives it, to the operations that take it.
 */
export async function getApiOperationParameters(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const chosen = this.getNodeParameter('apiOperationId', '', { extractValue: true }) as string;
	const operation = operationById(chosen);
	if (!operation) return { fields: [], emptyFieldsNotice: 'Pick an operation first' };
	const fields = [
		...operation.pathParameters.map((parameter) => parameterField(parameter, 'path')),
		...operation.queryParameters
			.filter((parameter) => parameter.name !== 'workspaceId')
			.map((parameter) => parameterField(parameter, 'query')),
	];
	return fields.length > 0
		? { fields }
		: { fields, emptyFieldsNotice: `${operation.method} ${operation.path} takes no parameters besides the workspace` };
}
