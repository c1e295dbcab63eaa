/**
 * The Seqera Platform Trigger as an active workflow inside real n8n, one workflow per event: for each
 * release in versions.json, the workflows are imported with n8n's CLI, activated (1.x) or published
 * (2.x), and `n8n start` runs them. n8n polls on its own schedule, every two seconds (poll times the
 * editor offers: one custom cron per second of the minute), starting with the poll n8n makes when it
 * activates a workflow, which only records what exists. Nothing in n8n is called from here: the test
 * changes the simulator and watches what the workflows do, as a user would. Each trigger feeds a Seqera
 * node that makes a call per item that nothing else makes, so the simulator counts the events: New
 * Run reads each run's progress, Run Status Changed its metrics, New File in Data Link is the FASTQ
 * example (a pipeline launched per file), and Studio Status Changed is the Slack example's trigger
 * followed by a read of the Studio.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';

import { hashToken, startSimulator, type LoggedRequest, type Simulator } from '../../dev/simulator/server';
import type { SimRun } from '../../dev/simulator/model';
import { DATA_LINK_IDS, PIPELINE_IDS, STUDIO_IDS } from '../../dev/simulator/seed';
import { installPackage, n8nEnvironment, requireInstalled, runN8nCommand, startN8n, type N8nProcess } from '../../dev/n8n/n8nInstance';
import versions from '../../dev/n8n/versions.json';
import { GENOMICS, pollEverySeconds, seqeraNode, seqeraTrigger, simulatorCredential, workflow } from '../../dev/n8n/workflows';
import { until as untilWithin } from '../../dev/until';

// Packing the package and starting n8n take a minute or two per release on a busy machine.
jest.setTimeout(600_000);

const POLL_SECONDS = 2;
// Each launched run spends this long in SUBMITTED and in RUNNING: it ends a few polls after it started.
const RUN_PROGRESS_MS = 1500;
// Long enough for n8n 2.x to publish its workflows in the background after the editor is up.
const FIRST_POLL_TIMEOUT_MS = 120_000;
// How long to wait for what the triggers report once they poll. It comes within seconds on an idle
// machine; with both test lanes and two busy processes per core on 2 cores, the chain of a FASTQ file
// seen, its launch, and the run reported started and ended, each through polls of n8n's schedule, took
// over 30 s. A wait ends as soon as all has come, so a long limit costs nothing when the test passes.
const EVENT_TIMEOUT_MS = 180_000;
const INBOX = DATA_LINK_IDS.genomicsInbox;

interface Caller {
	token: string;
	credential: { id: string; name: string };
}

interface Watcher extends Caller {
	/** The call each poll of its trigger makes once. */
	pollPath: string;
}

/**
 * Each workflow has a credential with its own token, so the simulator's log tells which workflow made
 * each call: its trigger's polls, and the calls of the nodes after it.
 */
const WATCHERS: Record<'newRun' | 'runEnded' | 'newFile' | 'studio', Watcher> = {
	newRun: { token: 'sim-token-alpha', credential: { id: 'seqTrigCred0001', name: 'Seqera: new runs' }, pollPath: '/workflow' },
	runEnded: { token: 'sim-token-beta', credential: { id: 'seqTrigCred0002', name: 'Seqera: runs that ended' }, pollPath: '/workflow' },
	// A round of listings starts by describing the data link; in this small bucket each poll is a round.
	newFile: {
		token: 'sim-token-gamma',
		credential: { id: 'seqTrigCred0003', name: 'Seqera: new files' },
		pollPath: `/data-links/${INBOX}`,
	},
	studio: { token: 'sim-token-delta', credential: { id: 'seqTrigCred0004', name: 'Seqera: Studios' }, pollPath: '/studios' },
};
const ALL_WATCHERS = Object.values(WATCHERS);
// The Studio workflow reads each Studio reported, with a credential of its own: the trigger reads a
// Studio by itself too, when a round missed it.
const STUDIO_READER: Caller = { token: 'sim-token-epsilon', credential: { id: 'seqTrigCred0005', name: 'Seqera: Studio reader' } };
const CALLERS = [...ALL_WATCHERS, STUDIO_READER];

const runLocator = { __rl: true, mode: 'id', value: '={{ $json.id }}' };
const genomics = { __rl: true, mode: 'id', value: String(GENOMICS) };
const using = (caller: Caller): IDataObject => ({ credentials: { seqeraApi: caller.credential } });

/**
 * The Seqera nodes of an example as a user sets them up after importing it: their credential, the
 * workspace, data link and pipeline picked from the lists, and the trigger polling every two seconds.
 */
