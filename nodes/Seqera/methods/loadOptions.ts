import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { repositoryInfo } from './pipelineInfo';

/** The configuration profiles the repository's `nextflow.config` defines. */
export async function getConfigProfiles(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { profiles = [] } = await repositoryInfo(this);
	return profiles.map((profile) => ({ name: profile, value: profile }));
}
