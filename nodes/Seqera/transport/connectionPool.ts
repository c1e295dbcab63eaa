// Axios is a runtime dependency of this self-hosted package, as of n8n's own helper
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports
import axios from 'axios';
// Kept-alive HTTPS agents per token: n8n's helper opens a connection per call
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports
import https from 'node:https';
import type { IHttpRequestOptions, NodeEgressFilter } from 'n8n-workflow';
// Node's streams carry a file of any size without holding it in memory
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports
import type { Readable } from 'node:stream';

/**
 * Kept-alive HTTPS connections to the platform, one pool per token, base URL and TLS setting, shared
 * by every node, execution and context of the process. n8n's request helper builds new agents for
 * every request, so each call would pay a TCP and a TLS handshake before its request leaves: three
 * round trips instead of one. Node's `https.Agent` keeps them, trusting what Node's TLS trusts
 * (NODE_EXTRA_CA_CERTS, the system store of n8n's image); axios, as in n8n's own helper, sends each
 * request on it and reads, decompresses, times out and aborts the answer.
 *
 * The agent never queues a request (maxSockets is unbounded): a request waiting inside the agent after
 * its admission would reach the platform later than the admission rule allows for. The limiter caps
 * a token's calls on the wire (`maxCallsInFlight`), and so the pool.
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
			// Each free connection in turn, so none idles past the platform's keep-alive time and closes.
			scheduling: 'fifo',
			maxFreeSockets: maxIdleConnections,
			timeout: IDLE_TIMEOUT_MS,
			rejectUnauthorized,
			...lookup,
		});
		this.ownConnectionAgent = new https.Agent({ keepAlive: false, rejectUnauthorized, ...lookup });
		this.agent.on('free', (socket: object) => idleSince.set(socket, Date.now()));
	}

	/** The idle connection a request sent now would take: the one freed first (every request of the pool has one agent name). */
	private nextIdleConnection(): object | undefined {
		const [free] = Object.values(this.agent.freeSockets as Record<string, Array<{ destroyed: boolean }> | undefined>);
		return free?.find((socket) => !socket.destroyed);
	}

	/** Whether a request sent now would go out on a connection used within UNSAFE_REQUEST_MAX_IDLE_MS. */
	hasRecentlyUsedConnection(): boolean {
		const next = this.nextIdleConnection();
		return next !== undefined && Date.now() - (idleSince.get(next) ?? 0) <= UNSAFE_REQUEST_MAX_IDLE_MS;
	}

	/**
	 * n8n's pre-flight check of the base URL, kept a while: its refusal (a host that does not resolve is none: the call then fails as
	 * unreachable).
	 */
	async egressRefusal(egress: NodeEgressFilter): Promise<Error | undefined> {
		const now = Date.now();
		if (this.egressCheck === undefined || now - this.egressCheck.at > EGRESS_CHECK_MS) {
			const outcome = egress
				.validateUrl(this.origin)
				.then((result) => (result.ok || !result.error.name.startsWith('Ssrf') ? undefined : result.error));
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
	/** The request's last bytes were handed to the operating system (its 'finish', after a new connection's handshakes): never early. */
	sent?: () => void;
}

/**
 * Sends one prepared request on the token's pool: on a kept connection when one is free, else on a
 * new one. The answer is read whole (`arraybuffer`) or handed on as a stream for the caller to read to
 * the end or destroy, whatever its status.
 */
export async function sendPooled<Type extends 'arraybuffer' | 'stream' = 'arraybuffer'>(
	target: PoolTarget,
	options: IHttpRequestOptions,
	safeToRepeat: boolean,
	{ signal, sent }: PooledCallHooks = {},
	responseType: Type = 'arraybuffer' as Type,
): Promise<{ statusCode: number; headers: Record<string, unknown>; body: Type extends 'stream' ? Readable : Buffer }> {
	const pool = poolFor(target);
	// A request that must not be sent twice, with no recently used connection to go on, gets one of its own.
	const ownConnection = !safeToRepeat && !pool.hasRecentlyUsedConnection();
	const response = await axios.request<Type extends 'stream' ? Readable : Buffer>({
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
	return { statusCode: response.status, headers: { ...response.headers } as Record<string, unknown>, body: response.data };
}
