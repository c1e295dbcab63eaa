import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { isActive } from '../../dev/simulator/model';
import { until } from '../../dev/until';
import { GENOMICS, RND, SEQERA_TRIGGER, usePlatform, workspaceParameter } from './platform';

// Runs take two seconds per status: long enough for a poll right after two launches to see them active on a
// busy machine, short enough to let it finish within a test.
const RUN_STEP_MS = 2000;
// An Enterprise-style base URL, so the trigger can link each run's page in the web app.
const platform = usePlatform({ basePath: '/api', runProgressMs: RUN_STEP_MS });

/** Until the runs have ended on the platform: their clock has taken them through RUNNING to their end. */
const untilEnded = async (...runIds: string[]) =>
	await until(
		`runs ${runIds.join(', ')} ended`,
		() => runIds.every((id) => !isActive(platform.sim.data.findRun(id)!.status)),
		10 * RUN_STEP_MS,
		{ everyMs: 50 },
	);

/**
 * Until the clock, `backMs` back, is in a later second than `moment`: runs then submitted up to `backMs`
 * apart are all in a later second than any seen at `moment`. The trigger reads submit times to the second.
 */
const untilSecondAfter = async (moment: number, backMs = 0) =>
	await until(
		`a second later than ${new Date(moment).toISOString()}`,
		() => Math.floor((Date.now() - backMs) / 1000) > Math.floor(moment / 1000),
		5000,
		{ everyMs: 20 },
	);

async function poll(parameters: INodeParameters, staticData: IDataObject, mode: 'trigger' | 'manual' = 'trigger') {
	const result = await platform.harness.poll({
		type: SEQERA_TRIGGER,
		parameters: { ...workspaceParameter(GENOMICS), ...parameters },
		credentials: platform.credentials(),
		staticData,
		mode,
	});
	return (result?.[0] ?? []).map((item) => item.json);
}

async function launch(runName: string): Promise<string> {
	const result = await platform.run({
		resource: 'workflow',
		operation: 'launch',
		source: 'repository',
		pipeline: 'https://github.com/nf-core/rnaseq',
		launchSettings: { runName },
		...workspaceParameter(GENOMICS),
	});
	return String(platform.json(result)[0].workflowId);
}

