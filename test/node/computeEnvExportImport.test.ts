import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { CREDENTIAL_IDS } from '../../dev/simulator/computeEnvRoutes';
import { COMPUTE_ENV_IDS, LABEL_IDS } from '../../dev/simulator/seed';
import { GENOMICS, RND, runWithFile, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

/** The AWS keys the genomics workspace's batch compute environment runs with. */
const GENOMICS_AWS = `${COMPUTE_ENV_IDS.genomicsBatch.slice(0, 10)}Cred`;

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const sentSince = (before: number) =>
	platform.sim.log.slice(before).map((entry) => ({ method: entry.method, path: entry.path, query: entry.query, body: entry.body }));

const exportComputeEnv = (computeEnvId: string, workspace: number, extra: INodeParameters = {}) =>
	platform.run({
		resource: 'computeEnv',
		operation: 'export',
		computeEnvId: byId(computeEnvId),
		...workspaceParameter(workspace),
		...extra,
	});

const importComputeEnv = (parameters: INodeParameters) =>
	platform.run({ resource: 'computeEnv', operation: 'import', exportSource: 'json', ...parameters });

/** The production label of the genomics workspace as the platform lists it. */
function productionLabel(): IDataObject {
	const label = platform.sim.data.labels.find((each) => each.id === LABEL_IDS.production)!;
	const listed: IDataObject = {
		id: label.id,
		name: label.name,
		resource: label.resource,
		isDefault: label.isDefault,
		isDynamic: false,
		isInterpolated: false,
		dateCreated: label.dateCreated.toISOString().replace(/\.\d{3}Z$/, 'Z'),
	};
	return label.value === undefined ? listed : { ...listed, value: label.value };
}

/** Runs "Test File → Seqera (Import)" through the engine: the export comes as a binary file. */
const importFromFile = async (content: string, parameters: INodeParameters) =>
	await runWithFile(
		platform,
		{ fileName: 'ce.json', content },
		{ resource: 'computeEnv', operation: 'import', exportSource: 'binary', ...parameters },
	);

let labelled: { labelIds?: number[] };

beforeAll(() => {
	labelled = platform.sim.data.computeEnvById(COMPUTE_ENV_IDS.genomicsBatch)!;
	labelled.labelIds = [LABEL_IDS.production];
});

afterAll(() => {
	delete labelled.labelIds;
});

describe('Compute Environment → Export', () => {
	it("outputs the configuration cleaned as tower-cli's export cleans it, with the labels beside it", async () => {
		const before = platform.sim.log.length;
		const result = await exportComputeEnv(COMPUTE_ENV_IDS.genomicsBatch, GENOMICS);
		expect(result.error).toBeUndefined();
		expect(sentSince(before)).toEqual([
			{
				method: 'GET',
				path: `/compute-envs/${COMPUTE_ENV_IDS.genomicsBatch}`,
				query: { workspaceId: String(GENOMICS), attributes: 'labels' },
				body: undefined,
			},
		]);
		const get = platform.json(
			await platform.run({
				resource: 'computeEnv',
				operation: 'get',
				computeEnvId: byId(COMPUTE_ENV_IDS.genomicsBatch),
				...workspaceParameter(GENOMICS),
			}),
		)[0];
		const config = get.config as IDataObject;
		// What the export leaves out is there to leave out.
		expect(Object.keys(config)).toEqual(expect.arrayContaining(['forge', 'forgedResources', 'computeQueue', 'volumes']));
		expect(Object.values(config)).toContain(null);
		const kept = Object.entries(config).filter(
			([field, value]) =>
				value !== null &&
				!['forgedResources', 'deletedResources', 'volumes'].includes(field) &&
				!(config.forge && /Queue$/.test(field)),
		);
		expect(platform.json(result)).toEqual([{ ...Object.fromEntries(kept), labels: [productionLabel()] }]);
		expect(platform.json(result)[0]).toHaveProperty('discriminator', 'aws-batch');
	});

	it('also puts the export in a JSON file named after the compute environment', async () => {
		const result = await exportComputeEnv(COMPUTE_ENV_IDS.genomicsBatch, GENOMICS, { asFile: true, binaryPropertyName: 'export' });
		expect(result.error).toBeUndefined();
		const [item] = result.outputs[0];
		const name = platform.sim.data.computeEnvById(COMPUTE_ENV_IDS.genomicsBatch)!.name;
		expect(item.binary!.export).toMatchObject({ fileName: `${name}.json`, mimeType: 'application/json' });
		expect(JSON.parse(Buffer.from(item.binary!.export.data, 'base64').toString('utf8'))).toEqual(item.json);
	});
});

describe('Compute Environment → Import', () => {
	it('adds the export to another workspace as tower-cli does, creating its labels there; exporting it gives the same config', async () => {
		const exported = platform.json(await exportComputeEnv(COMPUTE_ENV_IDS.genomicsBatch, GENOMICS))[0];
		const { labels: _labels, ...config } = exported;
		const label = productionLabel();
		const before = platform.sim.log.length;
		const result = await importComputeEnv({
			name: 'batch-from-genomics',
			exportJson: JSON.stringify(exported),
			...workspaceParameter(RND),
			credentialsId: byId(CREDENTIAL_IDS.rndAws),
		});
		expect(result.error).toBeUndefined();
		const sent = sentSince(before);
		expect(sent.map(({ method, path }) => `${method} ${path}`)).toEqual(['GET /labels', 'POST /labels', 'POST /compute-envs']);
		expect(sent[0].query).toMatchObject({ workspaceId: String(RND), search: label.name, type: 'simple' });
		expect(sent[1]).toMatchObject({ query: { workspaceId: String(RND) }, body: { name: label.name, resource: false } });
		const created = platform.sim.data.labelsIn(RND).find((each) => each.name === label.name)!;
		expect(sent[2]).toEqual({
			method: 'POST',
			path: '/compute-envs',
			query: { workspaceId: String(RND) },
			body: {
				computeEnv: { name: 'batch-from-genomics', platform: 'aws-batch', config, credentialsId: CREDENTIAL_IDS.rndAws },
				labelIds: [created.id],
			},
		});
		const [output] = platform.json(result);
		expect(output).toEqual({
			computeEnvId: expect.stringMatching(/^[A-Za-z0-9]{22}$/),
			name: 'batch-from-genomics',
			platform: 'aws-batch',
			labelIds: [created.id],
		});

		const again = platform.json(await exportComputeEnv(String(output.computeEnvId), RND))[0];
		const { labels, ...againConfig } = again;
		expect(againConfig).toEqual(config);
		expect((labels as IDataObject[]).map((each) => each.name)).toEqual([label.name]);
	});

	it('takes the export as a file, and sends no labels where it has none', async () => {
		const { labels: _labels, ...config } = platform.json(await exportComputeEnv(COMPUTE_ENV_IDS.genomicsBatch, GENOMICS))[0];
		const before = platform.sim.log.length;
		const { items, error } = await importFromFile(JSON.stringify(config), {
			name: 'batch-from-file',
			...workspaceParameter(RND),
			credentialsId: byId(CREDENTIAL_IDS.rndAws),
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([expect.objectContaining({ name: 'batch-from-file', labelIds: [] })]);
		expect(sentSince(before)).toEqual([
			{
				method: 'POST',
				path: '/compute-envs',
				query: { workspaceId: String(RND) },
				body: { computeEnv: { name: 'batch-from-file', platform: 'aws-batch', config, credentialsId: CREDENTIAL_IDS.rndAws } },
			},
		]);
	});

	it.each([
		['not JSON', '{"discriminator": ', 'Compute Environment Export is not valid JSON'],
		['not an object', '["aws-batch"]', 'Compute Environment Export is not a JSON object'],
		[
			'without a discriminator',
			'{"region": "eu-west-1", "workDir": "s3://bucket/work"}',
			'Compute Environment Export has no "discriminator"',
		],
		[
			'an unknown platform',
			'{"discriminator": "mainframe", "workDir": "/work"}',
			'Compute Environment Export names an unknown platform "mainframe"',
		],
	])('refuses an export %s before any call, naming the field', async (_case, exportJson, message) => {
		const before = platform.sim.log.length;
		const result = await importComputeEnv({
			name: 'never-made',
			exportJson,
			...workspaceParameter(RND),
			credentialsId: byId(CREDENTIAL_IDS.rndAws),
		});
		expect(result.error?.message).toBe(message);
		expect(platform.sim.log.length).toBe(before);
	});

	it('refuses a file that is not JSON before any call', async () => {
		const before = platform.sim.log.length;
		const { error } = await importFromFile('discriminator,workDir\n', { name: 'never-made', ...workspaceParameter(RND) });
		expect(error?.message).toBe('Input Binary Field is not valid JSON');
		expect(platform.sim.log.length).toBe(before);
	});

	it("without Workspace Credentials takes the workspace's only credentials for the platform, as tw does", async () => {
		const before = platform.sim.log.length;
		const config = { discriminator: 'aws-batch', region: 'eu-west-1', workDir: 's3://acme-rnd-work/imported' };
		const result = await importComputeEnv({ name: 'picked-keys', exportJson: JSON.stringify(config), ...workspaceParameter(RND) });
		expect(result.error).toBeUndefined();
		expect(sentSince(before)).toEqual([
			{ method: 'GET', path: '/credentials', query: { workspaceId: String(RND), platformId: 'aws-batch' }, body: undefined },
			{
				method: 'POST',
				path: '/compute-envs',
				query: { workspaceId: String(RND) },
				body: { computeEnv: { name: 'picked-keys', platform: 'aws-batch', config, credentialsId: CREDENTIAL_IDS.rndAws } },
			},
		]);
	});

	it('without Workspace Credentials fails naming the field where the workspace has several for the platform, or none', async () => {
		const before = platform.sim.log.length;
		const awsBatch = { discriminator: 'aws-batch', region: 'eu-west-1', workDir: 's3://acme-genomics-work/imported' };
		const several = await importComputeEnv({
			name: 'never-made',
			exportJson: JSON.stringify(awsBatch),
			...workspaceParameter(GENOMICS),
		});
		expect(several.error?.message).toBe(
			"Workspace Credentials: 2 credentials of the workspace fit aws-batch ('aws-batch-genomics-keys', 'aws-batch-spot-genomics-keys')",
		);
		const slurm = { discriminator: 'slurm-platform', workDir: '/home/nf/work', hostName: 'hpc', headQueue: 'normal' };
		const none = await importComputeEnv({ name: 'never-made', exportJson: JSON.stringify(slurm), ...workspaceParameter(GENOMICS) });
		expect(none.error?.message).toBe('Workspace Credentials: the workspace has no credentials for slurm-platform');
		expect(sentSince(before).map((call) => `${call.method} ${call.path}`)).toEqual(['GET /credentials', 'GET /credentials']);
	});

	it("takes a description and Labels in place of the export's, as tw import --labels does", async () => {
		const exported = platform.json(await exportComputeEnv(COMPUTE_ENV_IDS.genomicsBatch, GENOMICS))[0];
		const { labels: _labels, ...config } = exported;
		const before = platform.sim.log.length;
		const result = await importComputeEnv({
			name: 'batch-relabelled',
			exportJson: JSON.stringify(exported),
			...workspaceParameter(GENOMICS),
			credentialsId: byId(GENOMICS_AWS),
			options: { description: 'Copied for validation runs', labels: 'validation, team=genomics' },
		});
		expect(result.error).toBeUndefined();
		const posted = sentSince(before).find((call) => call.method === 'POST' && call.path === '/compute-envs');
		expect(posted?.body).toEqual({
			computeEnv: {
				name: 'batch-relabelled',
				description: 'Copied for validation runs',
				platform: 'aws-batch',
				config,
				credentialsId: GENOMICS_AWS,
			},
			labelIds: [LABEL_IDS.validation, LABEL_IDS.teamGenomics],
		});
	});

	it("with Overwrite deletes the workspace's compute environment of that name first, as tw import --overwrite does", async () => {
		const config = { discriminator: 'aws-batch', region: 'eu-west-1', workDir: 's3://acme-rnd-work/again' };
		const importAgain = (overwrite: boolean) =>
			importComputeEnv({
				name: 'imported-twice',
				exportJson: JSON.stringify(config),
				...workspaceParameter(RND),
				credentialsId: byId(CREDENTIAL_IDS.rndAws),
				options: { overwrite },
			});
		const first = await importAgain(true);
		expect(first.error).toBeUndefined();
		const firstId = String(platform.json(first)[0].computeEnvId);
		expect((await importAgain(false)).error?.message).toMatch(/already exists/);
		const before = platform.sim.log.length;
		const second = await importAgain(true);
		expect(second.error).toBeUndefined();
		expect(sentSince(before).map(({ method, path }) => `${method} ${path}`)).toEqual([
			'GET /compute-envs',
			`DELETE /compute-envs/${firstId}`,
			'POST /compute-envs',
		]);
		const named = platform.sim.data.computeEnvsIn(RND).filter((each) => each.name === 'imported-twice');
		expect(named.map((each) => each.id)).toEqual([platform.json(second)[0].computeEnvId]);
		expect(named[0].id).not.toBe(firstId);
	});
});
