import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Contract } from '../../dev/simulator/contract';
import { WORKSPACE_IDS } from '../../dev/simulator/seed';
import { startSimulator, type Simulator } from '../../dev/simulator/server';
import { declaredPlugins, loadsWeblogPlugin, pluginsDefaultAfter } from '../../dev/simulator/weblogConfig';
import { withWeblogBlock } from '../../nodes/Seqera/weblog/protocol';
import { withWeblogPluginScript } from '../../nodes/Seqera/weblog/plugin';
import { call, get, stop } from './testClient';

const contract = Contract.loadIfPresent();
const withContract = contract ? it : it.skip;
const GENOMICS = WORKSPACE_IDS.genomics;

/** A launch config with the block the node adds, after the user's own settings. */
const weblogConfig = (url = 'http://127.0.0.1:9/events', own = "process.executor = 'awsbatch'") =>
	withWeblogBlock(own, { url, user: 'n8n', password: 'f00d' });
/** The pre-run script the node sends from version 1.5 for an AWS Batch compute environment, after the user's own. */
const nodeScript = (own?: string) => withWeblogPluginScript(own, ['nf-amazon']);

describe('simulator: which runs load nf-weblog', () => {
	it('before Nextflow 26.09, weblog.enabled alone does', () => {
		expect(loadsWeblogPlugin({ configText: weblogConfig() }, '24.10.4')).toBe(true);
		expect(loadsWeblogPlugin({ configText: weblogConfig() }, '26.04.1')).toBe(true);
		expect(loadsWeblogPlugin({ configText: weblogConfig().replace('enabled = true', 'enabled = false') }, '24.10.4')).toBe(false);
	});

	it("from 26.09, weblog.enabled alone does not; the node's pre-run lines, a plugins block or an exported list naming it do", () => {
		expect(loadsWeblogPlugin({ configText: weblogConfig() }, '26.10.0')).toBe(false);
		expect(loadsWeblogPlugin({ configText: weblogConfig(), preRunScript: nodeScript() }, '26.10.0')).toBe(true);
		expect(
			loadsWeblogPlugin({ configText: weblogConfig(), preRunScript: nodeScript('export NXF_PLUGINS_DEFAULT=nf-schema') }, '26.10.0'),
		).toBe(true);
		expect(
			loadsWeblogPlugin({ configText: `plugins {\n  id 'nf-schema@2.3.0'\n  id 'nf-weblog'\n}\n${weblogConfig()}` }, '26.10.0'),
		).toBe(true);
		expect(
			loadsWeblogPlugin(
				{ configText: weblogConfig(), preRunScript: "export NXF_PLUGINS_DEFAULT='nf-amazon,nf-weblog@1.2.0'" },
				'26.10.0',
			),
		).toBe(true);
	});

	it('NXF_PLUGINS_DEFAULT=false loads no default plugin, and a list takes the place of what weblog.enabled infers', () => {
		expect(
			loadsWeblogPlugin({ configText: weblogConfig(), preRunScript: nodeScript('export NXF_PLUGINS_DEFAULT=false') }, '26.10.0'),
		).toBe(false);
		expect(loadsWeblogPlugin({ configText: weblogConfig(), preRunScript: 'export NXF_PLUGINS_DEFAULT=false' }, '24.10.4')).toBe(false);
		expect(loadsWeblogPlugin({ configText: weblogConfig(), preRunScript: 'export NXF_PLUGINS_DEFAULT=nf-amazon' }, '24.10.4')).toBe(
			false,
		);
		expect(loadsWeblogPlugin({ configText: weblogConfig(), preRunScript: 'export NXF_PLUGINS_DEFAULT=true' }, '24.10.4')).toBe(true);
	});

	it('reads the pre-run script in order, as the shell would run it', () => {
		expect(pluginsDefaultAfter(undefined)).toBeUndefined();
		expect(pluginsDefaultAfter(nodeScript())).toBe('nf-amazon,nf-weblog');
		expect(pluginsDefaultAfter(nodeScript('export NXF_PLUGINS_DEFAULT=true'))).toBe('nf-amazon,nf-weblog');
		expect(pluginsDefaultAfter(nodeScript('export NXF_PLUGINS_DEFAULT="nf-schema"  # pinned by us'))).toBe('nf-schema,nf-weblog');
		expect(pluginsDefaultAfter(nodeScript('export NXF_PLUGINS_DEFAULT=false'))).toBe('false');
		expect(pluginsDefaultAfter('export NXF_PLUGINS_DEFAULT=nf-a\nexport NXF_PLUGINS_DEFAULT="${NXF_PLUGINS_DEFAULT},nf-b"')).toBe(
			'nf-a,nf-b',
		);
		expect(pluginsDefaultAfter('# export NXF_PLUGINS_DEFAULT=nf-weblog')).toBeUndefined();
	});

	it('reads the top-level plugins block: IDs without versions, the later block in place of the earlier, none inside a profile', () => {
		expect(declaredPlugins('plugins {\n  id \'nf-schema@2.3.0\'\n  id("nf-prov")\n}')).toEqual(['nf-schema', 'nf-prov']);
		expect(declaredPlugins("plugins { id 'nf-schema' }\nplugins { id 'nf-weblog' }")).toEqual(['nf-weblog']);
		expect(declaredPlugins("profiles {\n  test {\n    plugins { id 'nf-weblog' }\n  }\n}")).toBeUndefined();
		expect(declaredPlugins("// plugins { id 'nf-weblog' }\nparams.plugins = 'x'")).toBeUndefined();
		expect(declaredPlugins(undefined)).toBeUndefined();
	});
});

