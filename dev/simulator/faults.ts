/**
 * Scripted failures, so tests can check how a client copes with what really
 * happens in front of the platform: gateway pages, dropped connections, slow
 * answers, truncated JSON and extra 429s.
 */

export interface Fault {
	method?: string;
	path?: RegExp;
	kind: 'status' | 'delay' | 'drop' | 'html' | 'malformedJson' | 'rateLimit' | 'answer';
	/** For 'status': 500 answers a JSON message; 502/503/504 answer a gateway HTML page like a load balancer. */
	status?: number;
	delayMs?: number;
	/** For 'delay': the answer also waits for this to settle, so a test holds it until something else has happened. */
	until?: Promise<unknown>;
	/** For 'rateLimit'; omit to send no Retry-After header. */
	retryAfterSeconds?: number;
	/** For 'answer': the JSON body of a 200 answer, for answers no route gives (a list of objects, say). */
	answer?: unknown;
	/** How many matching requests this fault applies to; default 1, Infinity allowed. */
	times?: number;
}

interface QueuedFault {
	fault: Fault;
	remaining: number;
}

export class FaultQueue {
	private queued: QueuedFault[] = [];

	add(fault: Fault): void {
		if (fault.kind === 'status' && (fault.status === undefined || fault.status < 100 || fault.status > 599)) {
			throw new Error(`A 'status' fault needs an HTTP status, got ${String(fault.status)}`);
		}
		if (fault.kind === 'delay' && fault.until === undefined && !(typeof fault.delayMs === 'number' && fault.delayMs >= 0)) {
			throw new Error(`A 'delay' fault needs delayMs >= 0 or until, got ${String(fault.delayMs)}`);
		}
		const times = fault.times ?? 1;
		if (!(times >= 1)) throw new Error(`Fault 'times' must be >= 1, got ${times}`);
		this.queued.push({ fault: { ...fault }, remaining: times });
	}

	clear(): void {
		this.queued = [];
	}

	/** Consumes one use of the first fault matching the request, in the order they were added. */
	take(method: string, path: string): Fault | undefined {
		const index = this.queued.findIndex(
			({ fault }) =>
				(!fault.method || fault.method.toUpperCase() === method.toUpperCase()) && (!fault.path || matchesRegExp(fault.path, path)),
		);
		if (index < 0) return undefined;
		const entry = this.queued[index];
		entry.remaining--;
		if (entry.remaining <= 0) this.queued.splice(index, 1);
		return entry.fault;
	}
}

/** Global/sticky regexps keep `lastIndex` between calls; reset it so every request is tested from the start. */
function matchesRegExp(pattern: RegExp, path: string): boolean {
	pattern.lastIndex = 0;
	return pattern.test(path);
}

export const GATEWAY_STATUS_TEXT: Record<number, string> = {
	502: 'Bad Gateway',
	503: 'Service Temporarily Unavailable',
	504: 'Gateway Time-out',
};

export function htmlPage(title: string, text: string): string {
	return `<!DOCTYPE html>\n<html>\n<head><title>${title}</title></head>\n<body>\n<h1>${title}</h1>\n<p>${text}</p>\n</body>\n</html>\n`;
}

/** What the platform's web app serves for any non-API path: an HTML shell with status 200. */
export const WEB_APP_PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Seqera Platform</title></head>
<body><div id="root">You need to enable JavaScript to run this app.</div></body>
</html>
`;

/** A response cut off mid-stream, as seen when a proxy times out while relaying a large list. */
export const TRUNCATED_JSON = '{"workflows": [';
