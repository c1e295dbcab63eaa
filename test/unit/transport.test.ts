import { splitErrorId } from '../../nodes/Seqera/errors/callErrors';
import { budgetKey, buildUrl, callSpacingMs, UnsafePathSegmentError } from '../../nodes/Seqera/transport';

const BASE = 'https://api.cloud.seqera.io';

describe('request URLs', () => {
	it('encodes every path segment on its own, so an ID cannot change the path or query', () => {
		expect(buildUrl(BASE, { path: ['workflow', 'a/b?c#d e'] })).toBe(`${BASE}/workflow/a%2Fb%3Fc%23d%20e`);
		expect(buildUrl(BASE, { path: ['workflow', '%2F..'] })).toBe(`${BASE}/workflow/%252F..`);
	});

	it.each(['.', '..', '%2e%2E', '.%2e', ''])('refuses the path segment %j', (segment) => {
		expect(() => buildUrl(BASE, { path: ['workflow', segment] })).toThrow(UnsafePathSegmentError);
	});

	it('joins array query values with commas and leaves out empty ones', () => {
		expect(
			buildUrl(BASE, {
				path: ['workflow'],
				query: {
					workspaceId: '42',
					attributes: ['labels', 'optimized'],
					search: 'status:failed after:2026-11-01',
					max: 50,
					offset: 0,
					empty: '',
					none: undefined,
					list: [],
				},
			}),
		).toBe(`${BASE}/workflow?workspaceId=42&attributes=labels%2Coptimized&search=status%3Afailed%20after%3A2026-11-01&max=50&offset=0`);
	});

	it('keeps the Enterprise /api prefix', () => {
		expect(buildUrl('https://seqera.example.com/api', { path: ['workflow', 'abc'] })).toBe(
			'https://seqera.example.com/api/workflow/abc',
		);
	});
});

describe('platform error messages', () => {
	it('splits the Error ID from the text', () => {
		expect(splitErrorId('Invalid workspace id - Error ID: 5yXfq2Bn4')).toEqual({ text: 'Invalid workspace id', errorId: '5yXfq2Bn4' });
		expect(splitErrorId('Something went wrong')).toEqual({ text: 'Something went wrong' });
	});
});

describe('per-token budget', () => {
	it('keys budgets by a hash that does not contain the token', () => {
		const key = budgetKey(BASE, 'secret-token-value');
		expect(key).toMatch(/^[0-9a-f]{64}$/);
		expect(key).not.toContain('secret-token-value');
		expect(budgetKey(BASE, 'other-token')).not.toBe(key);
		expect(budgetKey('https://api.tower.nf', 'secret-token-value')).not.toBe(key);
	});

	it('spaces calls so neither the second nor the hour window can be exceeded', () => {
		expect(callSpacingMs(20, 72000)).toBe(50);
		expect(callSpacingMs(20, 3600)).toBe(1000);
		expect(callSpacingMs(5, 72000)).toBe(200);
	});
});
