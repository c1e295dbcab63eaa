/**
 * Generates nodes/Seqera/contract/operationIndex.json from the platform's OpenAPI contract: each operation's
 * method, path template, operationId, tags, summary, path and query parameters and request body, with the
 * schemas request bodies reach, and the literal path segments that share a position with a path parameter
 * (`validate` beside `{workflowId}`). The node ships the index, never the contract (570 KB of YAML).
 *
 * npm run operation-index   (the contract from ../shared/contract, or SEQERA_CONTRACT)
 *
 * The output depends only on the contract: keys are sorted, so regenerating gives the same bytes,
 * and a test checks that the committed index is the one this script writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

import { contractFilePath } from '../dev/simulator/contract';
import type { ContractOperation, OperationIndex, ParameterSpec, RequestBodySpec, SchemaObject } from '../nodes/Seqera/contract/operations';

export const OPERATION_INDEX_FILE = path.resolve(__dirname, '../nodes/Seqera/contract/operationIndex.json');

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const CONTRACT_REF = '#/components/schemas/';
const INDEX_REF = '#/schemas/';

/** What a body check needs; descriptions, titles, examples and vendor extensions are left out. */
const SCHEMA_KEYWORDS = new Set([
	'$ref',
	'additionalProperties',
	'allOf',
	'anyOf',
	'discriminator',
	'enum',
	'format',
	'items',
	'maxItems',
	'maxLength',
	'maximum',
	'minItems',
	'minLength',
	'minimum',
	'not',
	'nullable',
	'oneOf',
	'pattern',
	'properties',
	'readOnly',
	'required',
	'type',
	'uniqueItems',
	'writeOnly',
]);

type Spec = {
	info?: { title?: string; version?: string };
	paths?: Record<string, Record<string, unknown>>;
	components?: { schemas?: Record<string, SchemaObject> };
};

const isObject = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

function schemaName(ref: string): string {
	if (!ref.startsWith(CONTRACT_REF)) throw new Error(`unsupported $ref ${ref}: only ${CONTRACT_REF}… is indexed`);
	return ref.slice(CONTRACT_REF.length);
}

/** A schema with only the validation keywords, its `$ref`s pointing into the index's `schemas`. */
function compactSchema(schema: unknown, reached: Set<string>): unknown {
	if (Array.isArray(schema)) return schema.map((item) => compactSchema(item, reached));
	if (!isObject(schema)) return schema;
	const out: SchemaObject = {};
	for (const [keyword, value] of Object.entries(schema)) {
		if (!SCHEMA_KEYWORDS.has(keyword)) continue;
		if (keyword === '$ref') {
			const name = schemaName(String(value));
			reached.add(name);
			out.$ref = INDEX_REF + name;
		} else if (keyword === 'properties' && isObject(value)) {
			out.properties = Object.fromEntries(
				Object.entries(value).map(([property, propertySchema]) => [property, compactSchema(propertySchema, reached)]),
			);
		} else if (keyword === 'discriminator' && isObject(value)) {
			const mapping = isObject(value.mapping) ? value.mapping : {};
			out.discriminator = {
				propertyName: value.propertyName,
				mapping: Object.fromEntries(
					Object.entries(mapping).map(([tag, ref]) => {
						const name = schemaName(String(ref));
						reached.add(name);
						return [tag, INDEX_REF + name];
					}),
				),
			};
		} else if (keyword === 'enum' || keyword === 'required') {
			out[keyword] = value;
		} else {
			out[keyword] = compactSchema(value, reached);
		}
	}
	return out;
}

/** A parameter's schema, `$ref`s (enums such as `LabelType`) resolved in place: a field needs no lookup. */
function parameterSpec(raw: SchemaObject, schemas: Record<string, SchemaObject>): ParameterSpec {
	const resolve = (schema: unknown): SchemaObject => {
		const object = isObject(schema) ? schema : {};
		return typeof object.$ref === 'string' ? resolve(schemas[schemaName(object.$ref)]) : object;
	};
	const typed = (schema: SchemaObject) => ({
		...(typeof schema.type === 'string' ? { type: schema.type } : {}),
		...(typeof schema.format === 'string' ? { format: schema.format } : {}),
		...(Array.isArray(schema.enum) ? { enum: schema.enum.map(String) } : {}),
	});
	const schema = resolve(raw.schema);
	return {
		name: String(raw.name),
		required: raw.required === true,
		...typed(schema),
		...(schema.type === 'array' ? { items: typed(resolve(schema.items)) } : {}),
		...(raw.explode === false ? { explode: false } : {}),
	};
}

function requestBody(raw: unknown, reached: Set<string>): RequestBodySpec | undefined {
	if (!isObject(raw) || !isObject(raw.content)) return undefined;
	const [contentType] = Object.keys(raw.content).sort();
	const media = raw.content[contentType];
	if (contentType === undefined || !isObject(media)) return undefined;
	return {
		contentType,
		required: raw.required === true,
		schema: compactSchema(media.schema ?? {}, reached) as SchemaObject,
	};
}

