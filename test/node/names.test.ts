import type { NodeParameterValueType } from 'n8n-workflow';

import { pipelineSecretsOf } from '../../dev/simulator/secretRoutes';
import { COMPUTE_ENV_IDS, DATA_LINK_IDS, PIPELINE_IDS, STUDIO_IDS } from '../../dev/simulator/seed';
import { GENOMICS, RND, usePlatform } from './platform';

const platform = usePlatform();

const WORKSPACE_NAMES = 'acme-bio/genomics, acme-bio/rnd, community/showcase';

function listRuns(workspace: NodeParameterValueType, typeVersion = 1.2, items = [{}]) {
	return platform.run({ resource: 'workflow', operation: 'getMany', returnAll: false, limit: 3, workspace }, { typeVersion, items });
}

function newestRunIds(workspaceId: number): string[] {
	return platform.sim.data
		.runsIn(workspaceId)
		.slice(0, 3)
		.map((run) => run.id);
}

describe('a workspace given by name', () => {
	it('lists the runs of the workspace an expression names as org/workspace (1.2), with one lookup for all items', async () => {
		// More items than the pool runs at once: those running together share the lookup, later ones find it kept.
		const names = Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? 'acme-bio/genomics' : 'acme-bio/rnd'));
		const before = platform.sim.log.length;
		const result = await listRuns(
			{ __rl: true, mode: 'id', value: '={{ $json.workspace }}' },
			1.2,
			names.map((workspace) => ({ workspace })),
		);

		expect(result.error).toBeUndefined();
		const expected = names.flatMap((name) => newestRunIds(name === 'acme-bio/rnd' ? RND : GENOMICS));
		expect(platform.json(result).map((run) => run.id)).toEqual(expected);
		const sent = platform.sim.log.slice(before);
		expect(sent.filter((entry) => entry.path === '/user-info')).toHaveLength(1);
		expect(sent.filter((entry) => entry.path.startsWith('/user/'))).toHaveLength(1);
		// Each item's runs came from its own workspace (the output above, item by item). The lists are not
		// counted: a read the transport sends again after a lost connection (on a busy machine, a kept
		// connection the simulator closes as a list goes out) can be logged twice; a run with two busy
		// processes per core logged 61 lists for the 60 items, whose output was right.
		expect(new Set(sent.filter((entry) => entry.path === '/workflow').map((entry) => entry.query.workspaceId))).toEqual(
			new Set([String(GENOMICS), String(RND)]),
		);
	});

	it('takes a whole field given as an expression, ={{ "acme-bio/genomics" }}', async () => {
		const result = await listRuns('={{ "acme-bio/genomics" }}');
		expect(platform.json(result).map((run) => run.id)).toEqual(newestRunIds(GENOMICS));
	});

	it('takes By Name, in every version, with spaces around the names', async () => {
		const result = await listRuns({ __rl: true, mode: 'name', value: ' community / showcase ' }, 1);
		expect(result.error).toBeUndefined();
		expect(platform.sim.log.at(-1)).toMatchObject({ path: '/workflow', query: { workspaceId: '119671096768016' } });
	});

	it('fails an unknown name, naming the field and the workspaces the user can use, and sends nothing else', async () => {
		const before = platform.sim.log.length;
		const result = await listRuns({ __rl: true, mode: 'name', value: 'acme-bio/genomix' });
		expect(result.error?.message).toBe(`Workspace 'acme-bio/genomix' was not found. Workspaces you can use: ${WORKSPACE_NAMES}`);
		expect(platform.sim.log.slice(before).map((entry) => entry.path)).toEqual(['/user-info', '/user/4187/workspaces']);
	});

	it('matches names exactly, case included, as tower-cli does', async () => {
		const result = await listRuns({ __rl: true, mode: 'id', value: '={{ "ACME-bio/genomics" }}' });
		expect(result.error?.message).toBe(`Workspace 'ACME-bio/genomics' was not found. Workspaces you can use: ${WORKSPACE_NAMES}`);
	});

	it('fails a name that is not organization/workspace, saying how to write it', async () => {
		const result = await listRuns({ __rl: true, mode: 'name', value: 'acme-bio/genomics/extra' });
		expect(result.error?.message).toBe("Workspace 'acme-bio/genomics/extra' is not an organization and workspace name");
	});

	it('version 1.1 keeps failing a name given in ID mode, before any call, as it did', async () => {
		const before = platform.sim.log.length;
		const result = await listRuns({ __rl: true, mode: 'id', value: '={{ "acme-bio/genomics" }}' }, 1.1);
		expect(result.error?.message).toBe('Workspace "acme-bio/genomics" is not a number');
		expect(platform.sim.log.length).toBe(before);
	});

	it('lists in the editor for a workspace By Name', async () => {
		const found = await platform.harness.listSearch(
			'n8n-nodes-seqera.seqera',
			'searchPipelines',
			platform.credentials(),
			undefined,
			undefined,
			{
				workspace: { __rl: true, mode: 'name', value: 'acme-bio/rnd' },
			},
		);
		expect(found.results.length).toBeGreaterThan(0);
		expect(platform.sim.log.at(-1)).toMatchObject({ path: '/pipelines', query: { workspaceId: String(RND) } });
	});
});

