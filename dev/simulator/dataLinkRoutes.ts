/** Data links: the list, one data link, and browsing its folders (`/browse` for the root, `/browse/{path}` below it). */
import { forbidden, json, type ApiRequest, type ApiResult } from './apiTypes';
import type { SimulatorData } from './data';
import { BROWSE_PAGE_MAX, browse } from './dataLinks';
import { dataLinkDto } from './dto';
import type { SimDataLink } from './model';
import { DEFAULT_PAGE, MAX_PAGE, enumParam, integerParam, pageOf, workspaceOf } from './params';
import { route, type Route } from './router';

/** A data link of the request's workspace; credentials, when named, must be the data link's own. */
function findDataLink(request: ApiRequest, data: SimulatorData): SimDataLink {
	const link = data.dataLinksIn(workspaceOf(request, data)).find((each) => each.id === request.pathParams.dataLinkId);
	const credentialsId = request.query.credentialsId;
	if (!link || (credentialsId !== undefined && !link.credentials.some((credential) => credential.id === credentialsId))) {
		throw forbidden();
	}
	return link;
}

/** Free text matches the name; `provider:` and `region:` match exactly. */
function matchesSearch(link: SimDataLink, search: string): boolean {
	return search
		.split(/\s+/)
		.filter((term) => term !== '')
		.every((term) => {
			const [keyword, value] = term.includes(':') ? [term.slice(0, term.indexOf(':')), term.slice(term.indexOf(':') + 1)] : ['', term];
			if (keyword === 'provider') return link.provider === value.toLowerCase();
			if (keyword === 'region') return link.region === value.toLowerCase();
			return link.name.toLowerCase().includes(term.toLowerCase());
		});
}

function browseFolder(request: ApiRequest, data: SimulatorData, folder: string): ApiResult {
	const link = findDataLink(request, data);
	const page = browse(link, {
		folder,
		search: request.query.search ?? '',
		pageSize: integerParam(request, 'pageSize', BROWSE_PAGE_MAX, { min: 1, max: BROWSE_PAGE_MAX }),
		pageToken: request.query.nextPageToken || undefined,
		tokenGeneration: data.dataLinkPageTokenGeneration,
	});
	return json({ objects: page.objects, nextPageToken: page.nextPageToken, originalPath: folder === '' ? undefined : folder });
}

export const dataLinkRoutes: Route[] = [
	route('GET', '/data-links', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		const visibility = enumParam(request, 'visibility', ['visible', 'hidden', 'all'], 'visible');
		const { credentialsId } = request.query;
		const matching = data
			.dataLinksIn(workspace)
			.filter((link) => visibility === 'all' || link.hidden === (visibility === 'hidden'))
			.filter((link) => credentialsId === undefined || link.credentials.some((credential) => credential.id === credentialsId))
			.filter((link) => matchesSearch(link, request.query.search ?? ''))
			.sort((a, b) => a.name.localeCompare(b.name));
		return json({ dataLinks: pageOf(matching, offset, max).map(dataLinkDto), totalSize: matching.length });
	}),
	route('GET', '/data-links/{dataLinkId}', (request, { data }) => json({ dataLink: dataLinkDto(findDataLink(request, data)) })),
	route('GET', '/data-links/{dataLinkId}/browse', (request, { data }) => browseFolder(request, data, '')),
	route('GET', '/data-links/{dataLinkId}/browse/{path}', (request, { data }) =>
		browseFolder(request, data, request.pathParams.path.replace(/^\/+|\/+$/g, '')),
	),
];
