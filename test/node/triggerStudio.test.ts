import type { IDataObject } from 'n8n-workflow';

import { STUDIO_IDS, WORKSPACE_IDS } from '../../dev/simulator/seed';
import { until } from '../../dev/until';
import { GENOMICS, SEQERA_TRIGGER, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const SHOWCASE = WORKSPACE_IDS.showcase;
const NOTEBOOK = STUDIO_IDS.genomicsNotebook;
const RSTUDIO = STUDIO_IDS.genomicsRStudio;
const STARTING = STUDIO_IDS.genomicsStarting;
// A poll's allowance of calls (CALLS_PER_POLL in studios/studioEvents.ts).
const CALLS_PER_POLL = 12;

async function poll(
	studioStatuses: string[],
	staticData: IDataObject,
	workspace = GENOMICS,
	mode: 'trigger' | 'manual' = 'trigger',
): Promise<IDataObject[]> {
	const result = await platform.harness.poll({
		type: SEQERA_TRIGGER,
		parameters: { event: 'studioStatusChanged', studioStatuses, ...workspaceParameter(workspace) },
		credentials: platform.credentials(),
		staticData,
		mode,
	});
	return (result?.[0] ?? []).map((item) => item.json);
}

const changesOf = (items: IDataObject[]) => items.map((item) => [item.sessionId, item.previousStatus, item.status]);
const restarted = (staticData: IDataObject) => JSON.parse(JSON.stringify(staticData)) as IDataObject;

describe('Seqera Platform Trigger: Studio Status Changed', () => {
	it('records the Studios on the first poll, then reports a Studio that errors once, with the Studio as the platform describes it', async () => {
		const staticData: IDataObject = {};
		expect(await poll(['anyChange'], staticData)).toEqual([]);
		expect(await poll(['anyChange'], staticData)).toEqual([]);

		platform.sim.data.setStudioStatus(NOTEBOOK, 'errored', { message: 'The Studio container exited with code 137 (out of memory)' });
		const [errored, ...others] = await poll(['anyChange'], staticData);
		expect(others).toEqual([]);
		expect(errored).toMatchObject({
			sessionId: NOTEBOOK,
			name: 'rnaseq-exploration',
			workspaceId: GENOMICS,
			status: 'errored',
			previousStatus: 'running',
			studioUrl: `https://${NOTEBOOK}.connect.cloud.seqera.io`,
			statusInfo: { status: 'errored', message: 'The Studio container exited with code 137 (out of memory)' },
		});
		expect(await poll(['anyChange'], staticData)).toEqual([]);
		platform.sim.data.setStudioStatus(NOTEBOOK, 'running');
	});

	it('reports only the chosen statuses, and each state a Studio reaches once', async () => {
		const staticData: IDataObject = {};
		const watched = ['running', 'errored'];
		await poll(watched, staticData);

		platform.sim.data.setStudioStatus(RSTUDIO, 'starting');
		expect(await poll(watched, staticData)).toEqual([]);
		const runningSince = platform.sim.data.setStudioStatus(RSTUDIO, 'running').statusUpdated.getTime();
		expect(changesOf(await poll(watched, staticData))).toEqual([[RSTUDIO, 'starting', 'running']]);
		expect(await poll(watched, staticData)).toEqual([]);

		// Two moves between polls: the latest status is reported.
		platform.sim.data.setStudioStatus(STARTING, 'running');
		platform.sim.data.setStudioStatus(STARTING, 'errored', { message: 'Image pull failed' });
		expect(changesOf(await poll(watched, staticData))).toEqual([[STARTING, 'starting', 'errored']]);

		// Stopped and started again between polls: running again. The platform's Studios have no lastStarted;
		// only statusInfo.lastUpdate (in whole seconds) moves: once the clock is in a later second than the last move.
		await until(
			'a second later than the Studio last moved',
			() => Math.floor(Date.now() / 1000) > Math.floor(runningSince / 1000),
			5000,
			{ everyMs: 20 },
		);
		platform.sim.data.setStudioStatus(RSTUDIO, 'stopped');
		platform.sim.data.setStudioStatus(RSTUDIO, 'starting');
		platform.sim.data.setStudioStatus(RSTUDIO, 'running');
		expect(changesOf(await poll(watched, staticData))).toEqual([[RSTUDIO, 'running', 'running']]);
		expect(await poll(watched, staticData)).toEqual([]);

		platform.sim.data.setStudioStatus(RSTUDIO, 'stopped', { stopReason: 'LIFESPAN_EXPIRED' });
		platform.sim.data.setStudioStatus(STARTING, 'starting');
		expect(await poll(watched, staticData)).toEqual([]);
	});

	it('reports a new Studio in the state it is found in, and forgets a deleted one', async () => {
		const staticData: IDataObject = {};
		await poll(['anyChange'], staticData);
		const created = platform.sim.data.addStudio({ workspaceId: GENOMICS, name: 'fresh-notebook', status: 'building' });
		expect(changesOf(await poll(['anyChange'], staticData))).toEqual([[created.sessionId, null, 'building']]);

		platform.sim.data.removeStudio(created.sessionId);
		const before = platform.sim.log.length;
		expect(await poll(['anyChange'], staticData)).toEqual([]);
		// Missing from the list, it is asked for by itself once, and forgotten.
		expect(platform.sim.log.slice(before).map((entry) => [entry.path, entry.status])).toEqual([
			['/studios', 200],
			[`/studios/${created.sessionId}`, 403],
		]);
		const after = platform.sim.log.length;
		expect(await poll(['anyChange'], staticData)).toEqual([]);
		expect(platform.sim.log.slice(after).map((entry) => entry.path)).toEqual(['/studios']);
		expect(JSON.stringify(staticData)).not.toContain(created.sessionId);
	});

	it('keeps its place across a restart: state saved as JSON and read back', async () => {
		const staticData: IDataObject = {};
		await poll(['stopped'], staticData);
		platform.sim.data.setStudioStatus(NOTEBOOK, 'stopping');
		platform.sim.data.setStudioStatus(NOTEBOOK, 'stopped');
		const afterRestart = restarted(staticData);
		expect(changesOf(await poll(['stopped'], afterRestart))).toEqual([[NOTEBOOK, 'running', 'stopped']]);
		expect(await poll(['stopped'], restarted(afterRestart))).toEqual([]);
		platform.sim.data.setStudioStatus(NOTEBOOK, 'running');
	});

	it('reads every page of a long list, and catches up over later polls when one poll may not read them all', async () => {
		let staticData: IDataObject = {};
		const studios = Array.from({ length: 1250 }, (_, index) =>
			platform.sim.data.addStudio({
				workspaceId: SHOWCASE,
				name: `lab-${index}`,
				status: 'running',
				dateCreated: new Date(Date.now() - index * 1000),
			}),
		);
		const offsetsOf = async () => {
			const before = platform.sim.log.length;
			const items = await poll(['anyChange'], staticData, SHOWCASE);
			staticData = restarted(staticData);
			return { items, offsets: platform.sim.log.slice(before).map((entry) => Number(entry.query.offset)) };
		};
		// The first round takes two polls and reports nothing.
		const seeding = await offsetsOf();
		expect(seeding).toEqual({ items: [], offsets: Array.from({ length: CALLS_PER_POLL }, (_, page) => page * 100) });
		expect(await offsetsOf()).toEqual({ items: [], offsets: [1200] });

		const first = studios[0];
		const last = studios[studios.length - 1];
		platform.sim.data.setStudioStatus(first.sessionId, 'stopped');
		platform.sim.data.setStudioStatus(last.sessionId, 'errored');
		const round = [await offsetsOf(), await offsetsOf()];
		expect(round.map(({ offsets }) => offsets.length)).toEqual([CALLS_PER_POLL, 1]);
		expect(round.flatMap(({ items }) => changesOf(items))).toEqual([
			[first.sessionId, 'running', 'stopped'],
			[last.sessionId, 'running', 'errored'],
		]);
		expect((await offsetsOf()).items).toEqual([]);
		for (const studio of studios) platform.sim.data.removeStudio(studio.sessionId);
	});

	it('returns the first Studio for Fetch Test Event and leaves the state alone', async () => {
		const staticData: IDataObject = {};
		const items = await poll(['errored'], staticData, GENOMICS, 'manual');
		expect(items).toEqual([
			expect.objectContaining({ sessionId: expect.any(String), status: expect.any(String), previousStatus: null }),
		]);
		expect(staticData).toEqual({});
	});
});
