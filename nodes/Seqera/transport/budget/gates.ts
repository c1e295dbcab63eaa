import { LoggerProxy } from 'n8n-workflow';

import { localShare, LocalGate, type GateFactory } from './gate';
import { sharedBudgetConfig } from '../../environment/limiterRedis';
import { SharedBudget } from './redisGate';

let processFactory: GateFactory | undefined;
let processBudget: SharedBudget | undefined;

/**
 * Chooses the gates of this process, from its environment (read once): shared through Redis in n8n
 * queue mode or with SEQERA_LIMITER_REDIS_URL, else counted by this process alone.
 */
export function processGateFactory(): GateFactory {
	if (processFactory) return processFactory;
	// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- n8n's queue-mode Redis settings are in the environment
	const config = sharedBudgetConfig(process.env);
	switch (config.mode) {
		case 'local':
			processFactory = (_key, limits) => new LocalGate(limits);
			break;
		case 'misconfigured':
			LoggerProxy.warn(
				`Seqera rate limiter: ${config.problem}; this process keeps to 1/${config.fallbackShare} of each access token's budget.`,
			);
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
