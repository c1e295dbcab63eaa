import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { schemaParameters, takesDataset } from '../runs/pipelineSchema';
import { chosenPipelineSchema, repositoryInfo } from './pipelineInfo';

export { getMountableDataLinks } from './studioSearch';

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
