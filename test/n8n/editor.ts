/** Driving n8n's editor with playwright-core and Debian's Chromium, for the editor and `npm run dev` tests. */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { IDataObject, INode } from 'n8n-workflow';
import { chromium, selectors, type Browser, type Locator, type Page } from 'playwright-core';

import {
	importIntoN8n,
	installPackage,
	n8nEnvironment,
	OWNER,
	requireInstalled,
	setUpOwner,
	startN8n,
	type N8nProcess,
} from '../../dev/n8n/n8nInstance';
import { simulatorCredential } from '../../dev/n8n/workflows';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../dev/simulator/server';
import { until as untilWithin } from '../../dev/until';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];
// The editor is a large single-page app: on a busy 2-core machine a click can take seconds to show its effect.
export const UI_TIMEOUT_MS = 60_000;

// n8n marks its elements with data-test-id, not Playwright's default data-testid.
selectors.setTestIdAttribute('data-test-id');

/** Signs in on n8n's sign-in page (its email field is named differently in 1.x and 2.x). */
export async function signIn(page: Page, baseUrl: string, login: { email: string; password: string } = OWNER): Promise<void> {
	await page.goto(`${baseUrl}/signin`);
	await page.locator('input[name="emailOrLdapLoginId"], input[name="email"]').fill(login.email);
	await page.locator('input[name="password"]').fill(login.password);
	await page.getByTestId('form-submit-button').click();
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/**
 * Waits until the element's text matches, then asserts it, so a mismatch fails with the text the user
 * would have seen. (playwright-core has no web-first assertions; those come with @playwright/test.)
 */
export async function expectText(locator: Locator, pattern: RegExp | string): Promise<void> {
	const matches = (text: string) => (typeof pattern === 'string' ? text.includes(pattern) : pattern.test(text));
	const deadline = Date.now() + UI_TIMEOUT_MS;
	let text = '';
	const read = async () => {
		text = await locator.innerText({ timeout: Math.max(1, deadline - Date.now()) }).catch(() => '');
		return matches(text);
	};
	// Past the deadline the assertion below fails, with the text last shown.
	await untilWithin(`the text ${String(pattern)}`, read, UI_TIMEOUT_MS).catch(() => undefined);
	expect(text).toMatch(pattern);
}

/** Waits until the editor shows what `condition` looks for, asked every quarter second, up to UI_TIMEOUT_MS. */
export async function until(condition: () => Promise<boolean>): Promise<void> {
	await untilWithin('the editor to get there', condition, UI_TIMEOUT_MS);
}

export async function shown(locator: Locator): Promise<void> {
	await locator.waitFor({ state: 'visible' });
}

/** Waits until the element is shown and no longer moves, e.g. a drop-down at the end of its opening animation. */
export async function settled(locator: Locator): Promise<void> {
	await shown(locator);
	await (await locator.elementHandle())?.waitForElementState('stable');
}

export async function gone(locator: Locator): Promise<void> {
	await locator.waitFor({ state: 'hidden' });
}

/** One n8n release with the packed package and an owner, the simulator, and a Chromium page for the editor. */
export interface Editor {
	sim: Simulator;
	n8n: N8nProcess;
	baseUrl: string;
	browser: Browser;
	page: Page;
	/** Saves a screenshot of the page as NN-step.png in the artifacts folder, numbered in order. */
	screenshot(step: string): Promise<void>;
	close(): Promise<void>;
}

/**
 * Starts the simulator and n8n `version` (installed by scripts/n8n-install.sh) with this package packed
 * and installed as a community node, sets up the owner and opens a page in Chromium. The artifacts
 * folder is emptied first. `workflowsFor` gives workflows to import before n8n starts, with the
 * simulator's credential (dev/n8n/workflows.ts, CREDENTIAL) and any `credentials` for their nodes.
 */
export async function startEditor(
	version: string,
	artifacts: string,
	simulatorOptions: SimulatorOptions = {},
	workflowsFor?: (sim: Simulator) => IDataObject[],
	credentials: IDataObject[] = [],
): Promise<Editor> {
	if (!existsSync(CHROMIUM))
		throw new Error(`No Chromium at ${CHROMIUM}: apt-get install -y chromium (scripts/setup-and-test.sh does) before these tests`);
	const n8nBin = requireInstalled(version);
	rmSync(artifacts, { recursive: true, force: true });
	mkdirSync(artifacts, { recursive: true });
	const userFolder = mkdtempSync(path.join(os.tmpdir(), `n8n-nodes-seqera-editor-${version}-`));
	let sim: Simulator | undefined;
	let n8n: N8nProcess | undefined;
	let browser: Browser | undefined;
	const close = async () => {
		await browser?.close();
		await n8n?.stop();
		await sim?.close();
		rmSync(userFolder, { recursive: true, force: true });
	};
	try {
		sim = await startSimulator(simulatorOptions);
		const env = n8nEnvironment(userFolder);
		await installPackage(n8nBin, env);
		if (workflowsFor)
			await importIntoN8n(n8nBin, env, {
				credentials: [simulatorCredential(sim.baseUrl), ...credentials],
				workflows: workflowsFor(sim),
			});
		n8n = await startN8n(n8nBin, { args: ['start'], env, readyOutput: /Editor is now accessible via/, port: 0 });
		const baseUrl = `http://127.0.0.1:${n8n.port}`;
		await setUpOwner(baseUrl);
		browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
		const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
		page.setDefaultTimeout(UI_TIMEOUT_MS);
		let shot = 0;
		const screenshot = async (step: string) => {
			shot += 1;
			await page.screenshot({ path: path.join(artifacts, `${String(shot).padStart(2, '0')}-${step}.png`) });
		};
		return { sim, n8n, baseUrl, browser, page, screenshot, close };
	} catch (error) {
		await close();
		throw error;
	}
}

/**
 * On a new workflow, adds a Manual Trigger and after it the Seqera Platform node with one of its
 * actions (as the nodes panel names it, e.g. "Launch a launchpad pipeline"); the node's panel opens.
 */
export async function addSeqeraNode(page: Page, baseUrl: string, action: string): Promise<Locator> {
	await page.goto(`${baseUrl}/workflow/new`);
	await page.getByTestId('canvas-add-button').click();
	await page.getByTestId('node-creator-search-bar').fill('Manual');
	await page
		.getByTestId('node-creator-item-name')
		.filter({ hasText: /^Manual Trigger$/ })
		.click();
	await page.getByTestId('canvas-handle-plus').first().click();
	await page.getByTestId('node-creator-search-bar').fill('Seqera');
	await page
		.getByTestId('node-creator-item-name')
		.filter({ hasText: /^Seqera Platform$/ })
		.click();
	const exactly = new RegExp(`^${action.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
	await page.getByTestId('node-creator-item-name').filter({ hasText: exactly }).click();
	const ndv = page.getByTestId('ndv');
	await shown(ndv);
	return ndv;
}

/**
 * Opens a new Seqera Platform API credential from the open node panel and fills it in for the
 * simulator, as a user does; returns the credential modal, not yet saved.
 */
export async function fillSimulatorCredential(page: Page, simulatorUrl: string, token: string): Promise<Locator> {
	// 2.x offers a "Connect to Seqera Platform" button; 1.x a credential list with "Create new credential".
	const connect = page.getByTestId('node-credentials-empty-state');
	const credentialList = page.getByTestId('node-credentials-select');
	await shown(connect.or(credentialList));
	if (await connect.isVisible()) {
		await connect.click();
	} else {
		await credentialList.click();
		await page.getByText('Create new credential').click();
	}
	const modal = page.getByTestId('editCredential-modal');
	await expectText(modal, 'Seqera Platform API');
	await modal.getByTestId('parameter-input-accessToken').locator('input').fill(token);
	await modal.getByTestId('parameter-input-server').click();
	await page.getByRole('option', { name: 'Enterprise or Custom URL' }).click();
	await modal.getByTestId('parameter-input-baseUrl').locator('input').fill(simulatorUrl);
	// The simulator's certificate is self-signed.
	await modal.getByTestId('parameter-input-allowUnauthorizedCerts').locator('.el-switch').click();
	return modal;
}

/**
 * Saves a credential modal and waits until n8n's connection test of it has passed: 1.x keeps the modal
 * open with the result; 2.x closes it when the test passes. Returns the success banner when it is shown.
 */
export async function saveCredential(modal: Locator): Promise<Locator | undefined> {
	await modal.getByTestId('credential-save-button').click();
	const success = modal.getByTestId('credentials-config-container-test-success');
	await until(async () => (await success.isVisible()) || !(await modal.isVisible()));
	return (await success.isVisible()) ? success : undefined;
}

/**
 * Closes a credential modal whose connection test has passed. On a loaded machine a value typed just
 * before Save can reach n8n's form a moment after the save went out, so n8n counts the form as changed
 * and asks "Close without saving?". The modal then stays open ("Keep Editing"), is saved again and
 * closed once its test has passed again: it closes on what n8n stored, never throwing a change away.
 */
export async function closeSavedCredential(page: Page, modal: Locator): Promise<void> {
	const unsavedPrompt = page.getByRole('dialog', { name: /^Close without (saving|connecting)\?$/ });
	await until(async () => {
		if (!(await modal.isVisible())) return true;
		if (await unsavedPrompt.isVisible()) {
			await unsavedPrompt.getByRole('button', { name: /^Keep Editing$/i }).click();
			await gone(unsavedPrompt);
			if (!(await saveCredential(modal))) return !(await modal.isVisible());
		}
		await page.locator('.el-dialog__headerbtn:visible').click();
		await Promise.race([gone(modal), shown(unsavedPrompt)]).catch(() => undefined);
		return !(await modal.isVisible());
	});
}

/** Creates the simulator credential from the open node panel; the credential modal is closed after. */
export async function createSimulatorCredential(page: Page, simulatorUrl: string, token: string): Promise<void> {
	const modal = await fillSimulatorCredential(page, simulatorUrl, token);
	if (await saveCredential(modal)) await closeSavedCredential(page, modal);
	await gone(modal);
}

/** Opens a saved workflow on the canvas and its node's panel with a double-click, as a user does. */
export async function openSavedNode(page: Page, baseUrl: string, workflowId: string, nodeName: string): Promise<Locator> {
	await page.goto(`${baseUrl}/workflow/${workflowId}`);
	const node = page.getByTestId('canvas-node').filter({ hasText: nodeName });
	await settled(node);
	await node.dblclick();
	const ndv = page.getByTestId('ndv');
	await shown(ndv);
	return ndv;
}

// n8n 2.x saves a changed workflow by itself (autosave) and shows no save button; a workflow with no change is not sent.
const SAVE_SENT_WITHIN_MS = 10_000;

/**
 * Saves the open workflow with Ctrl+S, waiting for n8n to send it if it has changes, and returns it as
 * n8n stored it, read back through n8n's REST API from the page, which sends the browser ID n8n binds
 * its session to.
 */
export async function saveWorkflow(page: Page, baseUrl: string, workflowId: string): Promise<{ nodes: INode[] }> {
	const url = `${baseUrl}/rest/workflows/${workflowId}`;
	const sent = page
		.waitForResponse((response) => response.url() === url && response.request().method() !== 'GET', { timeout: SAVE_SENT_WITHIN_MS })
		.catch(() => undefined);
	await page.keyboard.press('Control+s');
	const response = await sent;
	if (response) expect(response.status()).toBe(200);
	const { status, body } = await page.evaluate(async (workflowUrl) => {
		const stored = await fetch(workflowUrl, { headers: { 'browser-id': localStorage.getItem('n8n-browserId') ?? '' } });
		return { status: stored.status, body: (await stored.json()) as { data: { nodes: INode[] } } };
	}, url);
	expect(status).toBe(200);
	return body.data;
}
