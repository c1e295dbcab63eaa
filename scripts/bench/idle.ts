/**
 * The idle cell: a call made after a few seconds of nothing should go out on the connection the
 * last one left open, so it costs one round trip and no handshakes.
 */
import { forkWorkers } from '../../dev/queue/processes';
import type { ActionTiming } from '../../dev/queue/worker';
import type { NetworkProfile } from '../../dev/simulator/network';
import {
	GENOMICS,
	TOKEN,
	describeConnections,
	meanRoundTrip,
	round,
	runIds,
	tokenConnections,
	withSimulator,
	type BenchContext,
} from './setup';

/** Below the simulator's keep-alive timeout (Node's 5 s), so an open connection is still there to use. */
export const IDLE_MS = 3000;
const IDLE_TIMEOUT_MS = 120_000;

export interface IdleFigures {
	/** The first one-item execution, from its start to its answer. */
	firstMs: number;
	/** The one after IDLE_MS of nothing. */
	secondMs: number;
	/** The second execution's call alone: from being let start to its answer. */
	secondCallMs: number;
	/** The network's mean way there and back, and the platform's mean time for the call. */
	meanWayMs: number;
	meanProcessingMs: number;
	failed: number;
	/** The first failure's message, when one failed. */
	error?: string;
	tlsConnections: number;
}

const actionMs = (action: ActionTiming | undefined) => round(action === undefined ? 0 : action.answeredAt - action.startedAt, 1);

function callMs(action: ActionTiming | undefined): number {
	const call = action?.calls.at(-1);
	return round(call?.answered === undefined ? 0 : call.answered - call.started, 1);
}

export async function runIdleCell(profile: string, network: NetworkProfile, context: BenchContext): Promise<IdleFigures> {
	const started = performance.now();
	const figures = await withSimulator(network, async (sim) => {
		const [worker] = await forkWorkers(1, {}, context.folder, context.signal);
		try {
			const { actions = [] } = await worker.run(
				{ kind: 'idle', baseUrl: sim.baseUrl, token: TOKEN, workspaceId: GENOMICS, runId: runIds(sim, 1)[0], idleMs: IDLE_MS },
				{ timeoutMs: IDLE_TIMEOUT_MS },
			);
			const [first, second] = actions;
			const failure = actions.find((action) => action.error !== undefined);
			const { wayMs, processingMs } = meanRoundTrip(network);
			return {
				firstMs: actionMs(first),
				secondMs: actionMs(second),
				secondCallMs: callMs(second),
				meanWayMs: wayMs,
				meanProcessingMs: processingMs,
				failed: actions.filter((action) => action.error !== undefined).length,
				...(failure === undefined ? {} : { error: failure.error }),
				...tokenConnections(sim),
			};
		} finally {
			worker.kill();
		}
	});
	console.log(
		`${profile} idle (a one-item manual execution, ${IDLE_MS / 1000} s of nothing, another): the second answered in ${figures.secondMs} ms, ` +
			`its call ${figures.secondCallMs} ms from its start, against a mean ${figures.meanWayMs} ms there and back plus ${figures.meanProcessingMs} ms ` +
			`on the platform = ${figures.meanWayMs + figures.meanProcessingMs} ms; the first answered in ${figures.firstMs} ms` +
			`${describeConnections(figures)}${figures.failed > 0 ? `; ${figures.failed} failed (${figures.error})` : ''}; ${Math.round((performance.now() - started) / 1000)} s`,
	);
	return figures;
}
