import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INode } from 'n8n-workflow';
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- yaml is a runtime dependency of this self-hosted package
import { parseDocument } from 'yaml';

import { isRouteWord } from '../contract/operations';
import { describeValue } from '../text/describeValue';
import { wholeIdPattern } from './idPatterns';

const WORKFLOW_ID = wholeIdPattern('run');
const NUMERIC_ID = wholeIdPattern('numeric');
const STRING_ID = wholeIdPattern('string');
const STUDIO_ID = wholeIdPattern('studio');

const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text that goes into a URL: a URL can only carry whole Unicode characters. */
export function requireWholeCharacters(node: INode, itemIndex: number, field: string, text: string): string {
	if (UNPAIRED_SURROGATE.test(text)) {
		fail(
			node,
			itemIndex,
			`${field} "${describeValue(text)}" holds half of a character (an unpaired UTF-16 surrogate), which no URL can carry`,
			`Remove the broken character, or fix the expression or data that produced it (item ${itemIndex}).`,
		);
	}
	return text;
}

function fail(node: INode, itemIndex: number, message: string, description: string): never {
	throw new NodeOperationError(node, message, { itemIndex, description });
}

export function requireText(node: INode, itemIndex: number, field: string, value: unknown): string {
	const text = typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value).trim();
	if (text === '') {
		fail(node, itemIndex, `${field} is empty`, `Enter a value for "${field}" (item ${itemIndex}).`);
	}
	return text;
}

/**
 * An ID goes into a request path, where a word such as `validate` or `templates` names another route of
 * the platform (`GET /workflow/validate`, `GET /studios/templates`): a value from an expression or an AI
 * agent must never pick which operation runs. The words come from the contract (contract/operations.ts).
 */
function refuseRouteWord(node: INode, itemIndex: number, field: string, text: string, whatToGive: string): string {
	if (isRouteWord(text)) {
		fail(
			node,
			itemIndex,
			`${field} "${describeValue(text)}" is the name of a platform route, not an ID`,
			`In a request path it would reach another operation of the platform, so nothing was sent. ${whatToGive} (item ${itemIndex}).`,
		);
	}
	return text;
}

export function requireWorkflowId(node: INode, itemIndex: number, value: unknown, field = 'Run ID'): string {
	const text = requireText(node, itemIndex, field, value);
	if (!WORKFLOW_ID.test(text)) {
		fail(
			node,
			itemIndex,
			`${field} "${describeValue(text)}" is not a valid run ID`,
			`A run ID has only letters and digits, like 4Bx1Hmn3fXk2Qp (item ${itemIndex}). Copy it from the run's page or from a ` +
				`Get Many result.`,
		);
	}
	return refuseRouteWord(
		node,
		itemIndex,
		field,
		text,
		"Give the run's ID, like 4Bx1Hmn3fXk2Qp, from the run's page or from a Get Many result",
	);
}

export function requireNumericId(node: INode, itemIndex: number, value: unknown, field: string): string {
	const text = requireText(node, itemIndex, field, value);
	if (!NUMERIC_ID.test(text)) {
		fail(
			node,
			itemIndex,
			`${field} "${describeValue(text)}" is not a number`,
			`${field} must be a whole number such as 138659136604200 (item ${itemIndex}). Pick it from the list or copy the number ` +
				`from the web app.`,
		);
	}
	return text;
}

export function optionalNumericId(node: INode, itemIndex: number, value: unknown, field: string): string | undefined {
	const text = value === undefined || value === null ? '' : String(value).trim();
	return text === '' ? undefined : requireNumericId(node, itemIndex, text, field);
}

export function requireStringId(node: INode, itemIndex: number, value: unknown, field: string): string {
	const text = requireText(node, itemIndex, field, value);
	if (!STRING_ID.test(text)) {
		fail(
			node,
			itemIndex,
			`${field} "${describeValue(text)}" is not a valid ID`,
			`${field} has only letters, digits, "-" and "_" (item ${itemIndex}). Pick it from the list instead.`,
		);
	}
	return refuseRouteWord(
		node,
		itemIndex,
		field,
		text,
		`Pick ${field} from the list, or copy its ID from the web app or from a Get Many result`,
	);
}

