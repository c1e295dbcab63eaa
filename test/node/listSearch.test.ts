import { ACTION_IDS, DATASET_IDS, LABEL_IDS } from '../../dev/simulator/seed';
import { GENOMICS, RND, SEQERA_NODE, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

describe('lists in the editor', () => {
	it('lists workspaces as "Organization / Workspace", searchable', async () => {
		const all = await platform.harness.listSearch(SEQERA_NODE, 'searchWorkspaces', platform.credentials());
		expect(all.results).toEqual([
			{ name: 'acme-bio / genomics', value: String(GENOMICS) },
			{ name: 'acme-bio / rnd', value: String(RND) },
			{ name: 'community / showcase', value: '119671096768016' },
		]);
		const filtered = await platform.harness.listSearch(SEQERA_NODE, 'searchWorkspaces', platform.credentials(), 'SHOW');
		expect(filtered.results.map((item) => item.name)).toEqual(['community / showcase']);
	});

	it('lists runs of the chosen workspace, page by page', async () => {
		const parameters = workspaceParameter(GENOMICS);
		const first = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchRuns',
			platform.credentials(),
			undefined,
			undefined,
			parameters,
		);
		const runs = platform.sim.data.runsIn(GENOMICS);
		expect(first.results).toHaveLength(50);
		expect(first.results[0]).toEqual({
			name: `${runs[0].runName} · ${runs[0].status} · ${runs[0].projectName}`,
			value: runs[0].id,
		});
		expect(first.paginationToken).toBe('50');
		const second = await platform.harness.listSearch(SEQERA_NODE, 'searchRuns', platform.credentials(), undefined, '50', parameters);
		expect(second.results.map((item) => item.value)).toEqual(runs.slice(50, 100).map((run) => run.id));
		expect(second.paginationToken).toBeUndefined();
	});

	it("lists Launchpad pipelines of the credential's default workspace", async () => {
		const result = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchPipelines',
			platform.credentials({ workspaceId: String(RND) }),
			'atac',
		);
		expect(result.results).toEqual([
			{
				name: 'atacseq',
				value: '10652283014906',
				description: platform.sim.data.pipelinesIn(RND).find((p) => p.name === 'atacseq')!.repository,
			},
		]);
	});

	it('lists only available compute environments, marking the primary one', async () => {
		const result = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchComputeEnvs',
			platform.credentials(),
			undefined,
			undefined,
			workspaceParameter(RND),
		);
		const available = platform.sim.data.computeEnvsIn(RND).filter((computeEnv) => computeEnv.status === 'AVAILABLE');
		expect(result.results.map((item) => item.value)).toEqual(available.map((computeEnv) => computeEnv.id));
		expect(result.results.find((item) => item.name.endsWith('· primary'))?.value).toBe(platform.sim.data.primaryComputeEnv(RND)!.id);
	});

	it('lists the simple labels of the workspace by name, with their IDs as values', async () => {
		const parameters = workspaceParameter(GENOMICS);
		const all = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchLabels',
			platform.credentials(),
			undefined,
			undefined,
			parameters,
		);
		expect(all.results).toEqual([
			{ name: 'production', value: String(LABEL_IDS.production) },
			{ name: 'rnaseq', value: String(LABEL_IDS.rnaseq) },
			{ name: 'validation', value: String(LABEL_IDS.validation) },
		]);
		const filtered = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchLabels',
			platform.credentials(),
			'valid',
			undefined,
			parameters,
		);
		expect(filtered.results.map((item) => item.name)).toEqual(['validation']);
		expect(platform.sim.log.at(-1)!.query).toMatchObject({ search: 'valid', type: 'simple' });
	});

	it('lists datasets by name, searchable', async () => {
		const parameters = workspaceParameter(GENOMICS);
		const all = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchDatasets',
			platform.credentials(),
			undefined,
			undefined,
			parameters,
		);
		expect(all.results.map((item) => [item.name, item.value])).toEqual([
			['rnaseq-samplesheet', DATASET_IDS.genomicsSamplesheet],
			['sarek-samples', DATASET_IDS.genomicsSarekSamples],
		]);
		const filtered = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchDatasets',
			platform.credentials(),
			'sarek',
			undefined,
			parameters,
		);
		expect(filtered.results.map((item) => item.name)).toEqual(['sarek-samples']);
	});

	it('lists only the actions API calls can trigger, with their status', async () => {
		const parameters = workspaceParameter(GENOMICS);
		const all = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchActions',
			platform.credentials(),
			undefined,
			undefined,
			parameters,
		);
		expect(all.results).toEqual([
			{ name: 'nightly-rnaseq · ACTIVE', value: ACTION_IDS.genomicsNightly, description: 'https://github.com/nf-core/rnaseq' },
			{ name: 'hello-paused · PAUSED', value: ACTION_IDS.genomicsPausedHello, description: 'https://github.com/nextflow-io/hello' },
		]);
		const filtered = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchActions',
			platform.credentials(),
			'NIGHTLY',
			undefined,
			parameters,
		);
		expect(filtered.results.map((item) => item.value)).toEqual([ACTION_IDS.genomicsNightly]);
	});
});