/** Objects with their keys in sorted order; arrays (enums, `required`) keep the contract's order. */
function sortKeys(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(sortKeys);
	if (!isObject(value)) return value;
	return Object.fromEntries(
		Object.keys(value)
			.sort()
			.map((key) => [key, sortKeys(value[key])]),
	);
}

const PARAMETER_SEGMENT = /^\{.+\}$/;

/**
 * For each position of a path that holds a parameter, keyed by the path up to it with every parameter
 * written `{}` (`/workflow/{}`), the literal segments other paths have in that position (`delete`,
 * `labels`, `launch`, `random-name`, `validate`). An ID equal to one of them would reach that other route.
 */
export function idSiblingsOf(pathTemplates: readonly string[]): Record<string, string[]> {
	const siblings = new Map<string, Set<string>>();
	const positions = new Set<string>();
	for (const template of pathTemplates) {
		const segments = template.split('/').filter((segment) => segment !== '');
		segments.forEach((segment, index) => {
			const position = `/${segments
				.slice(0, index + 1)
				.map((each) => (PARAMETER_SEGMENT.test(each) ? '{}' : each))
				.join('/')}`;
			if (PARAMETER_SEGMENT.test(segment)) positions.add(position);
			else {
				const parent = position.slice(0, position.lastIndexOf('/'));
				const literals = siblings.get(parent) ?? new Set<string>();
				literals.add(segment);
				siblings.set(parent, literals);
			}
		});
	}
	const table: Record<string, string[]> = {};
	for (const position of [...positions].sort()) {
		const literals = siblings.get(position.slice(0, position.lastIndexOf('/')));
		if (literals && literals.size > 0) table[position] = [...literals].sort();
	}
	return table;
}

/** One operation, and one schema, per line: small, and a contract change reads as a short diff. */
function serialise(index: OperationIndex): string {
	const line = (value: unknown) => JSON.stringify(sortKeys(value));
	const operations = index.operations.map(line);
	const schemas = Object.keys(index.schemas)
		.sort()
		.map((name) => `${JSON.stringify(name)}:${line(index.schemas[name])}`);
	return [
		'{',
		`"contract":${line(index.contract)},`,
		`"idSiblings":${line(index.idSiblings)},`,
		'"operations":[',
		operations.join(',\n'),
		'],',
		'"schemas":{',
		schemas.join(',\n'),
		'}',
		'}',
		'',
	].join('\n');
}

const methodOrder = (method: string) => HTTP_METHODS.indexOf(method.toLowerCase());

/** The index's text for the contract's YAML text. */
export function buildOperationIndex(contractYaml: string): string {
	const spec = parseYaml(contractYaml) as Spec;
	const schemas = spec.components?.schemas ?? {};
	const reached = new Set<string>();
	const operations: ContractOperation[] = [];

	for (const [pathTemplate, pathItem] of Object.entries(spec.paths ?? {})) {
		const sharedParameters = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
		for (const method of HTTP_METHODS) {
			const operation = pathItem[method];
			if (!isObject(operation)) continue;
			const parameters = [...sharedParameters, ...(Array.isArray(operation.parameters) ? operation.parameters : [])]
				.filter(isObject)
				.map((raw) => ({ in: String(raw.in), spec: parameterSpec(raw, schemas) }));
			const body = requestBody(operation.requestBody, reached);
			operations.push({
				method: method.toUpperCase(),
				path: pathTemplate,
				operationId: String(operation.operationId ?? ''),
				tags: Array.isArray(operation.tags) ? operation.tags.map(String) : [],
				summary: String(operation.summary ?? ''),
				pathParameters: parameters.filter((p) => p.in === 'path').map((p) => p.spec),
				queryParameters: parameters.filter((p) => p.in === 'query').map((p) => p.spec),
				...(body ? { body } : {}),
			});
		}
	}
	operations.sort((a, b) => (a.path === b.path ? methodOrder(a.method) - methodOrder(b.method) : a.path < b.path ? -1 : 1));

	// Schemas reach further schemas; compacting each one found adds the names it refers to.
	const indexed: Record<string, SchemaObject> = {};
	const pending = [...reached];
	while (pending.length > 0) {
		const name = pending.pop()!;
		if (name in indexed) continue;
		if (!(name in schemas)) throw new Error(`$ref to ${name}, which the contract does not define`);
		const further = new Set<string>();
		indexed[name] = compactSchema(schemas[name], further) as SchemaObject;
		pending.push(...[...further].filter((next) => !(next in indexed)));
	}

	return serialise({
		contract: { title: String(spec.info?.title ?? ''), version: String(spec.info?.version ?? '') },
		idSiblings: idSiblingsOf(Object.keys(spec.paths ?? {})),
		operations,
		schemas: indexed,
	});
}

if (require.main === module) {
	const contractFile = contractFilePath();
	const text = buildOperationIndex(readFileSync(contractFile, 'utf8'));
	writeFileSync(OPERATION_INDEX_FILE, text);
	const index = JSON.parse(text) as OperationIndex;
	console.log(
		`${path.relative(process.cwd(), OPERATION_INDEX_FILE)}: ${index.operations.length} operations, ` +
			`${Object.keys(index.schemas).length} schemas, ${Buffer.byteLength(text)} bytes (contract ${index.contract.version})`,
	);
}
