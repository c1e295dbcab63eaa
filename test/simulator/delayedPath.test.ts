import net from 'node:net';
import { DelayedPath, type PathDelays } from '../../dev/simulator/delayedPath';
import { DelayRolls, Network, type NetworkProfile } from '../../dev/simulator/network';
import { sleep } from '../../dev/until';

/** Node timers can fire about a millisecond before their time as performance.now() sees it. */
const EARLY_MS = 2;
const fixed = (ms: number) => ({ minMs: ms, maxMs: ms });

/** A platform stand-in: a plain TCP server whose accepted sockets the test drives, behind a delayed path. */
async function startPathTo(
	profile: NetworkProfile,
): Promise<{ path: DelayedPath; accepted: () => Promise<net.Socket>; close: () => Promise<void> }> {
	const waiting: Array<(socket: net.Socket) => void> = [];
	const sockets: net.Socket[] = [];
	const platform = net.createServer({ allowHalfOpen: true }, (socket) => {
		sockets.push(socket);
		socket.on('error', () => undefined);
		waiting.shift()?.(socket);
	});
	await new Promise<void>((resolve) => platform.listen(0, '127.0.0.1', resolve));
	const network: PathDelays = new Network(profile, new DelayRolls(5));
	const path = await DelayedPath.start({ port: (platform.address() as net.AddressInfo).port }, () => network);
	return {
		path,
		accepted: () => new Promise((resolve) => waiting.push(resolve)),
		close: async () => {
			await path.close();
			sockets.forEach((socket) => socket.destroy());
			await new Promise((resolve) => platform.close(resolve));
		},
	};
}

function connect(path: DelayedPath): Promise<{ socket: net.Socket; connectedAt: number }> {
	return new Promise((resolve, reject) => {
		const socket = net.connect({ host: '127.0.0.1', port: path.port, allowHalfOpen: true }, () =>
			resolve({ socket, connectedAt: performance.now() }),
		);
		socket.on('error', reject);
	});
}

/** Everything `socket` receives until its end, and when the end came. */
function readAll(socket: net.Socket): Promise<{ bytes: Buffer; endedAt: number }> {
	const chunks: Buffer[] = [];
	socket.on('data', (chunk: Buffer) => chunks.push(chunk));
	return new Promise((resolve) => socket.on('end', () => resolve({ bytes: Buffer.concat(chunks), endedAt: performance.now() })));
}

/** `count` chunks of 1 KiB, each filled with its own number, written one event-loop turn apart. */
async function writeNumberedChunks(socket: net.Socket, count: number): Promise<Buffer> {
	const chunks = Array.from({ length: count }, (_, index) => Buffer.alloc(1024, index % 251));
	for (const chunk of chunks) {
		socket.write(chunk);
		await new Promise((resolve) => setImmediate(resolve));
	}
	socket.end();
	return Buffer.concat(chunks);
}

