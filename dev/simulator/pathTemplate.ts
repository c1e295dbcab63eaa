/**
 * OpenAPI-style path templates (`/workflow/{workflowId}/tasks`), shared by the
 * simulator's router and the contract validator so both resolve a request path
 * to the same operation.
 */

type Segment = { literal: string } | { param: string };

export interface PathTemplate {
	readonly text: string;
	readonly segments: readonly Segment[];
	/** Literal segments win over parameters: `/workflow/launch` beats `/workflow/{workflowId}`. */
	readonly literalCount: number;
	/** The last parameter takes the rest of the path, one segment or more, joined by `/`. */
	readonly lastTakesRest: boolean;
}

/**
 * The platform's data-link paths take the rest of the request path: a path below the data link's root
 * may come a segment at a time (`browse/runs/240501`), as Seqera's own clients send it, or as one
 * segment with its `/` encoded (`browse/runs%2F240501`). OpenAPI cannot say so, so it is said here.
 */
const TEMPLATES_WHOSE_LAST_PARAMETER_TAKES_THE_REST = new Set([
	'/data-links/{dataLinkId}/browse/{path}',
	'/data-links/{dataLinkId}/download/{filePath}',
	'/data-links/{dataLinkId}/upload/{dirPath}',
	'/data-links/{dataLinkId}/upload/finish/{dirPath}',
]);

export function compileTemplate(text: string): PathTemplate {
	const segments: Segment[] = splitPath(text).map((part) => {
		const param = /^\{(.+)\}$/.exec(part);
		return param ? { param: param[1] } : { literal: part };
	});
	return {
		text,
		segments,
		literalCount: segments.filter((s) => 'literal' in s).length,
		lastTakesRest: TEMPLATES_WHOSE_LAST_PARAMETER_TAKES_THE_REST.has(text),
	};
}

/** Returns the decoded path parameters, or null when the path does not fit the template. */
export function matchTemplate(template: PathTemplate, path: string): Record<string, string> | null {
	const parts = splitPath(path);
	const count = template.segments.length;
	if (template.lastTakesRest ? parts.length < count : parts.length !== count) return null;
	const params: Record<string, string> = {};
	for (let i = 0; i < count; i++) {
		const segment = template.segments[i];
		if ('literal' in segment) {
			if (segment.literal !== parts[i]) return null;
		} else {
			const rest = template.lastTakesRest && i === count - 1 ? parts.slice(i) : [parts[i]];
			const values = rest.map(safeDecode);
			if (values.some((value) => value === null)) return null;
			params[segment.param] = values.join('/');
		}
	}
	return params;
}

/** Picks the most specific template matching `path` among `candidates`. */
export function findBestMatch<T>(
	candidates: Iterable<T>,
	templateOf: (candidate: T) => PathTemplate,
	path: string,
): { match: T; params: Record<string, string> } | null {
	let best: { match: T; params: Record<string, string>; literalCount: number } | null = null;
	for (const candidate of candidates) {
		const template = templateOf(candidate);
		const params = matchTemplate(template, path);
		if (params && (!best || template.literalCount > best.literalCount)) {
			best = { match: candidate, params, literalCount: template.literalCount };
		}
	}
	return best && { match: best.match, params: best.params };
}

function splitPath(path: string): string[] {
	// An empty segment (`/workflow//tasks`) is kept so it can never match a parameter.
	const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
	return trimmed === '' ? [] : trimmed.split('/');
}

function safeDecode(part: string): string | null {
	if (part === '') return null;
	try {
		return decodeURIComponent(part);
	} catch {
		return null;
	}
}
