// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports -- ioredis is a runtime dependency of this self-hosted package
import type { RedisOptions } from 'ioredis';
// Reads NAME_FILE settings, as n8n reads its own queue-mode Redis settings
// eslint-disable-next-line @n8n/community-nodes/no-restricted-imports
import { readFileSync } from 'node:fs';

export const DEFAULT_FALLBACK_SHARE = 4;

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
		return {
			mode: 'shared',
			target: { kind: 'url', url, label: `${parsed.protocol}//${parsed.host}${parsed.pathname}` },
			fallbackShare,
		};
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
		const label = `${scheme} cluster ${nodes.map((node) => `${node.host}:${node.port}`).join(',')}`;
		return { mode: 'shared', target: { kind: 'cluster', nodes, options, label }, fallbackShare };
	}
	const host = readEnv(env, 'QUEUE_BULL_REDIS_HOST') ?? 'localhost';
	const port = envNumber(env, 'QUEUE_BULL_REDIS_PORT', 6379);
	const label = `${scheme}://${host}:${port}/${options.db ?? 0}`;
	return { mode: 'shared', target: { kind: 'standalone', options: { ...options, host, port }, label }, fallbackShare };
}