describe('Seqera Platform Trigger', () => {
	it('seeds on the first poll, then reports a new run once and its final status once', async () => {
		const staticData: IDataObject = {};
		const anyChange = { event: 'statusChanged', statuses: ['anyChange'] };
		expect(await poll(anyChange, staticData)).toEqual([]);

		const workflowId = await launch('trigger_one');
		const started = await poll(anyChange, staticData);
		expect(started).toEqual([
			expect.objectContaining({
				id: workflowId,
				runName: 'trigger_one',
				status: 'SUBMITTED',
				event: 'started',
				previousStatus: null,
				workflowUrl: `${platform.sim.baseUrl.replace(/\/api$/, '')}/orgs/acme-bio/workspaces/genomics/watch/${workflowId}`,
			}),
		]);
		expect(await poll(anyChange, staticData)).toEqual([]);

		// RUNNING and SUCCEEDED both pass before the next poll: only the latest status is reported.
		await untilEnded(workflowId);
		const finished = await poll(anyChange, staticData);
		expect(finished).toEqual([
			expect.objectContaining({ id: workflowId, status: 'SUCCEEDED', event: 'succeeded', previousStatus: 'SUBMITTED' }),
		]);
		expect(await poll(anyChange, staticData)).toEqual([]);
	});

	it('keeps its place across a restart: state saved as JSON and read back', async () => {
		const staticData: IDataObject = {};
		const onFailure = { event: 'statusChanged', statuses: ['failed'] };
		await poll(onFailure, staticData);
		const failing = await launch('trigger_fail');
		const succeeding = await launch('trigger_ok');
		await untilEnded(failing, succeeding);

		const restarted = JSON.parse(JSON.stringify(staticData)) as IDataObject;
		const events = await poll(onFailure, restarted);
		expect(events.map((run) => [run.id, run.event])).toEqual([[failing, 'failed']]);
		expect(events.map((run) => run.id)).not.toContain(succeeding);
		expect(await poll(onFailure, JSON.parse(JSON.stringify(restarted)) as IDataObject)).toEqual([]);
	});

	it('follows pages when many runs are new, and emits each once', async () => {
		const staticData: IDataObject = {};
		const newRuns = { event: 'started' };
		await poll(newRuns, staticData);
		// Submitted in a later second than any run the first poll saw, the 150 of them up to 149 ms apart.
		await untilSecondAfter(Date.now(), 149);
		const added = Array.from({ length: 150 }, (_, index) =>
			platform.sim.data.addRun({
				workspaceId: GENOMICS,
				runName: `bulk_${index}`,
				status: 'SUCCEEDED',
				submit: new Date(Date.now() - index),
			}),
		);
		const before = platform.sim.log.length;
		const events = await poll(newRuns, staticData);
		expect(events.map((run) => run.id).sort()).toEqual(added.map((run) => run.id).sort());
		expect(events.every((run) => run.event === 'started')).toBe(true);
		expect(platform.sim.log.slice(before).map((entry) => entry.query.offset)).toEqual(['0', '90']);
		expect(await poll(newRuns, staticData)).toEqual([]);
	});

	it('reports each of 250 new runs once, New Run and Run Status Changed alike, from run list pages without hasMore, as the platform sends them', async () => {
		expect(platform.sim.data.runListReportsHasMore).toBe(false);
		const watchers = [
			{ parameters: { event: 'started' }, event: 'started', staticData: {} as IDataObject },
			{ parameters: { event: 'statusChanged', statuses: ['anyChange'] }, event: 'succeeded', staticData: {} as IDataObject },
		];
		for (const watcher of watchers) await poll(watcher.parameters, watcher.staticData);
		// Submitted in a later second than any run the first polls saw, the 250 of them up to 249 ms apart.
		await untilSecondAfter(Date.now(), 249);
		const added = Array.from({ length: 250 }, (_, index) =>
			platform.sim.data.addRun({
				workspaceId: GENOMICS,
				runName: `no_has_more_${index}`,
				status: 'SUCCEEDED',
				submit: new Date(Date.now() - index),
			}),
		);
		for (const watcher of watchers) {
			const events: IDataObject[] = [];
			for (let pollIndex = 0; pollIndex < 3; pollIndex++) events.push(...(await poll(watcher.parameters, watcher.staticData)));
			expect(events.map((run) => run.id).sort()).toEqual(added.map((run) => run.id).sort());
			expect(new Set(events.map((run) => run.event))).toEqual(new Set([watcher.event]));
		}
	});

	it('reports a run submitted in the same second as the newest run it has already seen', async () => {
		const staticData: IDataObject = {};
		// In a workspace of its own: its runs are an hour ahead, newer than any other test's.
		const newRuns = { event: 'started', ...workspaceParameter(RND) };
		const second = Math.floor(Date.now() / 1000) * 1000 + 3_600_000;
		const seen = platform.sim.data.addRun({
			workspaceId: RND,
			runName: 'same_second_a',
			status: 'SUBMITTED',
			submit: new Date(second + 100),
		});
		await poll(newRuns, staticData);

		// Listed with the same submit time, to the second, as the run above.
		const late = platform.sim.data.addRun({
			workspaceId: RND,
			runName: 'same_second_b',
			status: 'SUBMITTED',
			submit: new Date(second + 900),
		});
		const restarted = JSON.parse(JSON.stringify(staticData)) as IDataObject;
		const events = await poll(newRuns, restarted);
		expect(events.map((run) => [run.id, run.event])).toEqual([[late.id, 'started']]);
		expect(events.map((run) => run.id)).not.toContain(seen.id);
		expect(await poll(newRuns, restarted)).toEqual([]);
	});

	it('reports the runs that arrive in a first second holding more runs than a page, and none that was there', async () => {
		const staticData: IDataObject = {};
		// Two hours ahead in a workspace of its own: newer than any other test's runs.
		const newRuns = { event: 'started', ...workspaceParameter(RND) };
		const second = Math.floor(Date.now() / 1000) * 1000 + 7_200_000;
		for (let index = 0; index < 150; index++) {
			platform.sim.data.addRun({
				workspaceId: RND,
				runName: `crowded_${index}`,
				status: 'SUBMITTED',
				submit: new Date(second + 100),
			});
		}
		expect(await poll(newRuns, staticData)).toEqual([]);

		const arrived = [0, 1, 2].map((index) =>
			platform.sim.data.addRun({
				workspaceId: RND,
				runName: `arrived_${index}`,
				status: 'SUBMITTED',
				submit: new Date(second + 900),
			}),
		);
		const events = await poll(newRuns, staticData);
		expect(events.map((run) => run.id).sort()).toEqual(arrived.map((run) => run.id).sort());
		expect(await poll(newRuns, staticData)).toEqual([]);
	});

	// The platform answers 403 for a run it no longer has; the contract lists 400 ("Unknown workflow ID").
	it.each([403, 400] as const)(
		'forgets a run deleted while active, answered %i, and goes on reporting the others',
		async (unknownRunStatus) => {
			const staticData: IDataObject = {};
			const anyChange = { event: 'statusChanged', statuses: ['anyChange'] };
			await poll(anyChange, staticData);
			const deleted = await launch(`trigger_deleted_${unknownRunStatus}`);
			const kept = await launch(`trigger_kept_${unknownRunStatus}`);
			expect((await poll(anyChange, staticData)).map((run) => run.id).sort()).toEqual([deleted, kept].sort());

			platform.sim.unknownRunStatus = unknownRunStatus;
			try {
				const run = platform.sim.data.runsIn(GENOMICS).find((each) => each.id === deleted)!;
				platform.sim.data.delete(run, true);
				await untilEnded(kept);
				const before = platform.sim.log.length;
				const events = await poll(anyChange, staticData);
				expect(events.map((each) => [each.id, each.status])).toEqual([[kept, 'SUCCEEDED']]);
				// The run's own answer, then the run list asked for it, which no longer has it.
				const calls = platform.sim.log.slice(before);
				expect(calls.filter((entry) => entry.path === `/workflow/${deleted}`).map((entry) => entry.status)).toEqual([
					unknownRunStatus,
				]);
				expect(calls.some((entry) => entry.path === '/workflow' && entry.query.search === `workflowId:${deleted}`)).toBe(true);

				// No longer followed: later polls do not ask for it again.
				const later = platform.sim.log.length;
				expect(await poll(anyChange, staticData)).toEqual([]);
				expect(platform.sim.log.slice(later).map((entry) => entry.path)).not.toContain(`/workflow/${deleted}`);
			} finally {
				platform.sim.unknownRunStatus = 403;
			}
		},
	);

	it('reports a relaunch as a new run, once', async () => {
		const staticData: IDataObject = {};
		const newRuns = { event: 'started' };
		const original = await launch('trigger_relaunched');
		await untilEnded(original);
		await poll(newRuns, staticData);
		const relaunched = platform.json(
			await platform.run({
				resource: 'workflow',
				operation: 'relaunch',
				workflowId: { __rl: true, mode: 'id', value: original },
				...workspaceParameter(GENOMICS),
			}),
		)[0].workflowId;
		const events = await poll(newRuns, staticData);
		expect(events.map((run) => [run.id, run.event])).toEqual([[relaunched, 'started']]);
		expect(await poll(newRuns, staticData)).toEqual([]);
	});

	it('emits existing runs on the first poll when asked', async () => {
		const events = await poll({ event: 'started', options: { emitExisting: true } }, {});
		expect(events.length).toBe(100);
	});

	it('returns the newest matching run for Fetch Test Event and leaves the state alone', async () => {
		const staticData: IDataObject = {};
		const [newest] = platform.sim.data.runsIn(GENOMICS);
		const events = await poll({ event: 'statusChanged', statuses: ['anyTerminal'] }, staticData, 'manual');
		expect(events).toEqual([expect.objectContaining({ id: newest.id })]);
		expect(staticData).toEqual({});
	});

	it('lets an expired token reach the user instead of polling in silence', async () => {
		await expect(
			platform.harness.poll({
				type: SEQERA_TRIGGER,
				parameters: { event: 'started', ...workspaceParameter(GENOMICS) },
				credentials: platform.credentials({ accessToken: 'expired' }),
				staticData: {},
			}),
		).rejects.toThrow('Forbidden: the access token was refused, or this endpoint does not exist at the base URL');
	});
});
