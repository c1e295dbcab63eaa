import type { IDataObject, IExecuteFunctions, IHttpRequestMethods, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { findOperation, takesQueryParameter } from '../../contract/operations';
import { jsonParameter, nameValuePairs } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { requireText, requireWholeCharacters } from '../../helpers/validate';
import { apiRequest, type QueryValue } from '../../transport';
import { nameValuePairsField } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	{
		displayName: 'Method',
		name: 'method',
		type: 'options',
		default: 'GET',
		options: [
			{ name: 'DELETE', value: 'DELETE' },
			{ name: 'GET', value: 'GET' },
			{ name: 'PATCH', value: 'PATCH' },
			{ name: 'POST', value: 'POST' },
			{ name: 'PUT', value: 'PUT' },
		],
	},
	{
		displayName: 'Path',
		name: 'path',
		type: 'string',
		default: '',
		required: true,
		placeholder: '/workflow/{{ $json.workflowId }}',
		description:
			'The endpoint below the base URL, as in the Seqera API reference. Each part between slashes is encoded on its own; put ' +
			'query parameters below, not after "?".',
	},
	workspaceLocator,
	nameValuePairsField({ displayName: 'Query Parameters', name: 'queryParameters', namePlaceholder: 'search' }),
	{
		displayName: 'Body',
		name: 'bodyType',
		type: 'options',
		default: 'none',
		displayOptions: { show: { method: ['POST', 'PUT', 'PATCH', 'DELETE'] } },
		options: [
			{ name: 'None', value: 'none' },
			{ name: 'JSON', value: 'json' },
			{ name: 'Key/Value Pairs (Sent as Params)', value: 'params', description: 'Sent as {"params": {...}}' },
		],
	},
	{
		displayName: 'JSON Body',
		name: 'jsonBody',
		type: 'json',
		default: '{}',
		displayOptions: { show: { bodyType: ['json'], method: ['POST', 'PUT', 'PATCH', 'DELETE'] } },
	},
	nameValuePairsField({
		displayName: 'Parameters',
		name: 'bodyParameters',
		displayOptions: { show: { bodyType: ['params'], method: ['POST', 'PUT', 'PATCH', 'DELETE'] } },
	}),
];

const displayOptions = { show: { resource: ['customApiCall'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Whether the workspace (the node's, else the credential's default) goes with the call: only where the
 * contract's operation takes a `workspaceId` query parameter, since a strict platform answers 400 to one
 * it does not declare (`GET /user-info`, `/orgs`). A path the contract does not know (an Enterprise
 * install's newer endpoint, or a data-link path holding slashes) still gets it, as before: most of the
 * platform is workspace-scoped, and a call that silently ran in the user's personal context instead of the
 * chosen workspace would be worse than a 400 that names the parameter.
 */
function takesWorkspaceId(method: string, segments: readonly string[]): boolean {
	const operation = findOperation(method, segments);
	return operation === undefined || takesQueryParameter(operation, 'workspaceId');
}

function bodyFor(context: IExecuteFunctions, itemIndex: number, method: string): IDataObject | undefined {
	if (method === 'GET') return undefined;
	const bodyType = context.getNodeParameter('bodyType', itemIndex, 'none') as string;
	if (bodyType === 'params') return { params: nameValuePairs(context, 'bodyParameters', itemIndex) };
	if (bodyType !== 'json') return undefined;
	return jsonParameter(context, 'jsonBody', itemIndex, 'JSON Body') as IDataObject;
}

/** Any platform endpoint, through the same budget, retries and error mapping as the built-in operations. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const method = this.getNodeParameter('method', itemIndex) as IHttpRequestMethods;
		const path = requireText(node, itemIndex, 'Path', this.getNodeParameter('path', itemIndex));
		if (/[?#]/.test(path)) {
			throw new NodeOperationError(node, 'Path must not contain "?" or "#"', {
				itemIndex,
				description: `Put query parameters under "Query Parameters" instead (item ${itemIndex}).`,
			});
		}
		requireWholeCharacters(node, itemIndex, 'Path', path);
		const query: Record<string, QueryValue> = nameValuePairs(this, 'queryParameters', itemIndex);
		for (const [name, value] of Object.entries(query))
			requireWholeCharacters(node, itemIndex, 'Query Parameters', `${name}=${String(value)}`);
		const segments = path.split('/').filter((segment) => segment !== '');
		const workspaceId = await workspaceIdFor(this, itemIndex);
		if (workspaceId !== undefined && query.workspaceId === undefined && takesWorkspaceId(method, segments)) {
			query.workspaceId = workspaceId;
		}

		const response = await apiRequest<IDataObject | IDataObject[]>(this, {
			method,
			path: segments,
			query,
			body: bodyFor(this, itemIndex, method),
			itemIndex,
		});
		return response;
	});
}
