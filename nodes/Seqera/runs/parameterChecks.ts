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
				description:
					`${(error as Error).message} (item ${itemIndex}). Fix nextflow_schema.json in the pipeline's repository, then ` +
					`update the Launchpad pipeline. Nothing was launched.`,
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

/** One parameter the schema check stops at; a required one not sent may still be left to the pipeline. */
interface ParameterFailure {
	name: string;
	/** A required parameter the launch does not send and the schema has no default for. */
	notSent: boolean;
	/** Its line in the item's error. */
	reason: string;
}

/**
 * What the schema refuses, in the schema's order: values given in this node, and required parameters the
 * launch does not send. The schema's defaults stand in for parameters not given, as Nextflow's config does.
 * Values the node does not give (the pipeline's saved parameters) are not judged: the platform took them
 * when the pipeline was saved, and the pipeline checks them itself when it runs.
 */
function parameterFailures(
	node: INode,
	itemIndex: number,
	schema: PipelineSchema,
	params: IDataObject,
	given: ReadonlySet<string>,
): ParameterFailure[] {
	const validate = validatorFor(node, itemIndex, schema);
	// A saved null sets nothing (Nextflow's `params.input = null`): the parameter counts as not sent.
	const checked = structuredClone(
		Object.fromEntries(Object.entries(params).filter(([name, value]) => value !== null || given.has(name))),
	);
	if (validate(checked)) return [];
	const declared = new Map(schemaParameters(schema).map((parameter) => [parameter.name, parameter]));
	const failures = new Map<string, ParameterFailure>();
	for (const error of validate.errors ?? []) {
		const params = error.params as IDataObject;
		if (error.keyword === 'required') {
			const name = String(params.missingProperty);
			const { description, help } = declared.get(name) ?? {};
			const reason = `${name}: required, not given${description ? ` (${description})` : ''}${help ? ` ${help}` : ''}`;
			failures.set(name, { name, notSent: true, reason });
			continue;
		}
		const name = error.keyword === 'additionalProperties' ? String(params.additionalProperty) : error.instancePath.split('/')[1];
		if (name === undefined || !given.has(name) || failures.has(name)) continue;
		const reason = error.keyword === 'additionalProperties' ? 'not a parameter of this pipeline' : expectation(error, checked[name]);
		failures.set(name, { name, notSent: false, reason: `${name}: ${reason}` });
	}
	return [...failures.values()];
}

/** What a Nextflow config text sets among the pipeline's parameters, as far as the text itself shows. */
interface ConfigTextParameters {
	/** Set as `params.name = …`, `params['name'] = …` or `name = …` in a `params { … }` block, anywhere in the text. */
	names: Set<string>;
	/** The text includes other config files (`includeConfig`), which may set any parameter. */
	includesOtherConfig: boolean;
}

