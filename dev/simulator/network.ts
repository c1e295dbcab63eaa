/**
 * A network between the client and the simulated platform, so that speed and
 * rate-limit safety can be measured as on a real one: on loopback a call is
 * counted the moment it is sent, and a new connection costs nothing; on a real
 * network every byte travels, handshakes included, and a call is counted when
 * its request arrives.
 *
 * A profile sets three delays. `inbound` and `outbound` are drawn per chunk of
 * bytes by the delayed path (delayedPath.ts), a TCP proxy in front of the
 * platform: client → platform bytes after `inbound`, platform → client bytes
 * after `outbound`, each direction in order. A new connection first pays a TCP
 * round trip (one inbound + one outbound draw) before any of its bytes leave, so
 * a call on a new HTTPS connection costs the TCP round trip, the TLS round trip
 * and its own request's round trip, and a call on a kept-alive connection one
 * round trip. `processing` is the platform's own time for an admitted call,
 * drawn per request by the server.
 */
import { SeededRandom, hashString } from './random';

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
	/** Client → platform, per chunk: a request reaches the platform (and is counted by its rate limit) after this. */
	inbound?: Spread;
	/** Platform → client, per chunk: an answer the platform wrote reaches the client after this. */
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
 * One seeded generator per kind of delay, so that for a seed the n-th chunk each way and the n-th
 * request get the same delays, however the client's bytes happen to be cut into chunks.
 */
export class DelayRolls {
	readonly inbound: SeededRandom;
	readonly outbound: SeededRandom;
	readonly processing: SeededRandom;

	constructor(seed: number) {
		this.inbound = new SeededRandom(seed);
		this.outbound = new SeededRandom(hashString(`outbound ${seed}`));
		this.processing = new SeededRandom(hashString(`processing ${seed}`));
	}
}

/** Draws the delays of a profile: per chunk each way (delayedPath.ts), per request for processing (server.ts). */
export class Network {
	constructor(
		readonly profile: NetworkProfile,
		private readonly rolls: DelayRolls,
	) {
		checkNetworkProfile(profile);
	}

	/** Client → platform, for one chunk (or the client's half of a TCP handshake). */
	inboundMs(): number {
		return pick(this.profile.inbound, this.rolls.inbound.next());
	}

	/** Platform → client, for one chunk (or the platform's half of a TCP handshake). */
	outboundMs(): number {
		return pick(this.profile.outbound, this.rolls.outbound.next());
	}

	/**
	 * Drawn as a request arrives, so the n-th request gets the same roll for a seed; the route it
	 * applies to (`'GET /workflow/{workflowId}'`, undefined when unknown) is found later.
	 */
	drawProcessing(): (routeKey: string | undefined) => number {
		const roll = this.rolls.processing.next();
		const { processing, processingByRoute } = this.profile;
		return (routeKey) => pick((routeKey !== undefined && processingByRoute?.[routeKey]) || processing, roll);
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
