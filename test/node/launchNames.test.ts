import type { INodeParameters } from 'n8n-workflow';

import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { LABEL_IDS, PIPELINE_IDS } from '../../dev/simulator/seed';
import { GENOMICS, SEQERA_NODE, runParameter, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const asLaunchRole = { credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } };
const HELLO_PARAMETERS = 'greeting: Bonjour\ntimes: 3\n';

const launchHello = (launchSettings: INodeParameters = {}, more: INodeParameters = {}): INodeParameters => ({
	resource: 'pipeline',
	operation: 'launch',
	pipelineId: { __rl: true, mode: 'id', value: String(PIPELINE_IDS.genomicsHello) },
	launchSettings: { paramsText: HELLO_PARAMETERS, ...launchSettings },
	...workspaceParameter(GENOMICS),
	...more,
});

const sentSince = (before: number) => platform.sim.log.slice(before);
const launchesSince = (before: number) => sentSince(before).filter((entry) => entry.method === 'POST' && entry.path === '/workflow/launch');
const launchedBody = (entry: { body?: unknown }) => (entry.body as { launch: Record<string, unknown> }).launch;
const labelNamed = (name: string) => platform.sim.data.labelsIn(GENOMICS).find((label) => label.name === name && !label.resource);

describe('Labels by name on a launch (1.2), as tower-cli launch --labels', () => {
	it('puts the named labels on the run, each name looked up once for all items', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(launchHello({ labels: 'production, rnaseq' }), { items: [{}, {}, {}] });
		expect(result.error).toBeUndefined();

		const launches = launchesSince(before);
		expect(launches.map((entry) => launchedBody(entry).labelIds)).toEqual(Array(3).fill([LABEL_IDS.production, LABEL_IDS.rnaseq]));
		const [first] = platform.json(result);
		expect(
			platform.sim.data
				.labelsOf(platform.sim.data.findRun(String(first.workflowId))!)
				.map((label) => label.name)
				.sort(),
		).toEqual(['production', 'rnaseq']);
		const lookups = sentSince(before).filter((entry) => entry.method === 'GET' && entry.path === '/labels');
		expect(lookups.map((entry) => entry.query.search).sort()).toEqual(['production', 'rnaseq']);
	});

	it('creates a label the workspace lacks once, from a list an expression gives, and launches with it beside the Label IDs', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(
			launchHello(
				{ labels: '={{ ["validation", "nightly-" + "qc"] }}', labelIds: String(LABEL_IDS.production) },
				{ resource: 'workflow', source: 'launchpad' },
			),
			{ items: [{}, {}] },
		);
		expect(result.error).toBeUndefined();

		const created = labelNamed('nightly-qc');
		expect(created).toBeDefined();
		const creations = sentSince(before).filter((entry) => entry.method === 'POST' && entry.path === '/labels');
		expect(creations.map((entry) => entry.body)).toEqual([{ name: 'nightly-qc', resource: false }]);
		expect(launchesSince(before).map((entry) => launchedBody(entry).labelIds)).toEqual(
			Array(2).fill([LABEL_IDS.production, LABEL_IDS.validation, created!.id]),
		);
	});

	it("relaunches with the named labels in place of the original run's", async () => {
		const [launched] = platform.json(await platform.run(launchHello({ labels: 'rnaseq' })));
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'workflow',
			operation: 'relaunch',
			...runParameter(String(launched.workflowId)),
			resume: false,
			launchSettings: { labels: 'validation' },
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		expect(launchedBody(launchesSince(before)[0]).labelIds).toEqual([LABEL_IDS.validation]);
	});

	it('puts resource labels given as key=value on the run, found among resource labels and created with their value, as tower-cli does', async () => {
		const before = platform.sim.log.length;
		const [first] = platform.json(await platform.run(launchHello({ labels: 'production, team=genomics, cost-center=rnd' })));
		const lookups = sentSince(before).filter((entry) => entry.method === 'GET' && entry.path === '/labels');
		expect(lookups.map((entry) => entry.query)).toEqual([
			expect.objectContaining({ search: 'production', type: 'simple' }),
			expect.objectContaining({ search: 'team', type: 'resource' }),
			expect.objectContaining({ search: 'cost-center', type: 'resource' }),
		]);
		const creations = sentSince(before).filter((entry) => entry.method === 'POST' && entry.path === '/labels');
		expect(creations.map((entry) => entry.body)).toEqual([{ name: 'cost-center', value: 'rnd', resource: true }]);
		const launched = launchedBody(launchesSince(before)[0]);
		expect(launched.labelIds).toEqual(expect.arrayContaining([LABEL_IDS.production, LABEL_IDS.teamGenomics]));
		const onRun = platform.sim.data.labelsOf(platform.sim.data.findRun(String(first.workflowId))!);
		expect(
			onRun
				.filter((label) => label.resource)
				.map((label) => `${label.name}=${label.value}`)
				.sort(),
		).toEqual(['cost-center=rnd', 'team=genomics']);

		// Another value of the same key is another label; the one made before is found, not made again.
		const again = platform.sim.log.length;
		await platform.run(launchHello({ labels: 'cost-center=rnd, cost-center=qc' }));
		expect(
			sentSince(again)
				.filter((entry) => entry.method === 'POST' && entry.path === '/labels')
				.map((entry) => entry.body),
		).toEqual([{ name: 'cost-center', value: 'qc', resource: true }]);
	});

	it.each([
		['a=b=c', 'has more than one "="'],
		['=genomics', 'has no name before "="'],
		['team=', 'has no value after "="'],
	])('fails a label written %s, naming it, and launches nothing', async (label, problem) => {
		const before = platform.sim.log.length;
		const result = await platform.run(launchHello({ labels: `production, ${label}` }));
		expect(result.error!.message).toBe(`Label "${label}" ${problem}`);
		expect(launchesSince(before)).toEqual([]);
		expect(sentSince(before).filter((entry) => entry.path === '/labels')).toEqual([]);
	});

	it('a Launch-role token launches a Launchpad pipeline with labels that exist, end to end', async () => {
		const result = await platform.run(launchHello({ labels: 'production, validation' }, { waitForCompletion: true }), asLaunchRole);
		expect(result.error).toBeUndefined();
		const [run] = platform.json(result);
		expect(run).toMatchObject({ pipelineId: PIPELINE_IDS.genomicsHello, status: 'SUCCEEDED' });
		expect(
			platform.sim.data
				.labelsOf(platform.sim.data.findRun(String(run.workflowId))!)
				.map((label) => label.name)
				.sort(),
		).toEqual(['production', 'validation']);
	});

	it('a Launch-role token naming a new label gets the role error, naming the label, the role and the workspace, and nothing is launched', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(launchHello({ labels: 'production, from-launch-role' }), asLaunchRole);
		expect(result.error?.message).toBe(
			'Label "from-launch-role" is not in the workspace and could not be created: Forbidden: your role in workspace \'acme-bio/genomics\' (Launch) does not allow creating labels',
		);
		expect(launchesSince(before)).toEqual([]);
		expect(labelNamed('from-launch-role')).toBeUndefined();
	});

	it('1.1 keeps Label IDs as they were, and sends no label lookup', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(launchHello({ labelIds: `${LABEL_IDS.rnaseq}, ${LABEL_IDS.validation}` }), { typeVersion: 1.1 });
		expect(result.error).toBeUndefined();
		expect(launchedBody(launchesSince(before)[0]).labelIds).toEqual([LABEL_IDS.rnaseq, LABEL_IDS.validation]);
		expect(sentSince(before).filter((entry) => entry.path === '/labels')).toEqual([]);
	});
});

