/** Quotes a value that holds spaces, so it stays one term of the platform's search syntax. */
function term(keyword: string, value: string): string {
	const text = value.trim();
	return /\s/.test(text) ? `${keyword}:"${text.replace(/"/g, '')}"` : `${keyword}:${text}`;
}

/** The platform's search syntax takes dates as YYYY-MM-DD (UTC). */
function searchDate(date: Date): string {
	return date.toISOString().slice(0, 10);
}

export interface RunSearchFilters {
	status?: string;
	runName?: string;
	projectName?: string;
	userName?: string;
	label?: string;
	workflowId?: string;
	after?: Date;
	before?: Date;
}

/**
 * Builds the run search string the web app uses: free text plus `keyword:value` terms, all of which
 * must match (e.g. `rnaseq status:failed after:2026-11-01`).
 */
export function buildRunSearch(freeText: string, filters: RunSearchFilters): string {
	const terms: string[] = [];
	if (freeText.trim() !== '') terms.push(freeText.trim());
	if (filters.status) terms.push(term('status', String(filters.status)));
	for (const keyword of ['runName', 'projectName', 'userName', 'label', 'workflowId'] as const) {
		const value = filters[keyword];
		if (typeof value === 'string' && value.trim() !== '') terms.push(term(keyword, value));
	}
	if (filters.after) terms.push(`after:${searchDate(filters.after)}`);
	if (filters.before) terms.push(`before:${searchDate(filters.before)}`);
	return terms.join(' ');
}
