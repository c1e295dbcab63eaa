/**
 * Reads the `weblog` scope of a launch's Nextflow config (`configText`), as nf-weblog's factory does
 * with `weblog.enabled`, `weblog.url` and `weblog.basicToken`: in a block or dotted, quoted either way,
 * with `//` and block comments anywhere. A later setting wins over an earlier one, as in a config file.
 * Only the top level counts: a `weblog` block inside a profile or another scope is not read.
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
