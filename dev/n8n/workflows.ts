/** Workflows and credentials in the JSON shape `n8n import:workflow` and `import:credentials` read. */
import type { IDataObject } from 'n8n-workflow';

import { WORKSPACE_IDS } from '../simulator/seed';

export const GENOMICS = WORKSPACE_IDS.genomics;
export const CREDENTIAL = { id: 'seqSimCred00001', name: 'Seqera simulator' };

/** The credential for the simulator's first token, as `n8n import:credentials` reads it. */
export function simulatorCredential(baseUrl: string, accessToken = 'sim-token-alpha'): IDataObject {
	return { ...CREDENTIAL, type: 'seqeraApi', data: { accessToken, server: 'custom', baseUrl, allowUnauthorizedCerts: true } };
}

/** A Seqera node on the Workflow resource in the genomics workspace, with the simulator credential. */
export function seqeraNode(name: string, x: number, parameters: IDataObject, extra: IDataObject = {}): IDataObject {
	return {
		id: name,
		name,
		type: 'n8n-nodes-seqera.seqera',
		typeVersion: 1,
		position: [x, 0],
		parameters: { resource: 'workflow', workspace: { __rl: true, mode: 'id', value: String(GENOMICS) }, ...parameters },
		credentials: { seqeraApi: CREDENTIAL },
		...extra,
	};
}

/**
 * n8n's Webhook trigger on POST `path`. It answers at once (`onReceived`) unless told to answer when the
 * last node is done, with all its items (`lastNode`).
 */
export function webhookTrigger(path: string, webhookId: string, responseMode: 'onReceived' | 'lastNode' = 'onReceived'): IDataObject {
	const response = responseMode === 'lastNode' ? { responseMode, responseData: 'allEntries' } : { responseMode };
	return {
		id: 'Webhook',
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		position: [0, 0],
		webhookId,
		parameters: { httpMethod: 'POST', path, ...response, options: {} },
	};
}

/** A Seqera Nextflow Events trigger on Process Failed, with the Seqera Nextflow Events API credential `credential`. */
export function nextflowEventsTrigger(typeVersion: number, webhookId: string, credential: { id: string; name: string }): IDataObject {
	return {
		id: 'Nextflow events',
		name: 'Nextflow events',
		type: 'n8n-nodes-seqera.seqeraNextflowEvents',
		typeVersion,
		position: [0, 0],
		webhookId,
		parameters: { events: ['processFailed'] },
		credentials: { seqeraNextflowEventsApi: { id: credential.id, name: credential.name } },
	};
}

/**
 * Workflow → Launch of nextflow-io/hello named `runName` (version 1.4), sending the run's events to the
 * trigger of the workflow `picked` (a workflow field's value), with the events credential `credential`.
 */
export function launchSendingEventsTo(runName: string, picked: IDataObject, credential: { id: string; name: string }): IDataObject {
	return seqeraNode(
		'Launch',
		300,
		{
			operation: 'launch',
			source: 'repository',
			pipeline: 'https://github.com/nextflow-io/hello',
			launchSettings: { runName, nextflowEventsUrl: { workflow: { workflowId: { __rl: true, mode: 'list', ...picked } } } },
		},
		{ typeVersion: 1.4, credentials: { seqeraApi: CREDENTIAL, seqeraNextflowEventsApi: { id: credential.id, name: credential.name } } },
	);
}

const MANUAL_TRIGGER: IDataObject = {
	id: 'Start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A workflow as n8n exports it: a trigger (a Manual Trigger unless given), then the nodes in a chain. */
export function workflow(id: string, name: string, nodes: IDataObject[], trigger: IDataObject = MANUAL_TRIGGER): IDataObject {
	const chain = [trigger.name as string, ...nodes.map((node) => node.name as string)];
	const connections: IDataObject = {};
	for (let index = 1; index < chain.length; index++) {
		connections[chain[index - 1]] = { main: [[{ node: chain[index], type: 'main', index: 0 }]] };
	}
	return { id, name, active: false, settings: { executionOrder: 'v1' }, connections, nodes: [trigger, ...nodes] };
}

/**
 * The demo of `npm run demo` and `npm run dev`: the newest failed run, relaunched with resume, read back,
 * then the workspace's latest runs.
 */
export const RELAUNCH_DEMO_NODES = [
	seqeraNode('Failed runs', 200, { operation: 'getMany', returnAll: false, limit: 1, filters: { status: 'failed' } }),
	seqeraNode('Relaunch with resume', 400, {
		operation: 'relaunch',
		workflowId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
		launchSettings: { runName: '={{ $json.runName }}_retry' },
	}),
	seqeraNode('Read new run', 600, { operation: 'get', workflowId: { __rl: true, mode: 'id', value: '={{ $json.workflowId }}' } }),
	seqeraNode('Latest runs', 800, { operation: 'getMany', returnAll: false, limit: 10 }),
];

/** Ready-to-run workflows for the simulator's genomics workspace: what `npm run dev` imports, and what the CLI tests run. */
export const DEMO_WORKFLOWS = {
	list: workflow('seqListRuns0001', 'Seqera: list runs', [
		seqeraNode('Seqera', 200, { operation: 'getMany', returnAll: false, limit: 10 }),
	]),
	launch: workflow('seqLaunch000001', 'Seqera: launch a pipeline', [
		seqeraNode('Seqera', 200, {
			operation: 'launch',
			source: 'repository',
			pipeline: 'https://github.com/nextflow-io/hello',
			launchSettings: { runName: 'from-real-n8n' },
		}),
	]),
	failed: workflow('seqFailedRuns01', 'Seqera: failed runs', [
		seqeraNode('Seqera', 200, { operation: 'getMany', returnAll: true, filters: { status: 'failed' } }),
	]),
	relaunch: workflow('seqRelaunchDemo', 'Seqera: relaunch the newest failed run', RELAUNCH_DEMO_NODES),
};

/**
 * A trigger's poll times for a poll every `step` seconds, as a user can set them: one custom cron per
 * second of the minute it fires at. n8n refuses a polling cron whose seconds field is not a single
 * number (2.x: anything else; 1.x: one with `*`), but takes several poll times, each with its own cron.
 */
export function pollEverySeconds(step: number): IDataObject {
	const seconds = Array.from({ length: Math.ceil(60 / step) }, (_, index) => index * step);
	return { item: seconds.map((second) => ({ mode: 'custom', cronExpression: `${second} * * * * *` })) };
}

/** A Seqera Platform Trigger with the simulator credential, polling every `pollSeconds` seconds. */
export function seqeraTrigger(name: string, parameters: IDataObject, pollSeconds: number, extra: IDataObject = {}): IDataObject {
	const node = seqeraNode(name, 0, {}, { type: 'n8n-nodes-seqera.seqeraTrigger', ...extra });
	return { ...node, parameters: { pollTimes: pollEverySeconds(pollSeconds), ...parameters } };
}
