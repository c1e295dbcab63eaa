import type { IDataObject } from 'n8n-workflow';

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
