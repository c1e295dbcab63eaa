/**
 * Checks requests (and, in tests, responses) against the platform's OpenAPI 3.0
 * contract, so a client bug such as a misspelt query parameter or a wrongly
 * typed launch field fails loudly here instead of silently against production.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';
import { compileTemplate, findBestMatch, type PathTemplate } from './pathTemplate';

export interface ContractViolation {
	method: string;
	path: string;
	operationId?: string;
	problems: string[];
}

/** The contract lives in a `shared` folder beside the repository; SEQERA_CONTRACT points elsewhere. */
export function contractFilePath(): string {
	return process.env.SEQERA_CONTRACT ?? path.resolve(__dirname, '../../../shared/contract/seqera-openapi.yaml');
}

type SchemaObject = Record<string, unknown>;

interface ParameterSpec {
	name: string;
	in: string;
	required: boolean;
	schema: SchemaObject;
}

interface ResponseSpec {
	/** JSON schema of an application/json body; undefined when the status has no JSON body. */
	jsonSchema?: SchemaObject;
	hasBody: boolean;
}

export interface Operation {
	method: string;
	template: PathTemplate;
	operationId?: string;
	parameters: ParameterSpec[];
	requestBody?: {
		required: boolean;
		jsonSchema?: SchemaObject;
		/** Schema of a multipart/form-data body, whose fields arrive as text. */
		formSchema?: SchemaObject;
	};
	responses: Record<string, ResponseSpec>;
}

export interface RequestToCheck {
	method: string;
	path: string;
	/** Every value of every query parameter, in order. */
	query: ReadonlyMap<string, readonly string[]>;
	/** Parsed JSON body; undefined when the request had none. */
	body: unknown;
	/** The fields of a multipart/form-data body, files as their content; undefined for other bodies. */
	form?: Record<string, string>;
}

const SPEC_ID = 'spec';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/**
 * Where the running platform is known to differ from its published contract.
 * Response schemas aside, only two request fields are patched (action launch params, and browse-tree's
 * `paths`, see patchKnownParameterDeviations); every other request check is exactly as strict as the
 * spec. Responses are checked without their null fields.
 */
function patchKnownDeviations(schemas: Record<string, SchemaObject>): void {
	// Action launch params are Java Map<String, Object>: the generator wrote Object as `type: object`,
	// but the platform takes any JSON value, and its own clients send strings (`{"params": {"input": "s3://..."}}`).
	const launchAction = schemas['LaunchActionRequest']?.properties as Record<string, SchemaObject> | undefined;
	if (launchAction?.params) launchAction.params = { type: 'object', additionalProperties: {} };
	// Java's Iterator<String> is serialised by the server as a JSON array of log lines.
	schemas['Iterator_String_'] = { type: 'array', items: { type: 'string' } };
	// Run params are Java Map<String, Object>, rendered as object-valued; the server sends any JSON value.
	const workflow = schemas['WorkflowDbDto']?.properties as Record<string, SchemaObject> | undefined;
	if (workflow?.params) workflow.params = { type: 'object', additionalProperties: {} };
	// /user/{userId}/workspaces lists each organisation once on its own, with the workspace fields null.
	const orgAndWorkspace = schemas['OrgAndWorkspaceDto'];
	const properties = orgAndWorkspace?.properties as Record<string, SchemaObject> | undefined;
	for (const field of ['workspaceId', 'workspaceName', 'workspaceFullName', 'visibility', 'orgLogoUrl']) {
		if (properties?.[field]) properties[field] = { ...properties[field], nullable: true };
	}
	// A task's exit code comes as text in some answers (`"exit": "0"`, captured by tower-cli); Task is only ever answered.
	const task = schemas['Task']?.properties as Record<string, SchemaObject> | undefined;
	if (task?.exit) task.exit = { anyOf: [task.exit, { type: 'string', pattern: '^-?\\d+$' }] };
}

/**
 * browse-tree's `paths` is a Java List<String> the generator wrote as a list of objects; tw's
 * `data-links download` sends folder paths (`paths=directory/`, DataLinksCmdTest), as the platform takes them.
 */