describe('simulator: the Nextflow version catalog, and the events of runs on either side of 26.09', () => {
	let sim: Simulator;
	let received: string[];
	let receiverUrl: string;
	let receiver: http.Server;

	beforeAll(async () => {
		sim = await startSimulator({ perSecond: 10_000, runProgressMs: 200 });
		sim.weblog.platformLagMs = [0, 0];
		sim.weblog.silentRunChance = 0;
		received = [];
		receiver = http.createServer((request, response) => {
			const chunks: Buffer[] = [];
			request.on('data', (chunk: Buffer) => chunks.push(chunk));
			request.on('end', () => {
				received.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { runId: string }).runId);
				response.writeHead(200).end();
			});
		});
		await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
		receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/events`;
	});

	afterAll(async () => {
		await stop(sim);
		receiver.closeAllConnections();
		await new Promise<void>((resolve) => receiver.close(() => resolve()));
	});

	const launch = async (launchFields: Record<string, unknown>) => {
		const reply = await call(sim, 'POST', `/workflow/launch?workspaceId=${GENOMICS}`, {
			body: { launch: { pipeline: 'nf-core/rnaseq', ...launchFields } },
		});
		expect(reply.status).toBe(200);
		return sim.data.findRun((reply.json as { workflowId: string }).workflowId)!;
	};
	const postsReceived = async (run: { id: string; sessionId: string }) => {
		await sim.weblog.settled(run.id);
		return received.filter((runId) => runId === run.sessionId).length;
	};

	it('serves the catalog without a token, its default first among versions on both sides of 26.09', async () => {
		const reply = await get(sim, '/platform/versions', { token: null });
		expect(reply.status).toBe(200);
		const { nextflowVersions } = reply.json as { nextflowVersions: Array<{ version: string; default: boolean }> };
		expect(nextflowVersions.map((entry) => entry.version)).toEqual(['24.10.4', '25.04.6', '25.10.2', '26.04.1', '26.10.0']);
		expect(nextflowVersions.filter((entry) => entry.default).map((entry) => entry.version)).toEqual(['24.10.4']);
	});

	withContract("answers as the contract's NextflowVersionsResponse", async () => {
		const reply = await get(sim, '/platform/versions');
		expect(contract!.checkResponse('GET', '/platform/versions', reply.status, reply.json)).toEqual([]);
	});

	it("runs a launch's Nextflow version, or the catalog's default", async () => {
		expect((await launch({ nextflowVersion: '26.10.0' })).nextflowVersion).toBe('26.10.0');
		expect((await launch({})).nextflowVersion).toBe('24.10.4');
	});

	it('posts the events of a run on 24.10.4 with the weblog block alone, and of one on 26.10.0 only with the pre-run lines', async () => {
		const configText = weblogConfig(receiverUrl);
		expect(await postsReceived(await launch({ configText }))).toBeGreaterThan(0);
		expect(await postsReceived(await launch({ configText, nextflowVersion: '26.10.0' }))).toBe(0);
		expect(
			await postsReceived(await launch({ configText, nextflowVersion: '26.10.0', preRunScript: nodeScript('echo hello') })),
		).toBeGreaterThan(0);
		expect(
			await postsReceived(
				await launch({ configText, nextflowVersion: '26.10.0', preRunScript: nodeScript('export NXF_PLUGINS_DEFAULT=false') }),
			),
		).toBe(0);
	});
});
