import { GENOMICS, runParameter, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 400 });

afterEach(() => platform.sim.clearFaults());

const fastChecks = { pollIntervalSeconds: 1, maxPollIntervalSeconds: 2, timeoutMinutes: 1 };
const launchAndWait = (runName: string, waitOptions: Record<string, unknown> = {}) => ({
	resource: 'workflow',
	operation: 'launch',
	source: 'repository',
	pipeline: 'https://github.com/nf-core/rnaseq',
	launchSettings: { runName },
	waitForCompletion: true,
	waitOptions: { ...fastChecks, ...waitOptions },
	...workspaceParameter(GENOMICS),
});

describe('Wait Until', () => {
	// Six seconds a status: time for a check a second to find the run submitted, then running, on a busy machine.
	const slow = usePlatform({ runProgressMs: 6000 });

	it('Wait Until Running holds the item until the run runs, and outputs it running; Submitted goes on at once', async () => {
		const launched = slow.json(await slow.run({ ...launchAndWait('watched_run'), waitForCompletion: false }));
		const runId = String(launched[0].workflowId);
		const waitFor = (waitUntil: string) => ({
			resource: 'workflow',
			operation: 'wait',
			waitUntil,
			waitOptions: fastChecks,
			...runParameter(runId),
			...workspaceParameter(GENOMICS),
		});
		const submitted = slow.json(await slow.run(waitFor('submitted')));
		expect(submitted[0]).toMatchObject({ id: runId, status: 'SUBMITTED', waitChecks: 1 });

		const running = await slow.run(waitFor('running'));
		expect(running.error).toBeUndefined();
		expect(slow.json(running)[0]).toMatchObject({ id: runId, status: 'RUNNING' });
		// Held until then, and no longer: the run goes on to its end after the item has gone on.
		expect(slow.sim.data.findRun(runId)!.status).toBe('RUNNING');

		const ended = slow.json(await slow.run(waitFor('ended')));
		expect(ended[0]).toMatchObject({ id: runId, status: 'SUCCEEDED' });
	});
});

describe('launch and wait', () => {
	it('holds the item until the run succeeds, then outputs its final status and progress', async () => {
		const result = await platform.run(launchAndWait('waited_run'));
		const [run] = platform.json(result);
		expect(run).toMatchObject({ runName: 'waited_run', status: 'SUCCEEDED', workflowId: run.id, progress: expect.any(Object) });
		expect(platform.sim.data.findRun(String(run.id))!.status).toBe('SUCCEEDED');
		// One launch, however many checks.
		expect(platform.sim.data.launches.filter((launch) => launch.workflowId === run.id)).toHaveLength(1);
	});

	it('fails the item when the run fails, naming the run and the status', async () => {
		const result = await platform.run(launchAndWait('will_fail_run'));
		expect(result.error?.message).toMatch(/^Run \w+ ended FAILED$/);
	});

	it('can hand a failed run on as an item instead', async () => {
		const result = await platform.run(launchAndWait('also_fail_run', { failOnRunFailure: false }));
		expect(platform.json(result)[0]).toMatchObject({ runName: 'also_fail_run', status: 'FAILED' });
	});

	it('keeps waiting through failed checks', async () => {
		platform.sim.addFault({ method: 'GET', path: /^\/workflow\/\w+$/, kind: 'status', status: 503, times: 6 });
		const result = await platform.run(launchAndWait('bumpy_run'));
		expect(platform.json(result)[0]).toMatchObject({ runName: 'bumpy_run', status: 'SUCCEEDED' });
	});

	it('Wait Until Running on a run that has already failed fails the item, as the end does', async () => {
		const failed = platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'FAILED')!;
		const result = await platform.run({
			resource: 'workflow',
			operation: 'wait',
			waitUntil: 'running',
			waitOptions: fastChecks,
			...runParameter(failed.id),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error?.message).toBe(`Run ${failed.id} ended FAILED`);
	});

	it('Wait on an existing run; cancelling the execution stops the wait at once', async () => {
		const running = platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'RUNNING')!;
		const result = await platform.run(
			{
				resource: 'workflow',
				operation: 'wait',
				waitOptions: { pollIntervalSeconds: 30 },
				...runParameter(running.id),
				...workspaceParameter(GENOMICS),
			},
			{ cancelAfterMs: 500 },
		);
		expect(result.run.status).toBe('canceled');
		// The wait did not sit out its 30 s interval. Half of it is a margin no busy machine takes up: a
		// machine running both test lanes delays a timer by well under a second.
		expect(performance.now() - result.cancelledAt!).toBeLessThan(15_000);
	});
});
