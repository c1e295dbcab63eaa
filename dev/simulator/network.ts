/**
 * A network between the client and the simulated platform, so that speed and
 * rate-limit safety can be measured as on a real one: on loopback a call is
 * counted the moment it is sent, on a real network it is counted when it
 * arrives. Each request gets three delays: inbound (before the platform sees
 * and counts it), processing (the platform's own work, once admitted) and
 * outbound (before its answer reaches the client).
 */
import { SeededRandom } from './random';

/** A random time in ms, uniform between minMs and maxMs. */
export interface Spread {
	minMs: number;
	maxMs: number;
}

/** `ms` ± `jitterMs`, never below 0. */
export function around(ms: number, jitterMs: number): Spread {
	return { minMs: Math.max(0, ms - jitterMs), maxMs: Math.max(0, ms + jitterMs) };
}

export interface NetworkProfile {
	/** Client → platform: the request reaches the platform (and is counted by its rate limit) after this. */
	inbound?: Spread;
	/** Platform → client: after the answer is ready, it reaches the client after this. */
	outbound?: Spread;
	/** The platform's own time per call, after the call is counted and before it answers. */
	processing?: Spread;
	/** Per route template, e.g. 'GET /workflow' or 'GET /workflow/{workflowId}': replaces `processing` for that route. */
	processingByRoute?: Record<string, Spread>;
}

export type NetworkName = 'lan' | 'wan' | 'far';

const frozen = (profile: NetworkProfile): NetworkProfile =>
	Object.freeze(Object.fromEntries(Object.entries(profile).map(([key, spread]) => [key, Object.freeze(spread)])));

export const NETWORK_PROFILES: Record<NetworkName, NetworkProfile> = Object.freeze({
	/** Loopback: no added delay. */
	lan: frozen({}),
	/** A client in another region of the same continent. */
	wan: frozen({ inbound: around(100, 20), outbound: around(100, 20), processing: { minMs: 20, maxMs: 300 } }),
	/** A client on another continent, talking to a busy platform. */
	far: frozen({ inbound: around(250, 50), outbound: around(250, 50), processing: { minMs: 50, maxMs: 800 } }),
});

/** Seed of the delays when none is given, so two runs that send the same requests in the same order get the same delays. */
export const DEFAULT_NETWORK_SEED = 20;

/** The delays of one request, in ms. */
export interface RequestDelays {
	inboundMs: number;
	outboundMs: number;
	/** Processing time of the route (`'GET /workflow/{workflowId}'`), or of any call when the route is unknown. */
	processingMs(routeKey: string | undefined): number;
}

/** Throws on a spread that is negative, reversed or not a number, naming where it is. */
function checkNetworkProfile(profile: NetworkProfile): void {
	const check = (where: string, spread: Spread | undefined) => {
		if (spread === undefined) return;
		const { minMs, maxMs } = spread;
		if (!(Number.isFinite(minMs) && Number.isFinite(maxMs) && minMs >= 0 && maxMs >= minMs)) {
			throw new Error(`Network ${where} must have 0 <= minMs <= maxMs, got ${JSON.stringify(spread)}`);
		}
	};
	check('inbound', profile.inbound);
	check('outbound', profile.outbound);
	check('processing', profile.processing);
	for (const [routeKey, spread] of Object.entries(profile.processingByRoute ?? {})) check(`processingByRoute['${routeKey}']`, spread);
}

/**
 * Draws every request's delays from one seeded generator. All three are drawn
 * when the request is first seen, so the n-th request gets the same delays
 * for the same seed, whatever the order its delays later end in.
 */
export class Network {
	constructor(
		readonly profile: NetworkProfile,
		private readonly random: SeededRandom,
	) {
		checkNetworkProfile(profile);
	}

	draw(): RequestDelays {
		const { inbound, outbound, processing, processingByRoute } = this.profile;
		const [inboundRoll, processingRoll, outboundRoll] = [this.random.next(), this.random.next(), this.random.next()];
		return {
			inboundMs: pick(inbound, inboundRoll),
			outboundMs: pick(outbound, outboundRoll),
			processingMs: (routeKey) => pick((routeKey !== undefined && processingByRoute?.[routeKey]) || processing, processingRoll),
		};
	}
}

function pick(spread: Spread | undefined, roll: number): number {
	return spread ? spread.minMs + roll * (spread.maxMs - spread.minMs) : 0;
}

/** e.g. `inbound 80-120 ms, outbound 80-120 ms, processing 20-300 ms`; `no added delay` for an empty profile. */
export function describeNetwork(profile: NetworkProfile): string {
	const spread = ({ minMs, maxMs }: Spread) => (minMs === maxMs ? `${minMs} ms` : `${minMs}-${maxMs} ms`);
	const parts: string[] = [];
	if (profile.inbound) parts.push(`inbound ${spread(profile.inbound)}`);
	if (profile.outbound) parts.push(`outbound ${spread(profile.outbound)}`);
	if (profile.processing) parts.push(`processing ${spread(profile.processing)}`);
	for (const [routeKey, s] of Object.entries(profile.processingByRoute ?? {})) parts.push(`processing of ${routeKey} ${spread(s)}`);
	return parts.length > 0 ? parts.join(', ') : 'no added delay';
}
