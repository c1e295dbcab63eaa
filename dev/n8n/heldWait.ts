/**
 * A launch and wait inside real n8n, for the tests and the benchmark of a wait that n8n holds: an active
 * workflow (Webhook → Launch and wait → a read of the run) and what tells, from the simulator, when and
 * how often the node after the wait ran.
 */
import type { IDataObject } from 'n8n-workflow';

import { hashToken, type LoggedRequest, type Simulator } from '../simulator/server';
import { runN8nCommand } from './n8nInstance';
import { seqeraNode, simulatorCredential, webhookTrigger, workflow } from './workflows';

/**
 * The node after the wait reads with a token of its own, so the simulator's log tells its calls from the
 * launch's and the wait's.
 */
export const READER = { token: 'sim-token-beta', credential: { id: 'seqHeldCred0002', name: 'Seqera: after the wait' } };

/** The reader's credential, as `n8n import:credentials` reads it. */
export function readerCredential(baseUrl: string): IDataObject {
	return { ...simulatorCredential(baseUrl, READER.token), ...READER.credential };
}

export interface LaunchAndWaitSettings {
	id: string;
	name: string;
	webhookPath: string;
	webhookId: string;
	/** A name, or an expression such as `={{ $json.body.runName }}`. */
	runName: string;
	/** Who holds the wait: n8n until the run's events (the default), or the running execution. */
	waitIn?: 'n8n' | 'execution';
	/** The launch's Wait Options; none by default. */
	waitOptions?: IDataObject;
}

/**
 * Webhook → Workflow → Launch of nextflow-io/hello with Wait for Completion → a read of the run. The read
 * asks for the run's metrics only when it was handed the run as ended and succeeded (not past the wait's
 * time limit), else its progress:
 * the simulator's log tells what the node after the wait received, when, and how often it ran.
 */
export function launchAndWaitWorkflow(settings: LaunchAndWaitSettings): IDataObject {
	return workflow(
		settings.id,
		settings.name,
		[
			seqeraNode(
				'Launch and wait',
				200,
				{
					operation: 'launch',
					source: 'repository',
					pipeline: 'https://github.com/nextflow-io/hello',
					launchSettings: { runName: settings.runName },
					waitForCompletion: true,
					waitIn: settings.waitIn ?? 'n8n',
					...(settings.waitOptions ? { waitOptions: settings.waitOptions } : {}),
				},
				{ typeVersion: 1.3 },
			),
			seqeraNode(
				'After the wait',
				400,
				{
					resource: 'customApiCall',
					method: 'GET',
					path: "=/workflow/{{ $json.workflowId }}/{{ $json.status === 'SUCCEEDED' && $json.waitOutcome !== 'timeLimit' ? 'metrics' : 'progress' }}",
				},
				{ typeVersion: 1.3, credentials: { seqeraApi: READER.credential } },
			),
		],
		webhookTrigger(settings.webhookPath, settings.webhookId),
	);
}

/**
 * A held launch of nextflow-io/hello named `runName` (an expression, say), with these Wait Options, at
 * `typeVersion` (1.3 unless told).
 */
export function heldLaunchNode(name: string, x: number, runName: string, waitOptions: IDataObject, typeVersion = 1.3): IDataObject {
	return seqeraNode(
		name,
		x,
		{
			operation: 'launch',
			source: 'repository',
			pipeline: 'https://github.com/nextflow-io/hello',
			launchSettings: { runName },
			waitForCompletion: true,
			waitIn: 'n8n',
			waitOptions,
		},
		{ typeVersion },
	);
}

/**
 * A run search with the reader's credential, made once for all its input items, whose text `search` (an
 * expression) tells what the node received: the simulator's log then tells what, and how often.
 */
export function reportNode(x: number, search: string): IDataObject {
	return seqeraNode(
		'Report',
		x,
		{
			resource: 'customApiCall',
			method: 'GET',
			path: '/workflow',
			queryParameters: { parameter: [{ name: 'search', value: search }] },
		},
		{ typeVersion: 1.3, executeOnce: true, credentials: { seqeraApi: READER.credential } },
	);
}

/** The calls the node after the wait made, oldest first: `metrics` for a run handed to it as ended and succeeded, else `progress`. */
export function afterWaitReads(sim: Simulator, kind: 'metrics' | 'progress'): LoggedRequest[] {
	const reader = hashToken(READER.token);
	const pattern = new RegExp(`^/workflow/[^/]+/${kind}$`);
	return sim.log.filter((entry) => entry.tokenHash === reader && pattern.test(entry.path));
}

/** A JSON POST, with Basic auth from `user:password` when given; resolves with the HTTP status. */
export async function postJson(url: string, body: unknown, auth?: string): Promise<number> {
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	if (auth !== undefined) headers.authorization = `Basic ${Buffer.from(auth).toString('base64')}`;
	return (await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) })).status;
}

// The waits of the held-wait tests and bench: for a state up to a deadline, or past what cannot be seen.
export { sleep, until } from '../until';

/**
 * Makes imported workflows active, as a user does: 1.x activates, 2.x publishes. Either only writes the
 * database, which n8n reads when it starts.
 */
export async function activateWorkflows(n8nBin: string, env: NodeJS.ProcessEnv, version: string, ids: string[]): Promise<void> {
	for (const id of ids) {
		const output = version.startsWith('1.')
			? await runN8nCommand(n8nBin, env, 'update:workflow', `--id=${id}`, '--active=true')
			: await runN8nCommand(n8nBin, env, 'publish:workflow', `--id=${id}`);
		if (!/(Activating|Publishing) workflow with ID/.test(output)) throw new Error(`Workflow ${id} was not made active:\n${output}`);
	}
}
