import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** A TCP port that was free on loopback a moment ago, for a server a test starts. */
export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

// Stable ports are drawn above this, away from the well-known services' ports.
const STABLE_PORTS_FROM = 10_000;
// One slice of the stable ports per jest worker, so two suites running side by side never draw the same one.
const STABLE_PORT_SLICES = 16;

/** The lowest port of the kernel's ephemeral range, where `freePort` and outgoing connections take theirs. */
function ephemeralRangeStart(): number {
	try {
		return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
	} catch {
		// Linux's default, below the IANA range (49152 and up) other systems use.
		return 32_768;
	}
}

async function isFree(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}

/**
 * The ports of the Fetch standard's "bad port" list at or above STABLE_PORTS_FROM: Node's fetch refuses to connect to them
 * ("bad port"), so a test could not reach a server listening there.
 */
const PORTS_FETCH_REFUSES = new Set([10_080]);

/** The ports the current jest worker's stable ports are drawn from: its slice, less those fetch refuses. */
export function stablePortCandidates(): number[] {
	const sliceSize = Math.floor((ephemeralRangeStart() - STABLE_PORTS_FROM) / STABLE_PORT_SLICES);
	if (sliceSize < 100)
		throw new Error(
			`The kernel's ephemeral port range starts at ${ephemeralRangeStart()}: raise it above ${STABLE_PORTS_FROM + 100 * STABLE_PORT_SLICES} (net.ipv4.ip_local_port_range)`,
		);
	const slice = (Number(process.env.JEST_WORKER_ID ?? 1) - 1) % STABLE_PORT_SLICES;
	const sliceStart = STABLE_PORTS_FROM + slice * sliceSize;
	return Array.from({ length: sliceSize }, (_, index) => sliceStart + index).filter((port) => !PORTS_FETCH_REFUSES.has(port));
}

/**
 * A free loopback port below the kernel's ephemeral range, for a server that must come back on the same
 * port after a restart (resume URLs already handed out name it). While that server is down, a port
 * from `freePort` could go to another test's server and an outgoing connection could take it as its
 * own end; neither ever draws from below the ephemeral range.
 */
export async function stablePort(): Promise<number> {
	const candidates = stablePortCandidates();
	for (let draw = 0; draw < 50; draw++) {
		const port = candidates[randomInt(candidates.length)];
		if (await isFree(port)) return port;
	}
	throw new Error(`No free port found in ${candidates[0]}-${candidates[candidates.length - 1]}`);
}
