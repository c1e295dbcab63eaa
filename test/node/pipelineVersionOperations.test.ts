import type { INodeParameters } from 'n8n-workflow';

import { PIPELINE_IDS } from '../../dev/simulator/seed';
import { GENOMICS, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const HELLO = PIPELINE_IDS.genomicsHello;
const HELLO_1 = '7TnlaOKANkiDIdDqOO2kCs';
const HELLO_2 = 'a48GJwfXIUUPIakcwFeue';
const DRAFT = '7KtabH1PaW1IBPYUdzVcXh';

const run = async (operation: string, parameters: INodeParameters = {}) =>
	await platform.run({
		resource: 'pipelineVersion',
		operation,
		pipelineId: { __rl: true, mode: 'name', value: 'hello' },
		...workspaceParameter(GENOMICS),
		...parameters,
	});
const version = (mode: 'name' | 'id', value: string) => ({ pipelineVersion: { __rl: true, mode, value } });
const versions = () => platform.sim.data.versionsOf(HELLO).map(({ id, name, isDefault }) => ({ id, name, isDefault }));

describe('Pipeline Version', () => {
	it('Get Many lists every version, drafts too, each with its pipeline', async () => {
		const result = await run('getMany', { returnAll: true });
		expect(result.error).toBeUndefined();
		expect(
			platform
				.json(result)
				.map(({ id, name, isDefault, pipelineId, pipelineName }) => ({ id, name, isDefault, pipelineId, pipelineName })),
		).toEqual([
			{ id: HELLO_1, name: 'hello-1', isDefault: true, pipelineId: HELLO, pipelineName: 'hello' },
			{ id: HELLO_2, name: 'hello-2', isDefault: false, pipelineId: HELLO, pipelineName: 'hello' },
			{ id: DRAFT, name: null, isDefault: false, pipelineId: HELLO, pipelineName: 'hello' },
		]);
	});

	it('Get Many searches the start of a name, and Published Only leaves the drafts out', async () => {
		const searched = await run('getMany', { returnAll: true, search: 'hello-2' });
		expect(platform.json(searched).map((each) => each.id)).toEqual([HELLO_2]);
		expect(platform.sim.log.at(-1)!.query).toMatchObject({ search: 'hello-2' });

		const published = await run('getMany', { limit: 5, publishedOnly: true });
		expect(platform.json(published).map((each) => each.name)).toEqual(['hello-1', 'hello-2']);
		expect(platform.sim.log.at(-1)!.query).toMatchObject({ isPublished: 'true', max: '5' });
	});

	it('Get finds a version by name, and a draft by ID', async () => {
		expect(platform.json(await run('get', version('name', 'hello-2')))[0]).toMatchObject({
			id: HELLO_2,
			name: 'hello-2',
			isDefault: false,
		});
		expect(platform.json(await run('get', version('id', DRAFT)))[0]).toMatchObject({ id: DRAFT, name: null });
	});

	it('Get fails naming the versions there are when the ID is none of them, and the field when a name is unknown', async () => {
		const byId = await run('get', version('id', 'noSuchVersion'));
		expect((byId.error as Error).message).toBe(
			`Version 'noSuchVersion' is not a version of Launchpad pipeline ${HELLO}. Versions there are: hello-1 (default): ${HELLO_1}, hello-2: ${HELLO_2}, draft: ${DRAFT}`,
		);
		const byName = await run('get', version('name', 'hello-9'));
		expect((byName.error as Error).message).toMatch(/^Version 'hello-9' was not found/);
	});

	it('Rename names a draft, which publishes it', async () => {
		const result = await run('rename', { ...version('id', DRAFT), newName: 'hello-branch' });
		expect(result.error).toBeUndefined();
		expect(platform.sim.log.at(-1)).toMatchObject({
			method: 'PUT',
			path: `/pipelines/${HELLO}/versions/${DRAFT}/manage`,
			body: { name: 'hello-branch' },
		});
		expect(platform.json(result)[0]).toMatchObject({ id: DRAFT, name: 'hello-branch', isDefault: false });
		expect(versions()).toContainEqual({ id: DRAFT, name: 'hello-branch', isDefault: false });
	});

	it("Rename fails with the platform's message when the name is taken", async () => {
		const result = await run('rename', { ...version('name', 'hello-branch'), newName: 'hello-1' });
		expect(result.error).toMatchObject({ httpCode: '409' });
		expect((result.error as Error).message).toMatch(/hello-1/);
	});

	it('Make Default makes the version the default; the one before stops being it, and launches take the new one', async () => {
		const result = await run('makeDefault', version('name', 'hello-2'));
		expect(result.error).toBeUndefined();
		expect(platform.sim.log.at(-1)).toMatchObject({
			method: 'PUT',
			path: `/pipelines/${HELLO}/versions/${HELLO_2}/manage`,
			body: { isDefault: true },
		});
		expect(platform.json(result)[0]).toMatchObject({ id: HELLO_2, name: 'hello-2', isDefault: true });
		expect(versions().filter((each) => each.isDefault)).toEqual([{ id: HELLO_2, name: 'hello-2', isDefault: true }]);

		const launched = await platform.run({
			resource: 'pipeline',
			operation: 'launch',
			pipelineId: { __rl: true, mode: 'id', value: String(HELLO) },
			...workspaceParameter(GENOMICS),
		});
		expect(launched.error).toBeUndefined();
		expect(platform.sim.log.filter((entry) => entry.path === '/workflow/launch').at(-1)!.body).toMatchObject({
			launch: { revision: 'v1.1' },
		});
	});
});
