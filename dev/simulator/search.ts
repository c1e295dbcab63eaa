/**
 * The run list's `search` syntax, as documented for the platform's runs page:
 * free text plus `keyword:value` filters, whitespace separated, all of which
 * must match. Free text and text filters match case-insensitive substrings;
 * `status:`, `workflowId:` and `sessionId:` must match exactly.
 * Dates are UTC days and inclusive: `after:2024-05-01` keeps runs submitted
 * on or after that day, `before:2024-05-01` runs submitted on or before it.
 */
import { badRequest } from './apiTypes';
import { WORKFLOW_STATUSES, type SimLabel, type SimRun, type WorkflowStatus } from './model';

export type RunFilter = (run: SimRun, labelsOfRun: readonly SimLabel[]) => boolean;

const DAY_MS = 86_400_000;

/** Splits on whitespace, keeping `"quoted values"` (and `key:"quoted value"`) together. */
function tokenize(search: string): string[] {
	return (search.match(/(?:[^\s"]+|"[^"]*")+/g) ?? []).map((token) => token.replace(/"/g, ''));
}

function parseDay(keyword: string, value: string): number {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
	const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
	if (!match || Number.isNaN(time) || new Date(time).getUTCDate() !== Number(match[3])) {
		throw badRequest(`Invalid date '${value}' for search keyword '${keyword}:' - expected YYYY-MM-DD`);
	}
	return time;
}

const contains = (haystack: string | undefined, needle: string) => (haystack ?? '').toLowerCase().includes(needle.toLowerCase());

const labelText = (label: SimLabel) => (label.value === undefined ? label.name : `${label.name}=${label.value}`);

export function parseRunSearch(search: string | undefined): RunFilter {
	const filters: RunFilter[] = [];
	for (const token of tokenize(search ?? '')) {
		const colon = token.indexOf(':');
		const keyword = colon > 0 ? token.slice(0, colon).toLowerCase() : '';
		const value = colon > 0 ? token.slice(colon + 1) : token;
		switch (keyword) {
			case 'status': {
				const status = value.toUpperCase() as WorkflowStatus;
				if (!WORKFLOW_STATUSES.includes(status)) {
					throw badRequest(`Invalid workflow status '${value}' - expected one of ${WORKFLOW_STATUSES.join(', ').toLowerCase()}`);
				}
				filters.push((run) => run.status === status);
				break;
			}
			case 'workflowid':
				filters.push((run) => run.id === value);
				break;
			case 'sessionid':
				filters.push((run) => run.sessionId === value);
				break;
			case 'before': {
				const endOfDay = parseDay('before', value) + DAY_MS;
				filters.push((run) => run.submit.getTime() < endOfDay);
				break;
			}
			case 'after': {
				const startOfDay = parseDay('after', value);
				filters.push((run) => run.submit.getTime() >= startOfDay);
				break;
			}
			case 'runname':
				filters.push((run) => contains(run.runName, value));
				break;
			case 'projectname':
				filters.push((run) => contains(run.projectName, value));
				break;
			case 'username':
				filters.push((run) => contains(run.userName, value));
				break;
			case 'label':
				filters.push((_run, labels) => labels.some((label) => contains(labelText(label), value)));
				break;
			case 'is':
				// Starring is not simulated, so `is:starred` matches nothing.
				filters.push(() => false);
				break;
			default:
				// Unknown keywords are plain text, as on the platform's search box.
				filters.push((run) => contains(run.runName, token) || contains(run.projectName, token));
		}
	}
	return (run, labels) => filters.every((filter) => filter(run, labels));
}
