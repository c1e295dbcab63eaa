import { NodeApiError, type INode } from 'n8n-workflow';

import { errorFromResponse } from '../../nodes/Seqera/transport/errors';
import { redactValues } from '../../nodes/Seqera/transport/redaction';

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
		const error = errorFromResponse(node, { method: 'POST', path: '/pipeline-secrets', baseUrl: 'https://sim/api' }, 400, body);
		expect(error.message).toContain(JSON.stringify(SECRET).slice(1, -1));

		redactValues(error, [SECRET]);
		const everything = JSON.stringify(
			Object.fromEntries(Object.getOwnPropertyNames(error).map((name) => [name, (error as unknown as Record<string, unknown>)[name]])),
		);
		for (const form of [SECRET, JSON.stringify(SECRET).slice(1, -1), encodeURIComponent(SECRET)]) expect(everything).not.toContain(form);
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
