type Env = Record<string, string | undefined>;

/** `name` in lower case, else in upper case, as proxy-from-env (which n8n uses) reads it. */
function read(env: Env, name: string): string {
	return env[name.toLowerCase()] || env[name.toUpperCase()] || '';
}

/** Whether NO_PROXY keeps `url` off the proxy: `*`, a host name, a `.domain` or `*.domain`, each with an optional port. */
function excludedByNoProxy(env: Env, url: URL): boolean {
	const noProxy = (read(env, 'npm_config_no_proxy') || read(env, 'no_proxy')).toLowerCase();
	if (noProxy === '') return false;
	if (noProxy === '*') return true;
	const hostname = url.hostname.toLowerCase();
	const port = Number(url.port) || 443;
	return noProxy.split(/[,\s]/).some((entry) => {
		if (entry === '') return false;
		const [, host, entryPort] = /^(.+?)(?::(\d+))?$/.exec(entry) ?? [];
		if (entryPort !== undefined && Number(entryPort) !== port) return false;
		if (!/^[.*]/.test(host)) return hostname === host;
		const suffix = host.replace(/^\*/, '');
		return hostname.endsWith(suffix);
	});
}

/**
 * Whether n8n would send a request to `url` through a proxy from its environment (HTTPS_PROXY,
 * ALL_PROXY and their lower-case and npm_config_ forms, less NO_PROXY), read the way n8n reads them.
 * Such calls stay on n8n's own helper, which speaks to the proxy.
 */
export function proxyAppliesTo(url: string, env: Env): boolean {
	const proxy =
		read(env, 'npm_config_https_proxy') || read(env, 'https_proxy') || read(env, 'npm_config_proxy') || read(env, 'all_proxy');
	return proxy !== '' && !excludedByNoProxy(env, new URL(url));
}
