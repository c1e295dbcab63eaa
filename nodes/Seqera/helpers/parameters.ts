import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeParameterResourceLocator } from 'n8n-workflow';

import { seqeraPlatform } from '../nodeVersions';
import type { SeqeraFunctions } from '../transport';
import { requireNumericId, requireWorkflowId } from './validate';

/** A resource locator's mode and value: an execution reads it per item; a poll or an editor list has one value. */
export function locatorOf(context: SeqeraFunctions, parameterName: string, itemIndex: number): { mode: string; value: unknown } {
	const locator = (
		'getInputData' in context ? context.getNodeParameter(parameterName, itemIndex, {}) : context.getNodeParameter(parameterName, {})
	) as Partial<INodeParameterResourceLocator> | string;
	// An expression may give the bare value instead of a locator.
	return typeof locator === 'object' && locator !== null
		? { mode: locator.mode ?? 'id', value: locator.value }
		: { mode: 'id', value: locator };
}

/** Version 1.2 reads a name given where an ID was asked for (by expression, from a sheet or an AI agent); earlier versions fail it. */
export function readsNamesInIdMode(context: SeqeraFunctions): boolean {
	return seqeraPlatform.brings(context, 'namesInIdMode');
}

/** The run an operation acts on, from the Run locator (list, ID or URL), checked before any call. */
export function runIdFor(context: IExecuteFunctions, itemIndex: number, parameterName = 'workflowId'): string {
	const value = context.getNodeParameter(parameterName, itemIndex, '', { extractValue: true });
	return requireWorkflowId(context.getNode(), itemIndex, value);
}

/** The task an operation reads, from the Task ID field (the number Get Tasks lists it with), checked before any call. */
export function taskIdFor(context: IExecuteFunctions, itemIndex: number): string {
	return requireNumericId(context.getNode(), itemIndex, context.getNodeParameter('taskId', itemIndex), 'Task ID');
}

type NameValue = { name?: string; value?: string };

/** A Name/Value collection (entries under `parameter`) as one object; entries without a name are left out. */
export function nameValuePairs(context: IExecuteFunctions, parameterName: string, itemIndex: number): Record<string, string> {
	const collection = context.getNodeParameter(parameterName, itemIndex, {}) as { parameter?: NameValue[] };
	const pairs: Record<string, string> = {};
	for (const pair of collection.parameter ?? []) {
		const name = (pair.name ?? '').trim();
		if (name !== '') pairs[name] = pair.value ?? '';
	}
	return pairs;
}

/** Typed text is parsed; a value an expression built is taken as it is. */
function parsedJson(context: IExecuteFunctions, itemIndex: number, raw: unknown, field: string): unknown {
	if (typeof raw !== 'string') return raw;
	try {
		return JSON.parse(raw);
	} catch (error) {
		throw new NodeOperationError(context.getNode(), `${field} is not valid JSON`, {
			itemIndex,
			description: `${(error as Error).message} (item ${itemIndex}). Fix the JSON, or choose Key/Value Pairs.`,
		});
	}
}

/** The value of a JSON field, whatever JSON it holds. */
export function jsonParameter(context: IExecuteFunctions, parameterName: string, itemIndex: number, field: string): unknown {
	return parsedJson(context, itemIndex, context.getNodeParameter(parameterName, itemIndex, '{}'), field);
}

/** A JSON field that holds name/value pairs; empty text holds none. */
export function jsonPairsParameter(context: IExecuteFunctions, parameterName: string, itemIndex: number, field: string): IDataObject {
	const raw = context.getNodeParameter(parameterName, itemIndex, '{}') as unknown;
	const parsed = parsedJson(context, itemIndex, typeof raw === 'string' && raw.trim() === '' ? '{}' : raw, field);
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		throw new NodeOperationError(context.getNode(), `${field} must be a set of name/value pairs`, {
			itemIndex,
			description: `Give the parameters as a JSON object like {"input": "s3://bucket/samplesheet.csv"} (item ${itemIndex}).`,
		});
	}
	return parsed as IDataObject;
}

/** The fields of an Update's Update Fields collection; none fails the item before any call, saying to add what should change. */
export function updateFieldsOf(context: IExecuteFunctions, itemIndex: number): IDataObject {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	if (Object.keys(fields).length === 0) {
		throw new NodeOperationError(context.getNode(), 'Update Fields is empty', {
			itemIndex,
			description: `Add at least one field to change under Update Fields (item ${itemIndex}).`,
		});
	}
	return fields;
}
