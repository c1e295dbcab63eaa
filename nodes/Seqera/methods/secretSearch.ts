import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { workspaceIdFor } from '../names/workspaceId';
import { apiRequest } from '../transport';

/** The pipeline secrets of the chosen workspace by name; the platform has no search, so the filter applies here. */
export async function searchPipelineSecrets(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const response = await apiRequest<{ pipelineSecrets?: IDataObject[] }>(this, {
		method: 'GET',
		path: ['pipeline-secrets'],
		query: { workspaceId: await workspaceIdFor(this, 0) },
	});
	const wanted = (filter ?? '').toLowerCase();
	return {
		results: (response.pipelineSecrets ?? [])
			.filter((secret) => String(secret.name).toLowerCase().includes(wanted))
			.map((secret) => ({ name: String(secret.name), value: String(secret.id) })),
	};
}
