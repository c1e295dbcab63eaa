/**
 * `npm run poll-cost`: what the run events cost per poll in a large workspace, through the trigger's real
 * code and transport, against the simulator over a simulated network (default wan: 100 ± 20 ms each way,
 * 20-300 ms on the platform).
 *
 * The workspace holds 10 000 runs, 500 of them active: 400 among the newest 1 000 and 100 spread over
 * the older ones, as long runs would be. For New Run and for Run Status Changed (any change), it prints
 * the calls and wall time of: the first poll; a poll where nothing changed; a poll after 20 launches in
 * one second; a poll after 50 active runs ended; and the polls it takes to catch up on 5 000 runs
 * launched while n8n was down. Each line is one JSON object; the last one holds them all.
 *
 * Options: --profile lan|wan|far (default wan).
 */
import { parseArgs } from 'node:util';
import type { IDataObject } from 'n8n-workflow';

import { SeqeraApi } from '../credentials/SeqeraApi.credentials';
import { createHarness } from '../dev/engine/harness';
import type { SimRun } from '../dev/simulator/model';
import { NETWORK_PROFILES, type NetworkName } from '../dev/simulator/network';
import { startSimulator, type Simulator } from '../dev/simulator/server';
import { SeqeraTrigger } from '../nodes/Seqera/SeqeraTrigger.node';
import { SETTLE_MS } from '../nodes/Seqera/trigger/runs/cursor';

const TRIGGER = 'n8n-nodes-seqera.seqeraTrigger';
const TOKEN = 'sim-token-alpha';
const WORKSPACE = 40230138858677;
const RUNS = 10_000;
const ACTIVE_NEWEST = 400;
const ACTIVE_OLDER = 100;
const BACKLOG = 5_000;

interface PollFigures {
	calls: number;
	ms: number;
	events: number;
}

async function measurePoll(sim: Simulator, poll: () => Promise<number>): Promise<PollFigures> {
	const before = sim.log.length;
	const started = performance.now();
	const events = await poll();
	return { calls: sim.log.length - before, ms: Math.round(performance.now() - started), events };
}

/** 10 000 runs, one a minute back from now; the active ones among them. */
function fillWorkspace(sim: Simulator): SimRun[] {
	const now = Date.now();
	const runs: SimRun[] = [];
	for (let index = 0; index < RUNS; index++) {
		const activeNewest = index < 1000 && index % 5 < (5 * ACTIVE_NEWEST) / 1000;
		const activeOlder = index >= 1000 && (index - 1000) % ((RUNS - 1000) / ACTIVE_OLDER) === 0;
		runs.push(
			sim.data.addRun({
				workspaceId: WORKSPACE,
				runName: `cost_${index}`,
				status: activeNewest || activeOlder ? 'RUNNING' : 'SUCCEEDED',
				submit: new Date(now - 60_000 - index * 60_000),
			}),
		);
	}
	return runs;
}

function launchBurst(sim: Simulator, count: number, label: string): void {
	const submit = new Date();
	for (let index = 0; index < count; index++)
		sim.data.addRun({ workspaceId: WORKSPACE, runName: `${label}_${index}`, status: 'SUBMITTED', submit });
}

async function measureEvent(profile: NetworkName, event: 'started' | 'statusChanged'): Promise<Record<string, unknown>> {
	const sim = await startSimulator({ network: NETWORK_PROFILES[profile] });
	try {
		const runs = fillWorkspace(sim);
		const harness = createHarness({ nodeTypes: { [TRIGGER]: new SeqeraTrigger() }, credentialTypes: { seqeraApi: new SeqeraApi() } });
		const staticData: IDataObject = {};
		const credentials = {
			seqeraApi: {
				accessToken: TOKEN,
				server: 'custom',
				baseUrl: sim.baseUrl,
				apiVersion: '1',
				workspaceId: '',
				allowUnauthorizedCerts: true,
				maxCallsPerSecond: 20,
				maxCallsPerHour: 72000,
			},
		};
		const parameters = { event, statuses: ['anyChange'], workspace: { __rl: true, mode: 'id', value: String(WORKSPACE) } };
		const poll = async () => {
			const result = await harness.poll({ type: TRIGGER, parameters, credentials, staticData });
			return result?.[0]?.length ?? 0;
		};
		// Polls a minute apart, as n8n's "Every Minute" makes them: what the trigger remembers of the
		// earlier polls is moved a minute back instead of waiting for it.
		const nextMinute = () => {
			const state = (staticData['node:Node Under Test'] as IDataObject).runs as { cursor: { marks: Array<[number, number]> } };
			for (const mark of state.cursor.marks) mark[0] -= SETTLE_MS + 30_000;
		};

		const firstPoll = await measurePoll(sim, poll);
		nextMinute();
		const unchanged = await measurePoll(sim, poll);
		nextMinute();
		launchBurst(sim, 20, 'burst');
		const twentyLaunched = await measurePoll(sim, poll);
		nextMinute();
		// Every tenth active run, so both the newest page and older ones have some.
		for (const run of runs.filter((each) => each.status === 'RUNNING').filter((_, index) => index % 10 === 0)) run.status = 'SUCCEEDED';
		const fiftyEnded = await measurePoll(sim, poll);
		nextMinute();
		await measurePoll(sim, poll);

		// Five launches a second for the 1 000 s that n8n was down.
		const backlogStart = Date.now() + 1000;
		for (let index = 0; index < BACKLOG; index++) {
			sim.data.addRun({
				workspaceId: WORKSPACE,
				runName: `backlog_${index}`,
				status: 'SUCCEEDED',
				submit: new Date(backlogStart + index * 200),
			});
		}
		const catchUp: PollFigures[] = [];
		for (let polls = 0; polls < 200; polls++) {
			nextMinute();
			catchUp.push(await measurePoll(sim, poll));
			const reported = catchUp.reduce((sum, figures) => sum + figures.events, 0);
			if (reported >= BACKLOG) break;
		}
		const figures = {
			profile,
			event,
			firstPoll,
			unchanged,
			twentyLaunched,
			fiftyEnded,
			catchUp5000: {
				polls: catchUp.length,
				reported: catchUp.reduce((sum, each) => sum + each.events, 0),
				maxCallsPerPoll: Math.max(...catchUp.map((each) => each.calls)),
				calls: catchUp.reduce((sum, each) => sum + each.calls, 0),
			},
		};
		console.log(JSON.stringify(figures));
		return figures;
	} finally {
		await sim.close();
	}
}

async function main(): Promise<void> {
	const { values } = parseArgs({ args: process.argv.slice(2), options: { profile: { type: 'string' } } });
	const profile = (values.profile ?? 'wan') as NetworkName;
	if (!(profile in NETWORK_PROFILES))
		throw new Error(`--profile ${profile}: expected one of ${Object.keys(NETWORK_PROFILES).join(', ')}`);
	const all = [await measureEvent(profile, 'started'), await measureEvent(profile, 'statusChanged')];
	console.log(JSON.stringify(all));
}

main().catch((error: unknown) => {
	console.error(error);
	process.exitCode = 1;
});
