/**
 * Bottleneck's own Redis clustering (datastore 'ioredis'), as octokit's throttling plugin shares
 * GitHub's limits, tried as the token's budget across processes: `npm run bench:bottleneck-cluster
 * [-- --profile wan --calls 600]`. Four limiters share one Bottleneck id through a redis-server, each
 * sending Workflow → Get calls on kept connections to the simulator over the network profile, and the
 * script prints what the platform counted. Bottleneck spaces and counts starts (minTime, reservoir,
 * maxConcurrent): it has no moment a call was sent, so arrivals that the network spreads differently
 * from the starts are not its concern. Its reservoir refreshes per fixed interval, not per sliding
 * second. Two settings are tried: starts spaced by the limit (minTime 50 ms), and that spacing with a
 * reservoir of 20 refreshed every second.
 */
import axios from 'axios';
import Bottleneck from 'bottleneck';
import https from 'node:https';

import { startRedisServer } from '../../dev/queue/redisServer';
import { NETWORK_PROFILES, type NetworkName } from '../../dev/simulator/network';
import { platformFigures, describePlatform } from './figures';
import { GENOMICS, LIMIT_PER_SECOND, SPACING_MS, TOKEN, runIds, withSimulator } from './setup';

const PROCESSES = 4;
const argument = (name: string, fallback: string) => {
	const at = process.argv.indexOf(`--${name}`);
	return at >= 0 ? process.argv[at + 1] : fallback;
};

const SETTINGS: Record<string, Bottleneck.ConstructorOptions> = {
	'starts spaced (minTime 50 ms, 40 in flight)': { minTime: SPACING_MS, maxConcurrent: LIMIT_PER_SECOND * 2 },
	'and a reservoir of 20 refreshed each second': {
		minTime: SPACING_MS,
		maxConcurrent: LIMIT_PER_SECOND * 2,
		reservoir: LIMIT_PER_SECOND,
		reservoirRefreshAmount: LIMIT_PER_SECOND,
		reservoirRefreshInterval: 1000,
	},
};

async function main(): Promise<void> {
	const profile = argument('profile', 'wan') as NetworkName;
	const calls = Number(argument('calls', '600'));
	const redis = await startRedisServer();
	try {
		for (const [label, settings] of Object.entries(SETTINGS)) {
			await withSimulator(NETWORK_PROFILES[profile], async (sim) => {
				const id = `seqera-bench-${Date.now()}`;
				const limiters = Array.from(
					{ length: PROCESSES },
					() =>
						new Bottleneck({
							...settings,
							id,
							datastore: 'ioredis',
							clientOptions: { host: '127.0.0.1', port: redis.port },
							clearDatastore: false,
						}),
				);
				const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
				const ids = runIds(sim, calls);
				const started = Date.now();
				await Promise.all(
					ids.map(
						async (runId, index) =>
							await limiters[index % PROCESSES].schedule(
								async () =>
									await axios.get(`${sim.baseUrl}/workflow/${runId}?workspaceId=${GENOMICS}`, {
										httpsAgent: agent,
										headers: { Authorization: `Bearer ${TOKEN}` },
										validateStatus: () => true,
									}),
							),
					),
				);
				const seconds = (Date.now() - started) / 1000;
				console.log(
					`${profile}, ${label}, ${PROCESSES} limiters sharing through Redis: ${describePlatform(platformFigures(sim, 0))}; ${Math.round(seconds)} s`,
				);
				await Promise.all(limiters.map(async (limiter) => await limiter.disconnect()));
				agent.destroy();
			});
		}
	} finally {
		await redis.stop();
	}
}

void main();
