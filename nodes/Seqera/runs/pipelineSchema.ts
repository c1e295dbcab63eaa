import type { FieldType, IDataObject, ResourceMapperField } from 'n8n-workflow';

import { apiRequest, type SeqeraFunctions } from '../transport';

/** A pipeline's `nextflow_schema.json`, parsed: nf-schema (JSON Schema 2020-12) or nf-validation (draft-07). */
export type PipelineSchema = IDataObject;

type ParameterValue = string | number | boolean;

/** One pipeline parameter as its schema describes it, with the keywords the form reads; the checks read the schema itself. */
export interface SchemaParameter {
	name: string;
	type: 'string' | 'integer' | 'number' | 'boolean';
	required: boolean;
	hidden: boolean;
	description?: string;
	/** The schema's longer `help_text`: what to give, for the error of a parameter not given. */
	help?: string;
	default?: ParameterValue;
	enum?: ParameterValue[];
	format?: string;
	mimetype?: string;
}

/** What `GET /pipelines/{pipelineId}/schema` gives: the schema (none: the platform answered 204) and the saved params. */
export interface SavedPipelineSchema {
	schema?: PipelineSchema;
	savedParams?: string;
}

const SCALAR_TYPES = ['string', 'integer', 'number', 'boolean'] as const;

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): value is ParameterValue {
	return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The schema of a Launchpad pipeline and its saved params; a pipeline without a schema has none. */
export async function savedPipelineSchema(
	context: SeqeraFunctions,
	pipelineId: string,
	workspaceId: string | undefined,
	itemIndex?: number,
	sourceWorkspaceId?: string,
	versionId?: string,
): Promise<SavedPipelineSchema> {
	// 200 always carries `schema`; 204 (no schema saved) has no body at all.
	const response = await apiRequest<{ schema?: string; params?: string }>(context, {
		method: 'GET',
		path: ['pipelines', pipelineId, 'schema'],
		query: { workspaceId, sourceWorkspaceId, versionId },
		itemIndex,
	});
	if (typeof response.schema !== 'string' || response.schema.trim() === '') return {};
	const schema: unknown = JSON.parse(response.schema);
	return { schema: isObject(schema) ? schema : undefined, savedParams: response.params };
}

/** `#/$defs/input_output_options` or `#/definitions/input_output_options` → that group. */
function resolveLocalRef(schema: PipelineSchema, ref: string): IDataObject | undefined {
	if (!ref.startsWith('#/')) return undefined;
	let node: unknown = schema;
	for (const part of ref.slice(2).split('/')) {
		node = isObject(node) ? node[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
	}
	return isObject(node) ? node : undefined;
}

/** The groups of parameters: those `allOf` joins by `$ref` (or inline), then the top-level `properties`. */
function parameterGroups(schema: PipelineSchema): IDataObject[] {
	const joined = Array.isArray(schema.allOf) ? schema.allOf.filter(isObject) : [];
	const groups = joined
		.map((part) => (typeof part.$ref === 'string' ? resolveLocalRef(schema, part.$ref) : part))
		.filter((group): group is IDataObject => group !== undefined);
	return [...groups, schema];
}

function parameterType(declared: unknown): SchemaParameter['type'] {
	// nf-schema allows a list of types (`["boolean", "string"]`); the first scalar one is what the form edits.
	const types = Array.isArray(declared) ? declared : [declared];
	return types.find((type): type is SchemaParameter['type'] => SCALAR_TYPES.includes(type as SchemaParameter['type'])) ?? 'string';
}

function optionalString(value: unknown): string | undefined {
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** Every parameter the schema declares, in the order of its groups; a name declared twice keeps its first. */
export function schemaParameters(schema: PipelineSchema): SchemaParameter[] {
	const parameters = new Map<string, SchemaParameter>();
	for (const group of parameterGroups(schema)) {
		const required = Array.isArray(group.required) ? group.required : [];
		const properties = isObject(group.properties) ? group.properties : {};
		for (const [name, declared] of Object.entries(properties)) {
			if (parameters.has(name) || !isObject(declared)) continue;
			parameters.set(name, {
				name,
				type: parameterType(declared.type),
				required: required.includes(name),
				hidden: declared.hidden === true,
				description: optionalString(declared.description),
				help: optionalString(declared.help_text),
				default: isScalar(declared.default) ? declared.default : undefined,
				enum: Array.isArray(declared.enum) ? declared.enum.filter(isScalar) : undefined,
				format: optionalString(declared.format),
				mimetype: optionalString(declared.mimetype),
			});
		}
	}
	return [...parameters.values()];
}

function fieldType(parameter: SchemaParameter): FieldType {
	if (parameter.enum && parameter.enum.length > 0) return 'options';
	if (parameter.type === 'integer' || parameter.type === 'number') return 'number';
	return parameter.type;
}

function fieldName(parameter: SchemaParameter): string {
	const name = parameter.hidden ? `${parameter.name} (hidden)` : parameter.name;
	return parameter.description ? `${name} — ${parameter.description}` : name;
}

/**
 * The parameters as fields of the Pipeline Parameters form. Required ones are shown; the others, hidden
 * ones included, are added by the user. A field starts at the pipeline's saved value, else the schema's default.
 */
export function parameterFields(parameters: SchemaParameter[], savedParams: IDataObject): ResourceMapperField[] {
	return parameters.map((parameter) => {
		const saved = savedParams[parameter.name];
		const start = isScalar(saved) ? saved : parameter.default;
		return {
			id: parameter.name,
			displayName: fieldName(parameter),
			type: fieldType(parameter),
			required: parameter.required,
			defaultMatch: false,
			canBeUsedToMatch: false,
			display: true,
			removed: !parameter.required,
			...(parameter.enum && parameter.enum.length > 0
				? { options: parameter.enum.map((value) => ({ name: String(value), value })) }
				: {}),
			...(start === undefined ? {} : { defaultValue: start }),
		};
	});
}

/**
 * A value as the schema's type wants it: n8n fields and expressions often give numbers and booleans as
 * text. A value that does not convert is kept as given, for the checks to report.
 */
export function convertedValue(parameter: SchemaParameter | undefined, value: unknown): unknown {
	if (parameter === undefined) return value;
	if (typeof value === 'string') {
		const text = value.trim();
		if ((parameter.type === 'integer' || parameter.type === 'number') && text !== '' && Number.isFinite(Number(text))) {
			return Number(text);
		}
		if (parameter.type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
		return value;
	}
	if (parameter.type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) return String(value);
	return value;
}

const TABULAR_MIMETYPES = ['text/csv', 'text/tab-separated-values'];

/** A CSV or TSV file parameter (such as nf-core's `input`) can be given a workspace dataset. */
export function takesDataset(parameter: SchemaParameter): boolean {
	return parameter.format === 'file-path' && TABULAR_MIMETYPES.includes(parameter.mimetype ?? '');
}