function patchKnownParameterDeviations(operationId: string | undefined, parameters: ParameterSpec[]): void {
	const paths = operationId === 'ExploreDataLinkTree' ? parameters.find((parameter) => parameter.name === 'paths') : undefined;
	if (paths) paths.schema = { type: 'array', items: { type: 'string' } };
}

/** The answer without its null fields: the platform writes a field it has no value for as null, where the contract leaves it out. */
function withoutNullFields(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(withoutNullFields);
	if (!isObject(value)) return value;
	return Object.fromEntries(
		Object.entries(value)
			.filter(([, field]) => field !== null)
			.map(([key, field]) => [key, withoutNullFields(field)]),
	);
}

const isObject = (value: unknown): value is SchemaObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * OpenAPI 3.0 schema → JSON schema Ajv understands: `nullable`, discriminated
 * `oneOf`, and local `$ref`s rewritten to point into the registered spec.
 */
function toJsonSchema(node: unknown): unknown {
	if (Array.isArray(node)) return node.map(toJsonSchema);
	if (!isObject(node)) return node;
	const out: SchemaObject = {};
	for (const [key, value] of Object.entries(node)) out[key] = toJsonSchema(value);

	if (typeof out.$ref === 'string' && out.$ref.startsWith('#/')) out.$ref = SPEC_ID + out.$ref;

	if (Array.isArray(out.oneOf)) {
		const discriminator = out.discriminator;
		if (isObject(discriminator) && isObject(discriminator.mapping) && typeof discriminator.propertyName === 'string') {
			// The subschemas do not pin the discriminator value, so several of them match any
			// object and a plain oneOf always fails; dispatch on the property instead.
			const property = discriminator.propertyName;
			const mapping = Object.entries(discriminator.mapping as Record<string, string>);
			delete out.oneOf;
			out.type = 'object';
			out.required = [...((out.required as string[] | undefined) ?? []), property];
			out.properties = {
				...((out.properties as SchemaObject | undefined) ?? {}),
				[property]: { type: 'string', enum: mapping.map(([value]) => value) },
			};
			out.allOf = [
				...((out.allOf as unknown[] | undefined) ?? []),
				...mapping.map(([value, ref]) => ({
					if: { properties: { [property]: { const: value } }, required: [property] },
					then: { $ref: SPEC_ID + ref },
				})),
			];
		} else {
			// Without a discriminator the spec's oneOf alternatives overlap (e.g. ErrorResponse is a
			// subset of WorkflowLaunchValidationErrorResponse), so "exactly one" can never hold.
			out.anyOf = out.oneOf;
			delete out.oneOf;
		}
	}

	if (out.nullable === true) {
		delete out.nullable;
		return { anyOf: [{ type: 'null' }, out] };
	}
	return out;
}

function loadOperations(spec: SchemaObject): Operation[] {
	const operations: Operation[] = [];
	for (const [pathText, pathItemRaw] of Object.entries((spec.paths as SchemaObject | undefined) ?? {})) {
		if (!isObject(pathItemRaw)) continue;
		const sharedParameters = Array.isArray(pathItemRaw.parameters) ? pathItemRaw.parameters : [];
		for (const method of HTTP_METHODS) {
			const op = pathItemRaw[method];
			if (!isObject(op)) continue;
			const rawParameters = [...sharedParameters, ...(Array.isArray(op.parameters) ? op.parameters : [])];
			const parameters: ParameterSpec[] = rawParameters.filter(isObject).map((p) => ({
				name: String(p.name),
				in: String(p.in),
				required: p.required === true,
				schema: toJsonSchema(p.schema ?? {}) as SchemaObject,
			}));
			patchKnownParameterDeviations(typeof op.operationId === 'string' ? op.operationId : undefined, parameters);
			const body = isObject(op.requestBody) ? op.requestBody : undefined;
			const responses: Record<string, ResponseSpec> = {};
			for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
				const content = isObject(response) && isObject(response.content) ? response.content : undefined;
				responses[status] = {
					hasBody: content !== undefined,
					jsonSchema: jsonSchemaOf(content),
				};
			}
			operations.push({
				method: method.toUpperCase(),
				template: compileTemplate(pathText),
				operationId: typeof op.operationId === 'string' ? op.operationId : undefined,
				parameters,
				requestBody: body && {
					required: body.required === true,
					jsonSchema: jsonSchemaOf(isObject(body.content) ? body.content : undefined),
					formSchema: schemaOf(isObject(body.content) ? body.content : undefined, 'multipart/form-data'),
				},
				responses,
			});
		}
	}
	return operations;
}