function exampleNodes(file: string, watcher: Watcher): IDataObject[] {
	const example = JSON.parse(readFileSync(path.resolve(__dirname, '../../examples', file), 'utf8')) as { nodes: IDataObject[] };
	// The FASTQ example's pipeline is fastq-qc, whose input is one FASTQ file.
	const choices: IDataObject = { workspace: String(GENOMICS), dataLinkId: INBOX, pipelineId: String(PIPELINE_IDS.genomicsFastqQc) };
	return example.nodes
		.filter((node) => String(node.type).startsWith('n8n-nodes-seqera.'))
		.map((node) => {
			const parameters = { ...(node.parameters as IDataObject) };
			for (const [name, value] of Object.entries(choices))
				if (name in parameters) parameters[name] = { __rl: true, mode: 'list', value };
			if ('pollTimes' in parameters) parameters.pollTimes = pollEverySeconds(POLL_SECONDS);
			return { ...node, parameters, ...using(watcher) };
		});
}

const [FASTQ_TRIGGER, FASTQ_LAUNCH] = exampleNodes('launch-on-new-fastq.json', WATCHERS.newFile);
const [STUDIO_TRIGGER] = exampleNodes('slack-on-studio-error.json', WATCHERS.studio);

const WORKFLOWS = [
	workflow(
		'seqTrigNewRun01',
		'Trigger: new runs',
		[seqeraNode('Progress', 200, { operation: 'getProgress', workflowId: runLocator }, using(WATCHERS.newRun))],
		seqeraTrigger('New run', { event: 'started', workspace: genomics }, POLL_SECONDS, using(WATCHERS.newRun)),
	),
	workflow(
		'seqTrigRunEnd01',
		'Trigger: runs that ended',
		[seqeraNode('Metrics', 200, { operation: 'getMetrics', workflowId: runLocator }, using(WATCHERS.runEnded))],
		seqeraTrigger(
			'Run ended',
			{ event: 'statusChanged', statuses: ['anyTerminal'], workspace: genomics },
			POLL_SECONDS,
			using(WATCHERS.runEnded),
		),
	),
	workflow('seqTrigNewFile1', 'Example: launch on new FASTQ', [FASTQ_LAUNCH], FASTQ_TRIGGER),
	workflow(
		'seqTrigStudio01',
		'Example: Studio errored, read the Studio',
		[
			seqeraNode(
				'Read Studio',
				200,
				{ resource: 'customApiCall', method: 'GET', path: '=/studios/{{ $json.sessionId }}' },
				using(STUDIO_READER),
			),
		],
		STUDIO_TRIGGER,
	),
];

/** A caller's calls to paths the pattern matches, each as the pattern's first group. */
function callsFor(sim: Simulator, caller: Caller, pattern: RegExp): string[] {
	const tokenHash = hashToken(caller.token);
	return sim.log.flatMap((entry) => (entry.tokenHash === tokenHash ? (pattern.exec(entry.path)?.slice(1, 2) ?? []) : []));
}

const PROGRESS = /^\/workflow\/([^/]+)\/progress$/;
const METRICS = /^\/workflow\/([^/]+)\/metrics$/;
const STUDIO_READ = /^\/studios\/([^/]+)$/;

/** The polls of a watcher's trigger so far. */
function pollsOf(sim: Simulator, watcher: Watcher): LoggedRequest[] {
	const tokenHash = hashToken(watcher.token);
	return sim.log.filter((entry) => entry.tokenHash === tokenHash && entry.method === 'GET' && entry.path === watcher.pollPath);
}

function countsOf(ids: string[]): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const id of ids) counts[id] = (counts[id] ?? 0) + 1;
	return counts;
}

const once = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, 1]));

