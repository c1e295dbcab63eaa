import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult, INodePropertyOptions } from 'n8n-workflow';

import { dataLinksPage } from '../dataLinks/list';
import { workspaceIdFor } from '../names/workspaceId';
import { statusOf } from '../studios/status';
import { apiRequestPages, pagesCountedByTotal } from '../lists/pages';
import { apiRequest } from '../transport';

const PAGE_SIZE = 50;
// The most data links the mount list offers; more can be given by ID with an expression.
const MOUNTABLE_DATA_LINKS_MAX = 500;

async function chosenWorkspaceId(context: ILoadOptionsFunctions): Promise<string | undefined> {
	return await workspaceIdFor(context, 0);
}

/** The Studios of the chosen workspace, newest first, searched by the platform; the token is the next page's offset. */
export async function searchStudios(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const offset = Number(paginationToken ?? 0);
	const page = await apiRequest<{ studios?: IDataObject[]; totalSize?: number }>(this, {
		method: 'GET',
		path: ['studios'],
		query: { workspaceId: await chosenWorkspaceId(this), search: filter, max: PAGE_SIZE, offset },
	});
	const studios = page.studios ?? [];
	const next = offset + studios.length;
	return {
		results: studios.map((studio) => ({
			name: `${String(studio.name)} · ${statusOf(studio)}`,
			value: String(studio.sessionId),
			url: typeof studio.studioUrl === 'string' ? studio.studioUrl : undefined,
		})),
		paginationToken: studios.length > 0 && next < (page.totalSize ?? 0) ? String(next) : undefined,
	};
}

/** The Studio templates the platform offers the chosen workspace; the value is the template's container image. */
export async function searchStudioTemplates(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	const templates = await apiRequestPages<IDataObject>(
		this,
		{ method: 'GET', path: ['studios', 'templates'], query: { workspaceId: await chosenWorkspaceId(this) } },
		pagesCountedByTotal('templates'),
	);
	const wanted = (filter ?? '').toLowerCase();
	return {
		results: templates
			.filter((template) => String(template.repository).toLowerCase().includes(wanted))
			.map((template) => ({
				name:
					template.status && template.status !== 'recommended'
						? `${String(template.repository)} (${String(template.status)})`
						: String(template.repository),
				value: String(template.repository),
			})),
	};
}

/** The data links of the chosen workspace, by name, for Studio Create's mounts. */
export async function getMountableDataLinks(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const dataLinks = await apiRequestPages<IDataObject>(
		this,
		{ method: 'GET', path: ['data-links'], query: { workspaceId: await chosenWorkspaceId(this) }, limit: MOUNTABLE_DATA_LINKS_MAX },
		pagesCountedByTotal('dataLinks'),
		async (pageRequest) => await dataLinksPage(this, pageRequest),
	);
	return dataLinks
		.map((dataLink) => ({ name: String(dataLink.name), value: String(dataLink.id), description: String(dataLink.resourceRef ?? '') }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
