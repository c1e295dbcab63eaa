/**
 * The package in n8n's editor, as a user meets it: for each release in versions.json, n8n starts with
 * the packed package installed as a community node and an owner account, and Debian's Chromium, driven
 * by playwright-core, signs in, finds "Seqera" in the nodes panel, adds the node, creates a credential
 * for the simulator (its connection test succeeds, then fails with the token message for a wrong
 * token), picks Workflow → Get Many and executes the node until the runs show in the output panel.
 * Each step leaves a screenshot in test-artifacts/editor/<release>/.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';

import type { Simulator } from '../../dev/simulator/server';
import {
	closeSavedCredential,
	expectText,
	fillSimulatorCredential,
	gone,
	saveCredential,
	shown,
	signIn,
	startEditor,
	until,
	type Editor,
} from './editor';
import versions from '../../dev/n8n/versions.json';
import { GENOMICS } from '../../dev/n8n/workflows';

const ARTIFACTS = path.resolve(__dirname, '../../test-artifacts/editor');
const TOKEN = 'sim-token-alpha';
const WRONG_TOKEN = 'sim-token-revoked';
const LIMIT = 5;

jest.setTimeout(600_000);

describe.each(versions)('in the editor of n8n %s', (version) => {
	let editor: Editor;
	let sim: Simulator;
	let page: Page;
	let screenshot: Editor['screenshot'];

	beforeAll(async () => {
		editor = await startEditor(version, path.join(ARTIFACTS, version), { runProgressMs: 2000 });
		({ sim, page, screenshot } = editor);
	});

	afterAll(async () => {
		await editor?.close();
	});

	it('signs in as the owner', async () => {
		await signIn(page, editor.baseUrl);
		await screenshot('signed-in');
	});

	it('finds Seqera in the nodes panel and adds the node with its actions', async () => {
		await page.goto(`${editor.baseUrl}/workflow/new`);
		// A workflow starts with a trigger; the Seqera node goes after a manual one.
		await page.getByTestId('canvas-add-button').click();
		await page.getByTestId('node-creator-search-bar').fill('Manual');
		await page
			.getByTestId('node-creator-item-name')
			.filter({ hasText: /^Manual Trigger$/ })
			.click();
		await page.getByTestId('canvas-handle-plus').first().click();
		await page.getByTestId('node-creator-search-bar').fill('Seqera');
		const seqera = page.getByTestId('node-creator-item-name').filter({ hasText: /^Seqera Platform$/ });
		await shown(seqera);
		expect(await seqera.count()).toBe(1);
		await screenshot('nodes-panel-search');
		await seqera.click();
		const getManyRuns = page.getByTestId('node-creator-item-name').filter({ hasText: /^Get many runs$/ });
		await shown(getManyRuns);
		expect(
			await page
				.getByTestId('node-creator-item-name')
				.filter({ hasText: /^Launch a pipeline$/ })
				.count(),
		).toBe(1);
		await screenshot('seqera-actions');
		await getManyRuns.click();
		await shown(page.getByTestId('ndv'));
		await screenshot('node-added');
	});

	it('creates a Seqera Platform API credential for the simulator and its test succeeds', async () => {
		const before = sim.log.length;
		const modal = await fillSimulatorCredential(page, sim.baseUrl, TOKEN);
		await screenshot('credential-filled');
		// n8n tests a credential when it is saved and shows the result with a test button ("Retry"). 2.x closes
		// the modal when the test passes, so the result is seen by opening the credential again.
		let success = await saveCredential(modal);
		if (!success) {
			await gone(modal);
			await page.getByTestId('credential-edit-button').click();
			success = modal.getByTestId('credentials-config-container-test-success');
		}
		await expectText(success, 'Connection tested successfully');
		const beforeRetry = sim.log.length;
		await success.getByRole('button', { name: 'Retry' }).click();
		// The banner already says so: the proof that the button tested again is the call it made.
		await until(async () => sim.log.length > beforeRetry);
		await expectText(success, 'Connection tested successfully');
		await screenshot('credential-test-success');
		const tests = sim.log.slice(before);
		expect(tests.length).toBeGreaterThanOrEqual(2);
		expect(tests.every((entry) => entry.status === 200 && entry.tokenHash !== null)).toBe(true);
	});

	it('shows the token message when the token is wrong, and connects again with the right one', async () => {
		const modal = page.getByTestId('editCredential-modal');
		const before = sim.log.length;
		await modal.getByTestId('parameter-input-accessToken').locator('input').fill(WRONG_TOKEN);
		await modal.getByTestId('credential-save-button').click();
		await expectText(modal, /Couldn.t connect with these settings/);
		// Some releases fold the reason behind a link.
		const details = modal.getByText('More details');
		if (await details.isVisible()) await details.click();
		await expectText(modal, /Bad or expired token: the platform refused the access token\. Create a new one in the Seqera web app/);
		expect(await modal.innerText()).not.toContain(WRONG_TOKEN);
		await screenshot('credential-wrong-token');
		// The simulator refused the token the credential sent.
		expect(sim.log.slice(before)).toContainEqual(expect.objectContaining({ status: 403, tokenHash: null }));

		await modal.getByTestId('parameter-input-accessToken').locator('input').fill(TOKEN);
		await modal.getByTestId('credential-save-button').click();
		await expectText(modal.getByTestId('credentials-config-container-test-success'), 'Connection tested successfully');
		await closeSavedCredential(page, modal);
	});

	it('picks Workflow → Get Many, executes the node and shows the runs in the output panel', async () => {
		const ndv = page.getByTestId('ndv');
		expect(await ndv.getByTestId('parameter-input-resource').locator('input').inputValue()).toBe('Workflow (Run)');
		expect(await ndv.getByTestId('parameter-input-operation').locator('input').inputValue()).toBe('Get Many');
		// The workspace list comes from the node's list search, through the new credential.
		await ndv.getByTestId('resource-locator-workspace').getByTestId('rlc-input').click();
		await page.getByTestId('rlc-item').filter({ hasText: 'acme-bio / genomics' }).click();
		await ndv.getByTestId('parameter-input-limit').locator('input').fill(String(LIMIT));
		await screenshot('get-many-parameters');
		await ndv.getByTestId('node-execute-button').click();

		const output = ndv.getByTestId('output-panel');
		await expectText(output.getByTestId('ndv-items-count').first(), `${LIMIT} items`);
		// The table shows every item (the JSON view renders only what is scrolled into view).
		await output.getByTestId('radio-button-table').click();
		await screenshot('runs-in-output-panel');
		const shown = await output.getByTestId('ndv-data-container').innerText();
		const expected = sim.data.runsIn(GENOMICS).slice(0, LIMIT);
		for (const run of expected) expect(shown).toContain(run.id);
		expect(shown).toMatch(/\bgenomics\b/);
		expect(shown).not.toContain(TOKEN);
		expect(sim.contractViolations).toEqual([]);
	});
});
