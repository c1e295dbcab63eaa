/**
 * `npm run simulator`: a simulator to point n8n (or curl) at by hand.
 * Env: PORT (default 8443), SIM_BASE_PATH ('' or '/api'), SIM_RUN_PROGRESS_MS,
 * SIM_QUIET=1 to stop printing each request,
 * SIM_NETWORK=lan|wan|far to put a network between client and platform
 * (lan, the default: none; wan: ~100 ms each way and 20-300 ms processing per
 * call; far: ~250 ms each way and 50-800 ms processing; see network.ts), and
 * SIM_NETWORK_SEED (an integer) to draw other random delays. The events of runs launched with a
 * `weblog` scope in their config (weblog.ts): SIM_WEBLOG_PLATFORM_LAG_MS=min,max, how long after a run's
 * `completed` was answered the platform shows it ended (default 100,5000), SIM_WEBLOG_CANCEL_SILENT, the
 * chance a cancelled run posts nothing (default 0.5), SIM_WEBLOG_DUPLICATES, the chance an event is posted
 * twice (default 0), SIM_WEBLOG_SILENT_RUNS, the chance a run posts nothing (default 0),
 * SIM_WEBLOG_DROP_FINAL=1 to leave out every run's `error` and `completed`, and SIM_WEBLOG_SEED.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_NETWORK_SEED, NETWORK_PROFILES, describeNetwork, type NetworkName } from './network';
import { SEED_USER, WORKSPACE_IDS } from './seed';
import { DEFAULT_TOKENS, startSimulator, type LoggedRequest, type WeblogPost } from './server';
import { DEFAULT_WEBLOG_SEED } from './weblog';

function describeRequest(entry: LoggedRequest): string {
	const query = new URLSearchParams(entry.query).toString();
	const time = new Date(performance.timeOrigin + entry.at).toISOString().slice(11, 23);
	return `${time} ${entry.method} ${entry.path}${query ? `?${query}` : ''} -> ${entry.status || 'dropped'}`;
}

function describePost(post: WeblogPost): string {
	const time = new Date(performance.timeOrigin + post.at).toISOString().slice(11, 23);
	return `${time} weblog ${post.event}${post.duplicate ? ' (again)' : ''} of run ${post.workflowId} to ${post.url} -> ${post.status || post.error}`;
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

function seedOf(name: string, fallback: number): number {
	const value = process.env[name];
	if (!value) return fallback;
	if (!/^\d+$/.test(value)) throw new SettingError(`${name} must be a whole number; got '${value}'`);
	return Number(value);
}

function weblogChance(name: string): number | undefined {
	const value = process.env[name];
	if (!value) return undefined;
	const chance = Number(value);
	if (!(chance >= 0 && chance <= 1)) throw new SettingError(`${name} must be a number from 0 to 1; got '${value}'`);
	return chance;
}

function weblogLag(name: string): [number, number] | undefined {
	const value = process.env[name];
	if (!value) return undefined;
	const match = /^\s*(\d+)\s*,\s*(\d+)\s*$/.exec(value);
	if (!match || Number(match[1]) > Number(match[2]))
		throw new SettingError(`${name} must be min,max in ms with min <= max; got '${value}'`);
	return [Number(match[1]), Number(match[2])];
}

async function main(): Promise<void> {
	const port = Number(process.env.PORT ?? 8443);
	const network = networkName(process.env.SIM_NETWORK);
	const seed = seedOf('SIM_NETWORK_SEED', DEFAULT_NETWORK_SEED);
	const sim = await startSimulator({
		port,
		basePath: process.env.SIM_BASE_PATH ?? '',
		runProgressMs: process.env.SIM_RUN_PROGRESS_MS ? Number(process.env.SIM_RUN_PROGRESS_MS) : undefined,
		network: NETWORK_PROFILES[network],
		networkSeed: seed,
		weblog: {
			duplicateChance: weblogChance('SIM_WEBLOG_DUPLICATES'),
			silentRunChance: weblogChance('SIM_WEBLOG_SILENT_RUNS'),
			dropFinalEvents: process.env.SIM_WEBLOG_DROP_FINAL === '1',
			platformLagMs: weblogLag('SIM_WEBLOG_PLATFORM_LAG_MS'),
			cancelSilentChance: weblogChance('SIM_WEBLOG_CANCEL_SILENT'),
			seed: seedOf('SIM_WEBLOG_SEED', DEFAULT_WEBLOG_SEED),
		},
	});
	const certFile = path.join(os.tmpdir(), `seqera-simulator-${port}.pem`);
	writeFileSync(certFile, sim.certPem);

	console.log(`Seqera Platform simulator listening on ${sim.baseUrl}`);
	console.log(`Tokens:       ${DEFAULT_TOKENS.join(', ')}`);
	console.log(`User:         ${SEED_USER.userName} (id ${SEED_USER.id})`);
	console.log(
		`Workspaces:   ${Object.entries(WORKSPACE_IDS)
			.map(([name, id]) => `${name}=${id}`)
			.join(', ')}`,
	);
	console.log(`Network:      ${network} (${describeNetwork(NETWORK_PROFILES[network])}; seed ${seed})`);
	console.log(`Certificate:  ${certFile} (self-signed; trust it with NODE_EXTRA_CA_CERTS=${certFile})`);
	console.log(`Storage:      ${sim.storage?.origin ?? '-'} (the data links' storage host, for presigned URLs; same certificate)`);
	const { platformLagMs, cancelSilentChance, duplicateChance, silentRunChance, dropFinalEvents } = sim.weblog;
	console.log(
		`Weblog:       run ends shown ${platformLagMs.join('-')} ms after completed, cancelled runs silent ${cancelSilentChance}, ` +
			`events twice ${duplicateChance}, silent runs ${silentRunChance}${dropFinalEvents ? ', final events dropped' : ''}`,
	);
	console.log(`Try:          curl --cacert ${certFile} -H "Authorization: Bearer ${DEFAULT_TOKENS[0]}" ${sim.baseUrl}/user-info`);
	console.log('Press Ctrl-C to stop.');

	let printed: LoggedRequest | undefined;
	let printedPost: WeblogPost | undefined;
	const printer = setInterval(() => {
		if (process.env.SIM_QUIET === '1') return;
		// Entries are logged on arrival and get their status when answered, so print only answered ones.
		const start = printed ? sim.log.indexOf(printed) + 1 : 0;
		for (const entry of sim.log.slice(start)) {
			if (entry.status === 0 && performance.now() - entry.at < 5000) break;
			console.log(describeRequest(entry));
			printed = entry;
		}
		const firstPost = printedPost ? sim.weblog.posts.indexOf(printedPost) + 1 : 0;
		for (const post of sim.weblog.posts.slice(firstPost)) {
			if (post.answeredAt === undefined) break;
			console.log(describePost(post));
			printedPost = post;
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
