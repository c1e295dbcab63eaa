import { readFileSync } from 'node:fs';
import net from 'node:net';

import { stablePort, stablePortCandidates } from '../../dev/freePort';

const ephemeralStart = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);

async function drawsAs(workerId: string, count: number): Promise<number[]> {
	const own = process.env.JEST_WORKER_ID;
	process.env.JEST_WORKER_ID = workerId;
	try {
		const ports: number[] = [];
		for (let draw = 0; draw < count; draw++) ports.push(await stablePort());
		return ports;
	} finally {
		process.env.JEST_WORKER_ID = own;
	}
}

describe('a port for a server that comes back after a restart', () => {
	it('is below the range the kernel hands out to port 0 and to outgoing connections, and free', async () => {
		const port = await stablePort();
		expect(port).toBeGreaterThanOrEqual(10_000);
		expect(port).toBeLessThan(ephemeralStart);
		const server = net.createServer();
		await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
		await new Promise((resolve) => server.close(resolve));
	});

	it("is never one that fetch refuses to connect to, such as 10080 in the first worker's slice", async () => {
		await expect(fetch('http://127.0.0.1:10080/')).rejects.toMatchObject({ cause: { message: 'bad port' } });
		const own = process.env.JEST_WORKER_ID;
		process.env.JEST_WORKER_ID = '1';
		try {
			const candidates = stablePortCandidates();
			expect(candidates[0]).toBe(10_000);
			expect(candidates).toContain(10_079);
			expect(candidates).not.toContain(10_080);
		} finally {
			process.env.JEST_WORKER_ID = own;
		}
	});

	it('comes from a slice of its own for each jest worker, so two suites side by side never draw the same', async () => {
		const first = await drawsAs('1', 20);
		const second = await drawsAs('2', 20);
		expect(Math.max(...first)).toBeLessThan(Math.min(...second));
	});
});
