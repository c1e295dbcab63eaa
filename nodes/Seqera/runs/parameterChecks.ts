import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- ajv is a runtime dependency of this self-hosted package
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- the same package, for JSON Schema 2020-12
import Ajv2020 from 'ajv/dist/2020';

import { schemaParameters, type PipelineSchema } from './pipelineSchema';

// The schemas carry keywords and formats of their own (`hidden`, `help_text`, `mimetype`, `file-path`, ...):
// they describe the launch form, so the checks pass over them.
const OPTIONS = { strict: false, allErrors: true, validateFormats: false, useDefaults: true, validateSchema: false } as const;

/** One validator per schema object; the items of an execution share the schema they read. */
const validators = new WeakMap<PipelineSchema, ValidateFunction>();

/** nf-schema writes JSON Schema 2020-12 (groups under `$defs`); nf-validation writes draft-07 (`definitions`). */
function isDraft2020(schema: PipelineSchema): boolean {
	return String(schema.$schema ?? '').includes('2020-12') || (schema.$defs !== undefined && schema.definitions === undefined);
}

function validatorFor(node: INode, itemIndex: number, schema: PipelineSchema): ValidateFunction {
	let validate = validators.get(schema);
	if (!validate) {
		// The dialect is chosen here, so the `$schema` URL (written in several spellings) is not looked up.
		const body = { ...schema };
		delete body.$schema;
		try {
			validate = isDraft2020(schema) ? new Ajv2020(OPTIONS).compile(body) : new Ajv(OPTIONS).compile(body);
		} catch (error) {
			throw new NodeOperationError(node, "The pipeline's parameter schema cannot be read, so its parameters cannot be checked", {
				itemIndex,
				description: `${(error as Error).message} (item ${itemIndex}). Fix nextflow_schema.json in the pipeline's repository, then update the Launchpad pipeline. Nothing was launched.`,
			});
		}
		validators.set(schema, validate);
	}
	return validate;
}

function shown(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

const ARTICLE: Record<string, string> = { integer: 'an integer', number: 'a number', string: 'text', boolean: 'true or false' };

/** What a failed check expects, in the words the item's error uses. */
function expectation(error: ErrorObject, value: unknown): string {
	const params = error.params as IDataObject;
	const got = `, got ${shown(value)}`;
	switch (error.keyword) {
		case 'type':
			return `expects ${ARTICLE[String(params.type)] ?? String(params.type)}${got}`;
		case 'enum':
			return `expects one of ${(params.allowedValues as unknown[]).map((allowed) => String(allowed)).join(', ')}${got}`;
		case 'pattern':
			return `expects text matching ${String(params.pattern)}${got}`;
		case 'minimum':
		case 'maximum':
		case 'exclusiveMinimum':
		case 'exclusiveMaximum':
			return `expects a number ${String(params.comparison)} ${String(params.limit)}${got}`;
		default:
			return `${error.message ?? 'does not match the schema'}${got}`;
	}
}

/**
 * Checks the parameters a launch would send against the pipeline's schema, the schema's defaults standing
 * in for parameters not given (as Nextflow's config does). Fails the item, naming every parameter that
 * fails and what it expects; nothing is sent then.
 */
export function checkParameters(node: INode, itemIndex: number, schema: PipelineSchema, params: IDataObject): void {
	const validate = validatorFor(node, itemIndex, schema);
	const checked = structuredClone(params);
	if (validate(checked)) return;
	const declared = new Map(schemaParameters(schema).map((parameter) => [parameter.name, parameter]));
	const failures = new Map<string, string>();
	for (const error of validate.errors ?? []) {
		const params = error.params as IDataObject;
		if (error.keyword === 'required') {
			const name = String(params.missingProperty);
			const { description, help } = declared.get(name) ?? {};
			failures.set(name, `${name}: required, not given${description ? ` (${description})` : ''}${help ? ` ${help}` : ''}`);
			continue;
		}
		if (error.keyword === 'additionalProperties') {
			const name = String(params.additionalProperty);
			failures.set(name, `${name}: not a parameter of this pipeline`);
			continue;
		}
		const name = error.instancePath.split('/')[1];
		if (name === undefined || failures.has(name)) continue;
		failures.set(name, `${name}: ${expectation(error, checked[name])}`);
	}
	const names = [...failures.keys()];
	throw new NodeOperationError(node, `Pipeline parameters do not match the pipeline's schema: ${names.join(', ')}`, {
		itemIndex,
		description: `${[...failures.values()].join('\n')}\n(item ${itemIndex}). Nothing was launched.`,
	});
}
