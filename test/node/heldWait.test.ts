/**
 * A launch whose wait n8n holds (Wait In, version 1.3), through n8n's engine against the simulator: what
 * the launch sends and how the node leaves the execution. Its resume by the run's events, a restart and
 * the time limit need n8n itself: test/n8n/heldWait.test.ts.
 */
import { weblogTargetOf } from '../../dev/simulator/weblogConfig';
import { GENOMICS, runParameter, usePlatform, useWebhookUrl, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 60_000 });
useWebhookUrl();

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

const launchAnswered = () =>
	platform.sim.logged((entry) => entry.method === 'POST' && entry.path === '/workflow/launch', { answered: true });
const launchesSince = (count: number) =>
	platform.sim.data.launches.slice(count).map((launch) => (launch.request as { launch: Record<string, unknown> }).launch);

describe('Wait In "Pause the Execution Until the Runs End"', () => {
	it("sends each run's events to the execution's resume URL, with its item and a secret made for the execution, after the user's own config", async () => {
		const before = platform.sim.data.launches.length;
		const started = Date.now();
		const result = await platform.run(heldLaunch({ configText: "process.executor = 'awsbatch'" }), {
			typeVersion: 1.3,
			items: [{ name: 'held_one' }, { name: 'held_two' }],
		});

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
		expect(urls.map((url) => `${url.origin}${url.pathname}`)).toEqual(
			[urls[0].pathname, urls[0].pathname].map((pathname) => `http://localhost:5678${pathname}`),
		);
		expect(urls[0].pathname).toMatch(/^\/webhook-waiting\/\d+$/);
		expect(urls.map((url) => url.searchParams.get('seqeraItem'))).toEqual(['0', '1']);
		expect(urls.map((url) => [...url.searchParams.keys()].filter((name) => name !== 'seqeraItem'))).toEqual(
			[[], []].map(() => (urls[0].searchParams.has('signature') ? ['signature'] : [])),
		);
		// One secret for the execution, made from the token without showing it.
		expect(new Set(targets.map((target) => target.basicToken))).toEqual(new Set([targets[0].basicToken]));
		expect(targets[0].basicToken).toMatch(/^n8n:[0-9a-f]{64}$/);
		expect(JSON.stringify(sent)).not.toContain('sim-token-alpha');
		for (const launch of sent) expect(String(launch.configText)).toMatch(/^process\.executor = 'awsbatch'\n\nweblog \{\n/);
	});

	it('goes on without waiting when every run has ended by the time it would wait: no end would come to resume it', async () => {
		// Runs that end at once and post nothing, so that the platform shows them ended as soon as they launch.
		platform.sim.data.runProgressMs = 1;
		platform.sim.weblog.silentRunChance = 1;
		platform.sim.weblog.platformLagMs = [0, 0];
		try {
			const result = await platform.run(heldLaunch(), {
				typeVersion: 1.3,
				items: [{ name: 'held_quick' }, { name: 'held_quick_fail' }],
			});
			expect(result.run.status).toBe('success');
			const [ended, failed] = result.outputs[0];
			expect(ended.json).toMatchObject({ runName: 'held_quick', status: 'SUCCEEDED', waitOutcome: 'runEnded' });
			// Fail Item When Run Fails: the failed run as n8n's failed item.
			const failedRun = platform.sim.data.launches
				.map((launch) => platform.sim.data.findRun(launch.workflowId)!)
				.find((run) => run.runName === 'held_quick_fail')!;
			expect(failed.json).toEqual({
				error: `Run ${failedRun.id} ended FAILED`,
				message: expect.stringContaining('Fail Item When Run Fails'),
			});
		} finally {
			platform.sim.data.runProgressMs = 60_000;
			platform.sim.weblog.silentRunChance = 0;
			platform.sim.weblog.platformLagMs = [100, 5000];
		}
	});

	it("fails the item before launching when the launch's own config sets weblog, naming it", async () => {
		const before = platform.sim.data.launches.length;
		const result = await platform.run(
			heldLaunch({ configText: "weblog {\n  enabled = true\n  url = 'https://events.example.org'\n}" }),
			{ typeVersion: 1.3, items: [{ name: 'own_weblog' }] },
		);
		expect(result.error?.message).toBe("The launch's Nextflow config already sets weblog");
		expect(launchesSince(before)).toEqual([]);
	});

	it('waits for nothing when every launch failed, with Continue On Fail', async () => {
		const result = await platform.run(heldLaunch({ configText: 'weblog.enabled = true' }), {
			typeVersion: 1.3,
			items: [{ name: 'refused' }],
			continueOnFail: true,
		});
		expect(result.run.status).not.toBe('waiting');
		expect(platform.json(result)).toEqual([
			{ error: "The launch's Nextflow config already sets weblog", message: expect.stringContaining('weblog') },
		]);
	});

	it('is not read at version 1.2, whose launch waits inside the execution and sends no weblog block', async () => {
		const before = platform.sim.data.launches.length;
		const result = await platform.run(
			{ ...heldLaunch(), waitOptions: { pollIntervalSeconds: 1, timeoutMinutes: 1 } },
			{ typeVersion: 1.2, items: [{ name: 'saved_at_1_2' }], cancelWhen: launchAnswered() },
		);
		expect(result.run.status).toBe('canceled');
		const [sent] = launchesSince(before);
		expect(sent.configText).toBeUndefined();
	});

	it('keeps the wait inside the execution with Wait In "Keep This Execution Running"', async () => {
		const before = platform.sim.data.launches.length;
		const result = await platform.run(
			{ ...heldLaunch({}, 'execution'), waitOptions: { pollIntervalSeconds: 1, timeoutMinutes: 1 } },
			{ typeVersion: 1.3, items: [{ name: 'in_execution' }], cancelWhen: launchAnswered() },
		);
		expect(result.run.status).toBe('canceled');
		const [sent] = launchesSince(before);
		expect(sent.configText).toBeUndefined();
	});

	describe('version 1.5', () => {
		/** The items n8n passes on if the wait reaches its time limit: the waiting node's input, as the node left it. */
		const passedAtLimit = (result: Awaited<ReturnType<typeof platform.run>>) =>
			result.run.data.executionData!.nodeExecutionStack[0].data.main[0]!.map((item) => item.json);

		it('holds the wait for a time limit in hours or days, and fails the runs not ended by then unless told to output them', async () => {
			const started = Date.now();
			const inHours = await platform.run(
				{ ...heldLaunch(), waitOptions: { timeLimit: 2, timeLimitUnit: 'hours' } },
				{ typeVersion: 1.5, items: [{ name: 'held_for_hours' }] },
			);
			expect(inHours.run.status).toBe('waiting');
			const limit = new Date(inHours.run.waitTill!).getTime();
			expect(limit).toBeGreaterThanOrEqual(started + 2 * 3_600_000);
			expect(limit).toBeLessThan(started + 3 * 3_600_000);
			const [launched] = platform.json(inHours);
			const error = `Run ${String(launched.workflowId)} had not ended at the wait's time limit`;
			expect(passedAtLimit(inHours)).toEqual([
				{ ...launched, waitOutcome: 'timeLimit', waitLimit: new Date(limit).toISOString(), error },
			]);
			// An error on the item too, which n8n's error output takes in both releases.
			const [failing] = inHours.run.data.executionData!.nodeExecutionStack[0].data.main[0]!;
			expect(failing.error?.message).toBe(error);
			expect(failing.error?.description).toContain('At the Time Limit');

			const inDays = await platform.run(
				{ ...heldLaunch(), waitOptions: { atTimeLimit: 'output' } },
				{ typeVersion: 1.5, items: [{ name: 'held_for_a_day' }] },
			);
			expect(new Date(inDays.run.waitTill!).getTime()).toBeGreaterThanOrEqual(started + 86_400_000);
			expect(passedAtLimit(inDays)).toEqual([
				{ ...platform.json(inDays)[0], waitOutcome: 'timeLimit', waitLimit: inDays.run.waitTill!.toISOString() },
			]);
			expect(inDays.run.data.executionData!.nodeExecutionStack[0].data.main[0]![0].error).toBeUndefined();
		});

		it('refuses to launch where n8n gives no address a compute environment can reach, naming WEBHOOK_URL', async () => {
			const before = platform.sim.data.launches.length;
			const webhookUrl = process.env.WEBHOOK_URL;
			delete process.env.WEBHOOK_URL;
			try {
				const result = await platform.run(heldLaunch(), { typeVersion: 1.5, items: [{ name: 'held_unreachable' }] });
				expect(result.error?.message).toBe(
					'Wait In "Pause the Execution Until the Runs End" needs n8n\'s public webhook address: set WEBHOOK_URL',
				);
				expect((result.error as { description?: string }).description).toContain('http://localhost:5678');
				expect(launchesSince(before)).toEqual([]);
				// Version 1.4 launched as it did: its wait's checks reach n8n from n8n itself.
				const saved = await platform.run(heldLaunch(), { typeVersion: 1.4, items: [{ name: 'held_unreachable_1_4' }] });
				expect(saved.run.status).toBe('waiting');
			} finally {
				process.env.WEBHOOK_URL = webhookUrl;
			}
		});

		it("relaunches a run launched with a held wait without its weblog block: the new run's events go to the new execution", async () => {
			const original = platform.json(
				await platform.run(heldLaunch({ configText: "process.executor = 'awsbatch'", nextflowVersion: '26.10.0' }), {
					typeVersion: 1.5,
					items: [{ name: 'held_original' }],
				}),
			)[0];
			const [originalLaunch] = launchesSince(platform.sim.data.launches.length - 1);
			const originalConfig = String(originalLaunch.configText);
			expect(String(originalLaunch.preRunScript)).toContain('NXF_PLUGINS_DEFAULT');
			const relaunch = (waitIn: string) => ({
				resource: 'workflow',
				operation: 'relaunch',
				resume: false,
				...runParameter(String(original.workflowId)),
				...workspaceParameter(GENOMICS),
				waitForCompletion: true,
				waitIn,
			});

			const before = platform.sim.data.launches.length;
			const held = await platform.run(relaunch('n8n'), { typeVersion: 1.5 });
			expect(held.error).toBeUndefined();
			const [sent] = launchesSince(before);
			const config = String(sent.configText);
			expect(config.match(/^weblog \{$/gm)).toHaveLength(1);
			expect(weblogTargetOf(config)!.url).not.toBe(weblogTargetOf(originalConfig)!.url);
			expect(config.startsWith("process.executor = 'awsbatch'\n\nweblog {\n")).toBe(true);
			// A relaunch runs the platform's default Nextflow (24.10.4 here), which loads nf-weblog for the block: the old plugin lines are gone.
			expect(sent.preRunScript).toBeUndefined();

			const inExecution = await platform.run({ ...relaunch('execution'), waitForCompletion: false }, { typeVersion: 1.5 });
			expect(inExecution.error).toBeUndefined();
			const [plain] = launchesSince(before + 1);
			expect(plain.configText).toBe("process.executor = 'awsbatch'\n");
			expect(plain.preRunScript).toBeUndefined();

			// Version 1.4 copies the block, which its held wait refuses as the user's own.
			const saved = await platform.run(relaunch('n8n'), { typeVersion: 1.4 });
			expect(saved.error?.message).toBe("The launch's Nextflow config already sets weblog");
		});
	});
});
