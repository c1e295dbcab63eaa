import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { LAUNCH_ROLE_TOKEN } from '../../dev/simulator/roles';
import { COMPUTE_ENV_IDS, PIPELINE_IDS } from '../../dev/simulator/seed';
import { GENOMICS, RND, runWithFile, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const byId = (value: string | number) => ({ __rl: true, mode: 'id', value: String(value) });
const sentSince = (before: number) =>
	platform.sim.log.slice(before).map((entry) => ({ method: entry.method, path: entry.path, query: entry.query }));
const lastBody = () => platform.sim.log.at(-1)!.body;

const exportPipeline = (pipelineId: number, workspace: number, extra: INodeParameters = {}) =>
	platform.run({ resource: 'pipeline', operation: 'export', pipelineId: byId(pipelineId), ...workspaceParameter(workspace), ...extra });

/** The export a pipeline of the simulator gives, built from what it holds, as tower-cli writes it. */
function expectedExport(pipelineId: number): IDataObject {
	const pipeline = platform.sim.data.pipelines.find((each) => each.id === pipelineId)!;
	const launch: IDataObject = {
		id: pipeline.launchId,
		computeEnvId: pipeline.computeEnvId,
		pipeline: pipeline.repository,
		workDir: pipeline.workDir,
		revision: pipeline.revision,
		configProfiles: pipeline.configProfiles,
		userSecrets: [],
		workspaceSecrets: [],
		configText: pipeline.configText,
		paramsText: pipeline.paramsText,
		preRunScript: pipeline.preRunScript,
		postRunScript: pipeline.postRunScript,
		mainScript: 'main.nf',
		resume: false,
		pullLatest: false,
		stubRun: false,
		// The platform writes times to the second.
		dateCreated: pipeline.dateCreated.toISOString().replace(/\.\d{3}Z$/, 'Z'),
		...pipeline.savedWith,
	};
	return {
		description: pipeline.description,
		// The platform shows a GitHub pipeline with its owner's avatar.
		icon: 'https://github.com/nf-core.png',
		launch: Object.fromEntries(Object.entries(launch).filter(([, value]) => value !== undefined && value !== null)),
	};
}

describe('Pipeline → Export', () => {
	it("outputs the pipeline's description and saved launch with the keys tower-cli's export file has", async () => {
		const before = platform.sim.log.length;
		const result = await exportPipeline(PIPELINE_IDS.genomicsRnaseq, GENOMICS);
		expect(result.error).toBeUndefined();
		const query = { workspaceId: String(GENOMICS) };
		expect(sentSince(before)).toEqual([
			{ method: 'GET', path: `/pipelines/${PIPELINE_IDS.genomicsRnaseq}`, query },
			{ method: 'GET', path: `/pipelines/${PIPELINE_IDS.genomicsRnaseq}/launch`, query },
		]);
		expect(platform.json(result)).toEqual([expectedExport(PIPELINE_IDS.genomicsRnaseq)]);
		expect(platform.json(result)[0].launch).toMatchObject({ computeEnvId: COMPUTE_ENV_IDS.genomicsBatch });
	});

	it('also puts it in a JSON file named after the pipeline when asked', async () => {
		const result = await exportPipeline(PIPELINE_IDS.genomicsRnaseq, GENOMICS, { asFile: true, binaryPropertyName: 'export' });
		expect(result.error).toBeUndefined();
		const [item] = result.outputs[0];
		const pipeline = platform.sim.data.pipelines.find((each) => each.id === PIPELINE_IDS.genomicsRnaseq)!;
		expect(item.binary!.export).toMatchObject({ fileName: `${pipeline.name}.json`, mimeType: 'application/json' });
		const text = Buffer.from(item.binary!.export.data, 'base64').toString('utf8');
		expect(JSON.parse(text)).toEqual(item.json);
	});

	it("exports a version's own launch with its name, as tw's export --version-name does; Import makes that version", async () => {
		const before = platform.sim.log.length;
		const result = await exportPipeline(PIPELINE_IDS.genomicsHello, GENOMICS, {
			pipelineVersion: { __rl: true, mode: 'name', value: 'hello-2' },
		});
		expect(result.error).toBeUndefined();
		const query = { workspaceId: String(GENOMICS) };
		const versionsPath = `/pipelines/${PIPELINE_IDS.genomicsHello}/versions`;
		expect(sentSince(before)).toEqual([
			{ method: 'GET', path: `/pipelines/${PIPELINE_IDS.genomicsHello}`, query },
			{ method: 'GET', path: versionsPath, query: { ...query, max: '100', search: 'hello-2', isPublished: 'true' } },
			{ method: 'GET', path: versionsPath, query: { ...query, max: '100' } },
			{
				method: 'GET',
				path: `/pipelines/${PIPELINE_IDS.genomicsHello}/launch`,
				query: { ...query, versionId: 'a48GJwfXIUUPIakcwFeue' },
			},
		]);
		const [exported] = platform.json(result);
		expect(exported).toMatchObject({ version: { name: 'hello-2' }, launch: { revision: 'v1.1' } });

		const imported = await platform.run({
			resource: 'pipeline',
			operation: 'import',
			name: 'hello-from-version',
			exportSource: 'json',
			exportJson: JSON.stringify(exported),
			...workspaceParameter(GENOMICS),
		});
		expect(imported.error).toBeUndefined();
		expect(lastBody()).toMatchObject({ name: 'hello-from-version', version: { name: 'hello-2' }, launch: { revision: 'v1.1' } });
		await platform.run({
			resource: 'pipeline',
			operation: 'delete',
			pipelineId: byId(String(platform.json(imported)[0].pipelineId)),
			...workspaceParameter(GENOMICS),
		});
	});

	it('fails naming the versions the pipeline has when the Version is not one of them', async () => {
		const result = await exportPipeline(PIPELINE_IDS.genomicsHello, GENOMICS, { pipelineVersion: byId('NotAVersion0000000000') });
		expect(result.error?.message).toBe(
			`Version 'NotAVersion0000000000' is not a version of Launchpad pipeline ${PIPELINE_IDS.genomicsHello}. Versions there ` +
				'are: hello-1 (default): 7TnlaOKANkiDIdDqOO2kCs, hello-2: a48GJwfXIUUPIakcwFeue, draft: 7KtabH1PaW1IBPYUdzVcXh',
		);
	});
});

/** Runs "Test File → Seqera (Import)" through the engine: the export comes as a binary file. */
const importFromFile = async (content: string, parameters: INodeParameters) =>
	await runWithFile(
		platform,
		{ fileName: 'pipeline.json', content },
		{ resource: 'pipeline', operation: 'import', exportSource: 'binary', ...parameters },
	);

describe('Pipeline → Import', () => {
	it('adds the exported pipeline to another workspace as tower-cli does, and exporting it there gives the same pipeline', async () => {
		const exported = platform.json(await exportPipeline(PIPELINE_IDS.genomicsRnaseq, GENOMICS))[0];
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'import',
			name: 'rnaseq-promoted',
			exportSource: 'json',
			exportJson: JSON.stringify(exported),
			computeEnvId: byId(COMPUTE_ENV_IDS.rndGoogle),
			...workspaceParameter(RND),
		});
		expect(result.error).toBeUndefined();
		expect(sentSince(before)).toEqual([
			{ method: 'GET', path: `/compute-envs/${COMPUTE_ENV_IDS.rndGoogle}`, query: { workspaceId: String(RND) } },
			{ method: 'POST', path: '/pipelines', query: { workspaceId: String(RND) } },
		]);
		const exportedLaunch = exported.launch as IDataObject;
		expect(lastBody()).toEqual({
			description: exported.description,
			icon: exported.icon,
			name: 'rnaseq-promoted',
			launch: { ...exportedLaunch, computeEnvId: COMPUTE_ENV_IDS.rndGoogle },
		});
		const [created] = platform.json(result);
		expect(created).toMatchObject({ name: 'rnaseq-promoted', repository: exportedLaunch.pipeline, pipelineId: expect.any(Number) });
		const imported = platform.sim.data.pipelines.find((each) => each.id === created.pipelineId)!;
		expect(imported.workspaceId).toBe(RND);

		const again = platform.json(await exportPipeline(created.pipelineId as number, RND))[0];
		const sameBut = ({ id: _id, dateCreated: _date, computeEnvId: _ce, ...rest }: IDataObject) => rest;
		expect(sameBut(again.launch as IDataObject)).toEqual(sameBut(exportedLaunch));
		expect([again.description, again.icon]).toEqual([exported.description, exported.icon]);
		expect((again.launch as IDataObject).computeEnvId).toBe(COMPUTE_ENV_IDS.rndGoogle);
	});

	it("takes a tower-cli export file, its compute environment, and that environment's work directory where the file has none", async () => {
		const file = JSON.stringify({
			description: 'Hello from a file',
			launch: { computeEnvId: COMPUTE_ENV_IDS.genomicsBatch, pipeline: 'https://github.com/nextflow-io/hello', revision: 'master' },
		});
		const before = platform.sim.log.length;
		const { items, error } = await importFromFile(file, { name: 'hello-from-file', ...workspaceParameter(GENOMICS) });
		expect(error).toBeUndefined();
		expect(sentSince(before).map((call) => `${call.method} ${call.path}`)).toEqual([
			`GET /compute-envs/${COMPUTE_ENV_IDS.genomicsBatch}`,
			'POST /pipelines',
		]);
		expect(lastBody()).toEqual({
			description: 'Hello from a file',
			name: 'hello-from-file',
			launch: {
				computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
				pipeline: 'https://github.com/nextflow-io/hello',
				revision: 'master',
				workDir: 's3://acme-genomics-work/scratch',
			},
		});
		expect(items).toMatchObject([{ name: 'hello-from-file', description: 'Hello from a file' }]);
	});

	const badExports: Array<[string, string, RegExp]> = [
		['text that is not JSON', '{"launch": ', /^Pipeline Export is not valid JSON$/],
		['a JSON list', '[{"launch": {}}]', /^Pipeline Export is not a JSON object$/],
		['no launch', '{"description": "x"}', /^Pipeline Export has no "launch"$/],
		['a launch without a pipeline', '{"launch": {"revision": "main"}}', /^Pipeline Export has no "launch.pipeline"$/],
		['nothing', '', /^Pipeline Export is empty$/],
	];

	it.each(badExports)('refuses %s before any call, naming the field', async (_what, exportJson, message) => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'import',
			name: 'never-made',
			exportSource: 'json',
			exportJson,
			...workspaceParameter(GENOMICS),
		});
		expect(result.error?.message).toMatch(message);
		expect(platform.sim.log.length).toBe(before);
	});

	it('refuses a file that is not JSON before any call, naming the binary field', async () => {
		const before = platform.sim.log.length;
		const { error } = await importFromFile('name,launch\n', { name: 'never-made', ...workspaceParameter(GENOMICS) });
		expect(error?.message).toBe('Input Binary Field is not valid JSON');
		expect(platform.sim.log.length).toBe(before);
	});

	it('refuses an export that names no compute environment when none is chosen, before adding anything', async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'import',
			name: 'never-made',
			exportSource: 'json',
			exportJson: JSON.stringify({ launch: { pipeline: 'https://github.com/nextflow-io/hello' } }),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error?.message).toBe('Compute Environment is empty and the export names none');
		expect(platform.sim.log.slice(before).some((entry) => entry.method === 'POST')).toBe(false);
	});

	const helloExport = JSON.stringify({ launch: { pipeline: 'https://github.com/nextflow-io/hello', revision: 'master' } });
	const importHello = (name: string, workspace: number, overwrite: boolean, accessToken?: string) =>
		platform.run(
			{
				resource: 'pipeline',
				operation: 'import',
				name,
				exportSource: 'json',
				exportJson: helloExport,
				computeEnvId: byId(workspace === RND ? COMPUTE_ENV_IDS.rndGoogle : COMPUTE_ENV_IDS.genomicsBatch),
				...workspaceParameter(workspace),
				options: { overwrite },
			},
			accessToken === undefined ? {} : { credentialOverrides: { accessToken } },
		);
	const namedIn = (workspace: number, name: string) =>
		platform.sim.data.pipelines.filter((each) => each.workspaceId === workspace && each.name === name).map((each) => each.id);

	it("with Overwrite deletes the workspace's pipeline of that name first, as tw pipelines import --overwrite does", async () => {
		const first = await importHello('hello-twice', RND, true);
		expect(first.error).toBeUndefined();
		const firstId = platform.json(first)[0].pipelineId as number;
		expect((await importHello('hello-twice', RND, false)).error?.message).toMatch(/already exists/);
		const before = platform.sim.log.length;
		const second = await importHello('hello-twice', RND, true);
		expect(second.error).toBeUndefined();
		const query = { workspaceId: String(RND) };
		expect(sentSince(before)).toEqual([
			{ method: 'GET', path: `/compute-envs/${COMPUTE_ENV_IDS.rndGoogle}`, query },
			{ method: 'GET', path: '/pipelines', query: { ...query, search: '"hello-twice"', max: '100', offset: '0' } },
			{ method: 'DELETE', path: `/pipelines/${firstId}`, query },
			{ method: 'POST', path: '/pipelines', query },
		]);
		const secondId = platform.json(second)[0].pipelineId;
		expect(namedIn(RND, 'hello-twice')).toEqual([secondId]);
		expect(secondId).not.toBe(firstId);
	});

	it('with Overwrite and no pipeline of that name just adds; a pipeline another workspace shares of that name stays', async () => {
		const before = platform.sim.log.length;
		const result = await importHello('viralrecon-shared', GENOMICS, true);
		expect(result.error).toBeUndefined();
		expect(sentSince(before).map((call) => `${call.method} ${call.path}`)).toEqual([
			`GET /compute-envs/${COMPUTE_ENV_IDS.genomicsBatch}`,
			'GET /pipelines',
			'POST /pipelines',
		]);
		expect(namedIn(GENOMICS, 'viralrecon-shared')).toEqual([platform.json(result)[0].pipelineId]);
		expect(namedIn(RND, 'viralrecon-shared')).toEqual([PIPELINE_IDS.rndViralreconShared]);
	});

	it('with Overwrite and the Launch role, which does not edit pipelines, is refused the delete and adds nothing', async () => {
		const before = platform.sim.log.length;
		const result = await importHello('hello', GENOMICS, true, LAUNCH_ROLE_TOKEN);
		expect(result.error?.message).toMatch(/^Forbidden/);
		// After the refusal the node reads the user's workspace roles to explain it.
		const calls = platform.sim.log.slice(before).filter((entry) => !/^\/user(-info|\/)/.test(entry.path));
		expect(calls.map((entry) => `${entry.method} ${entry.path} ${entry.status}`)).toEqual([
			`GET /compute-envs/${COMPUTE_ENV_IDS.genomicsBatch} 200`,
			'GET /pipelines 200',
			`DELETE /pipelines/${PIPELINE_IDS.genomicsHello} 403`,
		]);
		expect(namedIn(GENOMICS, 'hello')).toEqual([PIPELINE_IDS.genomicsHello]);
	});
});

