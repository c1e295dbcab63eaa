import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { LoggerProxy } from 'n8n-workflow';

// limiter.ts imports this module too; these values are only used inside functions, never while the
// modules load, so either may load first.
import { callSpacingMs, LocalGate, type BudgetGate, type GateFactory } from './limiter';
import type { WindowLimits } from './slidingWindow';
import { sleep } from './timing';

/**
 * A token's budget shared by every n8n process through Redis (queue mode: a main process and
 * workers), so that together they keep to the platform's per-token limits.
 *
 * One Lua script decides each start atomically on Redis's own clock, so the processes' clocks do
 * not matter. Per token (the SHA-256 budget key, never the token) it keeps, under one hash tag so a
 * Redis Cluster holds them in one slot:
 *   seqera:budget:{key}:second  sorted set of start times in the last second   (expires after 2 s)
 *   seqera:budget:{key}:hour    sorted set of start times in the last hour     (expires after 1 h + 1 min)
 *   seqera:budget:{key}:last    the latest start, for the spacing              (expires after spacing + 1 s)
 *   seqera:budget:{key}:pause   no start before this time (after a 429)        (expires after the pause + 1 s)
 * At the default limits the hour set holds at most 72 000 entries per token (a few MB).
 *
 * When Redis cannot be reached or fails, each process keeps to a local share of the budget (the
 * limits divided by SEQERA_LIMITER_FALLBACK_SHARE, default 4, at least 1 call per second), says so
 * once, and tries Redis again every 5 s. Failing closed instead would stall every workflow; n8n
 * itself cannot run queue mode without its Redis, so this only matters for a separate limiter Redis
 * or a short outage, and a few 429s then are handled by the retry logic.
 */

const SECOND_MS = 1000;
const HOUR_MS = 3_600_000;
// A call counts in the second set from its start until a second after its answer. Until the answer,
// its score is set this far ahead, so a process that dies mid-call frees the place at the latest then.
const IN_FLIGHT_HOLD_MS = 60_000;
/** How long each key outlives what it records. */
const SECOND_SET_TTL_MS = IN_FLIGHT_HOLD_MS + 2 * SECOND_MS;
const HOUR_SET_TTL_MS = HOUR_MS + 60_000;
const KEY_TTL_MARGIN_MS = SECOND_MS;

export const DEFAULT_FALLBACK_SHARE = 4;
export const REDIS_RETRY_MS = 5000;
const CONNECT_TIMEOUT_MS = 2000;
// A start decision is one short script; a Redis that takes longer is treated as down.
const COMMAND_TIMEOUT_MS = 1000;

const ADMIT_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
local perSecond = tonumber(ARGV[1])
local perHour = tonumber(ARGV[2])
local spacing = tonumber(ARGV[3])
local wait = 0

local pausedUntil = redis.call('GET', KEYS[4])
if pausedUntil then wait = math.max(wait, tonumber(pausedUntil) - now) end
local last = redis.call('GET', KEYS[3])
if last then wait = math.max(wait, tonumber(last) + spacing - now) end

local windows = { { KEYS[1], ${SECOND_MS}, perSecond }, { KEYS[2], ${HOUR_MS}, perHour } }
for _, window in ipairs(windows) do
  local key, length, limit = window[1], window[2], window[3]
  redis.call('ZREMRANGEBYSCORE', key, '-inf', string.format('%.3f', now - length))
  local count = redis.call('ZCARD', key)
  if count >= limit then
    -- The call that must leave the window before one more fits (in flight: its answer is awaited).
    local oldest = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
    local score = tonumber(oldest[2])
    if score > now then wait = math.max(wait, 5) else wait = math.max(wait, score + length - now) end
  end
end

if wait > 0 then return math.ceil(wait) end
local start = string.format('%.3f', now)
redis.call('ZADD', KEYS[1], string.format('%.3f', now + ${IN_FLIGHT_HOLD_MS}), ARGV[4])
redis.call('PEXPIRE', KEYS[1], ${SECOND_SET_TTL_MS})
redis.call('ZADD', KEYS[2], start, ARGV[4])
redis.call('PEXPIRE', KEYS[2], ${HOUR_SET_TTL_MS})
redis.call('SET', KEYS[3], start, 'PX', math.ceil(spacing) + ${KEY_TTL_MARGIN_MS})
return 0
`;

const SETTLE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000
redis.call('ZADD', KEYS[1], 'XX', string.format('%.3f', now), ARGV[1])
return 0
`;

