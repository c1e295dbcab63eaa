import type { INodeParameters } from 'n8n-workflow';

import { GENOMICS, SEQERA_NODE, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 60_000 });

const RNASEQ = 'https://github.com/nf-core/rnaseq';

const launchFromRepository = (pipeline: string): INodeParameters => ({
	resource: 'workflow',
	operation: 'launch',
	source: 'repository',
	pipeline,
	...workspaceParameter(GENOMICS),
});

const lastLaunchBody = () => (platform.sim.data.launches.at(-1)!.request as { launch: Record<string, unknown> }).launch;
// Version 1.2 launches a repository on the workspace's primary compute environment, in its work directory, as tower-cli does.
const onPrimary = () => {
	const primary = platform.sim.data.primaryComputeEnv(GENOMICS)!;
	return { computeEnvId: primary.id, workDir: primary.workDir };
};

describe('Workflow → Launch from a repository: Revision and Config Profiles lists', () => {
	it("lists the repository's branches and tags as the platform reads them, searchable", async () => {
		const all = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchRevisions',
			platform.credentials(),
			undefined,
			undefined,
			launchFromRepository(RNASEQ),
		);
		expect(all.results).toEqual(
			['master', 'dev', '3.14.0', '3.13.2', '3.12.0'].map((revision) => ({ name: revision, value: revision })),
		);
		const tags = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchRevisions',
			platform.credentials(),
			'3.1',
			undefined,
			launchFromRepository(RNASEQ),
		);
		expect(tags.results.map((item) => item.value)).toEqual(['3.14.0', '3.13.2', '3.12.0']);

		const asked = platform.sim.log.filter((entry) => entry.path === '/pipelines/info').at(-1)!;
		expect(asked.query).toEqual({ name: RNASEQ, workspaceId: String(GENOMICS) });
	});

	it("lists the repository's config profiles", async () => {
		const options = await platform.harness.loadOptions(
			SEQERA_NODE,
			'getConfigProfiles',
			platform.credentials(),
			launchFromRepository('nf-core/sarek'),
		);
		expect(options).toEqual(
			expect.arrayContaining([
				{ name: 'docker', value: 'docker' },
				{ name: 'test', value: 'test' },
			]),
		);
		const none = await platform.harness.loadOptions(
			SEQERA_NODE,
			'getConfigProfiles',
			platform.credentials(),
			launchFromRepository('nextflow-io/hello'),
		);
		expect(none).toEqual([]);
	});

	it('asks for the repository before listing anything, and passes on what the platform says of an unknown one', async () => {
		await expect(
			platform.harness.listSearch(
				SEQERA_NODE,
				'searchRevisions',
				platform.credentials(),
				undefined,
				undefined,
				launchFromRepository('  '),
			),
		).rejects.toThrow('Enter the Pipeline Repository first');
		await expect(
			platform.harness.loadOptions(SEQERA_NODE, 'getConfigProfiles', platform.credentials(), launchFromRepository('acme/unknown')),
		).rejects.toThrow(/Unknown pipeline repository/);
	});

	it('launches with a revision and profiles picked from the lists', async () => {
		const result = await platform.run({
			...launchFromRepository(RNASEQ),
			launchSettings: { revision: { __rl: true, mode: 'list', value: '3.13.2' }, configProfiles: ['docker', 'test'] },
		});
		expect(result.error).toBeUndefined();
		expect(lastLaunchBody()).toEqual({ pipeline: RNASEQ, revision: '3.13.2', configProfiles: ['docker', 'test'], ...onPrimary() });
	});

	it('still takes a typed revision, and profiles given by an expression as comma-separated text', async () => {
		const result = await platform.run({
			...launchFromRepository(RNASEQ),
			launchSettings: {
				revision: { __rl: true, mode: 'name', value: 'feature/new-aligner' },
				configProfiles: '={{ "docker, test_full" }}',
			},
		});
		expect(result.error).toBeUndefined();
		expect(lastLaunchBody()).toEqual({
			pipeline: RNASEQ,
			revision: 'feature/new-aligner',
			configProfiles: ['docker', 'test_full'],
			...onPrimary(),
		});
	});

	it('leaves the revision out when none is picked', async () => {
		await platform.run({
			...launchFromRepository(RNASEQ),
			launchSettings: { revision: { __rl: true, mode: 'list', value: '' }, configProfiles: [] },
		});
		expect(lastLaunchBody()).toEqual({ pipeline: RNASEQ, ...onPrimary() });
	});
});

describe('Workflow → Launch from a repository saved at typeVersion 1, before or after Revision and Config Profiles became lists', () => {
	// Saved before the lists, both were text fields: a revision as text, profiles as comma-separated text.
	it('sends the typed revision and the comma-separated profiles as that release did', async () => {
		const result = await platform.run(
			{
				...launchFromRepository(RNASEQ),
				launchSettings: { revision: '3.13.2', configProfiles: 'docker, test', runName: 'saved-before-lists' },
			},
			{ typeVersion: 1 },
		);
		expect(result.error).toBeUndefined();
		expect(lastLaunchBody()).toEqual({
			pipeline: RNASEQ,
			revision: '3.13.2',
			configProfiles: ['docker', 'test'],
			runName: 'saved-before-lists',
		});
		expect(platform.json(result)[0]).toMatchObject({ pipeline: RNASEQ, runName: 'saved-before-lists' });
	});

	it('resolves a revision and profiles saved as expressions in the text fields', async () => {
		const result = await platform.run(
			{
				...launchFromRepository(RNASEQ),
				launchSettings: { revision: '={{ $json.branch }}', configProfiles: '={{ $json.profiles }}' },
			},
			{ typeVersion: 1, items: [{ branch: 'dev', profiles: 'test_full,docker' }] },
		);
		expect(result.error).toBeUndefined();
		expect(lastLaunchBody()).toEqual({ pipeline: RNASEQ, revision: 'dev', configProfiles: ['test_full', 'docker'] });
	});

	it('sends a revision and profiles picked from the lists with the last release, also at typeVersion 1', async () => {
		const result = await platform.run(
			{
				...launchFromRepository(RNASEQ),
				launchSettings: {
					revision: { __rl: true, mode: 'list', value: '3.13.2', cachedResultName: '3.13.2' },
					configProfiles: ['docker', 'test'],
				},
			},
			{ typeVersion: 1 },
		);
		expect(result.error).toBeUndefined();
		expect(lastLaunchBody()).toEqual({ pipeline: RNASEQ, revision: '3.13.2', configProfiles: ['docker', 'test'] });
	});

	it('leaves out a revision and profiles saved empty', async () => {
		const result = await platform.run(
			{ ...launchFromRepository(RNASEQ), launchSettings: { revision: '', configProfiles: '' } },
			{ typeVersion: 1 },
		);
		expect(result.error).toBeUndefined();
		expect(lastLaunchBody()).toEqual({ pipeline: RNASEQ });
	});
});
