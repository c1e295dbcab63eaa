import { NodeApiError, type INode } from 'n8n-workflow';

import { errorFromResponse } from '../../nodes/Seqera/errors/callErrors';
import { redactValues } from '../../nodes/Seqera/errors/redaction';

const node: INode = {
	id: 'n',
	name: 'Seqera',
	type: 'n8n-nodes-seqera.seqera',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const SECRET = 'p@ss "w0rd"/é';

describe('redactValues', () => {
	it('replaces the value as it is, quoted inside JSON, and encoded inside a URL', () => {
		const error = new Error(`raw ${SECRET}; json ${JSON.stringify({ value: SECRET })}; url ?v=${encodeURIComponent(SECRET)}`);
		redactValues(error, [SECRET]);
		expect(error.message).toBe('raw [redacted]; json {"value":"[redacted]"}; url ?v=[redacted]');
	});

	it('cleans the message, description, stack, error response and cause of an API error', () => {
		const body = JSON.stringify({ message: `Invalid secret name 'x' in request {"name":"x","value":${JSON.stringify(SECRET)}}` });
		const error = errorFromResponse(
			node,
			{ method: 'POST', path: '/pipeline-secrets', baseUrl: 'https://sim/api', tokenKey: 'token-key' },
			400,
			body,
		);
		expect(error.message).toContain(JSON.stringify(SECRET).slice(1, -1));

		redactValues(error, [SECRET]);
		const everything = JSON.stringify(
			Object.fromEntries(
				Object.getOwnPropertyNames(error).map((name) => [name, (error as unknown as Record<string, unknown>)[name]]),
			),
		);
		for (const form of [SECRET, JSON.stringify(SECRET).slice(1, -1), encodeURIComponent(SECRET)])
			expect(everything).not.toContain(form);
		expect(error).toBeInstanceOf(NodeApiError);
		expect(error.message).toContain('[redacted]');
	});

	it('reaches nested objects and arrays, and survives a cycle', () => {
		const context: Record<string, unknown> = { lines: [`a ${SECRET}`], nested: { deeper: SECRET } };
		context.self = context;
		const error = Object.assign(new Error('outer'), { cause: new Error(SECRET), context });
		redactValues(error, [SECRET]);
		expect((error.cause as Error).message).toBe('[redacted]');
		expect(context).toMatchObject({ lines: ['a [redacted]'], nested: { deeper: '[redacted]' } });
	});

	it('leaves everything as it was without values to redact, or with only empty ones', () => {
		const error = new Error('nothing secret');
		expect(redactValues(error, undefined)).toBe(error);
		expect(redactValues(error, [''])).toBe(error);
		expect(error.message).toBe('nothing secret');
	});

	it('replaces a longer value whole when a shorter one is part of it', () => {
		const error = new Error('token abc-def');
		redactValues(error, ['abc', 'abc-def']);
		expect(error.message).toBe('token [redacted]');
	});
});

/** A private key as a secret's value: 4 kB over many lines, and nothing in it that error text would hold by chance. */
function privateKey(seed: number): string {
	let state = seed;
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
	const body = Array.from({ length: 3200 }, () => {
		state = (state * 1103515245 + 12345) % 2147483648;
		return alphabet[(state >>> 16) % alphabet.length];
	}).join('');
	return `-----BEGIN OPENSSH PRIVATE KEY-----\n${body.match(/.{1,64}/g)!.join('\n')}\n-----END OPENSSH PRIVATE KEY-----\n`;
}

/** Every run of 8 characters of the value (whitespace left out, in each form) that `text` still holds. */
function leakedParts(text: string, value: string): string[] {
	const compactText = text.replace(/\s+/g, '');
	const leaks = new Set<string>();
	for (const form of [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)]) {
		const compact = form.replace(/\s+/g, '');
		for (let start = 0; start + 8 <= compact.length; start++) {
			const part = compact.slice(start, start + 8);
			if (compactText.includes(part)) leaks.add(part);
		}
	}
	return [...leaks];
}

describe('redactValues: parts of a value', () => {
	const KEY = privateKey(7);

	it('replaces a quote cut short: the first 120 characters of a long value', () => {
		const quoted = JSON.stringify({ name: 'DEPLOY_KEY', value: KEY }).slice(0, 120);
		const body = JSON.stringify({ message: `Invalid request: ${quoted}... - Error ID: 5xYz` });
		const error = errorFromResponse(
			node,
			{ method: 'POST', path: '/pipeline-secrets', baseUrl: 'https://sim/api', tokenKey: 'token-key' },
			400,
			body,
		);
		expect(leakedParts(error.message, KEY).length).toBeGreaterThan(0);

		redactValues(error, [KEY]);
		const everything = JSON.stringify(
			Object.fromEntries(
				Object.getOwnPropertyNames(error).map((name) => [name, (error as unknown as Record<string, unknown>)[name]]),
			),
		);
		expect(leakedParts(everything, KEY)).toEqual([]);
		expect(error.message).toBe('Invalid request: {"name":"DEPLOY_KEY","value":"[redacted]...');
	});

	it('replaces a value quoted across a line break, where the platform wraps it or the value has one', () => {
		const value = 'Zq81-mXv3-Lp90-Wt27-Hs55';
		const wrapped = new Error(`value=${value.slice(0, 11)}\n        ${value.slice(11)} was refused`);
		redactValues(wrapped, [value]);
		expect(wrapped.message).toBe('value=[redacted] was refused');

		const keyLines = KEY.split('\n');
		const quoted = new Error(`key: ${keyLines.slice(2, 4).join('\r\n')}; as JSON: ${JSON.stringify(keyLines.slice(5, 7).join('\n'))}`);
		redactValues(quoted, [KEY]);
		expect(quoted.message).toBe('key: [redacted]; as JSON: "[redacted]"');
	});

	it('leaves fewer than 8 characters of a long value, and replaces a short value only whole', () => {
		const value = 'Zq81mXv3Lp90Wt27';
		const error = new Error(`seven ${value.slice(3, 10)}, eight ${value.slice(3, 11)}`);
		redactValues(error, [value]);
		expect(error.message).toBe(`seven ${value.slice(3, 10)}, eight [redacted]`);

		const short = new Error('pin 4711 and 471');
		redactValues(short, ['4711']);
		expect(short.message).toBe('pin [redacted] and 471');
	});

	it('stays fast with a 4 kB value and a 1 MB error: one pass over the text, not one per part of the value', () => {
		// Looking for each of the value's 4 000 parts in turn would take minutes here.
		const filler = 'The platform could not read the request. '.repeat(12_500);
		const error = new Error(`${filler}${KEY.slice(1000, 1120)}${filler}`);
		error.stack = `${filler}${JSON.stringify(KEY).slice(2000, 2200)}`;
		const started = performance.now();
		redactValues(error, [KEY, privateKey(11)]);
		const elapsed = performance.now() - started;
		// Compared as booleans: a failure should not print a megabyte.
		expect(error.message === `${filler}[redacted]${filler}`).toBe(true);
		expect(error.stack === `${filler}[redacted]`).toBe(true);
		// Speed is the subject here: one pass takes milliseconds, one per part minutes. 3 s stays far above
		// the one pass on a machine running both test lanes, and far below the other.
		expect(elapsed).toBeLessThan(3000);
	});
});
