import { proxyAppliesTo } from '../../nodes/Seqera/environment/proxy';

const CLOUD = 'https://api.cloud.seqera.io';

describe('whether n8n would send a platform call through a proxy from its environment', () => {
	it.each([
		['no proxy variable', {}, false],
		['HTTPS_PROXY', { HTTPS_PROXY: 'http://proxy:3128' }, true],
		['https_proxy, lower case', { https_proxy: 'http://proxy:3128' }, true],
		['ALL_PROXY', { ALL_PROXY: 'http://proxy:3128' }, true],
		['npm_config_proxy', { npm_config_proxy: 'http://proxy:3128' }, true],
		['HTTP_PROXY alone, which n8n uses for http:// only', { HTTP_PROXY: 'http://proxy:3128' }, false],
		['NO_PROXY=*', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: '*' }, false],
		['NO_PROXY naming the host', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: 'localhost,api.cloud.seqera.io' }, false],
		['NO_PROXY naming its domain', { HTTPS_PROXY: 'http://proxy:3128', no_proxy: '.seqera.io' }, false],
		['NO_PROXY with *.domain', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: '*.seqera.io' }, false],
		['NO_PROXY with the host on another port', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: 'api.cloud.seqera.io:8443' }, true],
		['NO_PROXY with the host on its port', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: 'api.cloud.seqera.io:443' }, false],
		['NO_PROXY naming another host only', { HTTPS_PROXY: 'http://proxy:3128', NO_PROXY: 'cloud.seqera.io' }, true],
	])('%s', (_case, env, expected) => {
		expect(proxyAppliesTo(CLOUD, env as Record<string, string>)).toBe(expected);
	});
});