function schemaOf(content: SchemaObject | undefined, mediaType: string): SchemaObject | undefined {
	const media = content?.[mediaType];
	return isObject(media) && isObject(media.schema) ? (toJsonSchema(media.schema) as SchemaObject) : undefined;
}

function jsonSchemaOf(content: SchemaObject | undefined): SchemaObject | undefined {
	return schemaOf(content, 'application/json');
}

const loadedContracts = new Map<string, Contract>();

export class Contract {
	private readonly ajv: Ajv;
	private readonly validators = new Map<SchemaObject, ValidateFunction>();
	private readonly components: Record<string, SchemaObject>;

	private constructor(
		readonly operations: readonly Operation[],
		components: Record<string, SchemaObject>,
	) {
		this.components = components;
		this.ajv = new Ajv({ strict: false, allErrors: true, logger: false });
		addFormats(this.ajv);
		this.ajv.addSchema({ components: { schemas: components } }, SPEC_ID);
	}

	/** Parsing the 20k-line spec takes a moment, so each file is loaded once per process. */
	static load(file: string): Contract {
		const cached = loadedContracts.get(file);
		if (cached) return cached;
		const spec = parseYaml(readFileSync(file, 'utf8')) as SchemaObject;
		const rawSchemas = ((spec.components as SchemaObject | undefined)?.schemas ?? {}) as Record<string, SchemaObject>;
		patchKnownDeviations(rawSchemas);
		const components = toJsonSchema(rawSchemas) as Record<string, SchemaObject>;
		const contract = new Contract(loadOperations(spec), components);
		loadedContracts.set(file, contract);
		return contract;
	}

	static loadIfPresent(file = contractFilePath()): Contract | undefined {
		return existsSync(file) ? Contract.load(file) : undefined;
	}

	findOperation(method: string, requestPath: string): { operation: Operation; pathParams: Record<string, string> } | null {
		const upper = method.toUpperCase();
		const found = findBestMatch(
			this.operations.filter((op) => op.method === upper),
			(op) => op.template,
			requestPath,
		);
		return found && { operation: found.match, pathParams: found.params };
	}

	/** Returns null when the request fits the contract. */
	checkRequest(request: RequestToCheck): ContractViolation | null {
		const found = this.findOperation(request.method, request.path);
		const violation = (problems: string[], operationId?: string): ContractViolation | null =>
			problems.length === 0
				? null
				: { method: request.method, path: request.path, ...(operationId ? { operationId } : {}), problems };
		if (!found) return violation([`no operation ${request.method} ${request.path} in the contract`]);

		const { operation, pathParams } = found;
		const problems: string[] = [];
		for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
			this.checkParameter(parameter, [pathParams[parameter.name]], problems);
		}
		const queryParameters = operation.parameters.filter((p) => p.in === 'query');
		for (const name of request.query.keys()) {
			if (!queryParameters.some((p) => p.name === name)) problems.push(`unknown query parameter '${name}'`);
		}
		for (const parameter of queryParameters) {
			const values = request.query.get(parameter.name);
			if (values === undefined) {
				if (parameter.required) problems.push(`query parameter '${parameter.name}' is required`);
				continue;
			}
			this.checkParameter(parameter, values, problems);
		}

