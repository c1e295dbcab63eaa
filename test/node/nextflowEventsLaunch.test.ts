/**
 * Launch Settings → Send Nextflow Events To (version 1.3): the launch carries a weblog block with the
 * trigger's URL and the credential's user and password, and the simulator, as Nextflow would, posts the
 * run's events there. A launch that cannot carry it fails before anything is launched.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PIPELINE_IDS, WORKSPACE_IDS } from '../../dev/simulator/seed';
import { weblogTargetOf } from '../../dev/simulator/weblogConfig';
import { GENOMICS, SEQERA_NODE, usePlatform, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 400, weblog: { duplicateChance: 0 } });

const EVENTS_CREDENTIAL = { user: 'nextflow', password: 'k3Qz-7f1d-9c2b' };

interface Received {
	authorization?: string;
	body: IDataObject;
}

/** Stands in for the trigger: records each post and answers 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
	const received: Received[] = [];
	const server = http.createServer((request, response) => {
		let text = '';
		request.on('data', (chunk: Buffer) => (text += chunk.toString()));
		request.on('end', () => {
			received.push({ authorization: request.headers.authorization, body: JSON.parse(text) as IDataObject });
			response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { url: `http://127.0.0.1:${port}/webhook/5d0c2f5e-7a1b-4c9d-8e3f-1a2b3c4d5e6f/events`, received, close: async () => await new Promise<void>((resolve) => server.close(() => resolve())) };
}

const launchesSent = () => platform.sim.data.launches.length;
const lastLaunchBody = () => (platform.sim.data.launches[platform.sim.data.launches.length - 1].request as { launch: IDataObject }).launch;

function repositoryLaunch(launchSettings: IDataObject, extra: INodeParameters = {}): INodeParameters {
	return {
		resource: 'workflow',
		operation: 'launch',
		source: 'repository',
		pipeline: 'https://github.com/nextflow-io/hello',
		...workspaceParameter(GENOMICS),
		launchSettings,
		...extra,
	} as INodeParameters;
}

async function launch(parameters: INodeParameters, { typeVersion = 1.3, withCredential = true } = {}) {
	return await platform.harness.runNode({
		type: SEQERA_NODE,
		parameters,
		typeVersion,
		credentials: { ...platform.credentials(), ...(withCredential ? { seqeraNextflowEventsApi: EVENTS_CREDENTIAL } : {}) },
	});
}

describe('Launch Settings → Send Nextflow Events To', () => {
	it("adds a weblog block with the URL and the credential's pair after the user's config, and the run's events are posted there with that basic auth", async () => {
		const receiver = await startReceiver();
		try {
			const result = await launch(repositoryLaunch({ runName: 'events-to-trigger', configText: "process.executor = 'awsbatch'", nextflowEventsUrl: ` ${receiver.url} ` }));
			expect(result.error).toBeUndefined();
			const configText = lastLaunchBody().configText as string;
			expect(configText).toBe(
				`process.executor = 'awsbatch'\n\nweblog {\n    enabled = true\n    url = '${receiver.url}'\n    basicToken = 'nextflow:k3Qz-7f1d-9c2b'\n}\n`,
			);
			// The setting itself is not a field of the launch request.
			expect(lastLaunchBody()).not.toHaveProperty('nextflowEventsUrl');

			const workflowId = String(platform.json(result)[0].workflowId);
			const posts = await platform.sim.weblog.settled(workflowId);
			expect(posts.map((post) => post.status)).toEqual(posts.map(() => 200));
			expect(receiver.received.map((post) => post.body.event)).toEqual(posts.map((post) => post.event));
			expect(receiver.received[0].body).toMatchObject({ event: 'started', runName: 'events-to-trigger', runId: platform.sim.data.findRun(workflowId)!.sessionId });
			expect(receiver.received.at(-1)!.body.event).toBe('completed');
			const basic = `Basic ${Buffer.from('nextflow:k3Qz-7f1d-9c2b').toString('base64')}`;
			expect(new Set(receiver.received.map((post) => post.authorization))).toEqual(new Set([basic]));
		} finally {
			await receiver.close();
		}
	});

	it("adds the block to a Launchpad pipeline's saved config on Pipeline → Launch", async () => {
		const pipeline = platform.sim.data.pipelinesIn(WORKSPACE_IDS.showcase).find((saved) => saved.id === PIPELINE_IDS.showcaseRnaseqConfigured)!;
		const result = await launch({
			resource: 'pipeline',
			operation: 'launch',
			pipelineId: { __rl: true, mode: 'id', value: String(pipeline.id) },
			...workspaceParameter(WORKSPACE_IDS.showcase),
			launchSettings: { nextflowEventsUrl: 'https://n8n.example.org/webhook/5d0c2f5e/events' },
		});
		expect(result.error).toBeUndefined();
		const configText = lastLaunchBody().configText as string;
		expect(configText.startsWith(pipeline.configText!.trimEnd())).toBe(true);
		expect(weblogTargetOf(configText)).toEqual({ url: 'https://n8n.example.org/webhook/5d0c2f5e/events', basicToken: 'nextflow:k3Qz-7f1d-9c2b' });
	});

	it('fails the item before launching when n8n also holds the wait, naming both fields', async () => {
		const before = launchesSent();
		const result = await launch(
			repositoryLaunch({ nextflowEventsUrl: 'https://n8n.example.org/webhook/5d0c2f5e/events' }, { waitForCompletion: true, waitIn: 'n8n' }),
		);
		expect(result.error?.message).toBe('Wait In "Held by n8n Until the Run\'s Events" and Send Nextflow Events To both send the run\'s events');
		expect((result.error as { description?: string }).description).toMatch(/weblog sends a run's events to one URL/);
		expect(launchesSent()).toBe(before);
	});

	it("fails the item before launching when the user's config already sets weblog", async () => {
		const before = launchesSent();
		const result = await launch(
			repositoryLaunch({ configText: "weblog.url = 'https://elsewhere.example.org/hook'", nextflowEventsUrl: 'https://n8n.example.org/webhook/5d0c2f5e/events' }),
		);
		expect(result.error?.message).toBe("The launch's Nextflow config already sets weblog");
		expect((result.error as { description?: string }).description).toMatch(/^Send Nextflow Events To adds a weblog block .* or remove Send Nextflow Events To\.$/);
		expect(launchesSent()).toBe(before);
	});

	it('fails the item before launching without the credential, or with a URL Nextflow cannot post to', async () => {
		const before = launchesSent();
		const noCredential = await launch(repositoryLaunch({ nextflowEventsUrl: 'https://n8n.example.org/webhook/5d0c2f5e/events' }), { withCredential: false });
		expect(noCredential.error?.message).toBe('Send Nextflow Events To needs a Seqera Nextflow Events API credential on this node');
		const notHttp = await launch(repositoryLaunch({ nextflowEventsUrl: 'n8n.example.org/webhook/5d0c2f5e/events' }));
		expect(notHttp.error?.message).toBe('Send Nextflow Events To is not an http or https URL');
		expect(launchesSent()).toBe(before);
	});

	it('is a version 1.3 setting: an earlier node sends no weblog block', async () => {
		const result = await launch(repositoryLaunch({ configText: 'process.cpus = 2', nextflowEventsUrl: 'https://n8n.example.org/webhook/5d0c2f5e/events' }), { typeVersion: 1.2 });
		expect(result.error).toBeUndefined();
		expect(lastLaunchBody().configText).toBe('process.cpus = 2');
		expect(lastLaunchBody()).not.toHaveProperty('nextflowEventsUrl');
	});
});

describe("Launch Settings → Send Nextflow Events To, version 1.4: a trigger's workflow, or a URL", () => {
	// The engine's resume URLs are under http://localhost:5678/webhook-waiting/, as n8n's own are by default.
	const TRIGGER_OF = (workflowId: string) => `http://localhost:5678/webhook/nextflow-events/${workflowId}`;
	const picked = (value: string, mode = 'list') => ({ workflow: { workflowId: { __rl: true, mode, value, cachedResultName: 'Nextflow events' } } });

	it("sends the events to the picked workflow's trigger on this n8n, with the credential's pair", async () => {
		const result = await launch(repositoryLaunch({ runName: 'events-to-workflow', nextflowEventsUrl: picked('Xq7fR2kLm9PzW4vA') }), { typeVersion: 1.4 });
		expect(result.error).toBeUndefined();
		expect(weblogTargetOf(lastLaunchBody().configText as string)).toEqual({ url: TRIGGER_OF('Xq7fR2kLm9PzW4vA'), basicToken: 'nextflow:k3Qz-7f1d-9c2b' });
		expect(lastLaunchBody()).not.toHaveProperty('nextflowEventsUrl');
	});

	it('takes the workflow by ID too, and a URL as version 1.3 did', async () => {
		await launch(repositoryLaunch({ nextflowEventsUrl: picked(' Hn3wQ8sTz1KcV6yB ', 'id') }), { typeVersion: 1.4 });
		expect(weblogTargetOf(lastLaunchBody().configText as string)?.url).toBe(TRIGGER_OF('Hn3wQ8sTz1KcV6yB'));
		await launch(repositoryLaunch({ nextflowEventsUrl: { url: { url: 'https://n8n.example.org/webhook-test/nextflow-events/Hn3wQ8sTz1KcV6yB' } } }), { typeVersion: 1.4 });
		expect(weblogTargetOf(lastLaunchBody().configText as string)?.url).toBe('https://n8n.example.org/webhook-test/nextflow-events/Hn3wQ8sTz1KcV6yB');
	});

	it('fails the item before launching with both a workflow and a URL, with an ID that is not one, or while n8n also holds the wait', async () => {
		const before = launchesSent();
		const both = await launch(
			repositoryLaunch({ nextflowEventsUrl: { ...picked('Xq7fR2kLm9PzW4vA'), url: { url: 'https://n8n.example.org/webhook/nextflow-events/Xq7fR2kLm9PzW4vA' } } }),
			{ typeVersion: 1.4 },
		);
		expect(both.error?.message).toBe("Send Nextflow Events To has both a trigger's workflow and a URL");
		const notAnId = await launch(repositoryLaunch({ nextflowEventsUrl: picked('my workflow', 'id') }), { typeVersion: 1.4 });
		expect(notAnId.error?.message).toBe('Send Nextflow Events To → Workflow is not a workflow\'s ID');
		expect((notAnId.error as { description?: string }).description).toMatch(/^Got "my workflow"\. Pick the workflow from the list/);
		const heldToo = await launch(repositoryLaunch({ nextflowEventsUrl: picked('Xq7fR2kLm9PzW4vA') }, { waitForCompletion: true, waitIn: 'n8n' }), { typeVersion: 1.4 });
		expect(heldToo.error?.message).toBe('Wait In "Held by n8n Until the Run\'s Events" and Send Nextflow Events To both send the run\'s events');
		const noCredential = await launch(repositoryLaunch({ nextflowEventsUrl: picked('Xq7fR2kLm9PzW4vA') }), { typeVersion: 1.4, withCredential: false });
		expect(noCredential.error?.message).toBe('Send Nextflow Events To needs a Seqera Nextflow Events API credential on this node');
		expect(launchesSent()).toBe(before);
	});

	it('sends nothing when the setting was added without a destination', async () => {
		await launch(repositoryLaunch({ configText: 'process.cpus = 4', nextflowEventsUrl: {} }), { typeVersion: 1.4, withCredential: false });
		expect(lastLaunchBody().configText).toBe('process.cpus = 4');
	});
});
