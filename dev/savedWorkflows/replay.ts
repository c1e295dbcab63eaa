/**
 * Replays a workflow as the n8n editor saved it against a fresh simulator, and returns the requests
 * its Seqera nodes sent. The recorder (scripts/recordSavedWorkflows.ts) runs it with a past release's
 * nodes to write what that release sent; test/saved/ runs it with today's nodes and compares.
 *
 * Both sides must see the same platform, so each replay starts its own simulator from the seed, and
 * the requests are written down in a form that holds only what the node chose: values the platform
 * or the clock made up (new run IDs, dates) are named, not kept.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IConnections,
	IDataObject,
	INode,
	INodeParameters,
	INodeType,
	IVersionedNodeType,
} from 'n8n-workflow';

import { createHarness } from '../engine/harness';
import { ITEMS_SOURCE_TYPE, type SourceFile } from '../engine/nodeTypes';
import { startSimulator, type Simulator } from '../simulator/server';

export const SEQERA_NODE_TYPE = 'n8n-nodes-seqera.seqera';
export const SEQERA_TRIGGER_TYPE = 'n8n-nodes-seqera.seqeraTrigger';
const ACCESS_TOKEN = 'sim-token-alpha';
/** Short enough that a launched run has ended by a wait's first check (one second at the earliest). */
const RUN_PROGRESS_MS = 100;

/** A workflow file as n8n's editor saves and exports it (the fields a replay reads). */
export interface SavedWorkflow {
	name: string;
	nodes: INode[];
	connections: IConnections;
}

/** A change made on the platform, as a person or another system would make it, during a replay. */
export type PlatformStep =
	| { launchRun: { workspaceId: number | null; pipeline: string; runName: string } }
	| { addDataLinkObject: { dataLinkId: string; path: string; size?: number } }
	| { setStudioStatus: { sessionId: string; status: string; message?: string } }
	| { waitMs: number };

/** A file a stand-in node outputs as binary data, as n8n's Read File node would. */
export type StandInFile = SourceFile;

export interface StandInItem {
	json?: IDataObject;
	binary?: Record<string, StandInFile>;
}

/** What a replay needs beyond the saved workflow: the user's setting up, and the world around it. */
export interface ReplayPlan {
	/** The credential's Default Workspace ID; empty or absent: the personal workspace. */
	defaultWorkspaceId?: string;
	/** Values picked, after importing, in list fields the workflow leaves empty: node name → field → value. */
	picks?: Record<string, Record<string, string>>;
	/**
	 * The items of nodes from outside this package that feed a Seqera node (node name → items); such a
	 * node without an entry outputs one empty item, as a manual trigger does. A Seqera trigger's items
	 * are what its second poll emitted.
	 */
	standIns?: Record<string, StandInItem[]>;
	/** Changes on the platform before the workflow runs. */
	before?: PlatformStep[];
	/** Changes on the platform between a trigger's first poll (which records what exists) and its second. */
	betweenPolls?: PlatformStep[];
}

/** One request as the platform received it, in the form recordings keep. */
export interface RecordedRequest {
	method: string;
	path: string;
	query?: Record<string, string>;
	body?: unknown;
	/** A multipart body: each part's content, and a file's name and media type. */
	form?: Record<string, unknown>;
}

/** A recording file (test/saved/recordings/<name>.json): how to replay a saved workflow and what it sent then. */
export interface Recording {
	/** The commit whose nodes made the recording. */
	release: string;
	/** Set when the recording was made against a later simulator than the release's own. */
	simulator?: string;
	replay: ReplayPlan;
	requests: RecordedRequest[];
	/** What reached the data links' storage host, when anything did. */
	storageRequests?: RecordedRequest[];
}

/** Node and credential classes of one release: what the recording was made with, or the working tree's. */
export interface ReleaseNodeTypes {
	node: INodeType | IVersionedNodeType;
	trigger: INodeType | IVersionedNodeType;
	credential: ICredentialType;
}