		const { requestBody } = operation;
		if (!requestBody) {
			if (request.body !== undefined || request.form !== undefined) problems.push('operation takes no request body');
		} else if (request.form !== undefined) {
			if (requestBody.formSchema) problems.push(...this.validate(requestBody.formSchema, request.form, 'form'));
			else problems.push('operation takes no multipart/form-data body');
		} else if (request.body === undefined) {
			if (requestBody.required) problems.push('request body is required');
		} else if (requestBody.jsonSchema) {
			problems.push(...this.validate(requestBody.jsonSchema, request.body, 'body'));
		} else if (requestBody.formSchema) {
			problems.push('request body must be multipart/form-data');
		}
		return violation(problems, operation.operationId);
	}

	/** Problems with a response the simulator produced; empty when it fits the contract. */
	checkResponse(method: string, requestPath: string, status: number, body: unknown): string[] {
		const found = this.findOperation(method, requestPath);
		if (!found) return [`no operation ${method} ${requestPath} in the contract`];
		const spec = found.operation.responses[String(status)] ?? found.operation.responses.default;
		if (!spec) return [`status ${status} is not declared for ${found.operation.operationId ?? requestPath}`];
		if (!spec.hasBody) return body === undefined ? [] : [`status ${status} is declared without a body`];
		return spec.jsonSchema ? this.validate(spec.jsonSchema, withoutNullFields(body), 'response') : [];
	}

	private checkParameter(parameter: ParameterSpec, values: readonly string[], problems: string[]): void {
		const where = `${parameter.in} parameter '${parameter.name}'`;
		const type = this.typeOf(parameter.schema);
		if (values.length > 1) {
			// Arrays are declared explode:false, so a repeated parameter is never what the server parses.
			problems.push(`${where} given ${values.length} times; send one value${type === 'array' ? ' (comma-joined)' : ''}`);
			return;
		}
		problems.push(...this.validate(parameter.schema, this.coerce(parameter.schema, values[0]), where));
	}

	/** Query and path values arrive as text; give them the JSON type their schema declares before validating. */
	private coerce(schema: SchemaObject, raw: string): unknown {
		switch (this.typeOf(schema)) {
			case 'integer':
			case 'number':
				return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
			case 'boolean':
				return raw === 'true' ? true : raw === 'false' ? false : raw;
			case 'array': {
				const items = (this.resolve(schema).items as SchemaObject | undefined) ?? {};
				return raw === '' ? [] : raw.split(',').map((item) => this.coerce(items, item));
			}
			default:
				return raw;
		}
	}

	private typeOf(schema: SchemaObject): string | undefined {
		const resolved = this.resolve(schema);
		return typeof resolved.type === 'string' ? resolved.type : undefined;
	}

	/** Follows `$ref`s and nullable wrappers down to the schema that carries the type. */
	private resolve(schema: SchemaObject): SchemaObject {
		let current = schema;
		for (let depth = 0; depth < 10; depth++) {
			if (typeof current.$ref === 'string') {
				const name = current.$ref.replace(`${SPEC_ID}#/components/schemas/`, '');
				current = this.components[name] ?? {};
			} else if (Array.isArray(current.anyOf)) {
				const nonNull = current.anyOf.filter((s) => isObject(s) && s.type !== 'null');
				if (nonNull.length !== 1) return current;
				current = nonNull[0] as SchemaObject;
			} else if (Array.isArray(current.allOf) && current.allOf.length === 1 && current.type === undefined) {
				current = current.allOf[0] as SchemaObject;
			} else {
				return current;
			}
		}
		return current;
	}

	private validate(schema: SchemaObject, value: unknown, where: string): string[] {
		let validator = this.validators.get(schema);
		if (!validator) {
			validator = this.ajv.compile(schema);
			this.validators.set(schema, validator);
		}
		if (validator(value)) return [];
		return describeErrors(validator.errors ?? [], where);
	}
}

/** Ajv reports every branch it tried; keep the errors that say what is actually wrong. */
function describeErrors(errors: readonly ErrorObject[], where: string): string[] {
	const meaningful = errors.filter(
		(e) => e.keyword !== 'if' && e.keyword !== 'anyOf' && !(e.keyword === 'type' && e.params.type === 'null'),
	);
	const shown = meaningful.length > 0 ? meaningful : errors;
	const lines = shown.map((e) => {
		const detail =
			e.keyword === 'enum'
				? `${e.message} (${(e.params.allowedValues as unknown[]).map(String).join(', ')})`
				: e.keyword === 'additionalProperties'
					? `${e.message} '${String(e.params.additionalProperty)}'`
					: e.message;
		return `${where}${e.instancePath} ${detail}`;
	});
	return [...new Set(lines)];
}
