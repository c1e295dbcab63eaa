import { Contract } from '../../dev/simulator/contract';
import { fetchDataLinksSlowly } from '../../dev/simulator/dataLinkRoutes';
import { DATA_LINK_IDS, STUDIO_IDS, WORKSPACE_IDS } from '../../dev/simulator/seed';
import { startSimulator, type Simulator } from '../../dev/simulator/server';
import { call, get, stop } from './testClient';

const contract = Contract.loadIfPresent();
const withContract = contract ? it : it.skip;

const GENOMICS = WORKSPACE_IDS.genomics;
const ws = `workspaceId=${GENOMICS}`;
const INBOX = DATA_LINK_IDS.genomicsInbox;
const RUN_A = 'runs/240501_A00123_0042_AHVKJ3DSX7';
const ERROR_ID = / - Error ID: [A-Za-z0-9]{10}$/;

interface Entry {
	type: string;
	name: string;
	size: number;
	mimeType?: string;
}
interface BrowseReply {
	objects: Entry[];
	nextPageToken?: string;
	originalPath?: string;
}
interface StudioReply {
	sessionId: string;
	name: string;
	statusInfo: { status: string; message: string; lastUpdate: string; stopReason?: string };
}

const browsePath = (dataLinkId: string, folder: string, query = '') =>
	`/data-links/${dataLinkId}/browse${folder === '' ? '' : `/${encodeURIComponent(folder)}`}?${ws}${query}`;

