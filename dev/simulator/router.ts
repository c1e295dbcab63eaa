/** Route declarations and lookup by method + path template. */
import type { ApiRequest, ApiResult } from './apiTypes';
import type { SimulatorData } from './data';
import type { UnknownRunStatus } from './model';
import { compileTemplate, findBestMatch, type PathTemplate } from './pathTemplate';

export interface RouteContext {
	data: SimulatorData;
	/** Enterprise installs serve the API under /api; Cloud at the root of api.cloud.seqera.io. */
	enterprise: boolean;
	/** How a run ID the workspace does not have is answered. */
	unknownRunStatus: UnknownRunStatus;
	/** The user the request's token belongs to. */
	callerId: number;
}

export interface Route {
	method: string;
	template: PathTemplate;
	/** Operations the contract lists without `security` answer without a token. */
	public: boolean;
	handle: (request: ApiRequest, context: RouteContext) => ApiResult;
}

export function route(method: string, path: string, handle: Route['handle'], options: { public?: boolean } = {}): Route {
	return { method, template: compileTemplate(path), handle, public: options.public === true };
}

export function findRoute(
	routes: readonly Route[],
	method: string,
	path: string,
): { route: Route; pathParams: Record<string, string> } | null {
	const found = findBestMatch(
		routes.filter((r) => r.method === method),
		(r) => r.template,
		path,
	);
	return found && { route: found.match, pathParams: found.params };
}
