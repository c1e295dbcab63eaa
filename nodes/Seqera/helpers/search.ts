import type { IDataObject } from 'n8n-workflow';

/** Quotes a value that holds spaces, so it stays one term of the platform's search syntax. */
function term(keyword: string, value: string): string {
	const text = value.trim();
	return /\s/.test(text) ? `${keyword}:"${text.replace(/"/g, '')}"` : `${keyword}:${text}`;
}

/** The platform's search syntax takes dates as YYYY-MM-DD. */
export function toSearchDate(value: unknown): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const date = new Date(String(value));
	if (Number.isNaN(date.getTime())) return undefined;
	return date.toISOString().slice(0, 10);
}

/**
 * Builds the run search string the web app uses: free text plus `keyword:value` terms, all of which
 * must match (e.g. `rnaseq status:failed after:2026-11-01`).
 */
export function buildRunSearch(freeText: string, filters: IDataObject): string {
	const terms: string[] = [];
	if (freeText.trim() !== '') terms.push(freeText.trim());
	if (filters.status) terms.push(term('status', String(filters.status)));
	for (const keyword of ['runName', 'projectName', 'userName', 'label', 'workflowId'] as const) {
		const value = filters[keyword];
		if (typeof value === 'string' && value.trim() !== '') terms.push(term(keyword, value));
	}
	const after = toSearchDate(filters.after);
	if (after) terms.push(`after:${after}`);
	const before = toSearchDate(filters.before);
	if (before) terms.push(`before:${before}`);
	return terms.join(' ');
}
