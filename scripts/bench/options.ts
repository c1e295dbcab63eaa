import { parseArgs } from 'node:util';

import { NETWORK_PROFILES, type NetworkName } from '../../dev/simulator/network';
import { DEFAULT_MEMORY_ITEMS } from './memory';
import { CLUSTER_PROCESSES, type ThroughputCell } from './throughput';

export const CELL_NAMES = ['single', 'cluster', 'httpRequestBatching', 'interactive', 'idle', 'memory'] as const;
export type CellName = (typeof CELL_NAMES)[number];
export const PROFILE_NAMES = Object.keys(NETWORK_PROFILES) as NetworkName[];

/**
 * The networks a cell runs on unless --profile says: the package's rate cells where arrivals can
 * bunch (on lan no call is bounded, so the rule has nothing to prove there: `--profile lan` runs
 * it); the cluster and the comparison with HTTP Request batching on one of them, which keeps the
 * whole run within 20 minutes (`--only cluster --profile far` runs the other); the interactive cell
 * where a queued call costs a real round trip; the idle cell where a handshake would show; the memory
 * cell where 100 000 calls take minutes.
 */
const DEFAULT_PROFILES: Record<CellName, NetworkName[]> = {
	single: ['wan', 'far'],
	cluster: ['wan'],
	httpRequestBatching: ['wan'],
	interactive: ['wan'],
	idle: ['wan', 'far'],
	memory: ['lan'],
};

export interface Options {
	/** Per cell chosen, the networks it runs on. */
	cells: Array<{ name: CellName; profiles: NetworkName[] }>;
	/** The calls of each rate cell. */
	calls: Record<ThroughputCell, number>;
	syncItems: number;
	memoryItems: number[];
}

export const USAGE =
	'Usage: npm run bench -- [--only single,cluster,httpRequestBatching,interactive,idle,memory] [--profile lan,wan,far] ' +
	'[--calls N] [--sync-items 3000] [--memory-items 10000,100000]';

/**
 * Calls per rate cell unless --calls says. The cluster gets more: each of its processes measures its
 * own round trips before the shared bound applies, a start that 1200 calls spread over too little.
 */
const DEFAULT_CALLS: Record<ThroughputCell, number> = { single: 1200, cluster: 2000, httpRequestBatching: 1200 };

function listOption<T extends string>(name: string, values: string[] | undefined, allowed: readonly T[]): T[] | undefined {
	if (values === undefined) return undefined;
	const chosen = values
		.flatMap((value) => value.split(','))
		.map((value) => value.trim())
		.filter((value) => value !== '');
	for (const value of chosen) {
		if (!allowed.includes(value as T)) throw new Error(`--${name} ${value}: expected one of ${allowed.join(', ')}`);
	}
	// In the order of `allowed`, each once.
	return allowed.filter((value) => chosen.includes(value));
}

function wholeNumber(name: string, value: string | undefined, fallback: number, least: number): number {
	const number = Number(value ?? fallback);
	if (!Number.isInteger(number) || number < least) throw new Error(`--${name} ${value}: expected a whole number ≥ ${least}`);
	return number;
}

export function parseOptions(args: string[]): Options {
	const { values } = parseArgs({
		args,
		options: {
			profile: { type: 'string', multiple: true },
			calls: { type: 'string' },
			only: { type: 'string', multiple: true },
			'sync-items': { type: 'string' },
			'memory-items': { type: 'string', multiple: true },
		},
	});
	const profiles = listOption('profile', values.profile, PROFILE_NAMES);
	const names = listOption('only', values.only, CELL_NAMES) ?? [...CELL_NAMES];
	const memoryItems = (values['memory-items'] ?? [])
		.flatMap((value) => value.split(','))
		.filter((value) => value.trim() !== '')
		.map((value) => wholeNumber('memory-items', value, 0, 1));
	return {
		cells: names.map((name) => ({ name, profiles: profiles ?? DEFAULT_PROFILES[name] })),
		calls:
			values.calls === undefined
				? DEFAULT_CALLS
				: (Object.fromEntries(
						Object.keys(DEFAULT_CALLS).map((name) => [name, wholeNumber('calls', values.calls, 0, CLUSTER_PROCESSES)]),
					) as Options['calls']),
		syncItems: wholeNumber('sync-items', values['sync-items'], 3000, 1),
		memoryItems: memoryItems.length > 0 ? memoryItems : DEFAULT_MEMORY_ITEMS,
	};
}
