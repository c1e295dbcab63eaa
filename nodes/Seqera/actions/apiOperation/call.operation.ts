import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	INode,
	INodeExecutionData,
	INodeProperties,
	ResourceMapperValue,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	operationById,
	operationIndex,
	routeWordsBeside,
	takesFileUpload,
	takesQueryParameter,
	type ContractOperation,
	type ParameterSpec,
} from '../../contract/operations';
import { checkRequestBody } from '../../contract/requestBody';
import { workspaceIdFor } from '../../names/workspaceId';
import { optionalDate, requireWholeCharacters } from '../../helpers/validate';
import { describeValue } from '../../text/describeValue';
import { apiRequest, type QueryValue } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const PARAMETERS_FIELD = 'Operation Parameters';
const BODY_FIELD = 'JSON Body';

const properties: INodeProperties[] = [
	{
		displayName: 'API Operation',
		name: 'apiOperationId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: "An operation of the platform's API contract",
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchApiOperations', searchable: true },
			},
			{
				displayName: 'By Operation ID',
				name: 'id',
				type: 'string',
				placeholder: 'DescribeWorkflow',
				validation: [
					{
						type: 'regex',
						properties: {
							regex: '^[A-Za-z][A-Za-z0-9_]*$',
							errorMessage: 'An operation ID is one word, as in the API reference: DescribeWorkflow',
						},
					},
				],
			},
		],
	},
	{
		displayName: PARAMETERS_FIELD,
		name: 'operationParameters',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		description: "The operation's path parameters (all needed) and query parameters (add the ones you want)",
		typeOptions: {
			loadOptionsDependsOn: ['apiOperationId.value'],
			resourceMapper: {
				resourceMapperMethod: 'getApiOperationParameters',
				mode: 'add',
				fieldWords: { singular: 'parameter', plural: 'parameters' },
				addAllFields: false,
				multiKeyMatch: false,
				supportAutoMap: false,
			},
		},
	},
	{
		...workspaceLocator,
		description:
			"Sent as the workspaceId query parameter to operations that take one. Leave empty to use the credential's default " +
			'workspace, or none.',
	},
	{
		displayName: BODY_FIELD,
		name: 'jsonBody',
		type: 'json',
		default: '',
		description: "For operations that take a body. It is checked against the operation's request schema before anything is sent.",
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Check Body Against Contract',
				name: 'checkBody',
				type: 'boolean',
				default: true,
				description:
					'Whether to refuse a body the API contract does not allow (unknown fields, wrong types, missing required ' +
					'fields) before sending. Turn off for a platform newer than the contract, with fields it does not list yet.',
			},
		],
	},
];

const displayOptions = { show: { resource: ['apiOperation'], operation: ['call'] } };

export const description = updateDisplayOptions(displayOptions, properties);

function chosenOperation(context: IExecuteFunctions, itemIndex: number): ContractOperation {
	const node = context.getNode();
	const operationId = String(context.getNodeParameter('apiOperationId', itemIndex, '', { extractValue: true }) ?? '').trim();
	if (operationId === '') {
		throw new NodeOperationError(node, 'No API Operation chosen', {
			itemIndex,
			description: `Pick one from the list (item ${itemIndex}).`,
		});
	}
	const operation = operationById(operationId);
	if (!operation) {
		throw new NodeOperationError(node, `API Operation "${describeValue(operationId)}" is not in the platform's API contract`, {
			itemIndex,
			description:
				`Pick an operation from the list, or give an operation ID of contract ${operationIndex.contract.version} such as ` +
				`DescribeWorkflow (item ${itemIndex}).`,
		});
	}
	if (takesFileUpload(operation)) {
		throw new NodeOperationError(node, `${operation.method} ${operation.path} uploads a file, which API Operation does not send`, {
			itemIndex,
			description:
				`Use Dataset → Upload Version for dataset files, or the HTTP Request node with a multipart/form-data body (item ` +
				`${itemIndex}).`,
		});
	}
	return operation;
}

