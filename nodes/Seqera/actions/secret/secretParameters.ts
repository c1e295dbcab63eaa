import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireNumericId } from '../../helpers/validate';

/** The secret an operation acts on, from the Secret locator, checked before any call. */
export function secretIdFor(context: IExecuteFunctions, itemIndex: number): string {
	return requireNumericId(context.getNode(), itemIndex, context.getNodeParameter('secretId', itemIndex, '', { extractValue: true }), 'Secret');
}

/**
 * The value field (Value, or New Value on Update: `field`) as sent: text as typed (spaces kept, they may be part of the secret), a number or
 * true/false as text. Errors never quote it.
 */
export function secretValueFor(context: IExecuteFunctions, itemIndex: number, field: string): string {
	const value = context.getNodeParameter('value', itemIndex, '');
	const fail = (message: string, description: string): never => {
		throw new NodeOperationError(context.getNode(), message, { itemIndex, description });
	};
	if (typeof value === 'number' || typeof value === 'boolean') return String(value);
	if (value === '' || value === null || value === undefined) {
		return fail(`${field} is empty`, `Enter the secret value in "${field}", or an expression that gives it (item ${itemIndex}).`);
	}
	if (typeof value !== 'string') {
		return fail(`${field} is not text`, `The secret value in "${field}" must be text; the expression gave ${Array.isArray(value) ? 'a list' : 'an object'} (item ${itemIndex}).`);
	}
	return value;
}