describe('simulator: data links and Studios', () => {
	let sim: Simulator;

	beforeAll(async () => {
		sim = await startSimulator({ perSecond: 10_000 });
	});

	afterAll(() => stop(sim));

	describe('data links', () => {
		it('lists the visible data links of a workspace by name, with search and visibility', async () => {
			const names = async (query: string) =>
				(
					(await get(sim, `/data-links?${ws}${query}`)).json as { dataLinks: Array<{ name: string }>; totalSize: number }
				).dataLinks.map((link) => link.name);
			expect(await names('')).toEqual(['reference-genomes', 'results-archive', 'sequencing-inbox']);
			expect(await names('&search=inbox')).toEqual(['sequencing-inbox']);
			expect(await names('&search=provider:google')).toEqual(['reference-genomes']);
			expect(await names('&visibility=hidden')).toEqual(['old-sequencing-inbox']);
			expect(await names('&max=1&offset=1')).toEqual(['results-archive']);
			const listed = (await get(sim, `/data-links?${ws}&search=inbox`)).json;
			expect(listed).toEqual({
				totalSize: 1,
				dataLinks: [
					{
						id: INBOX,
						name: 'sequencing-inbox',
						description: 'Where the sequencers deliver their runs',
						resourceRef: 's3://acme-sequencing-inbox',
						type: 'bucket',
						provider: 'aws',
						region: 'eu-west-1',
						credentials: [{ id: '5cY2ZPQ3zNCred', name: 'aws-genomics', provider: 'aws' }],
						publicAccessible: false,
						hidden: false,
						status: 'VALID',
						// The platform writes a data link without a message as null (tower-cli's captured datalinks_list.json).
						message: null,
					},
				],
			});
		});

		it('describes a data link of the workspace; another workspace or foreign credentials get a 403', async () => {
			expect((await get(sim, `/data-links/${INBOX}?${ws}`)).json).toMatchObject({
				dataLink: { id: INBOX, name: 'sequencing-inbox' },
			});
			expect((await get(sim, `/data-links/${INBOX}?workspaceId=${WORKSPACE_IDS.rnd}`)).status).toBe(403);
			expect((await get(sim, `/data-links/v1-user-unknown?${ws}`)).status).toBe(403);
			expect((await get(sim, `/data-links/${INBOX}?${ws}&credentialsId=someoneElses`)).status).toBe(403);
		});

		it('browses one folder at a time: folders first, then files, each by name', async () => {
			const root = (await get(sim, browsePath(INBOX, ''))).json as BrowseReply;
			expect(root).toEqual({
				objects: [
					{ type: 'FOLDER', name: 'runs', size: 0 },
					{ type: 'FILE', name: 'README.txt', size: 1204, mimeType: 'text/plain' },
				],
			});
			const run = (await get(sim, browsePath(INBOX, RUN_A, '&credentialsId=5cY2ZPQ3zNCred'))).json as BrowseReply;
			expect(run.originalPath).toBe(RUN_A);
			expect(run.objects.map((entry) => [entry.type, entry.name])).toEqual([
				['FOLDER', 'fastq'],
				['FILE', 'RTAComplete.txt'],
				['FILE', 'SampleSheet.csv'],
			]);
			const fastq = (await get(sim, browsePath(INBOX, `${RUN_A}/fastq`))).json as BrowseReply;
			expect(fastq.objects[0]).toEqual({
				type: 'FILE',
				name: 'S1_L001_R1_001.fastq.gz',
				size: 1_284_551_203,
				mimeType: 'application/gzip',
			});
			expect((await get(sim, browsePath(INBOX, 'no/such/folder'))).json).toEqual({ objects: [], originalPath: 'no/such/folder' });
		});

		it('filters a folder by name prefix with search', async () => {
			const run = (await get(sim, browsePath(INBOX, RUN_A, '&search=R'))).json as BrowseReply;
			expect(run.objects.map((entry) => entry.name)).toEqual(['RTAComplete.txt']);
			const runs = (await get(sim, browsePath(INBOX, 'runs', '&search=240508'))).json as BrowseReply;
			expect(runs.objects.map((entry) => entry.name)).toEqual(['240508_A00123_0043_BHWLM2DSX7']);
		});

		it('pages with pageSize and nextPageToken; a page token says where to go on, so uploads meanwhile shift nothing', async () => {
			const folder = 'paging/lane1';
			for (let index = 0; index < 5; index++) sim.data.addDataLinkObject(INBOX, `${folder}/f${index}.fastq.gz`, { size: index });
			const first = (await get(sim, browsePath(INBOX, folder, '&pageSize=2'))).json as BrowseReply;
			expect(first.objects.map((entry) => entry.name)).toEqual(['f0.fastq.gz', 'f1.fastq.gz']);
			expect(first.nextPageToken).toEqual(expect.any(String));

			sim.data.addDataLinkObject(INBOX, `${folder}/a-before.fastq.gz`);
			sim.data.removeDataLinkObject(INBOX, `${folder}/f0.fastq.gz`);
			const second = (await get(sim, browsePath(INBOX, folder, `&pageSize=2&nextPageToken=${first.nextPageToken}`)))
				.json as BrowseReply;
			expect(second.objects.map((entry) => entry.name)).toEqual(['f2.fastq.gz', 'f3.fastq.gz']);
			const third = (await get(sim, browsePath(INBOX, folder, `&pageSize=2&nextPageToken=${second.nextPageToken}`)))
				.json as BrowseReply;
			expect(third).toEqual({ objects: [expect.objectContaining({ name: 'f4.fastq.gz' })], originalPath: folder });
		});

		it('serves 1000 entries a page when pageSize is not given', async () => {
			for (let index = 0; index < 1001; index++) sim.data.addDataLinkObject(INBOX, `bulk/${String(index).padStart(4, '0')}.txt`);
			const first = (await get(sim, browsePath(INBOX, 'bulk'))).json as BrowseReply;
			expect(first.objects).toHaveLength(1000);
			const second = (await get(sim, browsePath(INBOX, 'bulk', `&nextPageToken=${first.nextPageToken}`))).json as BrowseReply;
			expect(second.objects.map((entry) => entry.name)).toEqual(['1000.txt']);
			expect(second.nextPageToken).toBeUndefined();
		});

		it('refuses an expired or foreign page token, a bad page size, and a data link of another workspace', async () => {
			const first = (await get(sim, browsePath(INBOX, RUN_A, '&pageSize=1'))).json as BrowseReply;
			const foreign = await get(sim, browsePath(INBOX, 'runs', `&pageSize=1&nextPageToken=${first.nextPageToken}`));
			expect(foreign.status).toBe(400);
			expect((foreign.json as { message: string }).message).toMatch(ERROR_ID);

			sim.data.expireDataLinkPageTokens();
			expect((await get(sim, browsePath(INBOX, RUN_A, `&pageSize=1&nextPageToken=${first.nextPageToken}`))).status).toBe(400);
			expect((await get(sim, browsePath(INBOX, RUN_A, '&pageSize=0'))).status).toBe(400);
			expect((await get(sim, browsePath(INBOX, RUN_A, '&pageSize=two'))).status).toBe(400);
			expect((await get(sim, `/data-links/${DATA_LINK_IDS.rndScratch}/browse?${ws}`)).status).toBe(403);
		});

		it('takes a path below the root a segment at a time, or as one segment with %2F, as the platform does', async () => {
			const names = async (path: string) =>
				((await get(sim, `/data-links/${INBOX}/browse/${path}?${ws}`)).json as BrowseReply).objects.map((entry) => entry.name);
			expect(await names(`${RUN_A}/fastq`)).toEqual(await names(encodeURIComponent(`${RUN_A}/fastq`)));
			expect(await names(`${RUN_A}/fastq`)).toContain('S1_L001_R1_001.fastq.gz');
			const perSegment = await get(sim, `/data-links/${INBOX}/download/${RUN_A}/RTAComplete.txt?${ws}`);
			expect(perSegment.status).toBe(200);
			expect(perSegment.text.length).toBe(52);
			// The upload's finish route is the more specific one: upload/finish/runs is the finish of an upload into runs.
			const opened = await call(sim, 'POST', `/data-links/${INBOX}/upload/runs/240601_seg?${ws}`, {
				body: { fileName: 'a.csv', contentType: 'text/csv', contentLength: 0 },
			});
			expect(opened.status).toBe(200);
			const finished = await call(sim, 'POST', `/data-links/${INBOX}/upload/finish/runs/240601_seg?${ws}`, {
				body: { uploadId: 'none', fileName: 'a.csv' },
			});
			expect((finished.json as { message: string }).message).toMatch(/^No upload 'none' of 'runs\/240601_seg\/a.csv'/);
		});

		it('behind a proxy that refuses %2F, answers a path holding it 404, and per-segment paths still work', async () => {
			sim.refuseEncodedSlashes = true;
			try {
				const encoded = await get(sim, `/data-links/${INBOX}/browse/${encodeURIComponent(RUN_A)}?${ws}`);
				expect(encoded.status).toBe(404);
				expect(encoded.headers['content-type']).toMatch(/^text\/html/);
				expect((await get(sim, `/data-links/${INBOX}/browse/${RUN_A}?${ws}`)).status).toBe(200);
			} finally {
				sim.refuseEncodedSlashes = false;
			}
		});

		it("answers the list 202 Accepted with no data links while the workspace's are still being fetched, then 200", async () => {
			fetchDataLinksSlowly(sim.data, GENOMICS, { lists: 2 });
			const statuses: number[] = [];
			for (let list = 0; list < 3; list++) {
				const reply = await get(sim, `/data-links?${ws}`);
				statuses.push(reply.status);
				if (reply.status === 202) expect(reply.json).toEqual({ dataLinks: [], totalSize: 0 });
			}
			expect(statuses).toEqual([202, 202, 200]);
			// Another workspace is not affected.
			fetchDataLinksSlowly(sim.data, GENOMICS, { ms: 60_000 });
			expect((await get(sim, `/data-links?workspaceId=${WORKSPACE_IDS.rnd}`)).status).toBe(200);
			expect((await get(sim, `/data-links?${ws}`)).status).toBe(202);
			fetchDataLinksSlowly(sim.data, GENOMICS, { lists: 0 });
			expect((await get(sim, `/data-links?${ws}`)).status).toBe(200);
		});
	});

	describe('Studios', () => {
		it('starts a Studio as it is without a configuration; with one, that is its configuration, mounts dropped when it has none', async () => {
			const mounts = [INBOX, DATA_LINK_IDS.genomicsResults];
			const added: string[] = [];
			const stopped = () => {
				const studio = sim.data.addStudio({
					workspaceId: GENOMICS,
					name: `start-${added.length}`,
					cpu: 4,
					memoryMb: 16_384,
					mountedDataLinkIds: mounts,
				});
				added.push(studio.sessionId);
				return studio;
			};
			const asIs = stopped();
			expect((await call(sim, 'PUT', `/studios/${asIs.sessionId}/start?${ws}`, { body: {} })).status).toBe(200);
			expect(asIs).toMatchObject({ cpu: 4, memoryMb: 16_384, mountedDataLinkIds: mounts });

			const partial = stopped();
			await call(sim, 'PUT', `/studios/${partial.sessionId}/start?${ws}`, { body: { configuration: { cpu: 8 } } });
			expect(partial).toMatchObject({ cpu: 8, memoryMb: 8192, mountedDataLinkIds: [] });

			const whole = stopped();
			const configuration = { cpu: 8, memory: 16_384, mountDataV2: mounts.map((dataLinkId) => ({ dataLinkId, path: null })) };
			await call(sim, 'PUT', `/studios/${whole.sessionId}/start?${ws}`, { body: { configuration } });
			expect(whole).toMatchObject({ cpu: 8, memoryMb: 16_384, mountedDataLinkIds: mounts });

			const foreign = await call(sim, 'PUT', `/studios/${stopped().sessionId}/start?${ws}`, {
				body: { configuration: { mountData: [DATA_LINK_IDS.rndScratch] } },
			});
			expect(foreign.status).toBe(400);
			for (const sessionId of added) sim.data.removeStudio(sessionId);
		});

		it('lists the Studios of a workspace, newest first, with their status', async () => {
			const reply = (await get(sim, `/studios?${ws}`)).json as { studios: StudioReply[]; totalSize: number };
			expect(reply.totalSize).toBe(4);
			expect(Object.fromEntries(reply.studios.map((studio) => [studio.name, studio.statusInfo.status]))).toEqual({
				'rnaseq-exploration': 'running',
				'variant-review': 'stopped',
				'qc-dashboard': 'errored',
				'imaging-viewer': 'starting',
			});
			expect(reply.studios.find((studio) => studio.sessionId === STUDIO_IDS.genomicsErrored)!.statusInfo.message).toMatch(
				/out of memory/,
			);
			const errored = (await get(sim, `/studios?${ws}&search=status:errored`)).json as { studios: StudioReply[] };
			expect(errored.studios.map((studio) => studio.sessionId)).toEqual([STUDIO_IDS.genomicsErrored]);
			expect((await get(sim, `/studios?${ws}&search=status:sleeping`)).status).toBe(400);
		});

		it('pages with max and offset; totalSize counts them all', async () => {
			const added = [1, 2, 3].map((index) =>
				sim.data.addStudio({ workspaceId: GENOMICS, name: `paged-${index}`, dateCreated: new Date(Date.now() + index) }),
			);
			const first = (await get(sim, `/studios?${ws}&max=2&offset=0`)).json as { studios: StudioReply[]; totalSize: number };
			expect(first.studios.map((studio) => studio.name)).toEqual(['paged-3', 'paged-2']);
			expect(first.totalSize).toBe(7);
			for (const studio of added) sim.data.removeStudio(studio.sessionId);
			expect(((await get(sim, `/studios?${ws}`)).json as { totalSize: number }).totalSize).toBe(4);
		});

		it('moves a Studio through states; starting it again moves only statusInfo.lastUpdate, with no lastStarted, as the platform answers', async () => {
			const before = (await get(sim, `/studios/${STUDIO_IDS.genomicsRStudio}?${ws}`)).json as StudioReply;
			expect(before.statusInfo).toMatchObject({ status: 'stopped', stopReason: 'LIFESPAN_EXPIRED' });
			sim.data.setStudioStatus(STUDIO_IDS.genomicsRStudio, 'starting');
			sim.data.setStudioStatus(STUDIO_IDS.genomicsRStudio, 'running');
			const after = (await get(sim, `/studios/${STUDIO_IDS.genomicsRStudio}?${ws}`)).json as StudioReply;
			expect(after.statusInfo.status).toBe('running');
			expect(after.statusInfo.stopReason).toBeUndefined();
			expect(Date.parse(after.statusInfo.lastUpdate)).toBeGreaterThan(Date.parse(before.statusInfo.lastUpdate));
			expect(after).not.toHaveProperty('lastStarted');
			sim.data.setStudioStatus(STUDIO_IDS.genomicsRStudio, 'stopped', { stopReason: 'LIFESPAN_EXPIRED' });
		});

		it('answers 403 for a Studio that is unknown, deleted, or of another workspace', async () => {
			expect((await get(sim, `/studios/ffffffff?${ws}`)).status).toBe(403);
			expect((await get(sim, `/studios/${STUDIO_IDS.rndNotebook}?${ws}`)).status).toBe(403);
			const doomed = sim.data.addStudio({ workspaceId: GENOMICS, name: 'doomed' });
			expect((await get(sim, `/studios/${doomed.sessionId}?${ws}`)).status).toBe(200);
			sim.data.removeStudio(doomed.sessionId);
			expect((await get(sim, `/studios/${doomed.sessionId}?${ws}`)).status).toBe(403);
		});
	});

	withContract('sends data link and Studio answers that match the contract, and takes only what it allows', async () => {
		const paths = [
			`/data-links?${ws}&search=inbox&max=10&offset=0&visibility=all`,
			`/data-links/${INBOX}?${ws}`,
			browsePath(INBOX, ''),
			browsePath(INBOX, RUN_A, '&pageSize=1&search=S&credentialsId=5cY2ZPQ3zNCred'),
			`/studios?${ws}&attributes=labels&max=2`,
			`/studios/${STUDIO_IDS.genomicsNotebook}?${ws}`,
		];
		const problems: string[] = [];
		for (const path of paths) {
			const reply = await get(sim, path);
			if (reply.status !== 200) problems.push(`${path}: HTTP ${reply.status}`);
			problems.push(
				...contract!.checkResponse('GET', path.split('?')[0], reply.status, reply.json).map((problem) => `${path}: ${problem}`),
			);
		}
		expect(problems).toEqual([]);

		const before = sim.contractViolations.length;
		expect((await get(sim, browsePath(INBOX, RUN_A, '&max=5'))).status).toBe(400);
		expect(sim.contractViolations.slice(before)).toEqual([
			expect.objectContaining({ operationId: 'ExploreDataLinkWithPath', problems: ["unknown query parameter 'max'"] }),
		]);
		sim.contractViolations.splice(before);
	});
});
