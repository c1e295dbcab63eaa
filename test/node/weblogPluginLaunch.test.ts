/**
 * Version 1.5: a launch that adds a weblog block also has Nextflow 26.09 and later load nf-weblog, by
 * lines at the end of its pre-run script that add it to NXF_PLUGINS_DEFAULT (weblog/plugin.ts). The
 * run's Nextflow is Launch Settings' Nextflow Version, or else the platform catalog's default.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { weblogPluginScript } from '../../nodes/Seqera/weblog/plugin';
import { GENOMICS, SEQERA_NODE, usePlatform, useWebhookUrl, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 300, weblog: { duplicateChance: 0, silentRunChance: 0, platformLagMs: [0, 50] } });
useWebhookUrl();

const EVENTS_CREDENTIAL = { user: 'nextflow', password: 'k3Qz-7f1d-9c2b' };
/** The lines for the workspace's primary compute environment: AWS Batch, with its work directory on S3. */
const AWS_BATCH_LINES = weblogPluginScript(['nf-amazon']);
const OWN_SCRIPT = 'export NXF_VER=26.10.0\nmodule load java/17';

/** Stands in for the trigger: counts the events posted for each Nextflow session, and answers 200. */
async function startReceiver(): Promise<{ url: string; eventsOf: (sessionId: string) => string[]; close: () => Promise<void> }> {
	const received: IDataObject[] = [];
	const server = http.createServer((request, response) => {
		let text = '';
		request.on('data', (chunk: Buffer) => (text += chunk.toString()));
		request.on('end', () => {
			received.push(JSON.parse(text) as IDataObject);
			response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/webhook/nextflow-events/Xq7fR2kLm9PzW4vA`,
		eventsOf: (sessionId) => received.filter((event) => event.runId === sessionId).map((event) => String(event.event)),
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

// Nothing listens there: the runs' events are refused at once, on this machine.
const EVENTS_URL = 'http://127.0.0.1:9/webhook/nextflow-events/Xq7fR2kLm9PzW4vA';

function eventsLaunch(launchSettings: IDataObject, url = EVENTS_URL): INodeParameters {
	return {
		resource: 'workflow',
		operation: 'launch',
		source: 'repository',
		pipeline: 'https://github.com/nextflow-io/hello',
		...workspaceParameter(GENOMICS),
		launchSettings: { ...launchSettings, nextflowEventsUrl: { url: { url } } },
	} as INodeParameters;
}

async function launch(
	parameters: INodeParameters,
	{ typeVersion = 1.5, items = [{ json: {} }] }: { typeVersion?: number; items?: Array<{ json: IDataObject }> } = {},
) {
	const before = { launches: platform.sim.data.launches.length, log: platform.sim.log.length };
	const result = await platform.harness.runNode({
		type: SEQERA_NODE,
		parameters,
		typeVersion,
		items,
		credentials: { ...platform.credentials(), seqeraNextflowEventsApi: EVENTS_CREDENTIAL },
	});
	expect(result.error).toBeUndefined();
	const sent = platform.sim.data.launches.slice(before.launches).map((launched) => (launched.request as { launch: IDataObject }).launch);
	const catalogReads = platform.sim.log
		.slice(before.log)
		.filter((entry) => entry.method === 'GET' && entry.path.endsWith('/platform/versions')).length;
	return { result, sent, catalogReads };
}

describe('Version 1.5: events from Nextflow 26.09 and later', () => {
	it("with Nextflow Version 26.10.0, ends the launch's own pre-run script with the lines that load nf-weblog, and the run's events arrive", async () => {
		const receiver = await startReceiver();
		try {
			const { result, sent, catalogReads } = await launch(
				eventsLaunch({ nextflowVersion: '26.10.0', preRunScript: OWN_SCRIPT }, receiver.url),
			);
			expect(sent).toHaveLength(1);
			expect(sent[0].nextflowVersion).toBe('26.10.0');
			expect(sent[0].preRunScript).toBe(`${OWN_SCRIPT}\n\n${AWS_BATCH_LINES}\n`);
			expect(sent[0].configText).toMatch(/^weblog \{\n {4}enabled = true\n/);
			expect(catalogReads).toBe(0);

			const run = platform.sim.data.findRun(String(platform.json(result)[0].workflowId))!;
			expect(run.nextflowVersion).toBe('26.10.0');
			await platform.sim.weblog.settled(run.id);
			expect(receiver.eventsOf(run.sessionId)).toEqual(expect.arrayContaining(['started', 'completed']));
		} finally {
			await receiver.close();
		}
	});

	it('with Nextflow Version 25.04.6, sends the weblog block alone, as before', async () => {
		const { sent, catalogReads } = await launch(eventsLaunch({ nextflowVersion: '25.04.6', preRunScript: 'module load java/17' }));
		expect(sent[0].preRunScript).toBe('module load java/17');
		expect(sent[0].configText).toMatch(/^weblog \{/);
		expect(catalogReads).toBe(0);
	});

	it("without a version, reads the platform's catalog once for the execution's items and takes its default", async () => {
		const items = [{ json: {} }, { json: {} }, { json: {} }];
		const onDefault = await launch(eventsLaunch({}), { items });
		expect(onDefault.catalogReads).toBe(1);
		// The simulator's default is 24.10.4: the block alone.
		expect(onDefault.sent.map((sent) => sent.preRunScript)).toEqual([undefined, undefined, undefined]);

		platform.sim.addFault({
			method: 'GET',
			path: /\/platform\/versions$/,
			kind: 'answer',
			answer: {
				nextflowVersions: [
					{ version: '25.10.2', default: false },
					{ version: '26.10.0', default: true },
				],
			},
		});
		const onLater = await launch(eventsLaunch({}), { items });
		expect(onLater.catalogReads).toBe(1);
		expect(onLater.sent.map((sent) => sent.preRunScript)).toEqual([1, 2, 3].map(() => `${AWS_BATCH_LINES}\n`));
	});

	it('takes the version as unknown, and adds the lines, where the platform has no catalog or the pre-run script sets NXF_VER', async () => {
		platform.sim.addFault({ method: 'GET', path: /\/platform\/versions$/, kind: 'status', status: 404 });
		const noCatalog = await launch(eventsLaunch({}));
		expect(noCatalog.catalogReads).toBe(1);
		expect(noCatalog.sent[0].preRunScript).toBe(`${AWS_BATCH_LINES}\n`);

		const ownNextflow = await launch(eventsLaunch({ nextflowVersion: '25.04.6', preRunScript: OWN_SCRIPT }));
		expect(ownNextflow.sent[0].preRunScript).toBe(`${OWN_SCRIPT}\n\n${AWS_BATCH_LINES}\n`);
	});

	it('adds the lines to a launch whose wait n8n holds too', async () => {
		const held = {
			...eventsLaunch({ nextflowVersion: '26.10.0' }),
			launchSettings: { nextflowVersion: '26.10.0' },
			waitForCompletion: true,
			waitIn: 'n8n',
		} as INodeParameters;
		const { result, sent } = await launch(held);
		expect(result.run.status).toBe('waiting');
		expect(sent[0].preRunScript).toBe(`${AWS_BATCH_LINES}\n`);
		expect(sent[0].configText).toMatch(/^weblog \{/);
	});

	it('sends nothing of it without a weblog block', async () => {
		const { sent, catalogReads } = await launch({
			...eventsLaunch({}),
			launchSettings: { nextflowVersion: '26.10.0', preRunScript: 'module load java/17' },
		} as INodeParameters);
		expect(sent[0].preRunScript).toBe('module load java/17');
		expect(sent[0]).not.toHaveProperty('configText');
		expect(catalogReads).toBe(0);
	});

	it('is not sent by version 1.4, which reads no catalog', async () => {
		const { sent, catalogReads } = await launch(eventsLaunch({ nextflowVersion: '26.10.0', preRunScript: 'module load java/17' }), {
			typeVersion: 1.4,
		});
		expect(sent[0].preRunScript).toBe('module load java/17');
		expect(sent[0].configText).toMatch(/^weblog \{/);
		const none = await launch(eventsLaunch({}), { typeVersion: 1.4 });
		expect(none.sent[0]).not.toHaveProperty('preRunScript');
		expect(catalogReads + none.catalogReads).toBe(0);
	});
});
