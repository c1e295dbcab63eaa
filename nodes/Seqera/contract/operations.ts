/**
 * The platform's operations as its OpenAPI contract declares them, from the index generated at build time
 * (`npm run operation-index`; operationIndex.json is committed, the contract itself is not).
 */
import generatedIndex from './operationIndex.json';

/** A JSON schema fragment of the contract, its `$ref`s pointing into `OperationIndex.schemas` (`#/schemas/Name`). */
export type SchemaObject = { [keyword: string]: unknown };

export interface ParameterSpec {
	name: string;
	required: boolean;
	type?: string;
	format?: string;
	enum?: string[];
	/** For arrays: the type (and allowed values) of each element. */
	items?: { type?: string; format?: string; enum?: string[] };
	/** `false` when the contract sends an array as one comma-joined value. */
	explode?: boolean;
}

export interface RequestBodySpec {
	contentType: string;
	required: boolean;
	schema: SchemaObject;
}

export interface ContractOperation {
	method: string;
	/** The path template, as in the contract: `/workflow/{workflowId}`. */
	path: string;
	operationId: string;
	tags: string[];
	summary: string;
	pathParameters: ParameterSpec[];
	queryParameters: ParameterSpec[];
	body?: RequestBodySpec;
}

export interface OperationIndex {
	contract: { title: string; version: string };
	/**
	 * For each path position that holds a parameter (the path up to it, parameters written `{}`: `/workflow/{}`),
	 * the literal segments other paths have in that position (`validate`, `launch`, ...).
	 */
	idSiblings: Record<string, string[]>;
	operations: ContractOperation[];
	/** Every schema a request body reaches, by name. */
	schemas: Record<string, SchemaObject>;
}

export const operationIndex: OperationIndex = generatedIndex;

type Template = { operation: ContractOperation; segments: ReadonlyArray<string | null> };

/** The path up to and including segment `index` of a template, parameters written `{}`: the key of `idSiblings`. */
function positionOf(segments: readonly string[], index: number): string {
	return `/${segments
		.slice(0, index + 1)
		.map((segment) => (/^\{.+\}$/.test(segment) ? '{}' : segment))
		.join('/')}`;
}

/**
 * The literal segments that other routes have where `parameter` sits in `operation`'s path: a value equal
 * to one of them would reach that route instead (a run ID `validate` sent as `GET /workflow/validate`).
 */
export function routeWordsBeside(operation: ContractOperation, parameter: string): readonly string[] {
	const segments = operation.path.split('/').filter((segment) => segment !== '');
	const index = segments.indexOf(`{${parameter}}`);
	return index < 0 ? [] : (operationIndex.idSiblings[positionOf(segments, index)] ?? []);
}

let routeWords: Set<string> | undefined;

/**
 * Whether `value` is, in any case, a literal segment that shares a position with an ID in some path of the
 * contract. IDs are checked against all of them: an ID field does not know every path it is sent in, and
 * no ID of the platform is such a word.
 */
export function isRouteWord(value: string): boolean {
	routeWords ??= new Set(Object.values(operationIndex.idSiblings).flatMap((words) => words.map((word) => word.toLowerCase())));
	return routeWords.has(value.toLowerCase());
}

let templatesByMethod: Map<string, Template[]> | undefined;

/** Each template split once: a literal segment as its text, a `{parameter}` as null. */
function templatesFor(method: string): Template[] {
	if (!templatesByMethod) {
		templatesByMethod = new Map();
		for (const operation of operationIndex.operations) {
			const segments = operation.path
				.split('/')
				.filter((part) => part !== '')
				.map((part) => (/^\{.+\}$/.test(part) ? null : part));
			const templates = templatesByMethod.get(operation.method) ?? [];
			templates.push({ operation, segments });
			templatesByMethod.set(operation.method, templates);
		}
	}
	return templatesByMethod.get(method) ?? [];
}

function fits(template: Template, segments: readonly string[]): boolean {
	return (
		template.segments.length === segments.length &&
		template.segments.every((literal, i) => (literal === null ? segments[i] !== '' : literal === segments[i]))
	);
}

/** At the first segment where two templates differ, the literal one is the more specific. */
function moreSpecific(a: Template, b: Template): boolean {
	for (let i = 0; i < a.segments.length; i++) {
		const aIsLiteral = a.segments[i] !== null;
		if (aIsLiteral !== (b.segments[i] !== null)) return aIsLiteral;
	}
	return false;
}

/**
 * The contract's operation a request reaches, as the platform routes it: `/workflow/launch` is
 * `POST /workflow/launch`, not `/workflow/{workflowId}`. Undefined when the contract has no such operation.
 */
export function findOperation(method: string, segments: readonly string[]): ContractOperation | undefined {
	let best: Template | undefined;
	for (const template of templatesFor(method.toUpperCase())) {
		if (fits(template, segments) && (!best || moreSpecific(template, best))) best = template;
	}
	return best?.operation;
}

export function takesQueryParameter(operation: ContractOperation, name: string): boolean {
	return operation.queryParameters.some((parameter) => parameter.name === name);
}

export function operationById(operationId: string): ContractOperation | undefined {
	return operationIndex.operations.find((operation) => operation.operationId === operationId);
}

/** Operations whose body is a file upload (multipart/form-data) rather than JSON. */
export function takesFileUpload(operation: ContractOperation): boolean {
	return operation.body !== undefined && operation.body.contentType !== 'application/json';
}
