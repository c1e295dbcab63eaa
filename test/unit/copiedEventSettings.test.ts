/**
 * What a launch copied from a run (a relaunch) drops at version 1.5: the weblog block and the plugin
 * lines this node wrote for the original run, exactly those, whatever their URL, secret or plugins.
 */
import { withoutNodeWeblogBlocks, withWeblogBlock } from '../../nodes/Seqera/weblog/protocol';
import { withoutWeblogPluginScript, withWeblogPluginScript } from '../../nodes/Seqera/weblog/plugin';

describe("the node's own weblog block", () => {
	it('is dropped with any URL and secret, quotes and backslashes included, and the config before it is kept', () => {
		const own = "process.executor = 'awsbatch'\nparams.greeting = 'it\\'s'";
		const written = withWeblogBlock(own, {
			url: "https://n8n.example.com/webhook-waiting/7?seqeraItem=0&x='q'",
			user: 'n8n',
			password: 'a\\b',
		});
		expect(withoutNodeWeblogBlocks(written)).toBe(`${own}\n`);
		expect(
			withoutNodeWeblogBlocks(withWeblogBlock(undefined, { url: 'https://n8n.example.com/x', user: 'n8n', password: 'f00d' })),
		).toBe('');
	});

	it("keeps a weblog scope of the user's own, which the launch then refuses as before, and a config without one as it is", () => {
		for (const users of [
			"weblog {\n  enabled = true\n  url = 'https://events.example.org'\n}\n",
			"weblog.enabled = true\nweblog.url = 'https://events.example.org'",
			'process.executor = "slurm"   ',
		]) {
			expect(withoutNodeWeblogBlocks(users)).toBe(users);
		}
	});
});

describe("the node's own plugin lines in the pre-run script", () => {
	it('are dropped whatever plugins they name, and the script before them is kept', () => {
		for (const plugins of [[], ['nf-amazon'], ['nf-google', 'nf-k8s']]) {
			expect(withoutWeblogPluginScript(withWeblogPluginScript('export NXF_VER=25.10.2', plugins))).toBe('export NXF_VER=25.10.2\n');
			expect(withoutWeblogPluginScript(withWeblogPluginScript(undefined, plugins))).toBe('');
		}
	});

	it("keep a script of the user's own as it is, one that sets NXF_PLUGINS_DEFAULT too", () => {
		for (const users of ['export NXF_PLUGINS_DEFAULT=nf-amazon,nf-weblog\n', 'module load java'])
			expect(withoutWeblogPluginScript(users)).toBe(users);
	});
});
