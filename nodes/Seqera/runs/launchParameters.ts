import type { IDataObject, IExecuteFunctions, INodeProperties, ResourceMapperValue } from 'n8n-workflow';

import { parseJsonOrYaml } from '../helpers/validate';
import { checkParameters } from './parameterChecks';
import { convertedValue, savedPipelineSchema, schemaParameters, type SavedPipelineSchema, type SchemaParameter } from './pipelineSchema';

const PIPELINE_PARAMETERS_FIELD = 'pipelineParameters';

/** A Launchpad pipeline's parameters as a form, its fields read from the pipeline's schema. */
export const pipelineParametersField: INodeProperties = {
	displayName: 'Pipeline Parameters',
	name: PIPELINE_PARAMETERS_FIELD,
	type: 'resourceMapper',
	noDataExpression: true,
	default: { mappingMode: 'defineBelow', value: null },
	description:
		"The parameters the pipeline's schema declares. Values here win over the JSON/YAML text of Launch Settings, which wins over the pipeline's saved parameters.",
	typeOptions: {
		loadOptionsDependsOn: ['pipelineId.value', 'workspace.value'],
		resourceMapper: {
			resourceMapperMethod: 'getPipelineParameters',
			mode: 'add',
			fieldWords: { singular: 'parameter', plural: 'parameters' },
			addAllFields: false,
			multiKeyMatch: false,
			supportAutoMap: false,
		},
	},
};

/**
 * Schemas read once per execution for each pipeline and workspace: the items of a batch usually launch
 * the same pipeline. A failed read is not kept, so the next item asks again.
 */
export class PipelineSchemas {
	private readonly read = new Map<string, Promise<SavedPipelineSchema>>();

	constructor(private readonly context: IExecuteFunctions) {}

	async of(pipelineId: string, workspaceId: string | undefined, itemIndex: number): Promise<SavedPipelineSchema> {
		const key = `${workspaceId ?? ''}/${pipelineId}`;
		let schema = this.read.get(key);
		if (!schema) {
			schema = savedPipelineSchema(this.context, pipelineId, workspaceId, itemIndex);
			this.read.set(key, schema);
			schema.catch(() => this.read.delete(key));
		}
		return await schema;
	}
}

/** The values filled in the Pipeline Parameters form, converted to the schema's types; empty fields are not given. */
function formValues(context: IExecuteFunctions, itemIndex: number, parameters: SchemaParameter[]): IDataObject {
	const form = context.getNodeParameter(PIPELINE_PARAMETERS_FIELD, itemIndex, null) as ResourceMapperValue | null;
	const byName = new Map(parameters.map((parameter) => [parameter.name, parameter]));
	const values: IDataObject = {};
	for (const [name, value] of Object.entries(form?.value ?? {})) {
		if (value === null || value === undefined || value === '') continue;
		values[name] = convertedValue(byName.get(name), value) as IDataObject[string];
	}
	return values;
}

/**
 * The parameters of a Launchpad launch, laid over each other by name: the pipeline's saved parameters,
 * then the JSON/YAML text of Launch Settings, then the form's fields. The result is checked against the
 * pipeline's schema when it has one. With neither text nor fields the saved text is sent as it was saved.
 */
export function launchpadParamsText(
	context: IExecuteFunctions,
	itemIndex: number,
	savedParamsText: string | undefined,
	typedParamsText: string | undefined,
	pipelineSchema: SavedPipelineSchema,
): string | undefined {
	const node = context.getNode();
	const { schema } = pipelineSchema;
	const typed = typedParamsText === undefined ? {} : parseJsonOrYaml(node, itemIndex, typedParamsText, 'Pipeline Parameters');
	const filled = formValues(context, itemIndex, schema ? schemaParameters(schema) : []);
	const saved = savedParamsText ? parseJsonOrYaml(node, itemIndex, savedParamsText, 'Saved pipeline parameters') : {};
	const params = { ...saved, ...typed, ...filled };
	if (schema) checkParameters(node, itemIndex, schema, params);
	if (typedParamsText === undefined && Object.keys(filled).length === 0) return savedParamsText;
	return JSON.stringify(params);
}
