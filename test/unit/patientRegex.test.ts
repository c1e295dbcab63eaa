import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

import { CHECK_LIMIT_MS } from '../../dev/patientRegex.cjs';

const execFileAsync = promisify(execFile);
const RUNAWAY = path.join(__dirname, 'fixtures', 'runawayRegex.cjs');
const PRELOAD = path.resolve(__dirname, '../../dev/n8n/patientRegexInN8n.cjs');

async function runawayCheck(nodeOptions: string[]): Promise<{ ranMs: number; message: string }> {
	const { stdout } = await execFileAsync(process.execPath, [...nodeOptions, RUNAWAY]);
	return JSON.parse(stdout) as { ranMs: number; message: string };
}

describe('the regex checks of the n8n processes the tests start', () => {
	jest.setTimeout(60_000);

	it('are stopped after 5 s, not n8n’s 250 ms, with n8n’s own words', async () => {
		const check = await runawayCheck(['--require', PRELOAD]);
		expect(check.message).toBe('Regular expression execution timed out');
		expect(check.ranMs).toBeGreaterThanOrEqual(CHECK_LIMIT_MS - 10);
	});

	it('are n8n’s own, stopped far sooner, without it: the check above tells them apart', async () => {
		const check = await runawayCheck([]);
		expect(check.message).toBe('Regular expression execution timed out');
		// n8n stops it at 250 ms: the bound, 20 times that, holds on any machine that stalls less than 4.7 s.
		expect(check.ranMs).toBeLessThan(CHECK_LIMIT_MS - 10);
	});
});
