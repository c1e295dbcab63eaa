import type { IDataObject, ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { workspaceIdFor } from '../helpers/parameters';
import { parseJsonOrYaml, requireNumericId } from '../helpers/validate';
import { parameterFields, savedPipelineSchema, schemaParameters } from '../runs/pipelineSchema';
import { connectionOf } from '../transport/connection';

const NO_SCHEMA_NOTICE =
	"This pipeline has no parameter schema (nextflow_schema.json) in the platform: give its parameters as JSON or YAML in Launch Settings → Pipeline Parameters. They are laid over the pipeline's saved parameters.";

/** The chosen Launchpad pipeline's parameters, read from its schema, as fields of the Pipeline Parameters form. */
export async function getPipelineParameters(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const pipelineId = requireNumericId(
		this.getNode(),
		0,
		this.getNodeParameter('pipelineId', '', { extractValue: true }),
		'Launchpad Pipeline',
	);
	const workspaceId = workspaceIdFor(this, 0, await connectionOf(this));
	const { schema, savedParams } = await savedPipelineSchema(this, pipelineId, workspaceId);
	if (!schema) return { fields: [], emptyFieldsNotice: NO_SCHEMA_NOTICE };
	const saved: IDataObject = savedParams ? parseJsonOrYaml(this.getNode(), 0, savedParams, 'Saved pipeline parameters') : {};
	return { fields: parameterFields(schemaParameters(schema), saved) };
}