describe('Pipeline → Create Schema', () => {
	const schema = JSON.stringify({ type: 'object', properties: { input: { type: 'string' } } });

	it("adds the schema to the workspace as tower-cli's pipeline-schemas add does and outputs it with its ID", async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'pipeline',
			operation: 'createSchema',
			schemaContent: schema,
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		expect(sentSince(before)).toEqual([{ method: 'POST', path: '/pipeline-schemas', query: { workspaceId: String(GENOMICS) } }]);
		expect(lastBody()).toEqual({ content: schema });
		const stored = platform.sim.data.pipelineSchemas.at(-1)!;
		expect(platform.json(result)).toEqual([{ id: stored.id, content: schema }]);
		expect(stored.workspaceId).toBe(GENOMICS);
	});

	it('refuses a schema that is not a JSON object before any call, naming the field', async () => {
		for (const [schemaContent, message] of [
			['{"type": ', 'Schema is not valid JSON'],
			['["input"]', 'Schema is not a JSON object'],
		]) {
			const before = platform.sim.log.length;
			const result = await platform.run({
				resource: 'pipeline',
				operation: 'createSchema',
				schemaContent,
				...workspaceParameter(GENOMICS),
			});
			expect(result.error?.message).toBe(message);
			expect(platform.sim.log.length).toBe(before);
		}
	});

	it('is refused with the Launch role, which does not edit pipelines', async () => {
		const count = platform.sim.data.pipelineSchemas.length;
		const result = await platform.run(
			{ resource: 'pipeline', operation: 'createSchema', schemaContent: schema, ...workspaceParameter(GENOMICS) },
			{ credentialOverrides: { accessToken: LAUNCH_ROLE_TOKEN } },
		);
		expect(result.error?.message).toMatch(/^Forbidden/);
		expect(platform.sim.data.pipelineSchemas.length).toBe(count);
	});
});