// Takes a duration, not a time: Redis's clock sets the end, like every other time it keeps.
const PAUSE_SCRIPT = `
local time = redis.call('TIME')
local untilMs = tonumber(time[1]) * 1000 + tonumber(time[2]) / 1000 + tonumber(ARGV[1])
local current = redis.call('GET', KEYS[1])
if current and tonumber(current) >= untilMs then return 0 end
redis.call('SET', KEYS[1], string.format('%.3f', untilMs), 'PX', math.ceil(tonumber(ARGV[1])) + ${KEY_TTL_MARGIN_MS})
return 1
`;

interface BudgetCommands {
	seqeraBudgetAdmit(
		second: string,
		hour: string,
		last: string,
		pause: string,
		perSecond: number,
		perHour: number,
		spacingMs: number,
		member: string,
	): Promise<number>;
	seqeraBudgetPause(pause: string, durationMs: number): Promise<number>;
	seqeraBudgetSettle(second: string, member: string): Promise<number>;
}

type BudgetClient = (Redis | Cluster) & BudgetCommands;

/** Where the shared budget lives. `label` names it in messages, without credentials. */
export type RedisTarget =
	| { kind: 'url'; url: string; label: string }
	| { kind: 'standalone'; options: RedisOptions; label: string }
	| { kind: 'cluster'; nodes: Array<{ host: string; port: number }>; options: RedisOptions; label: string };

export type SharedBudgetConfig =
	| { mode: 'local' }
	| { mode: 'shared'; target: RedisTarget; fallbackShare: number }
	/** Sharing was asked for but cannot be set up: keep to the local share, as when Redis is down. */
	| { mode: 'misconfigured'; problem: string; fallbackShare: number };

type Env = Record<string, string | undefined>;

