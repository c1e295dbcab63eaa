/** Studios: the list of a workspace, newest first, and one Studio. */
import { badRequest, forbidden, json } from './apiTypes';
import type { SimulatorData } from './data';
import { studioDto } from './dto';
import { STUDIO_STATUSES, type SimStudio } from './model';
import { DEFAULT_PAGE, MAX_PAGE, attributesParam, integerParam, pageOf, workspaceOf } from './params';
import { route, type Route } from './router';

/** Free text matches the name or the template; `status:`, `userId:` and `computeEnvId:` match exactly. */
function matchesSearch(studio: SimStudio, search: string, data: SimulatorData): boolean {
	return search
		.split(/\s+/)
		.filter((term) => term !== '')
		.every((term) => {
			const colon = term.indexOf(':');
			const [keyword, value] = colon > 0 ? [term.slice(0, colon), term.slice(colon + 1)] : ['', term];
			if (keyword === 'status') {
				const status = STUDIO_STATUSES.find((each) => each.toLowerCase() === value.toLowerCase());
				if (!status) throw badRequest(`Invalid status '${value}' - allowed: ${STUDIO_STATUSES.join(', ')}`);
				return studio.status === status;
			}
			if (keyword === 'userId') return String(data.user.id) === value;
			if (keyword === 'computeEnvId') return studio.computeEnvId === value;
			const text = term.toLowerCase();
			return studio.name.toLowerCase().includes(text) || studio.templateRepository.toLowerCase().includes(text);
		});
}

export const studioRoutes: Route[] = [
	route('GET', '/studios', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const withLabels = attributesParam(request, ['labels']).has('labels');
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		const matching = data
			.studiosIn(workspace)
			.filter((studio) => matchesSearch(studio, request.query.search ?? '', data))
			.sort((a, b) => b.dateCreated.getTime() - a.dateCreated.getTime() || a.sessionId.localeCompare(b.sessionId));
		return json({ studios: pageOf(matching, offset, max).map((studio) => studioDto(studio, data, withLabels)), totalSize: matching.length });
	}),
	route('GET', '/studios/{sessionId}', (request, { data }) => {
		const studio = data.studiosIn(workspaceOf(request, data)).find((each) => each.sessionId === request.pathParams.sessionId);
		if (!studio) throw forbidden();
		return json(studioDto(studio, data, false));
	}),
];