describe('Action → Create started by a call to its endpoint', () => {
	it("sends source tower, as tower-cli's actions add tower does, with the launch of a repository launch", async () => {
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'action',
			operation: 'create',
			name: 'rnaseq-on-call',
			source: 'tower',
			pipeline: 'https://github.com/nf-core/rnaseq',
			computeEnvId: byId(COMPUTE_ENV_IDS.genomicsBatch),
			...workspaceParameter(GENOMICS),
		});
		expect(result.error).toBeUndefined();
		expect(sentSince(before).map((call) => `${call.method} ${call.path}`)).toEqual([
			`GET /compute-envs/${COMPUTE_ENV_IDS.genomicsBatch}`,
			'POST /actions',
		]);
		expect(lastBody()).toEqual({
			name: 'rnaseq-on-call',
			source: 'tower',
			launch: expect.objectContaining({
				pipeline: 'https://github.com/nf-core/rnaseq',
				computeEnvId: COMPUTE_ENV_IDS.genomicsBatch,
				workDir: 's3://acme-genomics-work/scratch',
			}),
		});
		const made = platform.sim.data.actionsIn(GENOMICS).find((action) => action.name === 'rnaseq-on-call')!;
		expect(platform.json(result)).toEqual([{ actionId: made.id, name: 'rnaseq-on-call', source: 'tower', workspaceId: GENOMICS }]);
		expect(made).toMatchObject({ source: 'tower', status: 'ACTIVE' });
	});
});
