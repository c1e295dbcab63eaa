import type { IDataObject, ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { parseJsonOrYaml } from '../helpers/validate';
import { parameterFields, schemaParameters } from '../runs/pipelineSchema';
import { chosenPipelineSchema } from './pipelineInfo';

const NO_SCHEMA_NOTICE =
	"This pipeline has no parameter schema (nextflow_schema.json) in the platform: give its parameters as JSON or YAML in Launch Settings → Pipeline Parameters. They are laid over the pipeline's saved parameters.";

/** The chosen Launchpad pipeline's parameters, read from its schema, as fields of the Pipeline Parameters form. */
export async function getPipelineParameters(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const { schema, savedParams } = await chosenPipelineSchema(this);
	if (!schema) return { fields: [], emptyFieldsNotice: NO_SCHEMA_NOTICE };
	const saved: IDataObject = savedParams ? parseJsonOrYaml(this.getNode(), 0, savedParams, 'Saved pipeline parameters') : {};
	return { fields: parameterFields(schemaParameters(schema), saved) };
}
