import { isWeblogEvent, setsWeblogScope, withWeblogBlock } from '../../nodes/Seqera/weblog/protocol';

const TARGET = { url: 'https://n8n.example.org/webhook-waiting/42?seqeraItem=0', user: 'n8n', password: 'f00d' };

describe("the weblog block a held wait adds to a launch's Nextflow config", () => {
	it("keeps the user's config whole and adds the block after it", () => {
		const own = "process.executor = 'awsbatch'\nparams.outdir = 's3://bucket/out'\n";
		expect(withWeblogBlock(own, TARGET)).toBe(
			"process.executor = 'awsbatch'\nparams.outdir = 's3://bucket/out'\n\nweblog {\n    enabled = true\n    url = 'https://n8n.example.org/webhook-waiting/42?seqeraItem=0'\n    basicToken = 'n8n:f00d'\n}\n",
		);
	});

	it('is the whole config when the launch has none', () => {
		expect(withWeblogBlock(undefined, TARGET)).toMatch(/^weblog \{\n/);
		expect(withWeblogBlock('  \n', TARGET)).toMatch(/^weblog \{\n/);
	});

	it('quotes values so that none can end its string early', () => {
		expect(withWeblogBlock('', { ...TARGET, url: "https://h/x?a='b'\\" })).toContain("url = 'https://h/x?a=\\'b\\'\\\\'");
	});

	it.each([
		['a weblog block', "weblog {\n  enabled = true\n  url = 'http://mine'\n}"],
		['weblog set a field at a time', "weblog.enabled = true\nweblog.url = 'http://mine'"],
		['an indented block after other settings', 'docker.enabled = true\n   weblog{ enabled = true }'],
	])('finds %s in a config that sets it', (_, config) => {
		expect(setsWeblogScope(config)).toBe(true);
	});

	it.each([
		['no config', undefined],
		['a commented-out block', "// weblog {\n//   enabled = true\n// }\n/* weblog.url = 'x' */"],
		['a setting that only names weblog', "params.weblog_url = 'http://x'\nparams.notes = 'weblog { }'"],
	])('finds none in %s', (_, config) => {
		expect(setsWeblogScope(config)).toBe(false);
	});
});

describe('what counts as a weblog event', () => {
	const completed = {
		runName: 'happy_turing',
		runId: '7f344978-999c-480d-8439-741bc7520f6a',
		event: 'completed',
		utcTime: '2026-11-28T10:00:00Z',
	};

	it('takes the events nf-weblog posts', () => {
		expect(isWeblogEvent(completed)).toBe(true);
		expect(isWeblogEvent({ ...completed, event: 'process_completed', trace: { name: 'FASTQC (S1)' } })).toBe(true);
	});

	it.each([
		['no body', undefined],
		['text', 'completed'],
		['an event nf-weblog never posts', { ...completed, event: 'finished' }],
		['no session ID', { ...completed, runId: '' }],
		['no run name', { runId: completed.runId, event: 'completed' }],
	])('refuses %s', (_, body) => {
		expect(isWeblogEvent(body)).toBe(false);
	});
});
