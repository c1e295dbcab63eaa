export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/** Where a call goes below the base URL. */
export interface CallTarget {
	/** Segments below the base URL; each is URL-encoded on its own, so a value can never change the path. */
	path: ReadonlyArray<string | number>;
	/** Empty values are left out; arrays are sent comma-joined, as the schema declares (`explode: false`). */
	query?: Record<string, QueryValue>;
}

/** Thrown before any call when a path segment could be read as a path step. */
export class UnsafePathSegmentError extends Error {}

function encodeSegment(segment: string | number): string {
	const text = String(segment);
	// URL parsers resolve "." and ".." (even percent-encoded) as path steps, so no encoding makes them safe.
	if (text === '' || /^(\.|%2e){1,2}$/i.test(text)) {
		throw new UnsafePathSegmentError(`"${text}" cannot be used as an ID or path segment`);
	}
	return encodeURIComponent(text);
}

function encodeQuery(query: Record<string, QueryValue> = {}): string {
	const pairs: string[] = [];
	for (const [name, value] of Object.entries(query)) {
		if (value === undefined || value === null || value === '') continue;
		const text = Array.isArray(value) ? value.join(',') : String(value);
		if (Array.isArray(value) && value.length === 0) continue;
		pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(text)}`);
	}
	return pairs.length ? `?${pairs.join('&')}` : '';
}

export function buildUrl(baseUrl: string, target: CallTarget): string {
	return `${baseUrl}/${target.path.map(encodeSegment).join('/')}${encodeQuery(target.query)}`;
}