/** A mapped value as the parameter's type wants it; fails the item, naming the parameter, when it cannot be. */
function parameterValue(
	node: INode,
	itemIndex: number,
	operation: ContractOperation,
	parameter: ParameterSpec,
	value: unknown,
): QueryValue {
	const fail = (expected: string) =>
		new NodeOperationError(node, `${PARAMETERS_FIELD} → ${parameter.name}: expects ${expected}, got "${describeValue(value)}"`, {
			itemIndex,
			description: `Fix ${parameter.name} for ${operation.method} ${operation.path} (item ${itemIndex}).`,
		});
	if (parameter.format === 'date-time') {
		// The platform reads times to the second, as YYYY-MM-DDTHH:MM:SSZ.
		const date = optionalDate(node, itemIndex, value, `${PARAMETERS_FIELD} → ${parameter.name}`);
		return date?.toISOString().replace(/\.\d{3}Z$/, 'Z');
	}
	const text = (typeof value === 'string' ? value : String(value)).trim();
	requireWholeCharacters(node, itemIndex, `${PARAMETERS_FIELD} → ${parameter.name}`, text);
	if (parameter.type === 'integer' && !/^-?\d+$/.test(text)) throw fail('a whole number');
	if (parameter.type === 'boolean' && text !== 'true' && text !== 'false') throw fail('true or false');
	if (parameter.enum && !parameter.enum.includes(text)) throw fail(`one of ${parameter.enum.join(', ')}`);
	if (parameter.type === 'array') {
		const items = (Array.isArray(value) ? value.map(String) : text.split(',')).map((item) => item.trim()).filter((item) => item !== '');
		const allowed = parameter.items?.enum;
		const unknown = allowed ? items.filter((item) => !allowed.includes(item)) : [];
		if (unknown.length > 0) throw fail(`a comma-separated list of ${allowed?.join(', ')}`);
		return items;
	}
	return text;
}

/**
 * A path parameter equal to a literal segment another route has in its place (`workflowId` "validate" in
 * `/workflow/{workflowId}`) would reach that route: a mapped value must never pick which operation runs.
 */
function refuseRouteWords(
	node: INode,
	itemIndex: number,
	operation: ContractOperation,
	values: Map<string, QueryValue>,
	path: string[],
): void {
	for (const { name } of operation.pathParameters) {
		const value = String(values.get(name));
		const word = routeWordsBeside(operation, name).find((each) => each.toLowerCase() === value.toLowerCase());
		if (word === undefined) continue;
		throw new NodeOperationError(
			node,
			`${PARAMETERS_FIELD} → ${name} "${describeValue(value)}" is the name of a platform route, not an ID`,
			{
				itemIndex,
				description:
					`${operation.method} ${describeValue(`/${path.join('/')}`)} would reach another route of the platform ` +
					`instead of ${operation.operationId}, so nothing was sent. Give the ${name} itself (item ${itemIndex}).`,
			},
		);
	}
}

