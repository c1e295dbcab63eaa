/**
 * Wait In on Workflow → Launch in n8n's editor, as a new user meets it, for each release in
 * versions.json: the Seqera node added at its default version (1.5) offers Wait In once Wait for
 * Completion is on. "Keep This Execution Running" shows no notice and the pace options of a wait in the
 * execution; "Pause the Execution Until the Runs End" shows the notice of what a paused wait needs, whole
 * and not cut, and Wait Options offer its check interval and time limit instead. Send Nextflow Events To
 * → Trigger's Workflow shows the hint to choose By ID on n8n 2.x. The texts are those the panel shows, so
 * a change to the notice, the hint, or the names and sets of options fails here. Screenshots go to
 * test-artifacts/paused-wait-editor/<release>/.
 */
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

import versions from '../../dev/n8n/versions.json';
import { addSeqeraNode, expectText, settled, shown, signIn, startEditor, type Editor } from './editor';

const ARTIFACTS = path.resolve(__dirname, '../../test-artifacts/paused-wait-editor');

const WAIT_IN_CHOICES = ['Keep This Execution Running', 'Pause the Execution Until the Runs End'];
const OPTIONS_OF_A_WAIT_IN_THE_EXECUTION = [
	'Fail Item When Run Fails',
	'First Check After (Seconds)',
	'Longest Interval (Seconds)',
	'Timeout (Minutes)',
];
const OPTIONS_OF_A_PAUSED_WAIT = [
	'At the Time Limit',
	'Check Interval (Minutes)',
	'Fail Item When Run Fails',
	'Time Limit',
	'Time Limit Unit',
];
const PAUSED_WAIT_NOTICE =
	"The execution pauses until every run has ended. Nextflow posts each run's end to n8n: start n8n with WEBHOOK_URL set to an address the compute environment reaches (without it, n8n's address is http://localhost:5678 and the launch fails). Nextflow 23.07 and later send it; 26.09 and later from this node's version 1.5. A check every Check Interval (Wait Options) finds an end that never arrives. Not with Send Nextflow Events To.";
const TRIGGER_WORKFLOW_HINT =
	"On n8n 2.x the list offers only sub-workflows: choose By ID and paste the trigger's workflow ID, the last part of its address in the editor (…/workflow/ID)";

/**
 * Opens the drop-down of a select's input (n8n's selects and "Add …" lists are Element Plus selects) and
 * returns the list it opened, found through the input's aria-controls: a list closed a moment before may
 * still be fading out, and must not be read for this one.
 */
async function openList(page: Page, input: Locator): Promise<Locator> {
	await input.click();
	const list = page.locator(`[id="${await input.getAttribute('aria-controls')}"]`);
	await settled(list);
	return list;
}

/** The first line of each choice in an open list: its name, above the description some choices have. */
async function choiceNames(list: Locator): Promise<string[]> {
	return (await list.getByRole('option').allInnerTexts()).map((text) => text.split('\n')[0].trim());
}

async function closeList(page: Page, list: Locator): Promise<void> {
	await page.keyboard.press('Escape');
	await list.waitFor({ state: 'hidden' });
}

jest.setTimeout(600_000);

describe.each(versions)('Wait In on a launch in the editor of n8n %s', (version) => {
	let editor: Editor;
	let page: Page;
	let ndv: Locator;

	beforeAll(async () => {
		editor = await startEditor(version, path.join(ARTIFACTS, version));
		({ page } = editor);
	});

	afterAll(async () => {
		await editor?.close();
	});

	it('adds the Seqera node at version 1.5 on Workflow → Launch', async () => {
		const { baseUrl, screenshot } = editor;
		await signIn(page, baseUrl);
		ndv = await addSeqeraNode(page, baseUrl, 'Launch a pipeline');
		expect(await ndv.getByTestId('parameter-input-operation').locator('input').inputValue()).toBe('Launch');
		// The node's Settings tab names the version a new node gets.
		await ndv.getByText('Settings', { exact: true }).click();
		await expectText(ndv, 'Seqera Platform node version 1.5');
		await ndv.getByText('Parameters', { exact: true }).click();
		await shown(ndv.getByTestId('parameter-input-waitForCompletion'));
		expect(await ndv.getByTestId('parameter-input-waitIn').count()).toBe(0);
		await screenshot('launch');
	});

	it('offers Wait In with Wait for Completion; a wait in the execution has no notice and its pace options', async () => {
		const { screenshot } = editor;
		await ndv.getByTestId('parameter-input-waitForCompletion').locator('.el-switch').click();
		const waitIn = ndv.getByTestId('parameter-input-waitIn');
		await shown(waitIn);
		expect(await waitIn.locator('input').inputValue()).toBe('Keep This Execution Running');
		const choices = await openList(page, waitIn.locator('input'));
		await screenshot('wait-in-choices');
		expect(await choiceNames(choices)).toEqual(WAIT_IN_CHOICES);
		await closeList(page, choices);

		expect(await ndv.getByRole('alert').count()).toBe(0);
		const waitOptions = await openList(page, ndv.getByPlaceholder('Add Option'));
		await screenshot('options-of-a-wait-in-the-execution');
		expect(await choiceNames(waitOptions)).toEqual(OPTIONS_OF_A_WAIT_IN_THE_EXECUTION);
		await closeList(page, waitOptions);
	});

	it('pausing the execution shows the notice in full, and the options of a paused wait', async () => {
		const { screenshot } = editor;
		const choices = await openList(page, ndv.getByTestId('parameter-input-waitIn').locator('input'));
		await choices.getByRole('option').filter({ hasText: 'Pause the Execution Until the Runs End' }).click();
		// The closing list fades out over the notice: the screenshot waits until it is gone.
		await choices.waitFor({ state: 'hidden' });
		const notice = ndv.getByRole('alert');
		await shown(notice);
		await notice.scrollIntoViewIfNeeded();
		await screenshot('paused-wait-notice');
		expect((await notice.innerText()).trim()).toBe(PAUSED_WAIT_NOTICE);
		// Whole on screen: the notice neither scrolls nor clips its text in the panel's width.
		expect(
			await notice.evaluate((element) => element.scrollHeight <= element.clientHeight && element.scrollWidth <= element.clientWidth),
		).toBe(true);

		const waitOptions = await openList(page, ndv.getByPlaceholder('Add Option'));
		await screenshot('options-of-a-paused-wait');
		expect(await choiceNames(waitOptions)).toEqual(OPTIONS_OF_A_PAUSED_WAIT);
		await closeList(page, waitOptions);
	});

	it("Send Nextflow Events To → Trigger's Workflow tells to choose By ID on n8n 2.x", async () => {
		const { screenshot } = editor;
		const settings = await openList(page, ndv.getByPlaceholder('Add Setting'));
		await settings
			.getByRole('option')
			.filter({ hasText: /^Send Nextflow Events To$/ })
			.click();
		const triggers = await openList(page, ndv.getByPlaceholder('Add Trigger'));
		await triggers
			.getByRole('option')
			.filter({ hasText: /^Trigger's Workflow$/ })
			.click();
		const workflowField = ndv
			.getByTestId('parameter-item')
			.filter({ has: page.getByTestId('resource-locator-workflowId') })
			.last();
		await shown(workflowField);
		await workflowField.scrollIntoViewIfNeeded();
		await screenshot('trigger-workflow-hint');
		// n8n renders a hint as HTML and drops what looks like a tag: the user reads "<ID>" only where the hint escapes it.
		await expectText(workflowField, TRIGGER_WORKFLOW_HINT);
	});
});
