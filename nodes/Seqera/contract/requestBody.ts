/**
 * Checks a JSON request body against the schema the contract gives its operation, before anything is sent,
 * so a typo in a field name or a wrong type fails the item with the field's path instead of reaching the
 * platform (which ignores fields it does not know, and answers others with a bare 400).
 */
import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- ajv is a runtime dependency of this self-hosted package
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

import { describeValue } from '../text/describeValue';
import { operationIndex, type ContractOperation, type SchemaObject } from './operations';

const INDEX_ID = 'seqera-operation-index';
const INDEX_REF = '#/schemas/';
/** An error lists this many problems; a body pasted from the wrong place could have hundreds. */
const MAX_PROBLEMS_SHOWN = 8;
// Formats the contract uses; others are documentation only.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const isObject = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The index's OpenAPI 3.0 schema → a JSON schema Ajv checks:
 * - a discriminated `oneOf` dispatches on its property (the branches do not pin it, so several match any object);
 * - an object with declared properties and no discriminator takes no others: the platform would drop them silently;
 * - `nullable` admits null; `$ref`s point into the registered index.
 */
function toJsonSchema(node: unknown): unknown {
	if (Array.isArray(node)) return node.map(toJsonSchema);
	if (!isObject(node)) return node;
	const out: SchemaObject = {};
	for (const [key, value] of Object.entries(node)) {
		if (key === 'properties' && isObject(value)) {
			// Field names, not keywords: a field may be called `discriminator` or `readOnly`.
			out.properties = Object.fromEntries(Object.entries(value).map(([name, field]) => [name, toJsonSchema(field)]));
		} else {
			out[key] = key === 'discriminator' ? value : toJsonSchema(value);
		}
	}
	if (typeof out.$ref === 'string') out.$ref = INDEX_ID + out.$ref;
	// Ajv takes `readOnly` as an annotation only; here it is a check.
	if (out.readOnly === true) out.setByPlatform = true;
	delete out.readOnly;

	const discriminator = out.discriminator;
	delete out.discriminator;
	if (Array.isArray(out.oneOf) && isObject(discriminator) && isObject(discriminator.mapping)) {
		const property = String(discriminator.propertyName);
		const mapping = Object.entries(discriminator.mapping as Record<string, string>);
		delete out.oneOf;
		out.required = [...((out.required as string[] | undefined) ?? []), property];
		out.properties = {
			...((out.properties as SchemaObject | undefined) ?? {}),
			[property]: { type: 'string', enum: mapping.map(([value]) => value) },
		};
		out.allOf = mapping.map(([value, ref]) => ({
			if: { properties: { [property]: { const: value } }, required: [property] },
			then: { $ref: INDEX_ID + ref },
		}));
	} else if (Array.isArray(out.oneOf)) {
		// Undiscriminated alternatives overlap, so "exactly one" could never hold.
		out.anyOf = out.oneOf;
		delete out.oneOf;
	} else if (isObject(out.properties) && out.additionalProperties === undefined) {
		out.additionalProperties = false;
	}
	if (out.nullable === true) {
		delete out.nullable;
		return { anyOf: [{ type: 'null' }, out] };
	}
	return out;
}

let ajv: Ajv | undefined;
const validators = new Map<ContractOperation, ValidateFunction>();

function validatorFor(operation: ContractOperation): ValidateFunction {
	let validate = validators.get(operation);
	if (validate) return validate;
	if (!ajv) {
		ajv = new Ajv({ strict: false, allErrors: true, verbose: true, logger: false });
		ajv.addFormat('date-time', DATE_TIME);
		ajv.addFormat('int64', { type: 'number', validate: (value: number) => Number.isSafeInteger(value) });
		ajv.addFormat('int32', { type: 'number', validate: (value: number) => Number.isInteger(value) && Math.abs(value) < 2 ** 31 });
		// A field the platform sets itself: a body that carries one was likely copied from a response.
		ajv.addKeyword({
			keyword: 'setByPlatform',
			schemaType: 'boolean',
			validate: (setByPlatform: boolean) => !setByPlatform,
			errors: false,
		});
		ajv.addSchema({ schemas: toJsonSchema(operationIndex.schemas) }, INDEX_ID);
	}
	validate = ajv.compile(toJsonSchema(operation.body?.schema ?? {}) as SchemaObject);
	validators.set(operation, validate);
	return validate;
}

/** A body path as a user writes it: `computeEnv.config.workDir`, `labelIds[0]`. */
function fieldPath(instancePath: string, child?: string): string {
	const parts = instancePath.split('/').slice(1);
	if (child !== undefined) parts.push(child);
	const text = parts
		.map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
		.map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
		.join('');
	return text.replace(/^\./, '') || '(the body)';
}

