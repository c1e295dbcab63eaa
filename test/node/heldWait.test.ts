/**
 * A launch whose wait n8n holds (Wait In, version 1.3), through n8n's engine against the simulator: what
 * the launch sends and how the node leaves the execution. Its resume by the run's events, a restart and
 * the time limit need n8n itself: test/n8n/heldWait.test.ts.
 */
import { weblogTargetOf } from '../../dev/simulator/weblogConfig';
import { GENOMICS, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 60_000 });

const heldLaunch = (launchSettings: Record<string, unknown> = {}, waitIn = 'n8n') => ({
	resource: 'workflow',
	operation: 'launch',
	source: 'repository',
	pipeline: 'https://github.com/nextflow-io/hello',
	launchSettings: { runName: '={{ $json.name }}', ...launchSettings },
	waitForCompletion: true,
	waitIn,
	waitOptions: { timeoutMinutes: 90 },
	...workspaceParameter(GENOMICS),
});

const launchAnswered = () => platform.sim.logged((entry) => entry.method === 'POST' && entry.path === '/workflow/launch', { answered: true });
const launchesSince = (count: number) => platform.sim.data.launches.slice(count).map((launch) => (launch.request as { launch: Record<string, unknown> }).launch);

describe('Wait In "Held by n8n Until the Run\'s Events"', () => {
	it("sends each run's events to the execution's resume URL, with its item and a secret made for the execution, after the user's own config", async () => {
		const before = platform.sim.data.launches.length;
		const started = Date.now();
		const result = await platform.run(heldLaunch({ configText: "process.executor = 'awsbatch'" }), { typeVersion: 1.3, items: [{ name: 'held_one' }, { name: 'held_two' }] });

		expect(result.error).toBeUndefined();
		// n8n holds the execution: it waits until the time limit, and the launched runs are the node's output meanwhile.
		expect(result.run.status).toBe('waiting');
		const limit = new Date(result.run.waitTill!).getTime();
		expect(limit).toBeGreaterThanOrEqual(started + 90 * 60_000);
		const launched = platform.json(result);
		expect(launched.map((item) => item.runName)).toEqual(['held_one', 'held_two']);

		const sent = launchesSince(before);
		expect(sent).toHaveLength(2);
		const targets = sent.map((launch) => weblogTargetOf(launch.configText as string)!);
		// The execution's resume URL as n8n gives it ($execution.resumeUrl: n8n 2.x adds its own token), with the item.
		const urls = targets.map((target) => new URL(target.url));
		expect(urls.map((url) => `${url.origin}${url.pathname}`)).toEqual([urls[0].pathname, urls[0].pathname].map((pathname) => `http://localhost:5678${pathname}`));
		expect(urls[0].pathname).toMatch(/^\/webhook-waiting\/\d+$/);
		expect(urls.map((url) => url.searchParams.get('seqeraItem'))).toEqual(['0', '1']);
		expect(urls.map((url) => [...url.searchParams.keys()].filter((name) => name !== 'seqeraItem'))).toEqual([[], []].map(() => (urls[0].searchParams.has('signature') ? ['signature'] : [])));
		// One secret for the execution, made from the token without showing it.
		expect(new Set(targets.map((target) => target.basicToken))).toEqual(new Set([targets[0].basicToken]));
		expect(targets[0].basicToken).toMatch(/^n8n:[0-9a-f]{64}$/);
		expect(JSON.stringify(sent)).not.toContain('sim-token-alpha');
		for (const launch of sent) expect(String(launch.configText)).toMatch(/^process\.executor = 'awsbatch'\n\nweblog \{\n/);
	});

	it('goes on without waiting when every run has ended by the time it would wait: no end would come to resume it', async () => {
		platform.sim.data.runProgressMs = 1;
		try {
			const result = await platform.run(heldLaunch(), { typeVersion: 1.3, items: [{ name: 'held_quick' }, { name: 'held_quick_fail' }] });
			expect(result.run.status).toBe('success');
			const [ended, failed] = result.outputs[0];
			expect(ended.json).toMatchObject({ runName: 'held_quick', status: 'SUCCEEDED', waitOutcome: 'runEnded' });
			// Fail Item When Run Fails: the failed run as n8n's failed item.
			const failedRun = platform.sim.data.launches.map((launch) => platform.sim.data.findRun(launch.workflowId)!).find((run) => run.runName === 'held_quick_fail')!;
			expect(failed.json).toEqual({ error: `Run ${failedRun.id} ended FAILED`, message: expect.stringContaining('Fail Item When Run Fails') });
		} finally {
			platform.sim.data.runProgressMs = 60_000;
		}
	});

	it("fails the item before launching when the launch's own config sets weblog, naming it", async () => {
		const before = platform.sim.data.launches.length;
		const result = await platform.run(heldLaunch({ configText: "weblog {\n  enabled = true\n  url = 'https://events.example.org'\n}" }), { typeVersion: 1.3, items: [{ name: 'own_weblog' }] });
		expect(result.error?.message).toBe("The launch's Nextflow config already sets weblog");
		expect(launchesSince(before)).toEqual([]);
	});

	it('waits for nothing when every launch failed, with Continue On Fail', async () => {
		const result = await platform.run(heldLaunch({ configText: 'weblog.enabled = true' }), { typeVersion: 1.3, items: [{ name: 'refused' }], continueOnFail: true });
		expect(result.run.status).not.toBe('waiting');
		expect(platform.json(result)).toEqual([{ error: "The launch's Nextflow config already sets weblog", message: expect.stringContaining('weblog') }]);
	});

	it('is not read at version 1.2, whose launch waits inside the execution and sends no weblog block', async () => {
		const before = platform.sim.data.launches.length;
		const result = await platform.run({ ...heldLaunch(), waitOptions: { pollIntervalSeconds: 1, timeoutMinutes: 1 } }, { typeVersion: 1.2, items: [{ name: 'saved_at_1_2' }], cancelWhen: launchAnswered() });
		expect(result.run.status).toBe('canceled');
		const [sent] = launchesSince(before);
		expect(sent.configText).toBeUndefined();
	});

	it('keeps the wait inside the execution with Wait In "This Execution"', async () => {
		const before = platform.sim.data.launches.length;
		const result = await platform.run({ ...heldLaunch({}, 'execution'), waitOptions: { pollIntervalSeconds: 1, timeoutMinutes: 1 } }, { typeVersion: 1.3, items: [{ name: 'in_execution' }], cancelWhen: launchAnswered() });
		expect(result.run.status).toBe('canceled');
		const [sent] = launchesSince(before);
		expect(sent.configText).toBeUndefined();
	});
});
