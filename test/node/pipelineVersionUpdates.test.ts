import type { INodeParameters } from 'n8n-workflow';

import { LABEL_IDS, PIPELINE_IDS } from '../../dev/simulator/seed';
import { GENOMICS, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

const HELLO = PIPELINE_IDS.genomicsHello;
const HELLO_1 = '7TnlaOKANkiDIdDqOO2kCs';
const HELLO_2 = 'a48GJwfXIUUPIakcwFeue';

const hello = () => platform.sim.data.pipelinesIn(GENOMICS).find((pipeline) => pipeline.id === HELLO)!;
const versions = () => platform.sim.data.versionsOf(HELLO).map(({ id, name, isDefault }) => ({ id, name, isDefault }));
const callsSince = (before: number) => platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.path}`);
const update = async (parameters: INodeParameters) =>
	await platform.run({
		resource: 'pipeline',
		operation: 'update',
		pipelineId: { __rl: true, mode: 'id', value: String(HELLO) },
		...workspaceParameter(GENOMICS),
		...parameters,
	});

describe('Pipeline → Update through versions (1.3), as tower-cli sends it', () => {
	it('changes the default version in place when no versioned setting changes, keeping the labels', async () => {
		hello().labelIds = [LABEL_IDS.validation];
		const before = platform.sim.log.length;
		const result = await update({ updateFields: { description: 'Hello, versioned' } });
		expect(result.error).toBeUndefined();
		expect(callsSince(before)).toEqual([
			`GET /pipelines/${HELLO}`,
			`GET /pipelines/${HELLO}/versions`,
			`GET /pipelines/${HELLO}/launch`,
			`POST /pipelines/${HELLO}/versions/${HELLO_1}`,
		]);
		expect(platform.sim.log.slice(before)[2].query).toMatchObject({ versionId: HELLO_1 });
		expect(platform.sim.log.at(-1)!.body).toMatchObject({ description: 'Hello, versioned', labelIds: [LABEL_IDS.validation] });
		expect(platform.json(result)[0]).toMatchObject({
			description: 'Hello, versioned',
			version: { id: HELLO_1, name: 'hello-1', isDefault: true },
			versionCreated: false,
		});
		expect(hello().labelIds).toEqual([LABEL_IDS.validation]);
		expect(versions()).toHaveLength(3);
	});

	it('names the draft a versioned change makes after the default version, the first free name, and makes it the default', async () => {
		const before = platform.sim.log.length;
		const result = await update({ pipelineSettings: { revision: 'v1.0' } });
		expect(result.error).toBeUndefined();
		const [made] = versions().filter((version) => ![HELLO_1, HELLO_2, '7KtabH1PaW1IBPYUdzVcXh'].includes(version.id));
		expect(made).toEqual({ id: expect.any(String), name: 'hello-3', isDefault: true });
		// hello-2 is taken: the platform says so, and the next name is free.
		expect(callsSince(before).slice(4)).toEqual([
			`GET /pipelines/${HELLO}/versions/validate`,
			`GET /pipelines/${HELLO}/versions/validate`,
			`PUT /pipelines/${HELLO}/versions/${made.id}/manage`,
		]);
		expect(platform.sim.log.at(-1)!.body).toEqual({ name: 'hello-3', isDefault: true });
		expect(platform.json(result)[0]).toMatchObject({
			version: { id: made.id, name: 'hello-3', isDefault: true },
			versionCreated: true,
		});
		expect(versions().find((version) => version.id === HELLO_1)).toMatchObject({ isDefault: false });
		expect(hello().revision).toBe('v1.0');

		const launched = await platform.run({
			resource: 'pipeline',
			operation: 'launch',
			pipelineId: { __rl: true, mode: 'id', value: String(HELLO) },
			...workspaceParameter(GENOMICS),
		});
		expect(launched.error).toBeUndefined();
		expect(platform.sim.log.filter((entry) => entry.path === '/workflow/launch').at(-1)!.body).toMatchObject({
			launch: { revision: 'v1.0' },
		});
	});

	it('with Keep as Draft, the new version stays an unnamed draft and the default stays', async () => {
		const defaultBefore = versions().find((version) => version.isDefault)!;
		const before = platform.sim.log.length;
		const result = await update({ pipelineSettings: { revision: 'mybranch' }, keepAsDraft: true });
		expect(result.error).toBeUndefined();
		expect(callsSince(before).filter((call) => call.includes('manage') || call.includes('validate'))).toEqual([]);
		const { version } = platform.json(result)[0] as { version: { id: string } };
		expect(platform.json(result)[0]).toMatchObject({ version: { name: null, isDefault: false }, versionCreated: true });
		expect(versions().find((each) => each.id === version.id)).toEqual({ id: version.id, name: null, isDefault: false });
		expect(versions().find((each) => each.isDefault)).toEqual(defaultBefore);
		expect(hello().revision).toBe('v1.0');
	});

	it('changes the version Version names, by name', async () => {
		const before = platform.sim.log.length;
		const result = await update({
			pipelineVersion: { __rl: true, mode: 'name', value: 'hello-2' },
			updateFields: { description: 'Second' },
		});
		expect(result.error).toBeUndefined();
		expect(callsSince(before).at(-1)).toBe(`POST /pipelines/${HELLO}/versions/${HELLO_2}`);
		expect(platform.json(result)[0]).toMatchObject({
			version: { id: HELLO_2, name: 'hello-2', isDefault: false },
			versionCreated: false,
		});
	});

	it('version 1.2 sends PUT, to the default version: a changed launch setting makes a draft nobody names, and launches keep the default', async () => {
		const defaultBefore = versions().find((each) => each.isDefault)!;
		const revisionBefore = hello().revision;
		const before = platform.sim.log.length;
		const result = await platform.run(
			{
				resource: 'pipeline',
				operation: 'update',
				pipelineId: { __rl: true, mode: 'id', value: String(HELLO) },
				...workspaceParameter(GENOMICS),
				pipelineSettings: { revision: 'master' },
			},
			{ typeVersion: 1.2 },
		);
		expect(result.error).toBeUndefined();
		expect(callsSince(before)).toEqual([`GET /pipelines/${HELLO}`, `GET /pipelines/${HELLO}/launch`, `PUT /pipelines/${HELLO}`]);
		expect(platform.json(result)[0]).toMatchObject({ version: { name: null, isDefault: false } });
		expect(platform.json(result)[0]).not.toHaveProperty('versionCreated');
		expect(versions().find((each) => each.isDefault)).toEqual(defaultBefore);
		expect(hello().revision).toBe(revisionBefore);
	});

	it('fails naming the versions there are when Version names none of them, before any change', async () => {
		const before = platform.sim.log.length;
		const result = await update({
			pipelineVersion: { __rl: true, mode: 'id', value: 'noSuchVersion' },
			updateFields: { description: 'Never' },
		});
		expect((result.error as Error).message).toMatch(
			/^Version 'noSuchVersion' is not a version of Launchpad pipeline \d+\. Versions there are: hello-1: /,
		);
		expect(callsSince(before).filter((call) => !call.startsWith('GET'))).toEqual([]);
	});
});
