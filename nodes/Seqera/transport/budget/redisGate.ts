// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- ioredis is a runtime dependency of this self-hosted package
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { LoggerProxy } from 'n8n-workflow';

import { ADMIT_SCRIPT, budgetKeys, NOTE_TIME_SCRIPT, PAUSE_SCRIPT, type BudgetKeys } from './budgetScripts';
import {
	localShare,
	LocalGate,
	type AdmissionOptions,
	type AdmittedCall,
	type BudgetGate,
	type CallPriority,
	type GateFactory,
} from './gate';
import { DEFAULT_FALLBACK_SHARE, type RedisTarget } from '../../environment/limiterRedis';
import type { ArrivalBound, WindowLimits } from './admissionRule';
import { sleep, unlessCancelled, withinTime } from './timing';

/**
 * A token's budget shared by every n8n process through Redis (queue mode), so that together they keep
 * to the platform's per-token limits; the scripts and keys are in budgetScripts.ts. When Redis fails,
 * each process keeps to a local share of the budget (SEQERA_LIMITER_FALLBACK_SHARE), says so once, and
 * tries Redis again every 5 s. Failing closed would stall every workflow, and n8n cannot run queue
 * mode without its Redis: this only matters for a separate limiter Redis or a short outage.
 */

const REDIS_RETRY_MS = 5000;
const CONNECT_TIMEOUT_MS = 2000;
// A start decision is one short script; a Redis that takes longer is treated as down. Timed here, not
// with ioredis's commandTimeout, which fails replies that came in time when the process stalled: it
// would then keep to its local share while the others spend the whole budget through Redis.
const COMMAND_TIMEOUT_MS = 1000;
const replyOf = async <T>(command: Promise<T>) =>
	await withinTime(command, COMMAND_TIMEOUT_MS, `Redis did not answer within ${COMMAND_TIMEOUT_MS} ms`);

interface BudgetCommands {
	// KEYS and ARGV as budgetScripts.ts's ADMIT_SCRIPT takes them.
	seqeraBudgetAdmit(
		second: string,
		answers: string,
		bounds: string,
		hour: string,
		last: string,
		pause: string,
		cautious: string,
		waiting: string,
		sent: string,
		perSecond: number,
		perHour: number,
		spacingMs: number,
		member: string,
		boundMs: number,
		processId: string,
		priority: CallPriority,
		waiterId: string,
	): Promise<number>;
	seqeraBudgetPause(pause: string, cautious: string, durationMs: number): Promise<number>;
	seqeraBudgetNoteTime(second: string, sentOrAnswers: string, member: string): Promise<number>;
}

type BudgetClient = (Redis | Cluster) & BudgetCommands;

/** One Redis connection and its health, for every token's gate in the process; it never reconnects by itself (see the header). */
export class SharedBudget {
	private client: BudgetClient | undefined;
	private connecting: Promise<void> | undefined;
	private down = false;
	private retryAt = 0;
	/** Tells this process's starts and waiters apart in Redis; random, so it says nothing about the host. */
	readonly processId = randomBytes(6).toString('hex');
	private ids = 0;

	readonly fallbackShare: number;
	/** Told once per outage that Redis is out of reach. */
	private readonly warn: (message: string) => void;
	private readonly retryMs: number;

	constructor(
		private readonly target: RedisTarget,
		options: { fallbackShare?: number; warn?: (message: string) => void; retryMs?: number } = {},
	) {
		({
			fallbackShare: this.fallbackShare = DEFAULT_FALLBACK_SHARE,
			warn: this.warn = (message) => LoggerProxy.warn(message),
			retryMs: this.retryMs = REDIS_RETRY_MS,
		} = options);
	}

	readonly makeGate: GateFactory = (key, limits) => new RedisGate(key, limits, this);