describe('Pipeline versions (1.2), as tower-cli launch --version-name and --version-id', () => {
	const HELLO = PIPELINE_IDS.genomicsHello;
	const HELLO_2 = 'a48GJwfXIUUPIakcwFeue';
	const DRAFT = '7KtabH1PaW1IBPYUdzVcXh';
	const version = (value: string, mode = 'name'): INodeParameters => ({ pipelineVersion: { __rl: true, mode, value } });
	const helloPaths = (before: number) => sentSince(before).filter((entry) => entry.path.startsWith(`/pipelines/${HELLO}`));

	it('launches a version given by name: found among the published versions, then its saved launch and schema', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(launchHello({}, version('hello-2')));
		expect(result.error).toBeUndefined();

		const sent = helloPaths(before);
		expect(sent.find((entry) => entry.path.endsWith('/versions'))!.query).toMatchObject({ search: 'hello-2', isPublished: 'true' });
		expect(sent.find((entry) => entry.path.endsWith('/launch'))!.query.versionId).toBe(HELLO_2);
		expect(sent.find((entry) => entry.path.endsWith('/schema'))!.query.versionId).toBe(HELLO_2);
		expect(launchedBody(launchesSince(before)[0])).toMatchObject({ id: 'a48GJwfXIUVersionLaunch', revision: 'v1.1' });
	});

	it('launches a version given by ID as given, a draft too, from Workflow → Launch, with no lookup', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(launchHello({}, { resource: 'workflow', source: 'launchpad', ...version(DRAFT, 'id') }));
		expect(result.error).toBeUndefined();
		expect(helloPaths(before).map((entry) => entry.path)).not.toContain(`/pipelines/${HELLO}/versions`);
		expect(launchedBody(launchesSince(before)[0])).toMatchObject({ revision: 'mybranch' });
	});

	it('fails a name no published version has, naming the field and the versions there are, and launches nothing', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(launchHello({}, version('hello-3')));
		expect(result.error?.message).toBe("Version 'hello-3' was not found. Versions you can use: hello-1, hello-2");
		expect(launchesSince(before)).toEqual([]);
	});

	it('fails an ID the pipeline has no version of, listing its versions, and launches nothing', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(launchHello({}, version('NoSuchVersion42', 'id')));
		expect(result.error?.message).toBe(
			`Version 'NoSuchVersion42' is not a version of Launchpad pipeline ${HELLO}. Versions there are: hello-1 (default): 7TnlaOKANkiDIdDqOO2kCs, hello-2: ${HELLO_2}, draft: ${DRAFT}`,
		);
		expect(launchesSince(before)).toEqual([]);
	});

	it("lists the pipeline's versions in the editor, the default first", async () => {
		const search = await platform.harness.listSearch(
			SEQERA_NODE,
			'searchPipelineVersions',
			platform.credentials({ workspaceId: String(GENOMICS) }),
			undefined,
			undefined,
			{ resource: 'pipeline', operation: 'launch', pipelineId: { __rl: true, mode: 'name', value: 'hello' } },
		);
		expect(search.results.map((entry) => [entry.name, entry.value])).toEqual([
			['hello-1 (default)', '7TnlaOKANkiDIdDqOO2kCs'],
			['hello-2', HELLO_2],
			['draft', DRAFT],
		]);
	});

	it("reads the chosen version's schema for the editor's Pipeline Parameters form and dataset list, as the launch does; empty reads the default one", async () => {
		const editor = (more: INodeParameters = {}): INodeParameters => ({
			resource: 'pipeline',
			operation: 'launch',
			pipelineId: { __rl: true, mode: 'id', value: String(HELLO) },
			...workspaceParameter(GENOMICS),
			...more,
		});
		const schemaReads = (before: number) => helloPaths(before).filter((entry) => entry.path.endsWith('/schema'));

		let before = platform.sim.log.length;
		await platform.harness.resourceMapping(SEQERA_NODE, 'getPipelineParameters', platform.credentials(), editor(version('hello-2')));
		expect(helloPaths(before).find((entry) => entry.path.endsWith('/versions'))!.query).toMatchObject({
			search: 'hello-2',
			isPublished: 'true',
		});
		expect(schemaReads(before).map((entry) => entry.query.versionId)).toEqual([HELLO_2]);

		before = platform.sim.log.length;
		await platform.harness.loadOptions(SEQERA_NODE, 'getDatasetParameters', platform.credentials(), editor(version(DRAFT, 'id')));
		expect(helloPaths(before).map((entry) => entry.path)).not.toContain(`/pipelines/${HELLO}/versions`);
		expect(schemaReads(before).map((entry) => entry.query.versionId)).toEqual([DRAFT]);

		before = platform.sim.log.length;
		await platform.harness.resourceMapping(SEQERA_NODE, 'getPipelineParameters', platform.credentials(), editor());
		expect(schemaReads(before).map((entry) => entry.query.versionId)).toEqual([undefined]);
	});

	it('1.1 has no Version: the default version is launched, with no versionId', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run(launchHello({}, version('hello-2')), { typeVersion: 1.1 });
		expect(result.error).toBeUndefined();
		expect(helloPaths(before).every((entry) => entry.query.versionId === undefined && !entry.path.endsWith('/versions'))).toBe(true);
		expect(launchedBody(launchesSince(before)[0]).revision).toBe('master');
	});
});
