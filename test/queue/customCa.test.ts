import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { forkWorkers, type WorkerProcess } from '../../dev/queue/processes';
import { startSimulator, type Simulator } from '../../dev/simulator/server';

/**
 * Kept connections trust what Node trusts, as n8n's helper does: an Enterprise install's own CA added
 * with NODE_EXTRA_CA_CERTS (read once, when a process starts, hence a process of its own), with the
 * credential's Ignore SSL Issues off.
 */
const TOKEN = 'sim-token-alpha';
const GENOMICS = 138659136604200;

let sim: Simulator;
let folder: string;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
	sim = await startSimulator({ runProgressMs: 200 });
	folder = mkdtempSync(path.join(tmpdir(), 'seqera-ca-'));
});

afterAll(async () => {
	for (const worker of workers) worker.kill();
	await sim?.close();
	if (folder) rmSync(folder, { recursive: true, force: true });
});

async function runThreeItems(env: Record<string, string>) {
	const [worker] = await forkWorkers(1, env, folder);
	workers.push(worker);
	const runIds = sim.data
		.runsIn(GENOMICS)
		.slice(0, 3)
		.map((run) => run.id);
	const { outcomes } = await worker.run({
		baseUrl: sim.baseUrl,
		token: TOKEN,
		workspaceId: GENOMICS,
		executions: [runIds],
		verifyCertificates: true,
	});
	return outcomes[0];
}

it("with the install's CA in NODE_EXTRA_CA_CERTS, calls verify the certificate and are answered", async () => {
	const caFile = path.join(folder, 'platform-ca.pem');
	writeFileSync(caFile, sim.certPem);
	expect(await runThreeItems({ NODE_EXTRA_CA_CERTS: caFile })).toEqual({ items: 3 });
});

it('without it, the self-signed certificate is refused as untrusted', async () => {
	const outcome = await runThreeItems({});
	expect(outcome.items).toBe(0);
	expect(outcome.error).toBe(`The TLS certificate of ${sim.baseUrl} is not trusted`);
});
