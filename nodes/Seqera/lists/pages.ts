import type { IDataObject } from 'n8n-workflow';

import { apiRequest, type ApiRequest, type SeqeraFunctions } from '../transport';

export interface PageRequest extends ApiRequest {
	/** How many results to collect; `undefined` collects every page. */
	limit?: number;
}

const MAX_PAGE_SIZE = 100;

/**
 * Whether a list has more after this page. The platform's run list pages leave `hasMore` out (tower-cli's
 * captured answers), so a page without it has more while it comes back full.
 */
export function pageHasMore(hasMore: unknown, results: readonly unknown[], max: number): boolean {
	return typeof hasMore === 'boolean' ? hasMore : results.length === max;
}

/**
 * Follows `max`/`offset` pages until the wanted number of results is collected or the platform has no more.
 * `readPage` returns a page's results and whether the platform reports more after it; `fetchPage` asks
 * for one page, plain apiRequest unless the list has answers of its own to wait out.
 */
export async function apiRequestPages<T>(
	context: SeqeraFunctions,
	request: PageRequest,
	readPage: (page: IDataObject) => { results: T[]; hasMore?: boolean },
	fetchPage: (pageRequest: ApiRequest) => Promise<IDataObject> = async (pageRequest) =>
		await apiRequest<IDataObject>(context, pageRequest),
): Promise<T[]> {
	const collected: T[] = [];
	let offset = 0;
	for (;;) {
		const wanted = request.limit === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, request.limit - collected.length);
		const page = await fetchPage({ ...request, query: { ...request.query, max: wanted, offset } });
		const { results, hasMore } = readPage(page);
		collected.push(...results);
		offset += results.length;
		const reachedLimit = request.limit !== undefined && collected.length >= request.limit;
		const platformHasMore = pageHasMore(hasMore, results, wanted);
		if (reachedLimit || !platformHasMore || results.length === 0) break;
	}
	return request.limit === undefined ? collected : collected.slice(0, request.limit);
}

/**
 * A page reader for `apiRequestPages` on lists that report the count of every match instead of `hasMore`:
 * `totalSize` on most lists, `total` on a run's tasks. It counts what it has read, so each list call needs
 * its own reader.
 */
export function pagesCountedByTotal(
	listName: string,
	totalField: 'totalSize' | 'total' = 'totalSize',
): (page: IDataObject) => { results: IDataObject[]; hasMore?: boolean } {
	let collected = 0;
	return (page) => {
		const results = (page[listName] as IDataObject[] | undefined) ?? [];
		collected += results.length;
		const total = page[totalField];
		return { results, hasMore: typeof total === 'number' ? collected < total : undefined };
	};
}