describe.each(versions)('the trigger in an active workflow inside n8n %s', (version) => {
	let sim: Simulator;
	let userFolder: string;
	let n8nBin: string;
	let env: NodeJS.ProcessEnv;
	let main: N8nProcess | undefined;
	/** The genomics runs there were when the triggers first polled. */
	let existingRuns: Set<string>;
	/** The runs this test launched itself; the FASTQ example launches others. */
	const launched: SimRun[] = [];
	const newRuns = () => sim.data.runsIn(GENOMICS).flatMap((run) => (existingRuns.has(run.id) ? [] : [run.id]));

	async function n8n(...args: string[]): Promise<string> {
		return await runN8nCommand(n8nBin, env, ...args);
	}

	/** Waits until `done` holds; on timeout, fails with what n8n printed. */
	async function until(what: string, done: () => boolean, timeoutMs = EVENT_TIMEOUT_MS): Promise<void> {
		await untilWithin(what, done, timeoutMs, { context: () => main?.output() ?? '', everyMs: 200 });
	}

	/** Waits for two more polls of each trigger, so an event they were going to report twice would be. */
	async function twoMorePolls(): Promise<void> {
		const seen = ALL_WATCHERS.map((watcher) => pollsOf(sim, watcher).length);
		await until('two more polls of each trigger', () =>
			ALL_WATCHERS.every((watcher, index) => pollsOf(sim, watcher).length >= seen[index] + 2),
		);
	}

	function launch(runName: string): SimRun {
		const run = sim.data.launch(GENOMICS, { launch: { pipeline: 'nf-core/rnaseq', runName } }, null);
		launched.push(run);
		return run;
	}

	beforeAll(async () => {
		n8nBin = requireInstalled(version);
		sim = await startSimulator({ runProgressMs: RUN_PROGRESS_MS, tokens: CALLERS.map((caller) => caller.token) });
		userFolder = mkdtempSync(path.join(os.tmpdir(), `n8n-nodes-seqera-trigger-${version}-`));
		env = n8nEnvironment(userFolder);
		await installPackage(n8nBin, env);

		const files = path.join(userFolder, 'import');
		mkdirSync(files);
		const credentials = CALLERS.map(({ token, credential }) => ({ ...simulatorCredential(sim.baseUrl, token), ...credential }));
		writeFileSync(path.join(files, 'credentials.json'), JSON.stringify(credentials));
		writeFileSync(path.join(files, 'workflows.json'), JSON.stringify(WORKFLOWS));
		expect(await n8n('import:credentials', `--input=${path.join(files, 'credentials.json')}`)).toContain(
			`Successfully imported ${credentials.length} credentials`,
		);
		expect(await n8n('import:workflow', `--input=${path.join(files, 'workflows.json')}`)).toContain(
			`Successfully imported ${WORKFLOWS.length} workflows`,
		);
		for (const { id } of WORKFLOWS) {
			// 1.x activates, 2.x publishes; either only writes the database, which `n8n start` reads.
			if (version.startsWith('1.'))
				expect(await n8n('update:workflow', `--id=${String(id)}`, '--active=true')).toMatch(/Activating workflow with ID/);
			else expect(await n8n('publish:workflow', `--id=${String(id)}`)).toMatch(/Publishing workflow with ID/);
		}
		main = await startN8n(n8nBin, { args: ['start'], env, readyOutput: /Editor is now accessible via/, port: 0 });
	});

	afterAll(async () => {
		await main?.stop();
		await sim?.close();
		if (userFolder) rmSync(userFolder, { recursive: true, force: true });
	});

	it('polls on its own schedule, and its first poll only records what exists', async () => {
		await until(
			'a poll of each trigger',
			() => ALL_WATCHERS.every((watcher) => pollsOf(sim, watcher).length > 0),
			FIRST_POLL_TIMEOUT_MS,
		);
		existingRuns = new Set(sim.data.runsIn(GENOMICS).map((run) => run.id));
		await twoMorePolls();
		for (const watcher of ALL_WATCHERS) {
			const times = pollsOf(sim, watcher).map((entry) => entry.at);
			const gaps = times.slice(1).map((time, index) => time - times[index]);
			// On the schedule set (every 2 s), not n8n's default of every minute. A busy machine may delay a
			// poll, or skip a tick, but not by half a minute.
			expect(Math.max(...gaps)).toBeLessThan(30_000);
		}
		// Nothing reported: not the runs, files and Studios there were, the errored Studio among them.
		expect(callsFor(sim, WATCHERS.newRun, PROGRESS)).toEqual([]);
		expect(callsFor(sim, WATCHERS.runEnded, METRICS)).toEqual([]);
		expect(sim.data.launches).toEqual([]);
		expect(callsFor(sim, STUDIO_READER, STUDIO_READ)).toEqual([]);
	});

	describe('then, with runs launched, files landing and Studios moving all at once', () => {
		const FOLDER = 'runs/240601_A00123_0051_BHNEW';
		const FASTQ = [`${FOLDER}/fastq/S1_L001_R1_001.fastq.gz`, `${FOLDER}/fastq/S1_L001_R2_001.fastq.gz`];
		let burstSecond: number[];
		const byExample = () => sim.data.launches.filter((launch) => launch.tokenHash === hashToken(WATCHERS.newFile.token));

		// The changes for every event are made together and waited for together, then two more polls of
		// each trigger, once: time for any event reported twice to show up.
		beforeAll(async () => {
			// Early in a second, so the whole burst is submitted within it.
			await untilWithin('early in a second', () => Date.now() % 1000 <= 300, 5000, { everyMs: 20 });
			const burst = [launch('burst_a'), launch('burst_b'), launch('burst_c_fail')];
			burstSecond = burst.map((run) => Math.floor(run.submit.getTime() / 1000));
			// Files the FASTQ example's glob leaves out (a sample sheet, FASTQ files one folder too deep), and two it takes.
			sim.data.addDataLinkObject(INBOX, `${FOLDER}/SampleSheet.csv`);
			sim.data.addDataLinkObject(INBOX, `${FOLDER}/fastq/reports/S1_L001_R1_001.fastq.gz`);
			for (const file of FASTQ) sim.data.addDataLinkObject(INBOX, file);
			// A Studio errors, another starts: only the first is watched.
			sim.data.setStudioStatus(STUDIO_IDS.genomicsNotebook, 'errored', { message: 'The Studio ran out of memory' });
			sim.data.setStudioStatus(STUDIO_IDS.genomicsStarting, 'running');
			await until('the burst reported', () => callsFor(sim, WATCHERS.newRun, PROGRESS).length >= burst.length);

			// Submitted in the same second as the burst, but listed only after the trigger reported it: the
			// case a cursor on the newest submit time loses.
			launched.push(
				sim.data.addRun({
					workspaceId: GENOMICS,
					runName: 'late_in_the_second',
					status: 'SUBMITTED',
					submit: new Date(burstSecond[0] * 1000 + 999),
					progression: { launchedAt: performance.now(), stepMs: RUN_PROGRESS_MS, outcome: 'SUCCEEDED' },
				}),
			);
			launch('after_the_burst');

			await until('every event reported: each new run started and ended, each new FASTQ file, the errored Studio', () => {
				const reported = (calls: string[]) => new Set(calls);
				const started = reported(callsFor(sim, WATCHERS.newRun, PROGRESS));
				const ended = reported(callsFor(sim, WATCHERS.runEnded, METRICS));
				const runs = newRuns();
				return (
					byExample().length >= FASTQ.length &&
					runs.length >= launched.length + FASTQ.length &&
					runs.every((id) => started.has(id) && ended.has(id)) &&
					callsFor(sim, STUDIO_READER, STUDIO_READ).length > 0
				);
			});
			await twoMorePolls();
		});

		it('reports each new run once (New Run): a burst within one second, and a run that shows up late in a second already reported', () => {
			expect(burstSecond).toEqual([burstSecond[0], burstSecond[0], burstSecond[0]]);
			// The runs the FASTQ example launched too.
			expect(newRuns()).toHaveLength(launched.length + FASTQ.length);
			expect(countsOf(callsFor(sim, WATCHERS.newRun, PROGRESS))).toEqual(once(newRuns()));
		});

		it('reports each run that ends once (Run Status Changed, any terminal status)', () => {
			expect(countsOf(callsFor(sim, WATCHERS.runEnded, METRICS))).toEqual(once(newRuns()));
			expect(launched.map((run) => [run.runName, sim.data.findRun(run.id)?.status])).toEqual(
				launched.map((run) => [run.runName, run.runName.includes('fail') ? 'FAILED' : 'SUCCEEDED']),
			);
		});

		it("launches fastq-qc once per new FASTQ file, with the file's URI as input (New File in Data Link, the FASTQ example)", () => {
			const runs = byExample().map((launch) => sim.data.findRun(launch.workflowId)!);
			expect(runs.map((run) => run.params.input).sort()).toEqual(FASTQ.map((file) => `s3://acme-sequencing-inbox/${file}`));
			expect(runs.map((run) => [run.workspaceId, run.pipelineId, run.projectName])).toEqual(
				FASTQ.map(() => [GENOMICS, PIPELINE_IDS.genomicsFastqQc, 'acme-bio/fastq-qc']),
			);
			// The launches were checked against that pipeline's schema first.
			const schemaReads = callsFor(sim, WATCHERS.newFile, /^\/pipelines\/(\d+)\/schema$/);
			expect(schemaReads.length).toBeGreaterThan(0);
			expect(new Set(schemaReads)).toEqual(new Set([String(PIPELINE_IDS.genomicsFastqQc)]));
		});

		it("reports a Studio that errors once, and nothing for one that starts (Studio Status Changed, the Slack example's trigger)", () => {
			expect(callsFor(sim, STUDIO_READER, STUDIO_READ)).toEqual([STUDIO_IDS.genomicsNotebook]);
		});
	});

	it('sent only requests that keep to the platform contract, and no call was refused', () => {
		expect(sim.contractViolations).toEqual([]);
		expect(sim.log.filter((entry) => entry.status >= 400)).toEqual([]);
	});
});
