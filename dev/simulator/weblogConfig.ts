/**
 * Reads the `weblog` scope of a launch's Nextflow config (`configText`), as nf-weblog's factory does
 * with `weblog.enabled`, `weblog.url` and `weblog.basicToken`: in a block or dotted, quoted either way,
 * with `//` and block comments anywhere. A later setting wins over an earlier one, as in a config file.
 * Only the top level counts: a `weblog` block inside a profile or another scope is not read.
 *
 * The scope posts only when the run's Nextflow loads the nf-weblog plugin (loadsWeblogPlugin): through
 * the config's `plugins` block, NXF_PLUGINS_DEFAULT exported by the pre-run script, or, before Nextflow
 * 26.09, `weblog.enabled = true` alone.
 */

/** Where and how a run posts its events. */
export interface WeblogTarget {
	url: string;
	/** `user:password`, posted as `Authorization: Basic base64(user:password)`. */
	basicToken?: string;
}

/** nf-weblog's default when `url` is not set. */
const DEFAULT_URL = 'http://localhost';
/** nf-weblog's own check (WebLogObserver.checkUrl): any other URL stops the observer. */
const URL_PATTERN = /^(https|http):\/\/[-a-zA-Z0-9+&@#/%?=~_|!:,.;]*[-a-zA-Z0-9+&@#/%=~_|]/;
const SETTINGS = ['enabled', 'url', 'basicToken'] as const;
type Setting = (typeof SETTINGS)[number];

interface Token {
	kind: 'word' | 'string' | 'symbol';
	text: string;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };

/** Words, quoted strings (unescaped) and single symbols; whitespace, `;` and comments are dropped. */
function tokens(text: string): Token[] {
	const out: Token[] = [];
	let i = 0;
	while (i < text.length) {
		const char = text[i];
		if (/[\s;]/.test(char)) {
			i += 1;
		} else if (text.startsWith('//', i)) {
			const end = text.indexOf('\n', i);
			i = end === -1 ? text.length : end;
		} else if (text.startsWith('/*', i)) {
			const end = text.indexOf('*/', i + 2);
			i = end === -1 ? text.length : end + 2;
		} else if (char === "'" || char === '"') {
			let value = '';
			i += 1;
			while (i < text.length && text[i] !== char) {
				if (text[i] === '\\' && i + 1 < text.length) {
					i += 1;
					value += ESCAPES[text[i]] ?? text[i];
				} else {
					value += text[i];
				}
				i += 1;
			}
			i += 1;
			out.push({ kind: 'string', text: value });
		} else {
			const word = /^[\w.$-]+/.exec(text.slice(i))?.[0];
			out.push(word ? { kind: 'word', text: word } : { kind: 'symbol', text: char });
			i += word ? word.length : 1;
		}
	}
	return out;
}

const isSetting = (name: string): name is Setting => (SETTINGS as readonly string[]).includes(name);

/** The weblog settings at the top level of a Nextflow config, each as its value's token. */
function weblogSettings(configText: string): Partial<Record<Setting, Token>> {
	const list = tokens(configText);
	const settings: Partial<Record<Setting, Token>> = {};
	let depth = 0;
	/** The depth of the `weblog {` block being read, if any. */
	let weblogDepth: number | undefined;
	for (let i = 0; i < list.length; i++) {
		const token = list[i];
		if (token.kind === 'symbol' && token.text === '{') {
			if (depth === 0 && list[i - 1]?.text === 'weblog' && list[i - 1].kind === 'word') weblogDepth = 1;
			depth += 1;
		} else if (token.kind === 'symbol' && token.text === '}') {
			depth = Math.max(0, depth - 1);
			if (weblogDepth !== undefined && depth < weblogDepth) weblogDepth = undefined;
		} else if (token.kind === 'word' && list[i + 1]?.kind === 'symbol' && list[i + 1].text === '=' && list[i + 2] !== undefined) {
			const name = depth === 0 ? /^weblog\.(\w+)$/.exec(token.text)?.[1] : depth === weblogDepth ? token.text : undefined;
			if (name !== undefined && isSetting(name)) settings[name] = list[i + 2];
		}
	}
	return settings;
}

/**
 * The target a run with this config posts its events to, or undefined when it posts none: no config,
 * `enabled` not `true`, or a URL or token nf-weblog refuses (a token must hold a `:`).
 */
export function weblogTargetOf(configText: string | undefined): WeblogTarget | undefined {
	if (!configText) return undefined;
	const settings = weblogSettings(configText);
	if (settings.enabled?.kind !== 'word' || settings.enabled.text !== 'true') return undefined;
	const url = settings.url?.kind === 'string' ? settings.url.text : DEFAULT_URL;
	const basicToken = settings.basicToken?.kind === 'string' ? settings.basicToken.text : undefined;
	if (!URL_PATTERN.test(url) || (basicToken !== undefined && !basicToken.includes(':'))) return undefined;
	return basicToken === undefined ? { url } : { url, basicToken };
}

/**
 * The plugins a top-level `plugins` block declares (`id 'nf-schema@2.3.0'` or `id('nf-schema')`), by
 * ID without version; undefined when the config has no such block. A later block replaces an earlier
 * one, as Nextflow's config parsers assign the whole list (ConfigParserV1, ConfigDsl.PluginsDsl).
 */
export function declaredPlugins(configText: string | undefined): string[] | undefined {
	const list = tokens(configText ?? '');
	let declared: string[] | undefined;
	let depth = 0;
	let inPlugins = false;
	for (let i = 0; i < list.length; i++) {
		const token = list[i];
		if (token.kind === 'symbol' && token.text === '{') {
			if (depth === 0 && list[i - 1]?.kind === 'word' && list[i - 1].text === 'plugins') [inPlugins, declared] = [true, []];
			depth += 1;
		} else if (token.kind === 'symbol' && token.text === '}') {
			depth = Math.max(0, depth - 1);
			if (depth === 0) inPlugins = false;
		} else if (inPlugins && depth === 1 && token.kind === 'word' && token.text === 'id') {
			const value = list[i + 1]?.text === '(' ? list[i + 2] : list[i + 1];
			if (value?.kind === 'string') declared?.push(value.text.split('@')[0]);
		}
	}
	return declared;
}

/**
 * NXF_PLUGINS_DEFAULT once the pre-run script has run, for a head job that starts without it (undefined
 * when the script leaves it unset). The script is read, not run: `[export] NXF_PLUGINS_DEFAULT=value`
 * lines (quoted or not, `$NXF_PLUGINS_DEFAULT` in them standing for the value so far) in order, and a
 * `case "${NXF_PLUGINS_DEFAULT:-true}" in ... esac` whose arms (`true)`, `false)`, `*)`, one a line)
 * each set it or leave it, as the Seqera Platform node writes it.
 */
export function pluginsDefaultAfter(preRunScript: string | undefined): string | undefined {
	let value: string | undefined;
	/** The arms of the `case` being read: what each sets, or null for one that leaves the value. */
	let arms: Map<string, string | null> | undefined;
	const assigned = (text: string): string | undefined => {
		const match = /^(?:export\s+)?NXF_PLUGINS_DEFAULT=(.*)$/.exec(text);
		if (!match) return undefined;
		const unquoted = match[1].trim().replace(/^'(.*)'$|^"(.*)"$/, (_, single?: string, double?: string) => single ?? double ?? '');
		return unquoted.replace(/\$\{NXF_PLUGINS_DEFAULT\}|\$NXF_PLUGINS_DEFAULT\b/g, value ?? '');
	};
	for (const line of (preRunScript ?? '').split('\n').map((text) => text.replace(/(^|\s)#.*$/, '').trim())) {
		if (/^case\s+"?\$\{NXF_PLUGINS_DEFAULT:-true\}"?\s+in$/.test(line)) {
			arms = new Map();
		} else if (arms && line === 'esac') {
			const matched = value === undefined || value === '' ? 'true' : value;
			const arm = arms.has(matched) ? arms.get(matched) : arms.get('*');
			if (typeof arm === 'string') value = arm;
			arms = undefined;
		} else if (arms) {
			const arm = /^([^)\s]+)\)\s*(.*?)\s*;;$/.exec(line);
			if (arm) arms.set(arm[1], assigned(arm[2]) ?? null);
		} else {
			value = assigned(line) ?? value;
		}
	}
	return value;
}

/** Whether a Nextflow version is before 26.09, the first whose `weblog.enabled` does not load nf-weblog (nf-weblog 1.2.0). */
function infersWeblog(nextflowVersion: string): boolean {
	const [year, month] = nextflowVersion.split('.').map(Number);
	return year < 26 || (year === 26 && month < 9);
}

/** What a run needs read to tell whether its Nextflow loads nf-weblog. */
export interface PluginSettings {
	configText?: string;
	preRunScript?: string;
}

/**
 * Whether the run's Nextflow loads nf-weblog, as PluginsFacade.pluginsRequirement decides: the config's
 * `plugins` block, merged with the default plugins. NXF_PLUGINS_DEFAULT set to `false` means no default
 * plugins; set to a list, the default plugins are the list; unset or `true`, they are inferred from the
 * config, and before Nextflow 26.09 `weblog.enabled = true` infers nf-weblog.
 */
export function loadsWeblogPlugin({ configText, preRunScript }: PluginSettings, nextflowVersion: string): boolean {
	if (declaredPlugins(configText)?.includes('nf-weblog')) return true;
	const pluginsDefault = pluginsDefaultAfter(preRunScript);
	if (pluginsDefault === 'false') return false;
	if (pluginsDefault !== undefined && pluginsDefault !== '' && pluginsDefault !== 'true') {
		return pluginsDefault.split(',').some((plugin) => plugin.trim().split('@')[0] === 'nf-weblog');
	}
	const enabled = configText === undefined ? undefined : weblogSettings(configText).enabled;
	return infersWeblog(nextflowVersion) && enabled?.kind === 'word' && enabled.text === 'true';
}

/** Where a launched run posts its events: its config's weblog target, when its Nextflow loads nf-weblog. */
export function runWeblogTargetOf(launch: PluginSettings, nextflowVersion: string): WeblogTarget | undefined {
	return loadsWeblogPlugin(launch, nextflowVersion) ? weblogTargetOf(launch.configText) : undefined;
}
