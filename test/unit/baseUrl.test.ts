import { InvalidBaseUrlError, resolveBaseUrl } from '../../nodes/Seqera/server/baseUrl';

describe('credential base URL', () => {
	it.each([
		[{ server: 'cloud' }, 'https://api.cloud.seqera.io'],
		[{}, 'https://api.cloud.seqera.io'],
		[{ server: 'legacy' }, 'https://api.tower.nf'],
		[{ server: 'custom', baseUrl: 'https://seqera.example.com/api' }, 'https://seqera.example.com/api'],
		[{ server: 'custom', baseUrl: '  https://seqera.example.com/api///  ' }, 'https://seqera.example.com/api'],
		[{ server: 'custom', baseUrl: 'https://seqera.example.com:8443/api/' }, 'https://seqera.example.com:8443/api'],
	])('%j resolves to %s', (credentials, expected) => {
		expect(resolveBaseUrl(credentials)).toBe(expected);
	});

	it('refuses plain HTTP and says which URL to use instead', () => {
		expect(() => resolveBaseUrl({ server: 'custom', baseUrl: 'http://seqera.example.com/api' })).toThrow(
			'Base URL "http://seqera.example.com/api" does not use HTTPS: the Seqera Platform API is only served over HTTPS, so enter https://seqera.example.com/api',
		);
	});

	it.each([
		['', 'Base URL is empty'],
		['seqera.example.com/api', 'is not a valid URL'],
		['https://seqera.example.com/api?x=1', 'must not contain "?" or "#"'],
	])('rejects %j with a message naming the field', (baseUrl, message) => {
		expect(() => resolveBaseUrl({ server: 'custom', baseUrl })).toThrow(InvalidBaseUrlError);
		expect(() => resolveBaseUrl({ server: 'custom', baseUrl })).toThrow(message);
	});
});
