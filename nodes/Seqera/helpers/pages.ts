import type { IDataObject } from 'n8n-workflow';

/**
 * A page reader for `apiRequestPages` on lists that report `totalSize`, the count of every match, instead
 * of `hasMore`. It counts what it has read, so each list call needs its own reader.
 */
export function pagesCountedByTotalSize(listName: string): (page: IDataObject) => { results: IDataObject[]; hasMore?: boolean } {
	let collected = 0;
	return (page) => {
		const results = (page[listName] as IDataObject[] | undefined) ?? [];
		collected += results.length;
		return { results, hasMore: typeof page.totalSize === 'number' ? collected < page.totalSize : undefined };
	};
}