function valueAt(body: unknown, instancePath: string): unknown {
	let current = body;
	for (const part of instancePath.split('/').slice(1)) {
		current = (current as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
	}
	return current;
}

/** The declared field closest to a misspelt one, when it is close enough to be a likely typo. */
function likelyMeant(name: string, declared: string[]): string | undefined {
	const lower = name.toLowerCase();
	return (
		declared.find((field) => field.toLowerCase() === lower) ?? declared.find((field) => editDistance(field.toLowerCase(), lower) <= 2)
	);
}

function editDistance(a: string, b: string): number {
	const row = Array.from({ length: b.length + 1 }, (_, index) => index);
	for (let i = 1; i <= a.length; i++) {
		let diagonal = row[0];
		row[0] = i;
		for (let j = 1; j <= b.length; j++) {
			const above = row[j];
			row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
			diagonal = above;
		}
	}
	return row[b.length];
}

const ARTICLE: Record<string, string> = {
	integer: 'an integer',
	number: 'a number',
	string: 'text',
	boolean: 'true or false',
	object: 'an object',
	array: 'a list',
	null: 'null',
};

function problemOf(error: ErrorObject, body: unknown): string | undefined {
	const params = error.params as Record<string, unknown>;
	const value = valueAt(body, error.instancePath);
	const got = `, got ${describeValue(JSON.stringify(value) ?? 'nothing')}`;
	switch (error.keyword) {
		case 'required':
			return `${fieldPath(error.instancePath, String(params.missingProperty))}: required, not given`;
		case 'additionalProperties': {
			const name = String(params.additionalProperty);
			const declared = Object.keys((error.parentSchema?.properties as SchemaObject | undefined) ?? {});
			const meant = likelyMeant(name, declared);
			const suggestion = meant ? ` (did you mean "${meant}"?)` : '';
			return `${fieldPath(error.instancePath, name)}: not a field the platform takes here${suggestion}`;
		}
		case 'setByPlatform':
			return `${fieldPath(error.instancePath)}: set by the platform, leave it out`;
		case 'type':
			return `${fieldPath(error.instancePath)}: expects ${String(params.type)
				.split(',')
				.map((type) => ARTICLE[type] ?? type)
				.join(' or ')}${got}`;
		case 'enum':
			return `${fieldPath(error.instancePath)}: expects one of ${(params.allowedValues as unknown[]).map(String).join(', ')}${got}`;
		case 'format': {
			const expected = params.format === 'date-time' ? 'a time as YYYY-MM-DDTHH:MM:SSZ' : `a ${String(params.format)} value`;
			return `${fieldPath(error.instancePath)}: expects ${expected}${got}`;
		}
		case 'maxLength':
			return `${fieldPath(error.instancePath)}: at most ${String(params.limit)} characters, got ${String((value as string).length)}`;
		case 'minLength':
			return `${fieldPath(error.instancePath)}: at least ${String(params.limit)} characters`;
		// What failed inside the branch or alternative is reported on its own; these only summarise it.
		case 'if':
		case 'anyOf':
			return undefined;
		default:
			return `${fieldPath(error.instancePath)}: ${error.message ?? 'does not match the contract'}${got}`;
	}
}

/** What is wrong with `body` for `operation`, one line per problem; empty when it conforms. */
export function requestBodyProblems(operation: ContractOperation, body: unknown): string[] {
	const validate = validatorFor(operation);
	if (validate(body)) return [];
	const errors = validate.errors ?? [];
	// A nullable field that fails reports both "not null" and what failed; the second says what is wrong.
	const meaningful = errors.filter((error) => !(error.keyword === 'type' && (error.params as { type?: unknown }).type === 'null'));
	const problems = (meaningful.length > 0 ? meaningful : errors)
		.map((error) => problemOf(error, body))
		.filter((problem) => problem !== undefined);
	return [...new Set(problems)];
}

/**
 * Fails the item when `body` does not match the operation's request schema, listing what to fix in
 * `field`; nothing is sent then.
 */
export function checkRequestBody(node: INode, itemIndex: number, operation: ContractOperation, body: unknown, field: string): void {
	const problems = requestBodyProblems(operation, body);
	if (problems.length === 0) return;
	const shown = problems.slice(0, MAX_PROBLEMS_SHOWN);
	const more = problems.length - shown.length;
	throw new NodeOperationError(node, `${field} does not match what ${operation.method} ${operation.path} takes`, {
		itemIndex,
		description:
			`${shown.join('\n')}${more > 0 ? `\n...and ${more} more` : ''}\n` +
			`Fix these in ${field} (item ${itemIndex}); ` +
			`checked against the platform's API contract ${operationIndex.contract.version}. Nothing was sent.`,
	});
}

/** The body without the fields the contract marks read-only, e.g. to create a copy of what a Get returned. */
export function withoutReadOnlyFields(schema: SchemaObject, value: unknown): unknown {
	const resolved = resolve(schema);
	if (Array.isArray(value)) return value.map((item) => withoutReadOnlyFields((resolved.items as SchemaObject | undefined) ?? {}, item));
	if (!isObject(value)) return value;
	const branch = discriminatedBranch(resolved, value);
	const properties = {
		...((resolved.properties as Record<string, SchemaObject> | undefined) ?? {}),
		...((branch?.properties as Record<string, SchemaObject> | undefined) ?? {}),
	};
	const copy: SchemaObject = {};
	for (const [key, field] of Object.entries(value)) {
		const fieldSchema = properties[key];
		if (fieldSchema && resolve(fieldSchema).readOnly === true) continue;
		copy[key] = fieldSchema ? withoutReadOnlyFields(fieldSchema, field) : field;
	}
	return copy;
}

function resolve(schema: SchemaObject): SchemaObject {
	let current = schema;
	while (typeof current.$ref === 'string' && current.$ref.startsWith(INDEX_REF)) {
		current = operationIndex.schemas[current.$ref.slice(INDEX_REF.length)] ?? {};
	}
	if (Array.isArray(current.allOf) && current.allOf.length === 1 && current.properties === undefined) {
		return { ...resolve(current.allOf[0] as SchemaObject), ...(current.readOnly === true ? { readOnly: true } : {}) };
	}
	return current;
}

function discriminatedBranch(schema: SchemaObject, value: SchemaObject): SchemaObject | undefined {
	const discriminator = schema.discriminator;
	if (!isObject(discriminator) || !isObject(discriminator.mapping)) return undefined;
	const ref = (discriminator.mapping as Record<string, string>)[String(value[String(discriminator.propertyName)])];
	return ref ? resolve({ $ref: ref }) : undefined;
}
