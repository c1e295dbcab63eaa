/**
 * Send Nextflow Events To (version 1.4) in n8n's editor, for each release in versions.json: a launch
 * node saved with the setting but no workflow yet shows the Seqera Nextflow Events API credential and
 * n8n's workflow picker (its list in n8n 1.x; n8n 2.x lists only sub-workflows there, so the workflow
 * goes by ID); picking the trigger's workflow and executing the node launches a run whose
 * Nextflow config sends its events to that workflow's trigger, at the Production URL the trigger itself
 * shows. Screenshots go to test-artifacts/events-picker/<release>/.
 */
import path from 'node:path';
import type { IDataObject } from 'n8n-workflow';
import type { Locator } from 'playwright-core';

import versions from '../../dev/n8n/versions.json';
import { launchSendingEventsTo, nextflowEventsTrigger, workflow } from '../../dev/n8n/workflows';
import { weblogTargetOf } from '../../dev/simulator/weblogConfig';
import { expectText, openSavedNode, saveWorkflow, settled, shown, signIn, startEditor, type Editor } from './editor';

const ARTIFACTS = path.resolve(__dirname, '../../test-artifacts/events-picker');
const EVENTS_CREDENTIAL = {
	id: 'seqNfEvCred0003',
	name: 'Nextflow events',
	type: 'seqeraNextflowEventsApi',
	data: { user: 'nextflow', password: 'Zr4t-8e2c-1b9d-6f3a' },
};
const TRIGGER_WORKFLOW = { id: 'seqNfPicked0001', name: 'Nextflow events: failed processes' };

const TRIGGER_WORKFLOWS = [
	workflow(
		TRIGGER_WORKFLOW.id,
		TRIGGER_WORKFLOW.name,
		[],
		nextflowEventsTrigger(1.1, '0c7e3b5a-9d1f-4a26-8e4b-7f2a6c1d3e58', EVENTS_CREDENTIAL),
	),
	// Saved with the setting and no workflow yet, as the editor leaves it once the choice is added.
	workflow('seqNfLaunch0002', 'Launch with events to a workflow', [
		launchSendingEventsTo('picked-in-editor', { value: '' }, EVENTS_CREDENTIAL),
	]),
];

jest.setTimeout(600_000);

describe.each(versions)('Send Nextflow Events To in the editor of n8n %s', (version) => {
	let editor: Editor;
	let ndv: Locator;
	let productionUrl: string;

	beforeAll(async () => {
		editor = await startEditor(version, path.join(ARTIFACTS, version), { runProgressMs: 500 }, () => TRIGGER_WORKFLOWS, [
			EVENTS_CREDENTIAL,
		]);
	});

	afterAll(async () => {
		await editor?.close();
	});

	it("shows the trigger's Production URL, named by its workflow's ID", async () => {
		const { page, baseUrl, screenshot } = editor;
		await signIn(page, baseUrl);
		ndv = await openSavedNode(page, baseUrl, TRIGGER_WORKFLOW.id, 'Nextflow events');
		await page.getByText('Webhook URLs', { exact: true }).click();
		await page.getByText('Production URL', { exact: true }).click();
		const url = new RegExp(`https?://[^\\s]+/webhook/nextflow-events/${TRIGGER_WORKFLOW.id}`);
		await expectText(ndv, url);
		productionUrl = url.exec(await ndv.innerText())![0];
		await screenshot('trigger-production-url');
	});

	it("offers n8n's workflows and the events credential; the picked workflow's trigger gets the run's events", async () => {
		const { page, baseUrl, sim, screenshot } = editor;
		ndv = await openSavedNode(page, baseUrl, 'seqNfLaunch0002', 'Launch');
		await expectText(ndv, 'Seqera Nextflow Events API');
		await expectText(ndv, 'Send Nextflow Events To');
		const picker = ndv.getByTestId('resource-locator-workflowId');
		if (version.startsWith('1.')) {
			await picker.getByTestId('rlc-input').click();
			const item = page.getByTestId('rlc-item').filter({ hasText: TRIGGER_WORKFLOW.name });
			await settled(item);
			await screenshot('workflow-list');
			await item.click();
		} else {
			// n8n 2.x lists only sub-workflows (those with an Execute Workflow Trigger) here: the trigger's workflow goes by ID.
			await picker.getByTestId('rlc-mode-selector').click();
			await page.getByRole('option', { name: 'By ID' }).filter({ visible: true }).click();
			await picker.getByTestId('rlc-input').fill(TRIGGER_WORKFLOW.id);
			await picker.getByTestId('rlc-input').press('Tab');
		}
		await screenshot('workflow-picked');

		const before = sim.data.launches.length;
		await ndv.getByTestId('node-execute-button').click();
		const output = ndv.getByTestId('output-panel');
		await shown(output.getByTestId('ndv-items-count').first());
		await expectText(output.getByTestId('ndv-items-count').first(), '1 item');
		expect(sim.data.launches).toHaveLength(before + 1);
		const launch = sim.data.launches[before].request as { launch: IDataObject };
		expect(weblogTargetOf(String(launch.launch.configText))).toEqual({
			url: productionUrl,
			basicToken: `${EVENTS_CREDENTIAL.data.user}:${EVENTS_CREDENTIAL.data.password}`,
		});

		const saved = await saveWorkflow(page, baseUrl, 'seqNfLaunch0002');
		const node = saved.nodes.find((each) => each.name === 'Launch')!;
		expect(node.parameters.launchSettings).toMatchObject({
			nextflowEventsUrl: { workflow: { workflowId: { __rl: true, value: TRIGGER_WORKFLOW.id } } },
		});
		expect(sim.contractViolations).toEqual([]);
	});
});
