/**
 * What the launch fields offer, read from the pipeline: the branches, tags and profiles of the repository
 * typed in the Pipeline Repository field, and the chosen Launchpad pipeline's dataset parameters and
 * parameter form.
 */
import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions, ResourceMapperFields } from 'n8n-workflow';

import { parseJsonOrYaml } from '../helpers/validate';
import { parameterFields, schemaParameters, takesDataset } from '../runs/pipelineSchema';
import { chosenPipelineSchema, repositoryInfo } from './pipelineInfo';

const NO_SCHEMA_NOTICE =
	'This pipeline has no parameter schema (nextflow_schema.json) in the platform: give its parameters as JSON or YAML in Launch ' +
	"Settings → Pipeline Parameters. They are laid over the pipeline's saved parameters.";

/** The branches and tags of the repository typed in the Pipeline Repository field, as the platform lists them. */
export async function searchRevisions(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const { revisions = [] } = await repositoryInfo(this);
	const wanted = (filter ?? '').toLowerCase();
	return {
		results: revisions
			.filter((revision) => revision.toLowerCase().includes(wanted))
			.map((revision) => ({ name: revision, value: revision })),
	};
}

/** The configuration profiles the repository's `nextflow.config` defines. */
export async function getConfigProfiles(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { profiles = [] } = await repositoryInfo(this);
	return profiles.map((profile) => ({ name: profile, value: profile }));
}

/** The chosen Launchpad pipeline's CSV and TSV file parameters: those a dataset can be given to. */
export async function getDatasetParameters(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { schema } = await chosenPipelineSchema(this);
	return (schema ? schemaParameters(schema) : []).filter(takesDataset).map((parameter) => ({
		name: parameter.name,
		value: parameter.name,
		description: parameter.description,
	}));
}

/** The chosen Launchpad pipeline's parameters, read from its schema, as fields of the Pipeline Parameters form. */
export async function getPipelineParameters(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const { schema, savedParams } = await chosenPipelineSchema(this);
	if (!schema) return { fields: [], emptyFieldsNotice: NO_SCHEMA_NOTICE };
	const saved: IDataObject = savedParams ? parseJsonOrYaml(this.getNode(), 0, savedParams, 'Saved pipeline parameters') : {};
	return { fields: parameterFields(schemaParameters(schema), saved) };
}