describe('By Name for the resources of a workspace', () => {
	const inGenomics = { workspace: { __rl: true, mode: 'name', value: 'acme-bio/genomics' } };
	const byName = (name: string) => ({ __rl: true, mode: 'name', value: name });

	it('gets a Launchpad pipeline by its exact name, looked up as tower-cli does (a quoted search, shared pipelines included)', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({ resource: 'pipeline', operation: 'get', pipelineId: byName('rnaseq'), ...inGenomics });
		expect(platform.json(result)).toMatchObject([{ pipelineId: PIPELINE_IDS.genomicsRnaseq, name: 'rnaseq' }]);
		const lookup = platform.sim.log.slice(before).find((entry) => entry.path === '/pipelines');
		expect(lookup?.query).toMatchObject({ workspaceId: String(GENOMICS), search: '"rnaseq"', visibility: 'all' });
	});

	it('fails a pipeline name that is not there, naming the field and the pipelines there are', async () => {
		const result = await platform.run({ resource: 'pipeline', operation: 'get', pipelineId: byName('RNAseq'), ...inGenomics });
		expect(result.error?.message).toMatch(
			/^Launchpad Pipeline 'RNAseq' was not found\. Pipelines you can use: fastq-qc, hello, rnaseq, sarek/,
		);
	});

	it('gets a compute environment, a Studio and a data link by name', async () => {
		const computeEnv = await platform.run({
			resource: 'computeEnv',
			operation: 'get',
			computeEnvId: byName('aws-batch-spot-genomics'),
			...inGenomics,
		});
		expect(platform.json(computeEnv)).toMatchObject([{ id: COMPUTE_ENV_IDS.genomicsSpot }]);
		const studio = await platform.run({ resource: 'studio', operation: 'get', sessionId: byName('variant-review'), ...inGenomics });
		expect(platform.json(studio)).toMatchObject([{ sessionId: STUDIO_IDS.genomicsRStudio, name: 'variant-review' }]);
		const files = await platform.run({
			resource: 'dataLink',
			operation: 'browse',
			returnAll: true,
			path: '',
			dataLinkId: byName('sequencing-inbox'),
			...inGenomics,
		});
		expect(platform.json(files).map((entry) => entry.dataLinkId)).toContain(DATA_LINK_IDS.genomicsInbox);
		// "sequencing-inbox" is also part of "old-sequencing-inbox": only the exact name is taken.
		expect(new Set(platform.json(files).map((entry) => entry.dataLinkId))).toEqual(new Set([DATA_LINK_IDS.genomicsInbox]));
	});

	it('updates a secret by name', async () => {
		await platform.run({ resource: 'secret', operation: 'create', name: 'NAMED_SECRET', value: 'first', ...inGenomics });
		const result = await platform.run({
			resource: 'secret',
			operation: 'update',
			secretId: byName('NAMED_SECRET'),
			value: 'second',
			...inGenomics,
		});
		expect(result.error).toBeUndefined();
		const created = pipelineSecretsOf(platform.sim.data).find((secret) => secret.name === 'NAMED_SECRET');
		expect(platform.json(result)).toEqual([{ id: created?.id, updated: true }]);
		expect(created?.value).toBe('second');
	});

	it('version 1.3 launches on the AVAILABLE compute environment of a name an errored one shares, as tower-cli looks it up; 1.2 finds both', async () => {
		const spot = platform.sim.data.computeEnvs.find((ce) => ce.id === COMPUTE_ENV_IDS.genomicsSpot)!;
		platform.sim.data.computeEnvs.push({
			...spot,
			id: '6fErr0rEdSp0tC0mputeEnv',
			status: 'ERRORED',
			primary: false,
			config: { ...spot.config },
		});
		try {
			const launch = (typeVersion: number) =>
				platform.run(
					{
						resource: 'pipeline',
						operation: 'launch',
						pipelineId: { __rl: true, mode: 'id', value: String(PIPELINE_IDS.genomicsHello) },
						computeEnvId: byName('aws-batch-spot-genomics'),
						launchSettings: { paramsText: 'greeting: Bonjour\ntimes: 3\n' },
						...inGenomics,
					},
					{ typeVersion },
				);
			let before = platform.sim.log.length;
			const launched = await launch(1.3);
			expect(launched.error).toBeUndefined();
			const sent = platform.sim.log.slice(before);
			expect(sent.find((entry) => entry.path === '/compute-envs')?.query).toMatchObject({
				workspaceId: String(GENOMICS),
				status: 'AVAILABLE',
			});
			const launchBody = sent.find((entry) => entry.path === '/workflow/launch')?.body as { launch: { computeEnvId: string } };
			expect(launchBody.launch.computeEnvId).toBe(COMPUTE_ENV_IDS.genomicsSpot);

			before = platform.sim.log.length;
			const earlier = await launch(1.2);
			expect(earlier.error?.message).toBe(
				`Compute Environment 'aws-batch-spot-genomics' names 2 compute environments: IDs ${COMPUTE_ENV_IDS.genomicsSpot}, 6fErr0rEdSp0tC0mputeEnv`,
			);
			expect(platform.sim.log.slice(before).filter((entry) => entry.path === '/workflow/launch')).toEqual([]);

			// The compute environment an operation acts on is found in any status: Get names both.
			const get = await platform.run({
				resource: 'computeEnv',
				operation: 'get',
				computeEnvId: byName('aws-batch-spot-genomics'),
				...inGenomics,
			});
			expect(get.error?.message).toMatch(/names 2 compute environments/);
		} finally {
			platform.sim.data.computeEnvs.pop();
		}
	});

	it("versions 1 and 1.1 find a pipeline by name among the workspace's own, as their list does; 1.2 and later, shared ones too", async () => {
		const find = async (typeVersion: number) => {
			const before = platform.sim.log.length;
			const result = await platform.run(
				{ resource: 'pipeline', operation: 'get', pipelineId: byName('viralrecon-shared'), ...inGenomics },
				{ typeVersion },
			);
			return { result, query: platform.sim.log.slice(before).find((entry) => entry.path === '/pipelines')?.query };
		};
		for (const typeVersion of [1, 1.1]) {
			const { result, query } = await find(typeVersion);
			expect(query?.visibility).toBeUndefined();
			expect(result.error?.message).toMatch(/^Launchpad Pipeline 'viralrecon-shared' was not found\./);
		}
		const { result, query } = await find(1.2);
		expect(query?.visibility).toBe('all');
		expect(platform.json(result)).toMatchObject([{ pipelineId: PIPELINE_IDS.rndViralreconShared }]);
	});

	it('fails a name two Studios have, naming both IDs, and sends nothing to either', async () => {
		const original = platform.sim.data.studios.find((studio) => studio.sessionId === STUDIO_IDS.genomicsNotebook);
		platform.sim.data.studios.push({ ...original!, sessionId: 'aa11bb22', mountedDataLinkIds: [] });
		try {
			const before = platform.sim.log.length;
			const result = await platform.run({
				resource: 'studio',
				operation: 'stop',
				sessionId: byName('rnaseq-exploration'),
				...inGenomics,
			});
			expect(result.error?.message).toBe(`Studio 'rnaseq-exploration' names 2 Studios: IDs ${STUDIO_IDS.genomicsNotebook}, aa11bb22`);
			expect(platform.sim.log.slice(before).filter((entry) => entry.path.startsWith('/studios/'))).toEqual([]);
		} finally {
			platform.sim.data.studios.pop();
		}
	});
});
