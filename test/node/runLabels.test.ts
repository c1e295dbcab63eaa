import type { INodeParameters } from 'n8n-workflow';

import type { SimRun } from '../../dev/simulator/model';
import { LABEL_IDS } from '../../dev/simulator/seed';
import { GENOMICS, runParameter, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

type LabelMode = 'list' | 'name' | 'id';

function labels(...entries: Array<[LabelMode, string]>): INodeParameters {
	return { labels: { values: entries.map(([mode, value]) => ({ label: { __rl: true, mode, value } })) } };
}

/** A finished run of its own for each test, with no labels yet. */
function freshRun(): SimRun {
	return platform.sim.data.addRun({ workspaceId: GENOMICS, labelIds: [] });
}

const labelNamed = (name: string) => platform.sim.data.labelsIn(GENOMICS).find((label) => label.name === name);
const labelNamesOf = (run: SimRun) =>
	platform.sim.data
		.labelsOf(run)
		.map((label) => label.name)
		.sort();

describe('Workflow → Add Labels', () => {
	it('looks names up exactly: "prod" is not "production", and without Create Missing Labels the item fails naming both', async () => {
		const run = freshRun();
		const before = platform.sim.log.length;
		const result = await platform.run({
			resource: 'workflow',
			operation: 'addLabels',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
			...labels(['name', 'prod']),
		});
		expect(result.error!.message).toBe('Label "prod" does not exist in this workspace');
		expect((result.error as { description?: string }).description).toBe(
			'"Labels" names a label the workspace does not have (item 0). Names must match exactly, case included: pick the label from the list, or turn on "Create Missing Labels".',
		);
		// The search found "production"; nothing was changed or created.
		expect(platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.path} ${entry.query.search ?? ''}`)).toEqual([
			'GET /labels prod',
		]);
		expect(labelNamed('prod')).toBeUndefined();
		expect(run.labelIds).toEqual([]);
	});

	it('creates a missing label when asked, and puts it on the run', async () => {
		const run = freshRun();
		const result = await platform.run({
			resource: 'workflow',
			operation: 'addLabels',
			createMissingLabels: true,
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
			...labels(['name', 'prod']),
		});
		const created = labelNamed('prod')!;
		expect(created.id).not.toBe(LABEL_IDS.production);
		expect(platform.json(result)).toEqual([
			{ workflowId: run.id, labelIds: [created.id], createdLabels: [{ id: created.id, name: 'prod' }] },
		]);
		expect(labelNamesOf(run)).toEqual(['prod']);
		expect(platform.sim.log.at(-1)).toMatchObject({
			method: 'POST',
			path: '/workflow/labels/add',
			query: { workspaceId: String(GENOMICS) },
			body: { workflowIds: [run.id], labelIds: [created.id] },
		});
	});

	it('with "prod" and "production" both existing, each name finds its own label; names are case-sensitive', async () => {
		platform.sim.data.createLabel(GENOMICS, { name: 'prod' });
		const run = freshRun();
		const result = await platform.run({
			resource: 'workflow',
			operation: 'addLabels',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
			...labels(['name', 'production'], ['name', 'prod']),
		});
		expect(platform.json(result)[0].labelIds).toEqual([LABEL_IDS.production, labelNamed('prod')!.id]);
		expect(labelNamesOf(run)).toEqual(['prod', 'production']);

		const miscased = await platform.run({
			resource: 'workflow',
			operation: 'addLabels',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
			...labels(['name', 'Production']),
		});
		expect(miscased.error!.message).toBe('Label "Production" does not exist in this workspace');
	});

	it('keeps the labels the run has, takes labels from the list and by ID, and several names in one entry', async () => {
		const run = platform.sim.data.addRun({ workspaceId: GENOMICS, labelIds: [LABEL_IDS.validation] });
		await platform.run({
			resource: 'workflow',
			operation: 'addLabels',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
			...labels(['list', String(LABEL_IDS.rnaseq)], ['id', String(LABEL_IDS.production)], ['name', 'rnaseq, production']),
		});
		expect(platform.sim.log.at(-1)!.body).toEqual({ workflowIds: [run.id], labelIds: [LABEL_IDS.rnaseq, LABEL_IDS.production] });
		expect(labelNamesOf(run)).toEqual(['production', 'rnaseq', 'validation']);
	});

	it('looks each name up once for many items, and pairs every output with its item', async () => {
		const runs = [freshRun(), freshRun(), freshRun()];
		const before = platform.sim.log.length;
		const result = await platform.run(
			{
				resource: 'workflow',
				operation: 'addLabels',
				workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
				...workspaceParameter(GENOMICS),
				...labels(['name', 'validation']),
			},
			{ items: runs.map((run) => ({ id: run.id })) },
		);
		expect(result.outputs[0].map((item) => [item.json.workflowId, item.pairedItem])).toEqual(
			runs.map((run, index) => [run.id, { item: index }]),
		);
		expect(platform.sim.log.slice(before).filter((entry) => entry.path === '/labels')).toHaveLength(1);
		expect(runs.map(labelNamesOf)).toEqual([['validation'], ['validation'], ['validation']]);
	});

	it('refuses an empty list and an ID that is not a number, before any call', async () => {
		const run = freshRun();
		const before = platform.sim.log.length;
		const empty = await platform.run({
			resource: 'workflow',
			operation: 'addLabels',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
		});
		expect(empty.error!.message).toBe('Labels is empty');
		const notNumber = await platform.run({
			resource: 'workflow',
			operation: 'addLabels',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
			...labels(['id', 'production']),
		});
		expect(notNumber.error!.message).toBe('Labels "production" is not a number');
		expect(platform.sim.log.length).toBe(before);
	});
});

describe('Workflow → Remove Labels and Replace Labels', () => {
	it('Remove takes only the given labels off the run', async () => {
		const run = platform.sim.data.addRun({ workspaceId: GENOMICS, labelIds: [LABEL_IDS.production, LABEL_IDS.validation] });
		const result = await platform.run({
			resource: 'workflow',
			operation: 'removeLabels',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
			...labels(['name', 'production']),
		});
		expect(platform.json(result)).toEqual([{ workflowId: run.id, labelIds: [LABEL_IDS.production], createdLabels: [] }]);
		expect(platform.sim.log.at(-1)!.path).toBe('/workflow/labels/remove');
		expect(labelNamesOf(run)).toEqual(['validation']);
	});

	it('Remove of an unknown name fails without offering to create it', async () => {
		const run = freshRun();
		const result = await platform.run({
			resource: 'workflow',
			operation: 'removeLabels',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
			...labels(['name', 'no-such-label']),
		});
		expect(result.error!.message).toBe('Label "no-such-label" does not exist in this workspace');
		expect((result.error as { description?: string }).description).not.toContain('Create Missing Labels');
	});

	it('Replace gives the run exactly the listed labels, and an empty list clears them', async () => {
		const run = platform.sim.data.addRun({ workspaceId: GENOMICS, labelIds: [LABEL_IDS.production, LABEL_IDS.validation] });
		await platform.run({
			resource: 'workflow',
			operation: 'replaceLabels',
			createMissingLabels: true,
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
			...labels(['name', 'rnaseq, rerun-2024']),
		});
		expect(platform.sim.log.at(-1)!.path).toBe('/workflow/labels/apply');
		expect(labelNamesOf(run)).toEqual(['rerun-2024', 'rnaseq']);

		const cleared = await platform.run({
			resource: 'workflow',
			operation: 'replaceLabels',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
		});
		expect(platform.json(cleared)).toEqual([{ workflowId: run.id, labelIds: [], createdLabels: [] }]);
		expect(run.labelIds).toEqual([]);
	});

	it("Get shows the run's labels after a change", async () => {
		const run = freshRun();
		await platform.run({
			resource: 'workflow',
			operation: 'addLabels',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
			...labels(['name', 'validation']),
		});
		const result = await platform.run({
			resource: 'workflow',
			operation: 'get',
			...runParameter(run.id),
			...workspaceParameter(GENOMICS),
		});
		expect((platform.json(result)[0].labels as Array<{ name: string }>).map((label) => label.name)).toEqual(['validation']);
	});
});