/** An environment variable the way n8n reads its own: `NAME`, else the contents of the file `NAME_FILE`. */
function readEnv(env: Env, name: string): string | undefined {
	const value = env[name] ?? (env[`${name}_FILE`] ? readFileSync(env[`${name}_FILE`]!, 'utf8') : undefined);
	const trimmed = value?.trim().replace(/^(['"])(.*)\1$/, '$2');
	return trimmed === '' ? undefined : trimmed;
}

function envFlag(env: Env, name: string, fallback: boolean): boolean {
	const value = readEnv(env, name)?.toLowerCase();
	if (value === 'true' || value === '1') return true;
	if (value === 'false' || value === '0') return false;
	return fallback;
}

function envNumber(env: Env, name: string, fallback: number): number {
	const text = readEnv(env, name);
	const value = Number(text);
	return text !== undefined && Number.isFinite(value) ? value : fallback;
}

/**
 * How this process shares budgets, from its environment: `SEQERA_LIMITER_REDIS_URL` (any redis:// or
 * rediss:// URL) first, else n8n's own queue Redis (`QUEUE_BULL_REDIS_*`) when `EXECUTIONS_MODE=queue`,
 * else no sharing. `SEQERA_LIMITER_REDIS=off` turns sharing off even in queue mode.
 */
export function sharedBudgetConfig(env: Env): SharedBudgetConfig {
	if (['off', 'false', '0'].includes(readEnv(env, 'SEQERA_LIMITER_REDIS')?.toLowerCase() ?? '')) return { mode: 'local' };
	const share = envNumber(env, 'SEQERA_LIMITER_FALLBACK_SHARE', DEFAULT_FALLBACK_SHARE);
	const fallbackShare = share >= 1 ? share : DEFAULT_FALLBACK_SHARE;

	const url = readEnv(env, 'SEQERA_LIMITER_REDIS_URL');
	if (url !== undefined) {
		let parsed: URL;
		try {
			parsed = new URL(url);
		} catch {
			return { mode: 'misconfigured', problem: 'SEQERA_LIMITER_REDIS_URL is not a URL', fallbackShare };
		}
		if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
			return { mode: 'misconfigured', problem: 'SEQERA_LIMITER_REDIS_URL must start with redis:// or rediss://', fallbackShare };
		}
		return { mode: 'shared', target: { kind: 'url', url, label: `${parsed.protocol}//${parsed.host}${parsed.pathname}` }, fallbackShare };
	}

	if (readEnv(env, 'EXECUTIONS_MODE') !== 'queue') return { mode: 'local' };
	const tls = envFlag(env, 'QUEUE_BULL_REDIS_TLS', false);
	const serverName = readEnv(env, 'QUEUE_BULL_REDIS_TLS_SERVERNAME');
	const options: RedisOptions = {
		username: readEnv(env, 'QUEUE_BULL_REDIS_USERNAME'),
		password: readEnv(env, 'QUEUE_BULL_REDIS_PASSWORD'),
		db: envNumber(env, 'QUEUE_BULL_REDIS_DB', 0),
		// As n8n: IPv4 unless dual stack is asked for.
		family: envFlag(env, 'QUEUE_BULL_REDIS_DUALSTACK', false) ? 0 : 4,
		...(tls
			? {
					tls: {
						rejectUnauthorized: envFlag(env, 'QUEUE_BULL_REDIS_TLS_VALIDATE_CERTIFICATE', true),
						...(serverName ? { servername: serverName } : {}),
					},
				}
			: {}),
	};
	const scheme = tls ? 'rediss' : 'redis';
	const clusterNodes = readEnv(env, 'QUEUE_BULL_REDIS_CLUSTER_NODES');
	if (clusterNodes !== undefined) {
		const nodes = clusterNodes.split(',').map((entry) => {
			const [host, port] = entry.trim().split(':');
			return { host, port: Number(port) || 6379 };
		});
		return {
			mode: 'shared',
			target: { kind: 'cluster', nodes, options, label: `${scheme} cluster ${nodes.map((node) => `${node.host}:${node.port}`).join(',')}` },
			fallbackShare,
		};
	}
	const host = readEnv(env, 'QUEUE_BULL_REDIS_HOST') ?? 'localhost';
	const port = envNumber(env, 'QUEUE_BULL_REDIS_PORT', 6379);
	return {
		mode: 'shared',
		target: { kind: 'standalone', options: { ...options, host, port }, label: `${scheme}://${host}:${port}/${options.db ?? 0}` },
		fallbackShare,
	};
}

/** The limits of one process's share of a token's budget, used while Redis is out of reach. */
export function localShare(limits: WindowLimits, share: number): WindowLimits {
	const maxCallsPerSecond = Math.max(1, Math.floor(limits.maxCallsPerSecond / share));
	const maxCallsPerHour = Math.max(1, Math.floor(limits.maxCallsPerHour / share));
	return { maxCallsPerSecond, maxCallsPerHour, spacingMs: callSpacingMs(maxCallsPerSecond, maxCallsPerHour) };
}

export interface SharedBudgetOptions {
	/** Divides the limits while Redis is out of reach; default 4. */
	fallbackShare?: number;
	/** Told once per outage that Redis is out of reach; default n8n's logger. */
	warn?: (message: string) => void;
	/** How long to keep to the local share before trying Redis again; default 5 s. */
	retryMs?: number;
}

/**
 * One Redis connection and its health, for every token's gate in the process. The connection never
 * reconnects by itself (no retry strategy, no offline queue): while Redis is out of reach the gates
 * use their local share, and the connection is tried again in the background every `retryMs`.
 */
export class SharedBudget {
	private client: BudgetClient | undefined;
	private connecting: Promise<void> | undefined;
	private down = false;
	private retryAt = 0;
	private readonly warn: (message: string) => void;
	private readonly retryMs: number;
	readonly fallbackShare: number;
	/** Tells this process's starts apart in the sorted sets; random, so it says nothing about the host. */
	private readonly processId = randomBytes(6).toString('hex');
	private starts = 0;

	constructor(
		private readonly target: RedisTarget,
		options: SharedBudgetOptions = {},
	) {
		this.fallbackShare = options.fallbackShare ?? DEFAULT_FALLBACK_SHARE;
		this.warn = options.warn ?? ((message) => LoggerProxy.warn(message));
		this.retryMs = options.retryMs ?? REDIS_RETRY_MS;
	}

	readonly makeGate: GateFactory = (key, limits) => new RedisGate(key, limits, this);

	/** The client when Redis can be used now; undefined while it is out of reach. */
	async usableClient(): Promise<BudgetClient | undefined> {
		const client = (this.client ??= this.createClient());
		if (client.status === 'ready') return client;
		if (this.down && Date.now() < this.retryAt) return undefined;
		this.connecting ??= connectWithin(client, CONNECT_TIMEOUT_MS + COMMAND_TIMEOUT_MS).then(
			() => {
				this.down = false;
			},
			(error: unknown) => this.failed(error),
		).finally(() => {
			this.connecting = undefined;
		});
		// The first connection is waited for (up to the connect timeout); a retry during an outage runs
		// in the background while callers keep to their local share.
		if (this.down) return undefined;
		await this.connecting;
		return this.down ? undefined : client;
	}

	/** A command failed or timed out: drop the connection, keep to the local share, retry later. */
	failed(error: unknown): void {
		this.retryAt = Date.now() + this.retryMs;
		this.disconnect();
		if (this.down) return;
		this.down = true;
		const reason = error instanceof Error ? error.message : String(error);
		this.warn(
			`Seqera rate limiter: Redis at ${this.target.label} is out of reach (${reason}). Until it answers ` +
				`(tried every ${this.retryMs / 1000} s), this process keeps to 1/${this.fallbackShare} of each ` +
				'access token\'s budget on its own; set SEQERA_LIMITER_FALLBACK_SHARE to the number of n8n processes.',
		);
	}

	/** A sorted-set member no other start of any process has. */
	nextStartId(): string {
		return `${this.processId}:${++this.starts}`;
	}

	/** Closes the connection; a later call connects again. */
	async close(): Promise<void> {
		await this.connecting;
		this.disconnect();
	}

	/** Leaves an ended connection alone: disconnecting it again arms a 2 s timer that keeps the process up. */
	private disconnect(): void {
		if (this.client && this.client.status !== 'end') this.client.disconnect();
	}

	private createClient(): BudgetClient {
		// No automatic reconnection or queueing: a call never waits on a Redis that is not there.
		const common: RedisOptions = {
			lazyConnect: true,
			enableOfflineQueue: false,
			connectTimeout: CONNECT_TIMEOUT_MS,
			commandTimeout: COMMAND_TIMEOUT_MS,
			maxRetriesPerRequest: 1,
			retryStrategy: () => null,
		};
		const { target } = this;
		let client: Redis | Cluster;
		if (target.kind === 'cluster') {
			const cluster = new Cluster(target.nodes, {
				lazyConnect: true,
				enableOfflineQueue: false,
				clusterRetryStrategy: () => null,
				// Slots are refreshed when a node answers MOVED; a periodic refresh timer would keep the process alive.
				slotsRefreshInterval: 0,
				redisOptions: { ...target.options, ...common },
			} satisfies ClusterOptions);
			cluster.on('+node', (node: Redis) => unrefWhenReady(node));
			client = cluster;
		} else {
			const redis = target.kind === 'url' ? new Redis(target.url, common) : new Redis({ ...target.options, ...common });
			unrefWhenReady(redis);
			client = redis;
		}
		// Failures reach the calls that fail (and so `failed`); without a listener ioredis prints each one.
		client.on('error', () => undefined);
		client.defineCommand('seqeraBudgetAdmit', { numberOfKeys: 4, lua: ADMIT_SCRIPT });
		client.defineCommand('seqeraBudgetPause', { numberOfKeys: 1, lua: PAUSE_SCRIPT });
		client.defineCommand('seqeraBudgetSettle', { numberOfKeys: 1, lua: SETTLE_SCRIPT });
		return client as BudgetClient;
	}
}

/**
 * Connects, or fails after `ms`: ioredis's own connect timeout covers the socket, but a cluster whose
 * nodes announce addresses it cannot use can leave `connect()` pending for good.
 */
async function connectWithin(client: Redis | Cluster, ms: number): Promise<void> {
	let timer: NodeJS.Timeout | undefined;
	const connected = client.connect();
	// Settled through the race below; a late failure after the timeout needs no handling.
	connected.catch(() => undefined);
	try {
		await Promise.race([
			connected,
			new Promise<never>((_resolve, reject) => {
				timer = setTimeout(() => reject(new Error(`no connection within ${ms} ms`)), ms);
			}),
		]);
	} finally {
		clearTimeout(timer);
	}
}

/** An idle connection must not keep n8n's worker or a test runner from exiting. */
function unrefWhenReady(redis: Redis): void {
	redis.on('ready', () => redis.stream.unref());
}

/** Waits for `promise`, or rejects as a cancelled wait does as soon as the execution is cancelled. */
async function unlessCancelled(promise: Promise<void>, signal?: AbortSignal): Promise<void> {
	if (!signal) return await promise;
	// sleep(0, signal) rejects at once with the transport's own cancellation error.
	await sleep(0, signal);
	await new Promise<void>((resolve, reject) => {
		const onAbort = () => {
			sleep(0, signal).catch(reject);
		};
		signal.addEventListener('abort', onAbort, { once: true });
		promise.then(() => {
			signal.removeEventListener('abort', onAbort);
			resolve();
		}, reject);
	});
}

/** A token's budget counted across every process through Redis, with a local share as fallback. */
export class RedisGate implements BudgetGate {
	private readonly keys: [second: string, hour: string, last: string, pause: string];
	private readonly fallback: LocalGate;
	private limits: WindowLimits;
	/** Settles once the last caller in line has had its turn. */
	private line: Promise<void> = Promise.resolve();

	constructor(
		key: string,
		limits: WindowLimits,
		private readonly shared: SharedBudget,
	) {
		const prefix = `seqera:budget:{${key}}`;
		this.keys = [`${prefix}:second`, `${prefix}:hour`, `${prefix}:last`, `${prefix}:pause`];
		this.limits = limits;
		this.fallback = new LocalGate(localShare(limits, shared.fallbackShare));
	}

	/**
	 * Callers of this process ask Redis one at a time, in order: they would all wake for the same
	 * free slot, and only one can have it.
	 */
	async admit(signal?: AbortSignal): Promise<void> {
		const ahead = this.line;
		let leave!: () => void;
		const left = new Promise<void>((resolve) => (leave = resolve));
		this.line = ahead.then(async () => await left);
		try {
			await unlessCancelled(ahead, signal);
			await this.acquire(signal);
		} finally {
			leave();
		}
	}

	async pauseUntil(until: number): Promise<void> {
		// The local share holds too, in case Redis is lost during the pause.
		await this.fallback.pauseUntil(until);
		const durationMs = until - Date.now();
		if (durationMs <= 0) return;
		const client = await this.shared.usableClient();
		if (!client) return;
		try {
			await client.seqeraBudgetPause(this.keys[3], Math.ceil(durationMs));
		} catch (error) {
			this.shared.failed(error);
		}
	}

	// Calls admitted and not yet answered: their Redis member, or null when the local share admitted
	// them. Any in-flight entry may be settled for any answer: they all count the same until then.
	private readonly inFlight: Array<string | null> = [];

	settle(): void {
		const member = this.inFlight.shift();
		if (member === undefined) return;
		if (member === null) return this.fallback.settle();
		void this.shared
			.usableClient()
			.then(async (client) => await client?.seqeraBudgetSettle(this.keys[0], member))
			.catch(() => undefined);
	}

	setLimits(limits: WindowLimits): void {
		this.limits = limits;
		this.fallback.setLimits(localShare(limits, this.shared.fallbackShare));
	}

	private async acquire(signal?: AbortSignal): Promise<void> {
		for (;;) {
			const client = await this.shared.usableClient();
			if (!client) {
				await this.fallback.admit(signal);
				this.inFlight.push(null);
				return;
			}
			let wait: number;
			const member = this.shared.nextStartId();
			try {
				wait = await client.seqeraBudgetAdmit(
					...this.keys,
					Math.max(1, Math.floor(this.limits.maxCallsPerSecond)),
					Math.max(1, Math.floor(this.limits.maxCallsPerHour)),
					this.limits.spacingMs,
					member,
				);
				if (wait === 0) this.inFlight.push(member);
			} catch (error) {
				this.shared.failed(error);
				continue;
			}
			if (wait === 0) return;
			await sleep(wait, signal);
		}
	}
}

let processFactory: GateFactory | undefined;
let processBudget: SharedBudget | undefined;

/**
 * The gates of this process, from its environment (read once): shared through Redis in n8n queue mode
 * or with SEQERA_LIMITER_REDIS_URL, else counted by this process alone.
 */
export function processGateFactory(): GateFactory {
	if (processFactory) return processFactory;
	const config = sharedBudgetConfig(process.env);
	switch (config.mode) {
		case 'local':
			processFactory = (_key, limits) => new LocalGate(limits);
			break;
		case 'misconfigured':
			LoggerProxy.warn(`Seqera rate limiter: ${config.problem}; this process keeps to 1/${config.fallbackShare} of each access token's budget.`);
			processFactory = (_key, limits) => new LocalGate(localShare(limits, config.fallbackShare));
			break;
		case 'shared':
			processBudget = new SharedBudget(config.target, { fallbackShare: config.fallbackShare });
			processFactory = processBudget.makeGate;
			break;
	}
	return processFactory;
}

/** Closes this process's Redis connection, e.g. at the end of a test or script; later calls reconnect. */
export async function closeSharedGates(): Promise<void> {
	await processBudget?.close();
}
