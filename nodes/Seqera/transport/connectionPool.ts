// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- axios is a runtime dependency of this self-hosted package, as of n8n's own helper
import axios from 'axios';
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- kept-alive HTTPS agents per token: n8n's helper opens a connection per call
import https from 'node:https';
import type { IHttpRequestOptions, NodeEgressFilter } from 'n8n-workflow';
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- node's streams carry a file of any size without holding it in memory
import type { Readable } from 'node:stream';

import type { RawResponse } from './exchange';

/**
 * Kept-alive HTTPS connections to the platform, one pool per token, base URL and TLS setting, shared
 * by every node, execution and context of the process.
 *
 * n8n's request helper builds new agents for every request, so each call pays a TCP and a TLS handshake
 * before its request leaves: three round trips instead of one. Node's own `https.Agent` with keep-alive
 * is enough to keep them, with nothing to add to the package: it trusts what Node's TLS trusts
 * (NODE_EXTRA_CA_CERTS, and the system store n8n's image sets up), follows the server's `Keep-Alive:
 * timeout` hint, and closes connections idle for IDLE_TIMEOUT_MS. axios, as in n8n's own helper, sends
 * the request on the agent and reads, decompresses, times out and aborts the answer.
 *
 * The agent never queues a request (maxSockets is unbounded): a request waiting inside the agent after
 * its admission would reach the platform later than the admission rule allows for. How many calls of a
 * token are on the wire at once is capped by the limiter (`maxCallsInFlight`), and so is the pool.
 */

/** Idle connections close after this, or sooner when the platform's Keep-Alive hint says so. */
export const IDLE_TIMEOUT_MS = 30_000;
/**
 * A request that must not be sent twice (a launch) goes out only on a connection used this recently,
 * else on a new one: a connection idle longer may have been dropped by a middlebox without a word,
 * and a request lost on it could not be told from one the platform carried out. Node's own servers
 * keep idle connections 5 s; its client takes one second off.
 */
export const UNSAFE_REQUEST_MAX_IDLE_MS = 4_000;
/** A pool no call has used for this long is closed and forgotten. */
const POOL_UNUSED_MS = 10 * 60_000;
/** How long a pre-flight check of the base URL by n8n's SSRF protection stands. */
const EGRESS_CHECK_MS = 60_000;

const idleSince = new WeakMap<object, number>();

class TokenConnections {
	readonly agent: https.Agent;
	/** For a request sent on a connection of its own, closed after its answer: the pool's TLS and address checks, no keep-alive. */
	readonly ownConnectionAgent: https.Agent;
	lastUsed = Date.now();
	private egressCheck: { at: number; outcome: Promise<Error | undefined> } | undefined;

	constructor(
		private readonly origin: URL,
		rejectUnauthorized: boolean,
		maxIdleConnections: number,
		egress: NodeEgressFilter | undefined,
	) {
		// n8n's SSRF protection, where it is on: every address a connection is about to use is checked.
		const lookup = egress ? { lookup: egress.createSecureLookup() } : {};
		this.agent = new https.Agent({
			keepAlive: true,
			// Each free connection in turn, so that every one stays in use while calls keep coming: one left
			// idle past the platform's keep-alive time is closed, and the call that needs it again pays a
			// new connection's handshakes.
			scheduling: 'fifo',
			maxFreeSockets: maxIdleConnections,
			timeout: IDLE_TIMEOUT_MS,
			rejectUnauthorized,
			...lookup,
		});
		this.ownConnectionAgent = new https.Agent({ keepAlive: false, rejectUnauthorized, ...lookup });
		this.agent.on('free', (socket: object) => idleSince.set(socket, Date.now()));
	}

	/**
	 * The idle connection a request sent now would take: the agent hands out the one freed first,
	 * passing over closed ones. It keeps one list per name, made of the host and the TLS options of the
	 * agent and the request; every request of this pool goes to one origin with the same options.
	 */
	private nextIdleConnection(): object | undefined {
		const [free] = Object.values(this.agent.freeSockets as Record<string, Array<{ destroyed: boolean }> | undefined>);
		return free?.find((socket) => !socket.destroyed);
	}

	/**
	 * Whether a request sent now would go out on a connection already open and used within
	 * UNSAFE_REQUEST_MAX_IDLE_MS, as one that must not be sent twice needs.
	 */
	hasRecentlyUsedConnection(): boolean {
		const next = this.nextIdleConnection();
		return next !== undefined && Date.now() - (idleSince.get(next) ?? 0) <= UNSAFE_REQUEST_MAX_IDLE_MS;
	}

