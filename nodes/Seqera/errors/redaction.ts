/**
 * Values a call sends that must never come back in what n8n records, such as a pipeline secret's value.
 * The transport's errors are built from safe fields, but some of those fields come from the platform's
 * answer, and a platform that rejects a request may quote its body, whole or cut short. So every string
 * an error carries (message, description, stack, and whatever is nested under cause, context or the error
 * response) has these values, and every part of them, replaced before the error leaves the transport.
 *
 * The rule: any run of PART_LENGTH or more characters of a value (the whole value, when it is shorter)
 * is replaced, as it is, quoted inside JSON, or encoded inside a URL. Whitespace does not count on either
 * side, so a quote that the platform wraps, or a value with line breaks in it (a private key), is still
 * matched across the break. A run is found as overlapping windows of PART_LENGTH characters that each
 * occur in the value: the value's windows are indexed once (a set, and a table of their rolling hashes
 * that rules most windows out), so a text is scanned in one pass, whatever the length of the value (a
 * 4 kB key) or of the text.
 */

const REDACTED = '[redacted]';

/** The shortest part of a value that is replaced on its own: a private key quoted cut short leaks no more than 7 characters. */
const PART_LENGTH = 8;

const WHITESPACE = /\s/;

/** Whether a UTF-16 unit is whitespace as `\s` has it; the common case, a printable ASCII character, without a regex. */
function isWhitespace(text: string, index: number): boolean {
	const code = text.charCodeAt(index);
	if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
	return code >= 160 && WHITESPACE.test(text[index]);
}

/** The forms a value takes in text: as it is, quoted inside JSON, and encoded inside a URL. */
function formsOf(value: string): string[] {
	return [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)];
}

function withoutWhitespace(text: string): string {
	return text.replace(/\s+/g, '');
}

// A rolling hash of PART_LENGTH characters finds candidate parts without making a string per position;
// a candidate is then compared as text. The hash is kept modulo 2^32 with 32-bit integer arithmetic.
const HASH_BASE = 65_599;
// Taken once: a global looked up for every character is many times slower where the code runs in a vm context.
const { imul } = Math;
let highestPower = 1;
for (let i = 1; i < PART_LENGTH; i++) highestPower = imul(highestPower, HASH_BASE);
const HIGHEST_POWER = highestPower;

/**
 * The table that rules out most windows before a set lookup (a window whose hash has no slot marked is no
 * part) has about 16 slots per part, so few windows of ordinary text pass it; at most 1 MB for a long value.
 */
const FILTER_SLOTS_PER_PART = 16;
const FILTER_MAX_SLOTS = 1 << 20;

interface Redactor {
	/** Every run of PART_LENGTH characters, whitespace left out, of the longer values' forms. */
	parts: Set<string>;
	/** A mark at each part's hash masked by `filterMask`. */
	partFilter: Uint8Array;
	filterMask: number;
	/** The forms of values too short to have a part of PART_LENGTH characters: replaced only whole. */
	wholeForms: string[];
}

function hashOf(text: string): number {
	let hash = 0;
	for (let index = 0; index < text.length; index++) hash = (imul(hash, HASH_BASE) + text.charCodeAt(index)) | 0;
	return hash;
}

function redactorFor(values: readonly string[]): Redactor | undefined {
	const parts = new Set<string>();
	const wholeForms = new Set<string>();
	for (const value of values) {
		if (value === '') continue;
		for (const form of formsOf(value)) {
			const compact = withoutWhitespace(form);
			if (compact.length < PART_LENGTH) {
				wholeForms.add(form);
				continue;
			}
			for (let start = 0; start + PART_LENGTH <= compact.length; start++) parts.add(compact.slice(start, start + PART_LENGTH));
		}
	}
	if (parts.size === 0 && wholeForms.size === 0) return undefined;
	let slots = 1024;
	while (slots < parts.size * FILTER_SLOTS_PER_PART && slots < FILTER_MAX_SLOTS) slots *= 2;
	const partFilter = new Uint8Array(slots);
	const filterMask = slots - 1;
	for (const part of parts) partFilter[hashOf(part) & filterMask] = 1;
	return { parts, partFilter, filterMask, wholeForms: [...wholeForms] };
}

/** Where in `text` the parts of the values are: each a [start, end) range, whitespace inside a run included. */
function partRanges(text: string, { parts, partFilter, filterMask }: Redactor): Array<[number, number]> {
	const ranges: Array<[number, number]> = [];
	// The positions of the last PART_LENGTH characters that are not whitespace, as a ring.
	const recent = new Int32Array(PART_LENGTH);
	let count = 0;
	let hash = 0;
	for (let index = 0; index < text.length; index++) {
		if (isWhitespace(text, index)) continue;
		const slot = count % PART_LENGTH;
		if (count >= PART_LENGTH) hash = (hash - imul(text.charCodeAt(recent[slot]), HIGHEST_POWER)) | 0;
		hash = (imul(hash, HASH_BASE) + text.charCodeAt(index)) | 0;
		recent[slot] = index;
		count++;
		if (count < PART_LENGTH || partFilter[hash & filterMask] === 0) continue;
		let candidate = '';
		for (let k = 0; k < PART_LENGTH; k++) candidate += text[recent[(count + k) % PART_LENGTH]];
		if (parts.has(candidate)) ranges.push([recent[count % PART_LENGTH], index + 1]);
	}
	return ranges;
}

function redactText(text: string, redactor: Redactor): string {
	const ranges = redactor.parts.size > 0 && text.length >= PART_LENGTH ? partRanges(text, redactor) : [];
	for (const form of redactor.wholeForms) {
		for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) ranges.push([at, at + form.length]);
	}
	if (ranges.length === 0) return text;
	ranges.sort((a, b) => a[0] - b[0]);
	// Overlapping or touching ranges are one run, replaced once.
	let redacted = '';
	let copiedUpTo = 0;
	let [runStart, runEnd] = ranges[0];
	for (const [start, end] of ranges.slice(1)) {
		if (start <= runEnd) {
			runEnd = Math.max(runEnd, end);
			continue;
		}
		redacted += `${text.slice(copiedUpTo, runStart)}${REDACTED}`;
		copiedUpTo = runEnd;
		[runStart, runEnd] = [start, end];
	}
	return `${redacted}${text.slice(copiedUpTo, runStart)}${REDACTED}${text.slice(runEnd)}`;
}

/**
 * Replaces `values`, and their parts, in every string `error` holds, in place (own properties, enumerable
 * or not, fields or accessors that can be set, at any depth), and returns it. Binary buffers are left
 * alone: no error the transport builds holds one.
 */
export function redactValues<T>(error: T, values: readonly string[] | undefined): T {
	const redactor = redactorFor(values ?? []);
	if (!redactor) return error;
	const visited = new WeakSet<object>();
	const clean = (value: unknown): unknown => {
		if (typeof value === 'string') return redactText(value, redactor);
		if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || visited.has(value)) return value;
		visited.add(value);
		for (const key of Object.getOwnPropertyNames(value)) {
			const property = Object.getOwnPropertyDescriptor(value, key);
			// Node 24 gives every error an own `stack` accessor with a setter: it is read and written like a field.
			const settable = property && ('value' in property ? property.writable : property.get && property.set);
			if (!settable) continue;
			const current: unknown = (value as Record<string, unknown>)[key];
			const cleaned = clean(current);
			if (cleaned !== current) (value as Record<string, unknown>)[key] = cleaned;
		}
		return value;
	};
	return clean(error) as T;
}