/** The path below the base URL and the query, from the mapped parameters and the workspace. */
function target(context: IExecuteFunctions, itemIndex: number, operation: ContractOperation, workspaceId: string | undefined) {
	const node = context.getNode();
	const mapped = (context.getNodeParameter('operationParameters', itemIndex, null) as ResourceMapperValue | null)?.value ?? {};
	const given = new Map(Object.entries(mapped).filter(([, value]) => value !== null && value !== undefined && value !== ''));
	const declared = [...operation.pathParameters, ...operation.queryParameters];
	for (const name of given.keys()) {
		if (!declared.some((parameter) => parameter.name === name)) {
			throw new NodeOperationError(
				node,
				`${PARAMETERS_FIELD} → ${describeValue(name)} is not a parameter of ${operation.method} ${operation.path}`,
				{
					itemIndex,
					description: `Remove it (it may be left from another operation), then refresh the parameter list (item ${itemIndex}).`,
				},
			);
		}
	}
	const values = new Map(
		declared
			.filter((parameter) => given.has(parameter.name))
			.map((parameter) => [parameter.name, parameterValue(node, itemIndex, operation, parameter, given.get(parameter.name))]),
	);
	// The Workspace field stands in for a workspaceId path parameter left empty, as it does for the query one.
	if (
		workspaceId !== undefined &&
		!values.has('workspaceId') &&
		operation.pathParameters.some((parameter) => parameter.name === 'workspaceId')
	) {
		values.set('workspaceId', workspaceId);
	}
	const missing = [...operation.pathParameters, ...operation.queryParameters.filter((parameter) => parameter.required)].filter(
		(parameter) => !values.has(parameter.name),
	);
	if (missing.length > 0) {
		const names = missing.map((parameter) => parameter.name);
		throw new NodeOperationError(node, `${PARAMETERS_FIELD}: ${names.join(', ')} needed`, {
			itemIndex,
			description:
				`${operation.method} ${operation.path} needs ${names.length === 1 ? 'it' : 'them'}; give ` +
				`${names.length === 1 ? 'it' : 'them'} under ${PARAMETERS_FIELD} (item ${itemIndex}).`,
		});
	}
	const path = operation.path
		.split('/')
		.filter((part) => part !== '')
		.map((part) => {
			const name = /^\{(.+)\}$/.exec(part)?.[1];
			return name === undefined ? part : String(values.get(name));
		});
	refuseRouteWords(node, itemIndex, operation, values, path);
	const query: Record<string, QueryValue> = {};
	for (const parameter of operation.queryParameters) {
		if (values.has(parameter.name)) query[parameter.name] = values.get(parameter.name);
	}
	if (workspaceId !== undefined && takesQueryParameter(operation, 'workspaceId') && query.workspaceId === undefined)
		query.workspaceId = workspaceId;
	return { path, query };
}

function bodyFor(context: IExecuteFunctions, itemIndex: number, operation: ContractOperation): unknown {
	const node = context.getNode();
	const raw = context.getNodeParameter('jsonBody', itemIndex, '') as unknown;
	const empty = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
	if (!operation.body) {
		if (!empty && !(typeof raw === 'string' && raw.trim() === '{}')) {
			throw new NodeOperationError(node, `${operation.method} ${operation.path} takes no body`, {
				itemIndex,
				description: `Clear ${BODY_FIELD} (item ${itemIndex}).`,
			});
		}
		return undefined;
	}
	if (empty) {
		if (!operation.body.required) return undefined;
		throw new NodeOperationError(node, `${BODY_FIELD} is needed: ${operation.method} ${operation.path} takes a body`, {
			itemIndex,
			description: `Give the body as JSON (item ${itemIndex}).`,
		});
	}
	let body: unknown = raw;
	if (typeof raw === 'string') {
		try {
			body = JSON.parse(raw);
		} catch (error) {
			throw new NodeOperationError(node, `${BODY_FIELD} is not valid JSON`, {
				itemIndex,
				description: `${(error as Error).message} (item ${itemIndex}).`,
			});
		}
	}
	const { checkBody = true } = context.getNodeParameter('options', itemIndex, {}) as { checkBody?: boolean };
	if (checkBody) checkRequestBody(node, itemIndex, operation, body, BODY_FIELD);
	return body;
}

/** One call of the chosen operation per item; its answer is the item's output (an array gives one item per entry). */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const operation = chosenOperation(this, itemIndex);
		const { path, query } = target(this, itemIndex, operation, await workspaceIdFor(this, itemIndex));
		const body = bodyFor(this, itemIndex, operation);
		const response = await apiRequest<IDataObject | IDataObject[] | undefined>(this, {
			method: operation.method as IHttpRequestMethods,
			path,
			query,
			body: body as IDataObject | undefined,
			itemIndex,
		});
		return response ?? {};
	});
}