async function applySteps(sim: Simulator, steps: PlatformStep[] = []): Promise<void> {
	for (const step of steps) {
		if ('launchRun' in step) {
			const { workspaceId, pipeline, runName } = step.launchRun;
			sim.data.launch(workspaceId, { launch: { pipeline, runName } }, null);
		} else if ('addDataLinkObject' in step) {
			const { dataLinkId, path, size } = step.addDataLinkObject;
			sim.data.addDataLinkObject(dataLinkId, path, size === undefined ? {} : { size });
		} else if ('setStudioStatus' in step) {
			const { sessionId, status, message } = step.setStudioStatus;
			sim.data.setStudioStatus(sessionId, status as Parameters<Simulator['data']['setStudioStatus']>[1], { message });
		} else {
			await new Promise((resolve) => setTimeout(resolve, step.waitMs));
		}
	}
}

function withPicks(nodes: INode[], picks: ReplayPlan['picks'] = {}): INode[] {
	return nodes.map((node) => {
		const chosen = picks[node.name];
		if (!chosen) return node;
		const parameters: INodeParameters = { ...node.parameters };
		for (const [field, value] of Object.entries(chosen)) {
			const saved = parameters[field] as { __rl?: boolean; mode?: string; value?: unknown } | undefined;
			if (!saved?.__rl || saved.mode !== 'list' || saved.value !== '') {
				throw new Error(
					`Node "${node.name}": "${field}" is not a list field left empty to pick, so the pick would change the saved workflow`,
				);
			}
			parameters[field] = { __rl: true, mode: 'list', value };
		}
		return { ...node, parameters };
	});
}

/**
 * The workflow that runs: its Seqera action nodes as saved, each node from outside this package that
 * feeds one replaced by a stand-in of the same name (so expressions such as `$('Form').item` still
 * resolve), and the connections between them. Nodes that feed no Seqera node (a Slack message after
 * the run) are left out.
 */
function runnableWorkflow(
	nodes: INode[],
	connections: IConnections,
	plan: ReplayPlan,
	triggerItems: Map<string, StandInItem[]>,
): { nodes: INode[]; connections: IConnections } {
	const actions = new Set(nodes.filter((node) => node.type === SEQERA_NODE_TYPE && !node.disabled).map((node) => node.name));
	const kept: IConnections = {};
	const feeders = new Set<string>();
	for (const [source, outputs] of Object.entries(connections)) {
		const main = (outputs.main ?? []).map((targets) => (targets ?? []).filter((target) => actions.has(target.node)));
		if (main.some((targets) => targets.length > 0)) {
			kept[source] = { main };
			if (!actions.has(source)) feeders.add(source);
		}
	}
	const standIns = [...feeders].map((name): INode => {
		const original = nodes.find((node) => node.name === name);
		const items = plan.standIns?.[name] ?? triggerItems.get(name) ?? [{}];
		return {
			id: original?.id ?? name,
			name,
			type: ITEMS_SOURCE_TYPE,
			typeVersion: 1,
			position: original?.position ?? [0, 0],
			parameters: {
				items: JSON.stringify(items.map((item) => item.json ?? {})),
				files: JSON.stringify(items.map((item) => item.binary ?? null)),
			},
		};
	});
	return { nodes: [...standIns, ...nodes.filter((node) => actions.has(node.name))], connections: kept };
}

function credentialsFor(sim: Simulator, plan: ReplayPlan): Record<string, ICredentialDataDecryptedObject> {
	return {
		seqeraApi: {
			accessToken: ACCESS_TOKEN,
			server: 'custom',
			baseUrl: sim.baseUrl,
			apiVersion: '1',
			workspaceId: plan.defaultWorkspaceId ?? '',
			// The simulator's certificate is self-signed, as on an Enterprise install with its own CA.
			allowUnauthorizedCerts: true,
			maxCallsPerSecond: 20,
			maxCallsPerHour: 72000,
		},
	};
}

export interface ReplayResult {
	requests: RecordedRequest[];
	/** What reached the data links' storage host (uploads and downloads at presigned URLs). */
	storageRequests: RecordedRequest[];
	/** The message of the error that stopped the workflow, if one did. */
	error?: string;
}

