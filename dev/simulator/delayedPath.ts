/**
 * The simulated network's wire: a TCP proxy on 127.0.0.1 in front of the platform's HTTPS server
 * that delays every byte both ways, handshakes included (network.ts says what the delays are).
 *
 * Per connection:
 * - A chunk from the client reaches the platform after an inbound delay drawn for it, a chunk from
 *   the platform reaches the client after an outbound delay; a chunk never overtakes the one before
 *   it in its direction.
 * - The TCP handshake costs a round trip (one inbound and one outbound draw, taken when the client
 *   connects): no client byte is sent on before then, and each then still takes its inbound delay.
 *   Loopback connects at once, so a client sends its TLS hello right away; here it leaves as if sent
 *   when the SYN-ACK came back.
 * - A half-close (end) is passed on after the bytes before it, with its own delay; a reset (error,
 *   or a close without an end) resets the other side the same way.
 * - A direction that holds more than MAX_HELD_BYTES stops reading its sender until it has passed
 *   them on, so a large download is not held in memory.
 *
 * Delays are drawn when a chunk arrives, from whatever `delays()` returns then: a changed profile
 * applies to the next chunks of every connection, while a connection keeps its handshake's.
 */
import net from 'node:net';

/** Where the path draws its delays; undefined forwards at once. */
export interface PathDelays {
	inboundMs(): number;
	outboundMs(): number;
}

const MAX_HELD_BYTES = 1_048_576;

type Passage = { kind: 'data'; chunk: Buffer } | { kind: 'end' } | { kind: 'reset' };

/** One direction of one connection: what left `from` and is on its way to `to`, in order. */
class Direction {
	private readonly queue: Array<{ at: number; passage: Passage }> = [];
	private lastAt = 0;
	private heldBytes = 0;
	private timer: NodeJS.Timeout | undefined;
	private stopped = false;

	constructor(
		private readonly from: net.Socket,
		private readonly to: net.Socket,
		private readonly delayMs: () => number,
		/** performance.now() before which nothing leaves: the end of the TCP handshake for the client's bytes. */
		private readonly openAt: number,
	) {
		to.on('drain', () => this.resumeIfRoom());
	}

	carry(passage: Passage): void {
		if (this.stopped) return;
		const now = performance.now();
		const at = Math.max(Math.max(now, this.openAt) + this.delayMs(), this.lastAt);
		this.lastAt = at;
		if (passage.kind === 'data') {
			this.heldBytes += passage.chunk.length;
			if (this.heldBytes + this.to.writableLength > MAX_HELD_BYTES) this.from.pause();
		}
		this.queue.push({ at, passage });
		if (this.queue.length === 1) this.passDue();
	}

	/** Drops what is still on its way; nothing more is passed on. */
	stop(): void {
		this.stopped = true;
		clearTimeout(this.timer);
		this.queue.length = 0;
	}

	private passDue(): void {
		this.timer = undefined;
		const now = performance.now();
		while (this.queue.length > 0 && this.queue[0].at <= now) {
			const { passage } = this.queue.shift()!;
			this.pass(passage);
		}
		if (this.queue.length > 0) {
			// A timer may fire a little early as performance.now() sees it: then it is set again for the rest.
			this.timer = setTimeout(() => this.passDue(), Math.max(1, Math.ceil(this.queue[0].at - now)));
		}
		this.resumeIfRoom();
	}

	private pass(passage: Passage): void {
		if (this.to.destroyed) return;
		switch (passage.kind) {
			case 'data':
				this.heldBytes -= passage.chunk.length;
				this.to.write(passage.chunk);
				return;
			case 'end':
				this.to.end();
				return;
			case 'reset':
				this.to.resetAndDestroy();
				return;
		}
	}

	private resumeIfRoom(): void {
		if (this.from.isPaused() && this.heldBytes + this.to.writableLength <= MAX_HELD_BYTES) this.from.resume();
	}
}

/** One client connection and the path's own connection to the platform for it. */
class Connection {
	private readonly inbound: Direction;
	private readonly outbound: Direction;

	constructor(
		private readonly client: net.Socket,
		private readonly platform: net.Socket,
		delays: () => PathDelays | undefined,
		onClosed: () => void,
	) {
		const connectedAt = performance.now();
		const handshake = delays();
		const roundTripMs = handshake ? handshake.inboundMs() + handshake.outboundMs() : 0;
		this.inbound = new Direction(client, platform, () => delays()?.inboundMs() ?? 0, connectedAt + roundTripMs);
		this.outbound = new Direction(platform, client, () => delays()?.outboundMs() ?? 0, connectedAt);
		this.relay(client, this.inbound);
		this.relay(platform, this.outbound);
		let open = 2;
		const closed = () => {
			open -= 1;
			if (open === 0) onClosed();
		};
		client.once('close', closed);
		platform.once('close', closed);
	}

	/** Ends both sides at once, dropping what is on its way. */
	destroy(): void {
		this.inbound.stop();
		this.outbound.stop();
		this.client.destroy();
		this.platform.destroy();
	}

	/** Passes on what `socket` sends, its end, and its reset, through `direction`. */
	private relay(socket: net.Socket, direction: Direction): void {
		let ended = false;
		socket.setNoDelay(true);
		socket.on('data', (chunk: Buffer) => direction.carry({ kind: 'data', chunk }));
		socket.on('end', () => {
			ended = true;
			direction.carry({ kind: 'end' });
		});
		// The close that follows says whether it was a reset.
		socket.on('error', () => undefined);
		socket.on('close', (hadError) => {
			// With half-open allowed, a socket closes cleanly only once it ended and was ended.
			if (hadError || !ended || !socket.writableEnded) direction.carry({ kind: 'reset' });
		});
	}
}

export class DelayedPath {
	private readonly connections = new Set<Connection>();

	private constructor(private readonly server: net.Server) {}

	/** Listens on 127.0.0.1 (`port` 0: a free one) and forwards each connection to `target`. */
	static async start(target: { port: number }, delays: () => PathDelays | undefined, port = 0): Promise<DelayedPath> {
		const server = net.createServer({ allowHalfOpen: true });
		const path = new DelayedPath(server);
		server.on('connection', (client) => {
			const platform = net.connect({ host: '127.0.0.1', port: target.port, allowHalfOpen: true });
			const connection = new Connection(client, platform, delays, () => path.connections.delete(connection));
			path.connections.add(connection);
		});
		await new Promise<void>((resolve, reject) => {
			server.once('error', reject);
			server.listen(port, '127.0.0.1', () => {
				server.off('error', reject);
				resolve();
			});
		});
		return path;
	}

	get port(): number {
		return (this.server.address() as net.AddressInfo).port;
	}

	/** Stops listening and cuts every connection, with whatever was still on its way. */
	async close(): Promise<void> {
		const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
		for (const connection of this.connections) connection.destroy();
		this.connections.clear();
		await closed;
	}
}