export function requireStudioId(node: INode, itemIndex: number, value: unknown, field = 'Studio'): string {
	const text = requireText(node, itemIndex, field, value);
	if (!STUDIO_ID.test(text)) {
		fail(
			node,
			itemIndex,
			`${field} "${describeValue(text)}" is not a valid Studio session ID`,
			`A Studio session ID has only letters and digits, like 3f9a1c7e (item ${itemIndex}). Pick the Studio from the list, or ` +
				`paste the URL of its page.`,
		);
	}
	return refuseRouteWord(
		node,
		itemIndex,
		field,
		text,
		"Give the Studio's session ID, like 3f9a1c7e: pick the Studio from the list, or paste the URL of its page",
	);
}

/** A count such as CPUs: a whole number, at least `min`. */
export function requireCount(node: INode, itemIndex: number, value: unknown, field: string, min: number): number {
	const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof count !== 'number' || !Number.isInteger(count) || count < min) {
		throw new NodeOperationError(node, `${field} must be a whole number of at least ${min}`, {
			itemIndex,
			description: `"${String(value)}" was given (item ${itemIndex}).`,
		});
	}
	return count;
}

/** A list typed as "a, b, c" or given as an array by an expression. */
export function toList(value: unknown): string[] {
	const parts = Array.isArray(value) ? value.map((part) => String(part)) : String(value ?? '').split(',');
	return parts.map((part) => part.trim()).filter((part) => part !== '');
}

export function requireNumericIdList(node: INode, itemIndex: number, value: unknown, field: string): number[] {
	return toList(value).map((part) => Number(requireNumericId(node, itemIndex, part, field)));
}

/**
 * Parses pipeline parameters or other structured text as YAML (JSON is YAML too), so a typo is reported
 * with its line and column before any launch is sent; the text must hold name/value pairs.
 */
export function parseJsonOrYaml(node: INode, itemIndex: number, value: unknown, field: string): IDataObject {
	const text = typeof value === 'string' ? value : JSON.stringify(value ?? {});
	const document = parseDocument(text);
	const problem = document.errors[0];
	if (problem) {
		const position = problem.linePos?.[0];
		const where = position ? ` at line ${position.line}, column ${position.col}` : '';
		fail(
			node,
			itemIndex,
			`${field} is not valid JSON or YAML${where}`,
			`${problem.message.split('\n')[0]} (item ${itemIndex}). Fix the text, or build it with an expression such as {{ ` +
				`JSON.stringify($json.params) }}.`,
		);
	}
	const parsed: unknown = document.toJS();
	if (parsed !== null && parsed !== undefined && (typeof parsed !== 'object' || Array.isArray(parsed))) {
		fail(
			node,
			itemIndex,
			`${field} must be a set of name/value pairs`,
			`Give the parameters as a JSON object like {"input": "s3://bucket/samples.csv"} or as YAML "input: ` +
				`s3://bucket/samples.csv" (item ${itemIndex}).`,
		);
	}
	return (parsed ?? {}) as IDataObject;
}

/** Checks structured text as parseJsonOrYaml does; the text itself is sent unchanged. */
export function requireJsonOrYaml(node: INode, itemIndex: number, value: unknown, field: string): string {
	parseJsonOrYaml(node, itemIndex, value, field);
	return typeof value === 'string' ? value : JSON.stringify(value ?? {});
}

/**
 * A date from an n8n date field, an expression ({{ $now }} gives a Luxon DateTime), an ISO string or
 * epoch milliseconds. Empty means "not given".
 */
export function optionalDate(node: INode, itemIndex: number, value: unknown, field: string): Date | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	let date: Date;
	if (value instanceof Date) date = value;
	else if (typeof (value as { toJSDate?: unknown }).toJSDate === 'function') date = (value as { toJSDate: () => Date }).toJSDate();
	else if (typeof value === 'number') date = new Date(value);
	else date = new Date(String(value).trim());
	if (Number.isNaN(date.getTime())) {
		fail(
			node,
			itemIndex,
			`${field} "${describeValue(value)}" is not a date`,
			`Pick a date, or give one as 2026-11-01 or 2026-11-01T08:30:00Z, or an expression such as {{ $now.minus({ days: 7 }) ` +
				`}} (item ${itemIndex}).`,
		);
	}
	return date;
}