	/** The client when Redis can be used now; undefined while it is out of reach. */
	async usableClient(): Promise<BudgetClient | undefined> {
		const client = (this.client ??= this.createClient());
		// Checked before the status: a client whose command just failed still reads 'ready' until its socket's
		// close event, which a gate retrying in microtasks would never let run, so it would spin on it forever.
		if (this.down && Date.now() < this.retryAt) return undefined;
		if (client.status === 'ready') return client;
		// ioredis's connect timeout covers the socket, but a cluster whose nodes announce addresses it cannot
		// use can leave `connect()` pending for good.
		this.connecting ??= unlessCancelled(client.connect(), AbortSignal.timeout(CONNECT_TIMEOUT_MS + COMMAND_TIMEOUT_MS))
			.then(
				() => {
					this.down = false;
				},
				(error: unknown) => this.failed(error),
			)
			.finally(() => {
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
				"access token's budget on its own; set SEQERA_LIMITER_FALLBACK_SHARE to the number of n8n processes.",
		);
	}

	/** An ID no other start or waiting caller of any process has. */
	nextId(): string {
		return `${this.processId}:${++this.ids}`;
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
		// No reconnection or queueing of its own: a call never waits on a Redis that is not there.
		const common: RedisOptions = {
			lazyConnect: true,
			enableOfflineQueue: false,
			connectTimeout: CONNECT_TIMEOUT_MS,
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
		client.defineCommand('seqeraBudgetAdmit', { numberOfKeys: 9, lua: ADMIT_SCRIPT });
		client.defineCommand('seqeraBudgetPause', { numberOfKeys: 2, lua: PAUSE_SCRIPT });
		client.defineCommand('seqeraBudgetNoteTime', { numberOfKeys: 2, lua: NOTE_TIME_SCRIPT });
		return client as BudgetClient;
	}
}

/** An idle connection must not keep n8n's worker or a test runner from exiting. */
function unrefWhenReady(redis: Redis): void {
	redis.on('ready', () => redis.stream.unref());
}

/** A token's budget counted across every process through Redis, with a local share as fallback. */
export class RedisGate implements BudgetGate {
	private readonly keys: BudgetKeys;
	private readonly fallback: LocalGate;
	private limits: WindowLimits;
	constructor(
		key: string,
		limits: WindowLimits,
		private readonly shared: SharedBudget,
	) {
		this.keys = budgetKeys(key);
		this.limits = limits;
		this.fallback = new LocalGate(localShare(limits, shared.fallbackShare));
	}

	async pauseUntil(until: number): Promise<void> {
		// The local share holds too, in case Redis is lost during the pause.
		await this.fallback.pauseUntil(until);
		const durationMs = until - Date.now();
		if (durationMs <= 0) return;
		const client = await this.shared.usableClient();
		if (!client) return;
		try {
			await replyOf(client.seqeraBudgetPause(this.keys.pause, this.keys.cautious, Math.ceil(durationMs)));
		} catch (error) {
			this.shared.failed(error);
		}
	}

	setLimits(limits: WindowLimits): void {
		this.limits = limits;
		this.fallback.setLimits(localShare(limits, this.shared.fallbackShare));
	}

	async admit(bound: ArrivalBound, signal?: AbortSignal, options: AdmissionOptions = {}): Promise<AdmittedCall> {
		const priority = options.priority ?? 'bulk';
		const waiterId = this.shared.nextId();
		for (;;) {
			const client = await this.shared.usableClient();
			if (!client) return await this.fallback.admit(bound, signal);
			let wait: number;
			const member = this.shared.nextId();
			const boundMs = bound.boundMs(Date.now());
			try {
				const { second, answers, bounds, hour, last, pause, cautious, waiting, sent } = this.keys;
				wait = await replyOf(
					client.seqeraBudgetAdmit(
						second,
						answers,
						bounds,
						hour,
						last,
						pause,
						cautious,
						waiting,
						sent,
						Math.max(1, Math.floor(this.limits.maxCallsPerSecond)),
						Math.max(1, Math.floor(this.limits.maxCallsPerHour)),
						this.limits.spacingMs,
						member,
						Number.isFinite(boundMs) ? boundMs : -1,
						this.shared.processId,
						priority,
						waiterId,
					),
				);
			} catch (error) {
				this.shared.failed(error);
				continue;
			}
			if (wait === 0) {
				return {
					sent: () => this.noteTime(this.keys.sent, member),
					answered: () => this.noteTime(this.keys.answers, member),
				};
			}
			await sleep(wait, signal).catch((error: unknown) => {
				// A cancelled interactive caller stops holding bulk callers back at once, not when its registration lapses.
				if (priority === 'interactive') void client.hdel(this.keys.waiting, waiterId).catch(() => undefined);
				throw error;
			});
		}
	}

	/** Sent without waiting: until Redis has it, the call holds its place as if it had not happened. */
	private noteTime(hash: string, member: string): void {
		void this.shared
			.usableClient()
			.then(async (client) => client && (await replyOf(client.seqeraBudgetNoteTime(this.keys.second, hash, member))))
			.catch(() => undefined);
	}
}