const PARAMS_ASSIGNMENT = /\bparams\s*(?:\.\s*([A-Za-z_]\w*)|\[\s*['"]([^'"]+)['"]\s*\])\s*=(?!=)/g;
const PARAMS_BLOCK_START = /\bparams\s*\{/g;
// A statement of a `params { … }` block that sets a parameter: `name = value`, or `name { … }` for a map.
const BLOCK_ASSIGNMENT = /(?:^|[\n;])\s*([A-Za-z_]\w*|'[^']+'|"[^"]+")\s*(?:=(?!=)|\{)/g;

/** The text directly inside each `params { … }` block; what is nested deeper is left out, each nested block marked by its `{`. */
function paramsBlocks(code: string): string[] {
	const blocks: string[] = [];
	for (const start of code.matchAll(PARAMS_BLOCK_START)) {
		let depth = 1;
		let inside = '';
		for (let index = start.index + start[0].length; index < code.length && depth > 0; index++) {
			const char = code[index];
			if (char === '{') {
				if (depth === 1) inside += '{';
				depth++;
			} else if (char === '}') {
				depth--;
				if (depth === 1) inside += '\n';
			} else if (depth === 1) {
				inside += char;
			}
		}
		blocks.push(inside);
	}
	return blocks;
}

function configTextParameters(text: string | undefined): ConfigTextParameters {
	// Comments set nothing; `//` after a colon is part of a URL (`s3://…`), not a comment.
	const code = (text ?? '').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:])\/\/.*$/gm, '$1');
	const names = new Set<string>();
	for (const match of code.matchAll(PARAMS_ASSIGNMENT)) names.add(match[1] ?? match[2]);
	for (const block of paramsBlocks(code)) {
		for (const match of block.matchAll(BLOCK_ASSIGNMENT)) names.add(match[1].replace(/^['"]|['"]$/g, ''));
	}
	return { names, includesOtherConfig: /\bincludeConfig\b/.test(code) };
}

/** What a launch sends besides its parameters text that Nextflow may take parameters from. */
export interface ParameterSources {
	/** The Nextflow config text the launch sends: the node's, else the one saved with the pipeline. */
	configText?: string;
	/** The config profiles the launch runs with: the node's, else those saved with the pipeline. */
	configProfiles: string[];
	/** Whether the profiles were chosen in the node, rather than saved with the pipeline. */
	configProfilesChosenInNode: boolean;
}

/** Required parameters the launch does not send, and what it leaves them to. */
export interface LeftToPipeline {
	names: string[];
	/** In words: the config profiles in effect, a config file the config text includes. */
	suppliers: string[];
}

/**
 * Checks a Launchpad launch's parameters against the pipeline's schema before it is sent, and returns the
 * required parameters left to the pipeline to supply. The rule:
 *
 * - Values given in this node (the form, the JSON/YAML text, datasets) must match the schema: type,
 *   list of values, pattern, bounds. Any that does not fails the item.
 * - A required parameter is supplied when the launch sends it: in the parameters text (the pipeline's
 *   saved parameters with the node's values laid over them; the text is what tower-cli calls a params
 *   file), as a `params` setting in the Nextflow config text sent (the node's or the pipeline's saved one),
 *   or by the schema's default, which stands for the pipeline's own nextflow.config (nf-core's schema
 *   builder writes the defaults from it, and its lint keeps them equal).
 * - A required parameter nothing sends may still come from a config profile in effect (chosen in the node
 *   or saved with the pipeline), or from a config file the config text includes: the node cannot read
 *   those, and the platform launches all the same. It is left to them, and returned for the node to show.
 * - Otherwise nothing can supply it, and the item fails naming it and saying how to give it.
 *
 * The platform itself checks none of this; the pipeline checks its parameters when it runs.
 */
export function checkLaunchParameters(
	node: INode,
	itemIndex: number,
	schema: PipelineSchema,
	params: IDataObject,
	given: ReadonlySet<string>,
	sources: ParameterSources,
): LeftToPipeline {
	const fromConfigText = configTextParameters(sources.configText);
	const failures = parameterFailures(node, itemIndex, schema, params, given).filter(
		(failure) => !(failure.notSent && fromConfigText.names.has(failure.name)),
	);
	const { configProfiles } = sources;
	const suppliers = [
		...(configProfiles.length > 0
			? [
					`config profile${configProfiles.length > 1 ? 's' : ''} ${configProfiles.join(', ')} ` +
						`(${sources.configProfilesChosenInNode ? 'chosen in Launch Settings' : 'saved with the pipeline'})`,
				]
			: []),
		...(fromConfigText.includesOtherConfig ? ['a config file the Nextflow config text includes'] : []),
	];
	const refused = suppliers.length > 0 ? failures.filter((failure) => !failure.notSent) : failures;
	if (refused.length > 0) refuse(node, itemIndex, refused);
	return { names: failures.filter((failure) => failure.notSent).map((failure) => failure.name), suppliers };
}

function refuse(node: INode, itemIndex: number, failures: ParameterFailure[]): never {
	const howToGive = failures.some((failure) => failure.notSent)
		? '\nTo give a required parameter: fill it in Pipeline Parameters or Launch Settings → Pipeline Parameters, ' +
			'set params.<name> in Launch Settings → Nextflow Config, or choose a config profile that sets it.'
		: '';
	throw new NodeOperationError(
		node,
		`Pipeline parameters do not match the pipeline's schema: ${failures.map((failure) => failure.name).join(', ')}`,
		{
			itemIndex,
			description: `${failures.map((failure) => failure.reason).join('\n')}${howToGive}\n(item ${itemIndex}). Nothing was launched.`,
		},
	);
}
