/**
 * Launch Settings → Send Nextflow Events To (version 1.3): the launch carries a weblog block with the
 * trigger's URL and the credential's user and password, and the simulator, as Nextflow would, posts the
 * run's events there. A launch that cannot carry it fails before anything is launched.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { PIPELINE_IDS, WORKSPACE_IDS } from '../../dev/simulator/seed';
import { weblogTargetOf } from '../../dev/simulator/weblogConfig';
import { GENOMICS, runParameter, SEQERA_NODE, usePlatform, useWebhookUrl, workspaceParameter } from './platform';

const platform = usePlatform({ runProgressMs: 400, weblog: { duplicateChance: 0 } });
useWebhookUrl();

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
	return {
		url: `http://127.0.0.1:${port}/webhook/5d0c2f5e-7a1b-4c9d-8e3f-1a2b3c4d5e6f/events`,
		received,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
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
			const result = await launch(
				repositoryLaunch({
					runName: 'events-to-trigger',
					configText: "process.executor = 'awsbatch'",
					nextflowEventsUrl: ` ${receiver.url} `,
				}),
			);
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
			expect(receiver.received[0].body).toMatchObject({
				event: 'started',
				runName: 'events-to-trigger',
				runId: platform.sim.data.findRun(workflowId)!.sessionId,
			});
			expect(receiver.received.at(-1)!.body.event).toBe('completed');
			const basic = `Basic ${Buffer.from('nextflow:k3Qz-7f1d-9c2b').toString('base64')}`;
			expect(new Set(receiver.received.map((post) => post.authorization))).toEqual(new Set([basic]));
		} finally {
			await receiver.close();
		}
	});

	it("adds the block to a Launchpad pipeline's saved config on Pipeline → Launch", async () => {
		const pipeline = platform.sim.data
			.pipelinesIn(WORKSPACE_IDS.showcase)
			.find((saved) => saved.id === PIPELINE_IDS.showcaseRnaseqConfigured)!;
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
		expect(weblogTargetOf(configText)).toEqual({
			url: 'https://n8n.example.org/webhook/5d0c2f5e/events',
			basicToken: 'nextflow:k3Qz-7f1d-9c2b',
		});
	});

	it('fails the item before launching when n8n also holds the wait, naming both fields', async () => {
		const before = launchesSent();
		const result = await launch(
			repositoryLaunch(
				{ nextflowEventsUrl: 'https://n8n.example.org/webhook/5d0c2f5e/events' },
				{ waitForCompletion: true, waitIn: 'n8n' },
			),
		);
		expect(result.error?.message).toBe(
			'Wait In "Pause the Execution Until the Runs End" and Send Nextflow Events To both send the run\'s events',
		);
		expect((result.error as { description?: string }).description).toMatch(/weblog sends a run's events to one URL/);
		expect(launchesSent()).toBe(before);
	});

	it("fails the item before launching when the user's config already sets weblog", async () => {
		const before = launchesSent();
		const result = await launch(
			repositoryLaunch({
				configText: "weblog.url = 'https://elsewhere.example.org/hook'",
				nextflowEventsUrl: 'https://n8n.example.org/webhook/5d0c2f5e/events',
			}),
		);
		expect(result.error?.message).toBe("The launch's Nextflow config already sets weblog");
		expect((result.error as { description?: string }).description).toMatch(
			/^Send Nextflow Events To adds a weblog block .* or remove Send Nextflow Events To\.$/,
		);
		expect(launchesSent()).toBe(before);
	});

	it('fails the item before launching without the credential, or with a URL Nextflow cannot post to', async () => {
		const before = launchesSent();
		const noCredential = await launch(repositoryLaunch({ nextflowEventsUrl: 'https://n8n.example.org/webhook/5d0c2f5e/events' }), {
			withCredential: false,
		});
		expect(noCredential.error?.message).toBe('Send Nextflow Events To needs a Seqera Nextflow Events API credential on this node');
		const notHttp = await launch(repositoryLaunch({ nextflowEventsUrl: 'n8n.example.org/webhook/5d0c2f5e/events' }));
		expect(notHttp.error?.message).toBe('Send Nextflow Events To is not an http or https URL');
		expect(launchesSent()).toBe(before);
	});

	it('is a version 1.3 setting: an earlier node sends no weblog block', async () => {
		const result = await launch(
			repositoryLaunch({ configText: 'process.cpus = 2', nextflowEventsUrl: 'https://n8n.example.org/webhook/5d0c2f5e/events' }),
			{ typeVersion: 1.2 },
		);
		expect(result.error).toBeUndefined();
		expect(lastLaunchBody().configText).toBe('process.cpus = 2');
		expect(lastLaunchBody()).not.toHaveProperty('nextflowEventsUrl');
	});
});

describe("Launch Settings → Send Nextflow Events To, version 1.4: a trigger's workflow, or a URL", () => {
	// The engine's resume URLs are under http://localhost:5678/webhook-waiting/, as n8n's own are by default.
	const TRIGGER_OF = (workflowId: string) => `http://localhost:5678/webhook/nextflow-events/${workflowId}`;
	const picked = (value: string, mode = 'list') => ({
		workflow: { workflowId: { __rl: true, mode, value, cachedResultName: 'Nextflow events' } },
	});

	it("sends the events to the picked workflow's trigger on this n8n, with the credential's pair", async () => {
		const result = await launch(repositoryLaunch({ runName: 'events-to-workflow', nextflowEventsUrl: picked('Xq7fR2kLm9PzW4vA') }), {
			typeVersion: 1.4,
		});
		expect(result.error).toBeUndefined();
		expect(weblogTargetOf(lastLaunchBody().configText as string)).toEqual({
			url: TRIGGER_OF('Xq7fR2kLm9PzW4vA'),
			basicToken: 'nextflow:k3Qz-7f1d-9c2b',
		});
		expect(lastLaunchBody()).not.toHaveProperty('nextflowEventsUrl');
	});

	it('takes the workflow by ID too, and a URL as version 1.3 did', async () => {
		await launch(repositoryLaunch({ nextflowEventsUrl: picked(' Hn3wQ8sTz1KcV6yB ', 'id') }), { typeVersion: 1.4 });
		expect(weblogTargetOf(lastLaunchBody().configText as string)?.url).toBe(TRIGGER_OF('Hn3wQ8sTz1KcV6yB'));
		await launch(
			repositoryLaunch({
				nextflowEventsUrl: { url: { url: 'https://n8n.example.org/webhook-test/nextflow-events/Hn3wQ8sTz1KcV6yB' } },
			}),
			{ typeVersion: 1.4 },
		);
		expect(weblogTargetOf(lastLaunchBody().configText as string)?.url).toBe(
			'https://n8n.example.org/webhook-test/nextflow-events/Hn3wQ8sTz1KcV6yB',
		);
	});

	it('fails the item before launching with both a workflow and a URL, with an ID that is not one, or while n8n also holds the wait', async () => {
		const before = launchesSent();
		const both = await launch(
			repositoryLaunch({
				nextflowEventsUrl: {
					...picked('Xq7fR2kLm9PzW4vA'),
					url: { url: 'https://n8n.example.org/webhook/nextflow-events/Xq7fR2kLm9PzW4vA' },
				},
			}),
			{ typeVersion: 1.4 },
		);
		expect(both.error?.message).toBe("Send Nextflow Events To has both a trigger's workflow and a URL");
		const notAnId = await launch(repositoryLaunch({ nextflowEventsUrl: picked('my workflow', 'id') }), { typeVersion: 1.4 });
		expect(notAnId.error?.message).toBe("Send Nextflow Events To → Workflow is not a workflow's ID");
		expect((notAnId.error as { description?: string }).description).toMatch(/^Got "my workflow"\. Pick the workflow from the list/);
		const heldToo = await launch(
			repositoryLaunch({ nextflowEventsUrl: picked('Xq7fR2kLm9PzW4vA') }, { waitForCompletion: true, waitIn: 'n8n' }),
			{ typeVersion: 1.4 },
		);
		expect(heldToo.error?.message).toBe(
			'Wait In "Pause the Execution Until the Runs End" and Send Nextflow Events To both send the run\'s events',
		);
		const noCredential = await launch(repositoryLaunch({ nextflowEventsUrl: picked('Xq7fR2kLm9PzW4vA') }), {
			typeVersion: 1.4,
			withCredential: false,
		});
		expect(noCredential.error?.message).toBe('Send Nextflow Events To needs a Seqera Nextflow Events API credential on this node');
		expect(launchesSent()).toBe(before);
	});

	it('sends nothing when the setting was added without a destination', async () => {
		await launch(repositoryLaunch({ configText: 'process.cpus = 4', nextflowEventsUrl: {} }), {
			typeVersion: 1.4,
			withCredential: false,
		});
		expect(lastLaunchBody().configText).toBe('process.cpus = 4');
	});
});

describe("Send Nextflow Events To, version 1.5: a secret of the run's own in place of the password", () => {
	// Written out here, not taken from the node: the trigger checks the same HMAC, and runs launched before
	// a change to it would be locked out.
	const secretOf = (runName: string) =>
		createHmac('sha256', EVENTS_CREDENTIAL.password).update(`seqera-nextflow-events:${runName}`).digest('hex');
	const toWorkflow = { workflow: { workflowId: { __rl: true, mode: 'id', value: 'Xq7fR2kLm9PzW4vA' } } };
	const sentToken = () => weblogTargetOf(lastLaunchBody().configText as string)?.basicToken;

	it("carries the credential's user with the HMAC of the run name, not the password", async () => {
		const result = await launch(repositoryLaunch({ runName: 'events-with-secret', nextflowEventsUrl: toWorkflow }), {
			typeVersion: 1.5,
		});
		expect(result.error).toBeUndefined();
		expect(lastLaunchBody().runName).toBe('events-with-secret');
		expect(sentToken()).toBe(`nextflow:${secretOf('events-with-secret')}`);
		expect(lastLaunchBody().configText).not.toContain(EVENTS_CREDENTIAL.password);
	});

	it('names a launch that gives no run name, outputs the name, and the run posts its events under it with its secret', async () => {
		const receiver = await startReceiver();
		try {
			const result = await launch(repositoryLaunch({ nextflowEventsUrl: { url: { url: receiver.url } } }), { typeVersion: 1.5 });
			expect(result.error).toBeUndefined();
			const runName = String(lastLaunchBody().runName);
			expect(runName).toMatch(/^n8n_[0-9a-f]{12}$/);
			expect(platform.json(result)[0].runName).toBe(runName);
			expect(sentToken()).toBe(`nextflow:${secretOf(runName)}`);

			const workflowId = String(platform.json(result)[0].workflowId);
			expect(platform.sim.data.findRun(workflowId)!.runName).toBe(runName);
			await platform.sim.weblog.settled(workflowId);
			expect(new Set(receiver.received.map((post) => post.body.runName))).toEqual(new Set([runName]));
			expect(new Set(receiver.received.map((post) => post.authorization))).toEqual(
				new Set([`Basic ${Buffer.from(`nextflow:${secretOf(runName)}`).toString('base64')}`]),
			);
		} finally {
			await receiver.close();
		}
		// Each launch gets a name of its own.
		await launch(repositoryLaunch({ nextflowEventsUrl: toWorkflow }), { typeVersion: 1.5 });
		const second = String(lastLaunchBody().runName);
		await launch(repositoryLaunch({ nextflowEventsUrl: toWorkflow }), { typeVersion: 1.5 });
		expect(lastLaunchBody().runName).not.toBe(second);
	});

	it("binds a relaunch to the run name it sends, which is Launch Settings' and never the original run's", async () => {
		const original = platform.sim.data.runsIn(GENOMICS).find((run) => run.status === 'FAILED' && run.start !== undefined)!;
		const relaunch = (launchSettings: IDataObject): INodeParameters =>
			({
				resource: 'workflow',
				operation: 'relaunch',
				resume: false,
				...runParameter(original.id),
				...workspaceParameter(GENOMICS),
				launchSettings,
			}) as INodeParameters;
		await launch(relaunch({ runName: 'relaunched-with-secret', nextflowEventsUrl: toWorkflow }), { typeVersion: 1.5 });
		expect(lastLaunchBody().runName).toBe('relaunched-with-secret');
		expect(sentToken()).toBe(`nextflow:${secretOf('relaunched-with-secret')}`);
		await launch(relaunch({ nextflowEventsUrl: toWorkflow }), { typeVersion: 1.5 });
		const runName = String(lastLaunchBody().runName);
		expect(runName).toMatch(/^n8n_[0-9a-f]{12}$/);
		expect(sentToken()).toBe(`nextflow:${secretOf(runName)}`);
	});

	it('names a Pipeline → Launch that gives no run name, and binds the secret to that name', async () => {
		const result = await launch(
			{
				resource: 'pipeline',
				operation: 'launch',
				pipelineId: { __rl: true, mode: 'id', value: String(PIPELINE_IDS.showcaseRnaseqConfigured) },
				...workspaceParameter(WORKSPACE_IDS.showcase),
				launchSettings: { nextflowEventsUrl: toWorkflow },
			},
			{ typeVersion: 1.5 },
		);
		expect(result.error).toBeUndefined();
		const runName = String(lastLaunchBody().runName);
		expect(runName).toMatch(/^n8n_[0-9a-f]{12}$/);
		expect(sentToken()).toBe(`nextflow:${secretOf(runName)}`);
	});

	it('leaves version 1.4 as it was: the password, and no run name of its own', async () => {
		await launch(repositoryLaunch({ nextflowEventsUrl: toWorkflow }), { typeVersion: 1.4 });
		expect(sentToken()).toBe('nextflow:k3Qz-7f1d-9c2b');
		expect(lastLaunchBody()).not.toHaveProperty('runName');
		await launch(repositoryLaunch({ runName: 'events-with-password', nextflowEventsUrl: toWorkflow }), { typeVersion: 1.4 });
		expect(sentToken()).toBe('nextflow:k3Qz-7f1d-9c2b');
	});

	it('names nothing without Send Nextflow Events To', async () => {
		await launch(repositoryLaunch({ configText: 'process.cpus = 2' }), { typeVersion: 1.5, withCredential: false });
		expect(lastLaunchBody()).not.toHaveProperty('runName');
	});
});
