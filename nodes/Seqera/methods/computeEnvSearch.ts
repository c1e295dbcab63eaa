import type { IDataObject, ILoadOptionsFunctions, INodeListSearchItems, INodeListSearchResult } from 'n8n-workflow';

import { workspaceIdFor } from '../names/workspaceId';
import { apiRequest } from '../transport';

/** The entries of a workspace list (`GET /<path>`, unpaged) whose name, ID or kind holds the filter; the platform has no search. */
async function workspaceEntries(
	context: ILoadOptionsFunctions,
	path: string,
	listName: string,
	kindField: string,
	filter: string | undefined,
): Promise<IDataObject[]> {
	const response = await apiRequest<IDataObject>(context, {
		method: 'GET',
		path: [path],
		query: { workspaceId: await workspaceIdFor(context, 0) },
	});
	const wanted = (filter ?? '').toLowerCase();
	return ((response[listName] as IDataObject[] | undefined) ?? []).filter((entry) =>
		[entry.name, entry.id, entry[kindField]].some((text) => typeof text === 'string' && text.toLowerCase().includes(wanted)),
	);
}

/** Every compute environment of the workspace, whatever its status; any but AVAILABLE shows its status. */
export async function searchAllComputeEnvs(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const computeEnvs = await workspaceEntries(this, 'compute-envs', 'computeEnvs', 'platform', filter);
	const results: INodeListSearchItems[] = computeEnvs.map((computeEnv) => {
		const notes = [computeEnv.primary ? 'primary' : '', computeEnv.status === 'AVAILABLE' ? '' : String(computeEnv.status)].filter(
			Boolean,
		);
		return {
			name: `${String(computeEnv.name)} (${String(computeEnv.platform)})${notes.map((note) => ` · ${note}`).join('')}`,
			value: String(computeEnv.id),
		};
	});
	return { results };
}

/** The credentials saved in the workspace, with their provider (aws, google, ssh, ...). */
export async function searchWorkspaceCredentials(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const credentials = await workspaceEntries(this, 'credentials', 'credentials', 'provider', filter);
	return {
		results: credentials.map((credential) => ({
			name: `${String(credential.name)} (${String(credential.provider)})`,
			value: String(credential.id),
		})),
	};
}
