/** Driving n8n's editor with playwright-core and Debian's Chromium, for the editor and `npm run dev` tests. */
import { selectors, type Locator, type Page } from 'playwright-core';

import { OWNER } from '../../dev/n8n/n8nInstance';

export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
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
	while (Date.now() < deadline) {
		text = await locator.innerText({ timeout: Math.max(1, deadline - Date.now()) }).catch(() => '');
		if (matches(text)) break;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	expect(text).toMatch(pattern);
}

export async function until(condition: () => Promise<boolean>): Promise<void> {
	const deadline = Date.now() + UI_TIMEOUT_MS;
	while (!(await condition())) {
		if (Date.now() > deadline) throw new Error(`The editor did not get there within ${UI_TIMEOUT_MS} ms`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
}

export async function shown(locator: Locator): Promise<void> {
	await locator.waitFor({ state: 'visible' });
}

export async function gone(locator: Locator): Promise<void> {
	await locator.waitFor({ state: 'hidden' });
}

