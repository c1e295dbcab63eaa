/** What every benchmark cell shares: the token, the workspace, the platform's limit, simulators and forked n8n processes. */
import { callSpacingMs } from '../../nodes/Seqera/transport';
import type { NetworkProfile, Spread } from '../../dev/simulator/network';
import { hashToken, startSimulator, type Simulator, type SimulatorOptions } from '../../dev/simulator/server';

export const TOKEN = 'sim-token-alpha';
export const TOKEN_HASH = hashToken(TOKEN);
export const WARM_UP_TOKEN = 'sim-token-beta';
export const GENOMICS = 138659136604200;
export const LIMIT_PER_SECOND = 20;
export const SPACING_MS = callSpacingMs(LIMIT_PER_SECOND, 72000);
/** Time for every process's warm-up call, beyond the network's slowest round trip. */
export const START_DELAY_MS = 1500;
/** A cell that takes this many times its calls at the full rate (and at least CELL_MIN_MS) is stuck. */
const CELL_SLACK = 4;
const CELL_MIN_MS = 120_000;

/** What a cell is given besides its network. */
export interface BenchContext {
	/** Where forked n8n processes keep their user folders. */
	folder: string;
	/** Aborted when the script is interrupted: every n8n process forked with it is killed. */
	signal: AbortSignal;
	/** The port of the script's redis-server, started on first use. */
	redisPort(): Promise<number>;
}

export const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function percentile(sorted: number[], fraction: number): number {
	return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

const meanOf = (spread: Spread | undefined) => (spread === undefined ? 0 : (spread.minMs + spread.maxMs) / 2);

/** The network's slowest round trip: both ways and the slowest platform time of any route. */
export function slowestRoundTripMs(profile: NetworkProfile): number {
	const processing = [profile.processing, ...Object.values(profile.processingByRoute ?? {})].map((spread) => spread?.maxMs ?? 0);
	return (profile.inbound?.maxMs ?? 0) + (profile.outbound?.maxMs ?? 0) + Math.max(0, ...processing);
}

/** The network's mean way there and back, and the platform's mean time for Workflow → Get. */
export function meanRoundTrip(profile: NetworkProfile): { wayMs: number; processingMs: number } {
	return {
		wayMs: meanOf(profile.inbound) + meanOf(profile.outbound),
		processingMs: meanOf(profile.processingByRoute?.['GET /workflow/{workflowId}'] ?? profile.processing),
	};
}

export function cellTimeoutMs(calls: number, perSecond = LIMIT_PER_SECOND): number {
	return Math.max(CELL_MIN_MS, (calls / perSecond) * 1000 * CELL_SLACK);
}

/** `count` run IDs of the workspace, from the `offset`-th on, going round as often as needed. */
export function runIds(sim: Simulator, count: number, offset = 0): string[] {
	const ids = sim.data.runsIn(GENOMICS).map((run) => run.id);
	return Array.from({ length: count }, (_, index) => ids[(offset + index) % ids.length]);
}

export async function withSimulator<T>(
	network: NetworkProfile,
	use: (sim: Simulator) => Promise<T>,
	options: Omit<SimulatorOptions, 'network'> = {},
): Promise<T> {
	const sim = await startSimulator({ runProgressMs: 200, ...options, network });
	try {
		return await use(sim);
	} finally {
		await sim.close();
	}
}

/** How many TLS connections carried the token's calls. */
export function tokenConnections(sim: Simulator): { tlsConnections: number } {
	return { tlsConnections: sim.connectionsOf(TOKEN_HASH) };
}

/** e.g. `; the token's calls on 2 TLS connections`. */
export function describeConnections(figures: { tlsConnections: number }): string {
	return `; the token's calls on ${figures.tlsConnections} TLS connections`;
}
