import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { requireNumericId, requireText } from '../../helpers/validate';
import { describeValue } from '../../text/describeValue';
import { SECRETS, idOrName } from '../../names/lookups';

/** The secret an operation acts on, from the Secret locator, checked before any call. */
export async function secretIdFor(context: IExecuteFunctions, itemIndex: number): Promise<string> {
	return requireNumericId(context.getNode(), itemIndex, await idOrName(context, itemIndex, 'secretId', SECRETS), 'Secret');
}

/** The contract's limit on a secret name (PipelineSecret.name, maxLength). */
const SECRET_NAME_MAX_LENGTH = 100;

/**
 * Most parts a name has after its first character, as the contract's pattern counts them: runs of letters and digits, and single
 * underscores.
 */
const SECRET_NAME_MAX_PARTS = 49;

/**
 * Whether `name` matches the contract's pattern for a secret name, `^[a-zA-Z_](?:[0-9A-Za-z]+|(_)(?!\1)){1,49}$`:
 * a letter or _, then letters, digits and underscores, never two underscores in a row, in at most 49 parts.
 * Checked in one pass: the pattern itself backtracks for seconds on a 30-character name that fails at its end.
 */
function isSecretName(name: string): boolean {
	if (!/^[A-Za-z_][0-9A-Za-z_]+$/.test(name)) return false;
	const rest = name.slice(1);
	if (rest.includes('__')) return false;
	const parts = (rest.match(/[0-9A-Za-z]+|_/g) ?? []).length;
	return parts <= SECRET_NAME_MAX_PARTS;
}

/** The Name field of Create, checked as the platform checks it, before any call; the error prints the name as other fields do. */
export function secretNameFor(context: IExecuteFunctions, itemIndex: number): string {
	const node = context.getNode();
	const name = requireText(node, itemIndex, 'Name', context.getNodeParameter('name', itemIndex));
	if (name.length > SECRET_NAME_MAX_LENGTH) {
		throw new NodeOperationError(node, `Name "${describeValue(name)}" is longer than ${SECRET_NAME_MAX_LENGTH} characters`, {
			itemIndex,
			description:
				`A secret name has at most ${SECRET_NAME_MAX_LENGTH} characters; this one has ${name.length}. Check the expression ` +
				`that gives it (item ${itemIndex}).`,
		});
	}
	if (!isSecretName(name)) {
		throw new NodeOperationError(node, `Name "${describeValue(name)}" is not a valid secret name`, {
			itemIndex,
			description:
				`A secret name starts with a letter or _ and goes on with letters, digits and single underscores (never two in a row), ` +
				`like NCBI_API_KEY (item ${itemIndex}).`,
		});
	}
	return name;
}

/**
 * The value field (Value, or New Value on Update: `field`) as sent: text as typed (spaces kept, they may be part of the secret), a number
 * or
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
		return fail(
			`${field} is not text`,
			`The secret value in "${field}" must be text; the expression gave ${Array.isArray(value) ? 'a list' : 'an object'} ` +
				`(item ${itemIndex}).`,
		);
	}
	return value;
}