describe('the delayed path', () => {
	let stopPath: (() => Promise<void>) | undefined;

	afterEach(async () => {
		await stopPath?.();
		stopPath = undefined;
	});

	it("holds a new connection's first byte for the TCP round trip, then its own inbound delay", async () => {
		// Legs of 600 ms in and 400 ms out, so a round trip more is a second, which no busy machine adds.
		const { path, accepted, close } = await startPathTo({ inbound: fixed(600), outbound: fixed(400) });
		stopPath = close;
		const platformSide = accepted();
		const { socket, connectedAt } = await connect(path);
		const platform = await platformSide;
		const firstByte = new Promise<number>((resolve) => platform.once('data', () => resolve(performance.now())));
		socket.write('hello');
		// SYN in (600 ms), SYN-ACK out (400 ms), then the hello's own 600 ms.
		expect((await firstByte) - connectedAt).toBeGreaterThanOrEqual(1600 - EARLY_MS);

		// Once open, a byte takes its one leg each way (a second handshake would make it 2000 ms).
		const sentAt = performance.now();
		const answered = new Promise<number>((resolve) => socket.once('data', () => resolve(performance.now())));
		platform.once('data', () => platform.write('back'));
		socket.write('ping');
		expect((await answered) - sentAt).toBeGreaterThanOrEqual(1000 - EARLY_MS);
		// 900 ms over the two legs, a margin no busy machine takes up, and still short of a handshake more.
		expect((await answered) - sentAt).toBeLessThan(1900);
		socket.destroy();
	});

	it('keeps every byte in order both ways when each chunk draws its own delay', async () => {
		const { path, accepted, close } = await startPathTo({ inbound: { minMs: 0, maxMs: 40 }, outbound: { minMs: 0, maxMs: 40 } });
		stopPath = close;
		const platformSide = accepted();
		const { socket } = await connect(path);
		const platform = await platformSide;
		const atPlatform = readAll(platform);
		const atClient = readAll(socket);

		const [sentUp, sentDown] = await Promise.all([writeNumberedChunks(socket, 300), writeNumberedChunks(platform, 300)]);
		expect((await atPlatform).bytes.equals(sentUp)).toBe(true);
		expect((await atClient).bytes.equals(sentDown)).toBe(true);
	});

	it('passes a half-close on after the bytes before it, and leaves the other way open', async () => {
		const { path, accepted, close } = await startPathTo({ inbound: fixed(50), outbound: fixed(80) });
		stopPath = close;
		const platformSide = accepted();
		const { socket } = await connect(path);
		const platform = await platformSide;
		const atPlatform = readAll(platform);
		const atClient = readAll(socket);

		socket.end('request');
		const up = await atPlatform;
		expect(up.bytes.toString()).toBe('request');

		// The client's side is ended; the platform's answer still comes back, then its own end.
		const answeredAt = performance.now();
		platform.end('answer');
		const down = await atClient;
		expect(down.bytes.toString()).toBe('answer');
		expect(down.endedAt - answeredAt).toBeGreaterThanOrEqual(80 - EARLY_MS);
	});

	it('passes a reset on after its delay, both ways', async () => {
		const { path, accepted, close } = await startPathTo({ inbound: fixed(30), outbound: fixed(120) });
		stopPath = close;
		const resetSeen = (socket: net.Socket) =>
			new Promise<{ code: unknown; at: number }>((resolve) =>
				socket.once('error', (error: NodeJS.ErrnoException) => resolve({ code: error.code, at: performance.now() })),
			);

		const platformSide = accepted();
		const { socket } = await connect(path);
		const platform = await platformSide;
		const atClient = resetSeen(socket);
		const resetAt = performance.now();
		platform.resetAndDestroy();
		const client = await atClient;
		expect(client.code).toBe('ECONNRESET');
		expect(client.at - resetAt).toBeGreaterThanOrEqual(120 - EARLY_MS);

		const nextSide = accepted();
		const next = await connect(path);
		const nextPlatform = await nextSide;
		const atPlatform = resetSeen(nextPlatform);
		const clientResetAt = performance.now();
		next.socket.resetAndDestroy();
		const platformReset = await atPlatform;
		expect(platformReset.code).toBe('ECONNRESET');
		// Past the connection's handshake (150 ms), the reset takes its own inbound leg.
		expect(platformReset.at - clientResetAt).toBeGreaterThanOrEqual(30 - EARLY_MS);
	});

	it('stops reading a sender whose bytes the receiver does not take, rather than holding them all', async () => {
		const { path, accepted, close } = await startPathTo({ outbound: fixed(5) });
		stopPath = close;
		const platformSide = accepted();
		const { socket } = await connect(path);
		const platform = await platformSide;
		socket.pause();

		const total = 64 * 1024 * 1024;
		const block = Buffer.alloc(64 * 1024, 7);
		let written = 0;
		const writeWhileTaken = (): void => {
			while (written < total) {
				written += block.length;
				if (written === total) platform.end(block);
				else if (!platform.write(block)) {
					platform.once('drain', writeWhileTaken);
					return;
				}
			}
		};
		writeWhileTaken();
		// Nothing marks a path that stopped reading: give it half a second to read on, then see that it did not.
		await sleep(500);
		// Only what the kernel's buffers and the path's own limit hold has left the platform.
		expect(platform.bytesWritten).toBeLessThan(16 * 1024 * 1024);

		const atClient = readAll(socket);
		socket.resume();
		expect((await atClient).bytes.length).toBe(total);
	});

	it('cuts every connection when closed', async () => {
		const { path, accepted, close } = await startPathTo({ inbound: fixed(300) });
		const platformSide = accepted();
		const { socket } = await connect(path);
		const platform = await platformSide;
		socket.on('error', () => undefined);
		const received: Buffer[] = [];
		platform.on('data', (chunk: Buffer) => received.push(chunk));
		const clientClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
		socket.write('on its way');

		await path.close();
		await clientClosed;
		// Nothing marks bytes that never arrive: wait past their 300 ms on the path, then look.
		await sleep(500);
		expect(received).toEqual([]);
		await close();
	});
});
