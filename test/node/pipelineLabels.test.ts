import type { INodeParameters } from 'n8n-workflow';

import { LABEL_IDS, PIPELINE_IDS } from '../../dev/simulator/seed';
import { GENOMICS, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform();

function labels(...entries: Array<['name' | 'id', string]>): INodeParameters {
	return { labels: { values: entries.map(([mode, value]) => ({ label: { __rl: true, mode, value } })) } };
}

const fastqQc = () => platform.sim.data.pipelinesIn(GENOMICS).find((pipeline) => pipeline.id === PIPELINE_IDS.genomicsFastqQc)!;
const change = async (operation: 'addLabels' | 'removeLabels', parameters: INodeParameters) =>
	await platform.run({
		resource: 'pipeline',
		operation,
		pipelineId: { __rl: true, mode: 'name', value: 'fastq-qc' },
		...workspaceParameter(GENOMICS),
		...parameters,
	});

describe('Pipeline → Add Labels and Remove Labels', () => {
	it('Add Labels puts labels on the pipeline by name and ID; the labels it had stay', async () => {
		fastqQc().labelIds = [LABEL_IDS.validation];
		const before = platform.sim.log.length;
		const result = await change('addLabels', labels(['name', 'production'], ['id', String(LABEL_IDS.rnaseq)]));
		expect(result.error).toBeUndefined();
		expect(platform.json(result)).toEqual([
			{ pipelineId: PIPELINE_IDS.genomicsFastqQc, labelIds: [LABEL_IDS.production, LABEL_IDS.rnaseq], createdLabels: [] },
		]);
		expect(platform.sim.log.slice(before).map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			'GET /pipelines',
			'GET /labels',
			'POST /pipelines/labels/add',
		]);
		expect(platform.sim.log.at(-1)!.body).toEqual({
			pipelineIds: [PIPELINE_IDS.genomicsFastqQc],
			labelIds: [LABEL_IDS.production, LABEL_IDS.rnaseq],
		});
		expect(fastqQc().labelIds).toEqual([LABEL_IDS.validation, LABEL_IDS.production, LABEL_IDS.rnaseq]);
	});

	it('Add Labels creates a missing label when asked, and fails naming it otherwise', async () => {
		const refused = await change('addLabels', labels(['name', 'qc-ready']));
		expect(refused.error!.message).toBe('Label "qc-ready" does not exist in this workspace');

		const result = await change('addLabels', { ...labels(['name', 'qc-ready']), createMissingLabels: true });
		const created = platform.sim.data.labelsIn(GENOMICS).find((label) => label.name === 'qc-ready')!;
		expect(platform.json(result)).toEqual([
			{ pipelineId: PIPELINE_IDS.genomicsFastqQc, labelIds: [created.id], createdLabels: [{ id: created.id, name: 'qc-ready' }] },
		]);
		expect(fastqQc().labelIds).toContain(created.id);
	});

	it('Remove Labels takes only the given labels off', async () => {
		fastqQc().labelIds = [LABEL_IDS.validation, LABEL_IDS.production];
		const result = await change('removeLabels', labels(['name', 'production']));
		expect(result.error).toBeUndefined();
		expect(platform.sim.log.at(-1)).toMatchObject({
			method: 'POST',
			path: '/pipelines/labels/remove',
			body: { pipelineIds: [PIPELINE_IDS.genomicsFastqQc], labelIds: [LABEL_IDS.production] },
		});
		expect(fastqQc().labelIds).toEqual([LABEL_IDS.validation]);
	});

	it('an empty Labels fails the item before any change', async () => {
		const before = platform.sim.log.length;
		const result = await change('removeLabels', {});
		expect(result.error!.message).toBe('Labels is empty');
		expect(platform.sim.log.slice(before).filter((entry) => entry.method === 'POST')).toEqual([]);
	});
});