/** Runs the saved workflow once against a fresh simulator and returns the requests its nodes sent. */
export async function replaySavedWorkflow(workflow: SavedWorkflow, plan: ReplayPlan, types: ReleaseNodeTypes): Promise<ReplayResult> {
	const sim = await startSimulator({ runProgressMs: RUN_PROGRESS_MS });
	try {
		const harness = createHarness({
			nodeTypes: { [SEQERA_NODE_TYPE]: types.node, [SEQERA_TRIGGER_TYPE]: types.trigger },
			credentialTypes: { seqeraApi: types.credential },
		});
		const credentials = credentialsFor(sim, plan);
		const seededRunIds = new Set(sim.data.runs.map((run) => run.id));
		await applySteps(sim, plan.before);

		const nodes = withPicks(workflow.nodes, plan.picks);
		const triggerItems = new Map<string, StandInItem[]>();
		for (const trigger of nodes.filter((node) => node.type === SEQERA_TRIGGER_TYPE && !node.disabled)) {
			// n8n keeps a poller's static data between polls; the first poll only records what exists.
			const staticData: IDataObject = {};
			const poll = async () =>
				await harness.poll({
					type: trigger.type,
					typeVersion: trigger.typeVersion,
					parameters: trigger.parameters,
					credentials,
					staticData,
				});
			await poll();
			await applySteps(sim, plan.betweenPolls);
			const emitted = await poll();
			triggerItems.set(
				trigger.name,
				(emitted?.[0] ?? []).map((item) => ({ json: item.json })),
			);
		}

		const runnable = runnableWorkflow(nodes, workflow.connections, plan, triggerItems);
		const run = runnable.nodes.some((node) => node.type === SEQERA_NODE_TYPE)
			? await harness.runWorkflow(runnable, credentials)
			: undefined;

		const madeUp: Array<[string, string]> = [
			...sim.data.runs
				.filter((entry) => !seededRunIds.has(entry.id))
				.map((entry, index): [string, string] => [entry.id, `<run launched ${index + 1}>`]),
			...[...sim.data.dataLinkStore.uploads.keys()].map((uploadId, index): [string, string] => [uploadId, `<upload ${index + 1}>`]),
		];
		return {
			requests: normalised(sim.log, madeUp),
			storageRequests: normalised(
				(sim.storage?.requests ?? []).map((entry) => ({
					method: entry.method,
					path: entry.path,
					query: withoutSignature(entry.query),
				})),
				madeUp,
			),
			error: run?.data.resultData.error?.message,
		};
	} finally {
		await sim.close();
	}
}

/**
 * A presigned URL's query without its signature and expiry: the platform signs the URL it hands out,
 * at the time it does, and the node only sends it on.
 */
function withoutSignature(query: Record<string, string>): Record<string, string> {
	return Object.fromEntries(Object.entries(query).filter(([name]) => name !== 'X-Sim-Signature' && name !== 'X-Sim-Expires'));
}

type LoggedEntry = Pick<RecordedRequest, 'method' | 'path'> & { query: Record<string, string>; body?: unknown; form?: unknown };

const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})/g;

/**
 * The requests, with what only the moment of the replay decides named instead of kept: IDs the
 * simulator made up during it (`madeUp`: launched runs, uploads; it draws them at random), timestamps
 * and today's date (the seeded runs move with the clock, and a run name may hold the date). A wait asks
 * as often as its timing allows, so repeats of one read in a row count once.
 */
function normalised(entries: LoggedEntry[], madeUp: Array<[string, string]>): RecordedRequest[] {
	// `$now` in an expression is in the workflow's timezone, n8n's default America/New_York unless the
	// workflow sets one: for some hours of each day its date is not the UTC date.
	const now = new Date();
	const todays = new Set([now.toISOString().slice(0, 10), now.toLocaleDateString('en-CA', { timeZone: 'America/New_York' })]);
	const replacements: Array<[RegExp | string, string]> = [
		...madeUp,
		[ISO_TIMESTAMP, '<timestamp>'],
		...[...todays].flatMap((today): Array<[string, string]> => [
			[today, '<today>'],
			[today.replaceAll('-', ''), '<today>'],
		]),
	];
	const requests: RecordedRequest[] = [];
	for (const entry of entries) {
		const request: RecordedRequest = { method: entry.method, path: entry.path };
		if (Object.keys(entry.query).length > 0) request.query = entry.query;
		if (entry.body !== undefined) request.body = entry.body;
		if (entry.form !== undefined) request.form = entry.form as Record<string, unknown>;
		let text = JSON.stringify(request);
		for (const [pattern, name] of replacements) text = text.replaceAll(pattern, name);
		const named = JSON.parse(text) as RecordedRequest;
		const previous = requests.at(-1);
		if (named.method === 'GET' && previous && JSON.stringify(previous) === JSON.stringify(named)) continue;
		requests.push(named);
	}
	return requests;
}
