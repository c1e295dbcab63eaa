import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DATA_LINK_IDS } from '../../dev/simulator/seed';
import { GENOMICS, RND, SEQERA_TRIGGER, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const INBOX = DATA_LINK_IDS.genomicsInbox;
const SCRATCH = DATA_LINK_IDS.rndScratch;
const FASTQ_GLOB = 'runs/*/fastq/*.fastq.gz';
// A poll's allowance of calls (CALLS_PER_POLL in dataLinkFiles/dataLinkFileEvents.ts).
const CALLS_PER_POLL = 24;

interface Watch {
	dataLinkId?: string;
	workspace?: number;
	pathPrefix?: string;
	glob?: string;
}

function parametersOf({ dataLinkId = INBOX, workspace = GENOMICS, pathPrefix = '', glob = '' }: Watch): INodeParameters {
	return {
		event: 'newDataLinkFile',
		...workspaceParameter(workspace),
		dataLinkId: { __rl: true, mode: 'id', value: dataLinkId },
		pathPrefix,
		glob,
	};
}

async function poll(
	watch: Watch,
	staticData: IDataObject,
	mode: 'trigger' | 'manual' = 'trigger',
	typeVersion?: number,
): Promise<IDataObject[]> {
	const result = await platform.harness.poll({
		type: SEQERA_TRIGGER,
		parameters: parametersOf(watch),
		credentials: platform.credentials(),
		staticData,
		mode,
		typeVersion,
	});
	return (result?.[0] ?? []).map((item) => item.json);
}

/** The calls a poll made: every request logged while it ran. */
async function pollCounted(
	watch: Watch,
	staticData: IDataObject,
): Promise<{ files: IDataObject[]; calls: Array<{ path: string; query: Record<string, string>; status: number }> }> {
	const before = platform.sim.log.length;
	const files = await poll(watch, staticData);
	return { files, calls: platform.sim.log.slice(before) };
}

const restarted = (staticData: IDataObject) => JSON.parse(JSON.stringify(staticData)) as IDataObject;
const pathsOf = (files: IDataObject[]) => files.map((file) => file.path);

describe('Seqera Platform Trigger: New File in Data Link', () => {
	it('records what exists on the first poll, then emits a new file once, with its URI ready for a pipeline', async () => {
		const staticData: IDataObject = {};
		const watch = { glob: FASTQ_GLOB };
		expect(await poll(watch, staticData)).toEqual([]);
		expect(await poll(watch, staticData)).toEqual([]);

		platform.sim.data.addDataLinkObject(INBOX, 'runs/240515_A00123_0044_CHXYZ/fastq/S9_L001_R1_001.fastq.gz', { size: 734_003_200 });
		expect(await poll(watch, staticData)).toEqual([
			{
				name: 'S9_L001_R1_001.fastq.gz',
				path: 'runs/240515_A00123_0044_CHXYZ/fastq/S9_L001_R1_001.fastq.gz',
				uri: 's3://acme-sequencing-inbox/runs/240515_A00123_0044_CHXYZ/fastq/S9_L001_R1_001.fastq.gz',
				size: 734_003_200,
				lastModified: null,
				mimeType: 'application/gzip',
				dataLinkId: INBOX,
				dataLinkName: 'sequencing-inbox',
			},
		]);
		expect(await poll(watch, staticData)).toEqual([]);
	});

	it('a poll that starts while the last one is still running reports nothing: each new file is reported once', async () => {
		const staticData: IDataObject = {};
		const watch = { glob: FASTQ_GLOB };
		await poll(watch, staticData);
		platform.sim.data.addDataLinkObject(INBOX, 'runs/240516_A00123_0045_CHXYZ/fastq/S1_L001_R1_001.fastq.gz');

		// The first poll's listing is held until the second poll has ended, as when n8n 1.x starts the next
		// poll on schedule while a slow one is still running.
		let secondEnded!: () => void;
		const holdUntil = new Promise<void>((resolve) => (secondEnded = resolve));
		platform.sim.addFault({ method: 'GET', path: /^\/data-links\/[^/]+\/browse/, kind: 'delay', until: holdUntil });
		const listing = platform.sim.logged((entry) => entry.path.includes('/browse'));
		const first = poll(watch, staticData);
		await listing;
		const before = platform.sim.log.length;
		const second = await poll(watch, staticData).finally(secondEnded);

		expect(second).toEqual([]);
		expect(platform.sim.log.slice(before).filter((entry) => entry.path.includes('/browse'))).toEqual([]);
		expect(pathsOf(await first)).toEqual(['runs/240516_A00123_0045_CHXYZ/fastq/S1_L001_R1_001.fastq.gz']);
		expect(await poll(watch, staticData)).toEqual([]);
	});

	it('emits only files matching the prefix and the glob, and lists no folder the glob rules out', async () => {
		const staticData: IDataObject = {};
		const watch = { glob: FASTQ_GLOB };
		await poll(watch, staticData);
		const run = 'runs/240520_A00123_0045_DHXYZ';
		for (const path of [
			`${run}/fastq/S1_L001_R1_001.fastq.gz`,
			`${run}/fastq/S1_L001_R1_001.fastq.gz.md5`,
			`${run}/fastq/reports/S1.fastq.gz`,
			`${run}/S1.fastq.gz`,
			`${run}/SampleSheet.csv`,
			'archive/240520/fastq/S1.fastq.gz',
		]) {
			platform.sim.data.addDataLinkObject(INBOX, path);
		}
		const { files, calls } = await pollCounted(watch, staticData);
		expect(pathsOf(files)).toEqual([`${run}/fastq/S1_L001_R1_001.fastq.gz`]);
		const listed = calls
			.filter((call) => call.path.includes('/browse'))
			.map((call) => decodeURIComponent(call.path.replace(/^.*\/browse\/?/, '')));
		expect(listed).not.toContain(`${run}/fastq/reports`);
		expect(listed).not.toContain('archive');
		expect(listed).not.toContain('');
		// The listing starts at the prefix's folder; the glob's literal start narrows each listing.
		expect(calls.find((call) => call.path.endsWith('/browse/runs'))?.query).toMatchObject({
			workspaceId: String(GENOMICS),
			credentialsId: '5cY2ZPQ3zNCred',
		});
		expect(calls.find((call) => call.path.endsWith(`/browse/${run}`))?.query.search).toBe('fastq');

		const deep = { pathPrefix: 'runs/2405', glob: 'runs/**/*.fastq.gz' };
		const deepState: IDataObject = {};
		await poll(deep, deepState);
		platform.sim.data.addDataLinkObject(INBOX, 'runs/240521_X/lane1/deeper/S2.fastq.gz');
		platform.sim.data.addDataLinkObject(INBOX, 'runs/240521_X/S3.fastq.gz');
		platform.sim.data.addDataLinkObject(INBOX, 'runs/240601_Y/S4.fastq.gz');
		platform.sim.data.addDataLinkObject(INBOX, 'runs/240521_X/S5.bam');
		expect(pathsOf(await poll(deep, deepState))).toEqual(['runs/240521_X/S3.fastq.gz', 'runs/240521_X/lane1/deeper/S2.fastq.gz']);
	});

	it('follows page tokens through a folder of more files than a page holds, and emits each once', async () => {
		const staticData: IDataObject = {};
		const watch = { pathPrefix: 'bulk/' };
		await poll(watch, staticData);
		const added = Array.from({ length: 1500 }, (_, index) => `bulk/sample_${String(index).padStart(4, '0')}.fastq.gz`);
		for (const path of added) platform.sim.data.addDataLinkObject(INBOX, path);
		const { files, calls } = await pollCounted(watch, staticData);
		expect(pathsOf(files)).toEqual(added);
		const browses = calls.filter((call) => call.path.includes('/browse'));
		expect(browses).toHaveLength(2);
		expect(browses[0].query.nextPageToken).toBeUndefined();
		expect(browses[1].query.nextPageToken).toEqual(expect.any(String));
		expect(await poll(watch, staticData)).toEqual([]);
	});

	it('catches up over later polls when one poll may not list everything, across restarts and an expired page token', async () => {
		const watch = { dataLinkId: SCRATCH, workspace: RND, pathPrefix: 'catch-up/' };
		let staticData: IDataObject = {};
		await poll(watch, staticData);
		// 21 small folders, then one of 2500 files: the first poll's allowance ends inside the big one.
		const small = Array.from({ length: 21 }, (_, index) => `catch-up/a${String(index).padStart(2, '0')}/sample.fastq.gz`);
		const big = Array.from({ length: 2500 }, (_, index) => `catch-up/zz/part_${String(index).padStart(4, '0')}.fastq.gz`);
		for (const path of [...small, ...big]) platform.sim.data.addDataLinkObject(SCRATCH, path);

		const emitted: IDataObject[] = [];
		const first = await pollCounted(watch, staticData);
		expect(first.calls).toHaveLength(CALLS_PER_POLL);
		expect(pathsOf(first.files)).toEqual([...small, ...big.slice(0, 1000)]);
		emitted.push(...first.files);

		// n8n restarts, and the page token the state holds expires meanwhile; more files land.
		staticData = restarted(staticData);
		platform.sim.data.expireDataLinkPageTokens();
		platform.sim.data.addDataLinkObject(SCRATCH, 'catch-up/a00/late.fastq.gz');
		platform.sim.data.addDataLinkObject(SCRATCH, 'catch-up/zz/part_9999.fastq.gz');
		for (let polls = 0; polls < 5; polls++) {
			const { files, calls } = await pollCounted(watch, staticData);
			expect(calls.length).toBeLessThanOrEqual(CALLS_PER_POLL);
			emitted.push(...files);
			staticData = restarted(staticData);
		}
		const expected = [...small, ...big, 'catch-up/a00/late.fastq.gz', 'catch-up/zz/part_9999.fastq.gz'];
		expect(new Set(pathsOf(emitted)).size).toBe(emitted.length);
		expect(pathsOf(emitted).sort()).toEqual(expected.sort());
		expect(emitted.find((file) => file.path === big[0])).toMatchObject({
			uri: `s3://acme-rnd-scratch/projects/${big[0]}`,
			dataLinkName: 'rnd-scratch',
		});
		expect(platform.sim.log.some((entry) => entry.status === 400 && entry.path.endsWith('/browse/catch-up/zz'))).toBe(true);
	});

	it('keeps its place across a restart: state saved as JSON and read back', async () => {
		const staticData: IDataObject = {};
		const watch = { glob: FASTQ_GLOB };
		await poll(watch, staticData);
		platform.sim.data.addDataLinkObject(INBOX, 'runs/240525_R/fastq/S1_R1.fastq.gz');
		const afterRestart = restarted(staticData);
		expect(pathsOf(await poll(watch, afterRestart))).toEqual(['runs/240525_R/fastq/S1_R1.fastq.gz']);
		expect(await poll(watch, restarted(afterRestart))).toEqual([]);
	});

	it('emits a file uploaded again with new content, and one deleted and uploaded again', async () => {
		const staticData: IDataObject = {};
		const watch = { glob: FASTQ_GLOB };
		const path = 'runs/240501_A00123_0042_AHVKJ3DSX7/fastq/S1_L001_R1_001.fastq.gz';
		await poll(watch, staticData);
		platform.sim.data.addDataLinkObject(INBOX, path, { size: 1_300_000_000 });
		expect(await poll(watch, staticData)).toEqual([expect.objectContaining({ path, size: 1_300_000_000 })]);
		expect(await poll(watch, staticData)).toEqual([]);

		platform.sim.data.removeDataLinkObject(INBOX, path);
		expect(await poll(watch, staticData)).toEqual([]);
		platform.sim.data.addDataLinkObject(INBOX, path, { size: 1_300_000_000 });
		expect(await poll(watch, staticData)).toEqual([expect.objectContaining({ path, size: 1_300_000_000 })]);
	});

	it('returns the first watched file for Fetch Test Event and leaves the state alone', async () => {
		const staticData: IDataObject = {};
		const files = await poll({ glob: FASTQ_GLOB }, staticData, 'manual');
		expect(files).toEqual([
			expect.objectContaining({
				path: 'runs/240501_A00123_0042_AHVKJ3DSX7/fastq/S1_L001_R1_001.fastq.gz',
				uri: 's3://acme-sequencing-inbox/runs/240501_A00123_0042_AHVKJ3DSX7/fastq/S1_L001_R1_001.fastq.gz',
			}),
		]);
		expect(staticData).toEqual({});
	});

	it('names the Data Link field when the ID is malformed or not in the workspace', async () => {
		await expect(poll({ dataLinkId: 'not a data link!' }, {})).rejects.toThrow('Data Link "not a data link!" is not a valid ID');
		const before = platform.sim.log.length;
		await expect(poll({ dataLinkId: SCRATCH }, {})).rejects.toThrow(
			`Data Link "${SCRATCH}" was not found, or the access token was refused`,
		);
		expect(platform.sim.log.slice(before).map((entry) => entry.status)).toEqual([403]);
	});

	it('lists below the root a segment at a time, so it works behind a proxy that refuses %2F; version 1 does not', async () => {
		const watch = { glob: FASTQ_GLOB };
		platform.sim.refuseEncodedSlashes = true;
		try {
			const staticData: IDataObject = {};
			const before = platform.sim.log.length;
			expect(await poll(watch, staticData)).toEqual([]);
			expect(platform.sim.log.slice(before).map((entry) => `${entry.status} ${entry.path}`)).toContain(
				`200 /data-links/${INBOX}/browse/runs/240501_A00123_0042_AHVKJ3DSX7`,
			);
			platform.sim.data.addDataLinkObject(INBOX, 'runs/240601_P/fastq/S1_R1.fastq.gz');
			expect(pathsOf(await poll(watch, staticData))).toEqual(['runs/240601_P/fastq/S1_R1.fastq.gz']);

			// Version 1 sends `runs%2F240501_...`: the proxy answers 404 and the poll fails.
			await expect(poll(watch, {}, 'trigger', 1)).rejects.toMatchObject({ httpCode: '404' });
		} finally {
			platform.sim.refuseEncodedSlashes = false;
		}
		const before = platform.sim.log.length;
		await poll(watch, {}, 'trigger', 1);
		expect(platform.sim.log.slice(before).map((entry) => entry.path)).toContain(
			`/data-links/${INBOX}/browse/runs%2F240501_A00123_0042_AHVKJ3DSX7`,
		);
	});

	it('names Path Prefix or Glob when the folder it starts in holds a .. step or an empty folder name, before any call', async () => {
		const before = platform.sim.log.length;
		await expect(poll({ pathPrefix: 'runs/../secret/' }, {})).rejects.toThrow(
			'Path Prefix "runs/../secret/" is not a path in the data link',
		);
		await expect(poll({ pathPrefix: 'runs/%2e%2e/x' }, {})).rejects.toThrow(
			'Path Prefix "runs/%2e%2e/x" is not a path in the data link',
		);
		await expect(poll({ glob: 'runs//fastq/*.gz' }, {})).rejects.toThrow('Glob "runs//fastq/*.gz" holds an empty folder name');
		// Version 1 sends the folder as one segment: only a folder that is itself a step is refused, and named.
		await expect(poll({ pathPrefix: '%2e%2e/x' }, {}, 'trigger', 1)).rejects.toThrow(
			'Path Prefix "%2e%2e/x" is not a path in the data link',
		);
		expect(platform.sim.log.length).toBe(before);
	});

	it('lists the visible data links of the chosen workspace for the Data Link field', async () => {
		const search = async (filter?: string) =>
			await platform.harness.listSearch(
				SEQERA_TRIGGER,
				'searchDataLinks',
				platform.credentials(),
				filter,
				undefined,
				workspaceParameter(GENOMICS),
			);
		expect((await search()).results).toEqual([
			{ name: 'reference-genomes', value: DATA_LINK_IDS.genomicsReferences, description: 'gs://acme-references' },
			{ name: 'results-archive', value: DATA_LINK_IDS.genomicsResults, description: 'az://acme-results' },
			{ name: 'sequencing-inbox', value: INBOX, description: 's3://acme-sequencing-inbox' },
		]);
		expect((await search('inbox')).results.map((result) => result.value)).toEqual([INBOX]);
	});
});
