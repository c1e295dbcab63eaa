/**
 * Nextflow's `weblog` config scope (the nf-weblog plugin): with `enabled = true`, Nextflow POSTs each of
 * the run's events (`started`, the process events, `error`, `completed`) as JSON to `url`, with
 * `basicToken` (`user:password`) as basic auth. A launch that should tell n8n of its own events carries
 * such a block at the end of its Nextflow config.
 */

/** Where a run's events go, and the basic-auth pair Nextflow sends with each. */
export interface WeblogTarget {
	url: string;
	user: string;
	password: string;
}

// The scope opened as a block (`weblog {`) or set a field at a time (`weblog.url = ...`), at the start of
// a line. Line comments are dropped first, so a commented-out block does not count.
const WEBLOG_SCOPE = /^\s*weblog\s*(\{|\.)/m;

function withoutComments(configText: string): string {
	return configText.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** Whether the config already sets Nextflow's `weblog` scope, which a second block would silently override or be overridden by. */
export function setsWeblogScope(configText: string | undefined): boolean {
	return typeof configText === 'string' && WEBLOG_SCOPE.test(withoutComments(configText));
}

/** A Groovy single-quoted string: backslashes and quotes escaped, so no value can end the string early. */
function quoted(value: string): string {
	return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The config text with a `weblog` block that sends the run's events to `target` added at its end. */
export function withWeblogBlock(configText: string | undefined, target: WeblogTarget): string {
	const block = [
		'weblog {',
		'    enabled = true',
		`    url = ${quoted(target.url)}`,
		`    basicToken = ${quoted(`${target.user}:${target.password}`)}`,
		'}',
	].join('\n');
	const own = (configText ?? '').replace(/\s+$/, '');
	return own === '' ? `${block}\n` : `${own}\n\n${block}\n`;
}

// The block withWeblogBlock writes, exactly: a Groovy single-quoted string is `'`, then escaped or plain characters, then `'`.
const QUOTED = String.raw`'(?:[^'\\\n]|\\.)*'`;
const NODE_WEBLOG_BLOCK = new RegExp(
	String.raw`\n*^weblog \{\n    enabled = true\n    url = ${QUOTED}\n    basicToken = ${QUOTED}\n\}$\n?`,
	'gm',
);

/**
 * The config text without the `weblog` blocks this node wrote (withWeblogBlock), which point at the
 * execution or trigger of the run whose launch is being copied; a block of the user's own stays.
 */
export function withoutNodeWeblogBlocks(configText: string): string {
	if (!configText.match(NODE_WEBLOG_BLOCK)) return configText;
	const without = configText.replace(NODE_WEBLOG_BLOCK, '\n').replace(/\s+$/, '');
	return without === '' ? '' : `${without}\n`;
}

/** The events nf-weblog posts, in the order a run sends them; a failed run sends `error` before `completed`. */
export const WEBLOG_EVENTS = ['started', 'process_submitted', 'process_started', 'process_completed', 'error', 'completed'] as const;
export type WeblogEventName = (typeof WEBLOG_EVENTS)[number];

/** The event that ends every run, whether it succeeded, failed or was cancelled. */
export const RUN_END_EVENT: WeblogEventName = 'completed';

/** One event as nf-weblog posts it: `runId` is the Nextflow session ID, which the platform shows as the run's `sessionId`. */
export interface WeblogEvent {
	event: WeblogEventName;
	runId: string;
	runName: string;
	utcTime?: string;
	trace?: Record<string, unknown>;
	metadata?: Record<string, unknown>;
}

export function isWeblogEvent(body: unknown): body is WeblogEvent {
	if (typeof body !== 'object' || body === null) return false;
	const { event, runId, runName } = body as Record<string, unknown>;
	return (
		(WEBLOG_EVENTS as readonly unknown[]).includes(event) && typeof runId === 'string' && runId !== '' && typeof runName === 'string'
	);
}