	/**
	 * n8n's pre-flight check of the base URL (host names, addresses), kept for a while: the refusal, or
	 * undefined when allowed. A host that does not resolve is not a refusal: the call itself then fails
	 * as unreachable, as it would without the check.
	 */
	async egressRefusal(egress: NodeEgressFilter): Promise<Error | undefined> {
		const now = Date.now();
		if (this.egressCheck === undefined || now - this.egressCheck.at > EGRESS_CHECK_MS) {
			const outcome = egress.validateUrl(this.origin).then((result) => (result.ok || !result.error.name.startsWith('Ssrf') ? undefined : result.error));
			this.egressCheck = { at: now, outcome };
		}
		return await this.egressCheck.outcome;
	}

	isIdle(now: number): boolean {
		return now - this.lastUsed > POOL_UNUSED_MS && Object.keys(this.agent.sockets).length === 0;
	}
}

const pools = new Map<string, TokenConnections>();
/** Tells n8n's egress filters apart in pool keys: a filter is one per n8n setting, for the life of the process. */
const egressFilterIds = new WeakMap<NodeEgressFilter, number>();
let egressFiltersSeen = 0;

function egressFilterId(egress: NodeEgressFilter | undefined): string {
	if (egress === undefined) return 'none';
	let id = egressFilterIds.get(egress);
	if (id === undefined) egressFilterIds.set(egress, (id = ++egressFiltersSeen));
	return String(id);
}

export interface PoolTarget {
	baseUrl: string;
	/** The token's budget key (a hash): the pool is the token's, and never holds the token itself. */
	tokenKey: string;
	allowUnauthorizedCerts: boolean;
	maxIdleConnections: number;
	egress?: NodeEgressFilter;
}

function poolFor(target: PoolTarget): TokenConnections {
	const origin = new URL(target.baseUrl);
	const key = [target.tokenKey, origin.origin, target.allowUnauthorizedCerts, egressFilterId(target.egress)].join('\n');
	const now = Date.now();
	let pool = pools.get(key);
	if (pool === undefined) {
		for (const [otherKey, other] of pools) {
			if (other.isIdle(now)) {
				other.agent.destroy();
				other.ownConnectionAgent.destroy();
				pools.delete(otherKey);
			}
		}
		pool = new TokenConnections(origin, !target.allowUnauthorizedCerts, target.maxIdleConnections, target.egress);
		pools.set(key, pool);
	}
	pool.lastUsed = now;
	return pool;
}

/** Why n8n's SSRF protection refuses the base URL of `target`; undefined when it allows it or is off. */
export async function egressRefusal(target: PoolTarget): Promise<Error | undefined> {
	return target.egress ? await poolFor(target).egressRefusal(target.egress) : undefined;
}

export interface PooledCallHooks {
	signal?: AbortSignal;
	/**
	 * The request's last bytes have been handed to the operating system: on a kept connection at once,
	 * on a new one once its handshakes are done. Node emits the request's 'finish' then (after the
	 * socket's write completes), so this is never early.
	 */
	sent?: () => void;
}

/** An answer whose body is still on the wire, for the caller to read to the end or destroy. */
export interface StreamedResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: Readable;
}

/**
 * Sends one prepared request on the token's pool: on a kept connection when one is free, else on a
 * new one. The answer is read whole (`arraybuffer`) or handed on as a stream, whatever its status.
 */
export async function sendPooled(target: PoolTarget, options: IHttpRequestOptions, safeToRepeat: boolean, hooks?: PooledCallHooks): Promise<RawResponse>;
export async function sendPooled(
	target: PoolTarget,
	options: IHttpRequestOptions,
	safeToRepeat: boolean,
	hooks: PooledCallHooks,
	responseType: 'stream',
): Promise<StreamedResponse>;
export async function sendPooled(
	target: PoolTarget,
	options: IHttpRequestOptions,
	safeToRepeat: boolean,
	{ signal, sent }: PooledCallHooks = {},
	responseType: 'arraybuffer' | 'stream' = 'arraybuffer',
): Promise<RawResponse | StreamedResponse> {
	const pool = poolFor(target);
	// A request that must not be sent twice, with no recently used connection to go on, gets one of its own.
	const ownConnection = !safeToRepeat && !pool.hasRecentlyUsedConnection();
	const response = await axios.request<Buffer | Readable>({
		url: options.url,
		method: options.method ?? 'GET',
		headers: options.headers as Record<string, string>,
		data: options.body,
		httpsAgent: ownConnection ? pool.ownConnectionAgent : pool.agent,
		// Through a proxy, calls go out on n8n's helper (request.ts): none reaches here.
		proxy: false,
		maxRedirects: 0,
		validateStatus: () => true,
		responseType,
		timeout: options.timeout ?? 0,
		signal,
		transport: {
			request: (requestOptions: https.RequestOptions, onResponse: (response: unknown) => void) => {
				const request = https.request(requestOptions, onResponse);
				if (sent) request.once('finish', sent);
				return request;
			},
		},
	});
	const answer = { statusCode: response.status, headers: { ...response.headers } as Record<string, unknown> };
	return responseType === 'stream' ? { ...answer, body: response.data as Readable } : { ...answer, body: response.data as Buffer };
}
