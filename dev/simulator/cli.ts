/**
 * `npm run simulator`: a simulator to point n8n (or curl) at by hand.
 * Env: PORT (default 8443), SIM_BASE_PATH ('' or '/api'), SIM_RUN_PROGRESS_MS,
 * SIM_QUIET=1 to stop printing each request,
 * SIM_NETWORK=lan|wan|far to put a network between client and platform
 * (lan, the default: none; wan: ~100 ms each way and 20-300 ms processing per
 * call; far: ~250 ms each way and 50-800 ms processing; see network.ts), and
 * SIM_NETWORK_SEED (an integer) to draw other random delays.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_NETWORK_SEED, NETWORK_PROFILES, describeNetwork, type NetworkName } from './network';
import { SEED_USER, WORKSPACE_IDS } from './seed';
import { DEFAULT_TOKENS, startSimulator, type LoggedRequest } from './server';

function describeRequest(entry: LoggedRequest): string {
	const query = new URLSearchParams(entry.query).toString();
	const time = new Date(performance.timeOrigin + entry.at).toISOString().slice(11, 23);
	return `${time} ${entry.method} ${entry.path}${query ? `?${query}` : ''} -> ${entry.status || 'dropped'}`;
}

/** A bad setting: printed as its message alone. */
class SettingError extends Error {}

function networkName(value: string | undefined): NetworkName {
	const name = value || 'lan';
	if (!Object.hasOwn(NETWORK_PROFILES, name)) {
		throw new SettingError(`SIM_NETWORK must be one of ${Object.keys(NETWORK_PROFILES).join(', ')}; got '${name}'`);
	}
	return name as NetworkName;
}

function networkSeed(value: string | undefined): number {
	if (!value) return DEFAULT_NETWORK_SEED;
	if (!/^\d+$/.test(value)) throw new SettingError(`SIM_NETWORK_SEED must be a whole number; got '${value}'`);
	return Number(value);
}

async function main(): Promise<void> {
	const port = Number(process.env.PORT ?? 8443);
	const network = networkName(process.env.SIM_NETWORK);
	const seed = networkSeed(process.env.SIM_NETWORK_SEED);
	const sim = await startSimulator({
		port,
		basePath: process.env.SIM_BASE_PATH ?? '',
		runProgressMs: process.env.SIM_RUN_PROGRESS_MS ? Number(process.env.SIM_RUN_PROGRESS_MS) : undefined,
		network: NETWORK_PROFILES[network],
		networkSeed: seed,
	});
	const certFile = path.join(os.tmpdir(), `seqera-simulator-${port}.pem`);
	writeFileSync(certFile, sim.certPem);

	console.log(`Seqera Platform simulator listening on ${sim.baseUrl}`);
	console.log(`Tokens:       ${DEFAULT_TOKENS.join(', ')}`);
	console.log(`User:         ${SEED_USER.userName} (id ${SEED_USER.id})`);
	console.log(`Workspaces:   ${Object.entries(WORKSPACE_IDS).map(([name, id]) => `${name}=${id}`).join(', ')}`);
	console.log(`Network:      ${network} (${describeNetwork(NETWORK_PROFILES[network])}; seed ${seed})`);
	console.log(`Certificate:  ${certFile} (self-signed; trust it with NODE_EXTRA_CA_CERTS=${certFile})`);
	console.log(`Storage:      ${sim.storage?.origin ?? '-'} (the data links' storage host, for presigned URLs; same certificate)`);
	console.log(`Try:          curl --cacert ${certFile} -H "Authorization: Bearer ${DEFAULT_TOKENS[0]}" ${sim.baseUrl}/user-info`);
	console.log('Press Ctrl-C to stop.');

	let printed: LoggedRequest | undefined;
	const printer = setInterval(() => {
		if (process.env.SIM_QUIET === '1') return;
		// Entries are logged on arrival and get their status when answered, so print only answered ones.
		const start = printed ? sim.log.indexOf(printed) + 1 : 0;
		for (const entry of sim.log.slice(start)) {
			if (entry.status === 0 && performance.now() - entry.at < 5000) break;
			console.log(describeRequest(entry));
			printed = entry;
		}
	}, 250);

	const stop = () => {
		clearInterval(printer);
		void sim.close().then(() => process.exit(0));
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(error instanceof SettingError ? error.message : error);
	process.exit(1);
});
