import {
	NodeConnectionTypes,
	type IConnections,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeParameters,
} from 'n8n-workflow';

import { SeqeraApi } from '../../credentials/SeqeraApi.credentials';
import { SeqeraNextflowEventsApi } from '../../credentials/SeqeraNextflowEventsApi.credentials';
import { Seqera } from '../../nodes/Seqera/Seqera.node';
import { SeqeraTrigger } from '../../nodes/Seqera/SeqeraTrigger.node';
import { ITEMS_SOURCE_TYPE, oneFileSource } from '../../dev/engine/nodeTypes';
import { createHarness, type Harness, type NodeRunResult, type RunNodeOptions } from '../../dev/engine/harness';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../dev/simulator/server';

export const SEQERA_NODE = 'n8n-nodes-seqera.seqera';
export const SEQERA_TRIGGER = 'n8n-nodes-seqera.seqeraTrigger';
export const TOKEN = 'sim-token-alpha';
export const GENOMICS = 138659136604200;
export const RND = 40230138858677;

/** A simulator plus the node running in n8n's engine against it, as a test file needs them. */
export interface Platform {
	sim: Simulator;
	harness: Harness;
	credentials: (overrides?: ICredentialDataDecryptedObject) => Record<string, ICredentialDataDecryptedObject>;
	run: (
		parameters: INodeParameters,
		options?: Partial<RunNodeOptions> & { credentialOverrides?: ICredentialDataDecryptedObject },
	) => Promise<NodeRunResult>;
	/** The JSON of output 0, for the common case. */
	json: (result: NodeRunResult) => IDataObject[];
}

export function seqeraCredentials(sim: Simulator, overrides: ICredentialDataDecryptedObject = {}): ICredentialDataDecryptedObject {
	return {
		accessToken: TOKEN,
		server: 'custom',
		baseUrl: sim.baseUrl,
		apiVersion: '1',
		workspaceId: '',
		// The simulator's certificate is self-signed, as on an Enterprise install with its own CA.
		allowUnauthorizedCerts: true,
		maxCallsPerSecond: 20,
		maxCallsPerHour: 72000,
		...overrides,
	};
}

export async function startPlatform(options: SimulatorOptions = {}): Promise<Platform> {
	const sim = await startSimulator({ runProgressMs: 200, ...options });
	const harness = createHarness({
		nodeTypes: { [SEQERA_NODE]: new Seqera(), [SEQERA_TRIGGER]: new SeqeraTrigger() },
		credentialTypes: { seqeraApi: new SeqeraApi(), seqeraNextflowEventsApi: new SeqeraNextflowEventsApi() },
	});
	const credentials = (overrides?: ICredentialDataDecryptedObject) => ({ seqeraApi: seqeraCredentials(sim, overrides) });
	return {
		sim,
		harness,
		credentials,
		run: async (parameters, options = {}) => {
			const { credentialOverrides, ...runOptions } = options;
			return await harness.runNode({
				type: SEQERA_NODE,
				parameters,
				credentials: credentials(credentialOverrides),
				...runOptions,
			});
		},
		json: (result) => (result.outputs[0] ?? []).map((item: INodeExecutionData) => item.json),
	};
}

/**
 * The platform for the tests of one file (or of the `describe` it is called in): started before its
 * first test and closed after its last, once every request the tests sent has been checked against the
 * contract. Read it only inside tests and hooks, once it has started.
 */
export function usePlatform(options: SimulatorOptions = {}): Platform {
	let started: Platform | undefined;
	beforeAll(async () => {
		started = await startPlatform(options);
	});
	afterAll(async () => {
		if (!started) return;
		try {
			expectContractKept(started.sim);
		} finally {
			await started.sim.close();
		}
	});
	const platform = (): Platform => {
		if (!started) throw new Error('the platform starts in beforeAll: use it inside a test or a hook');
		return started;
	};
	return {
		get sim() {
			return platform().sim;
		},
		get harness() {
			return platform().harness;
		},
		credentials: (overrides) => platform().credentials(overrides),
		run: async (parameters, runOptions) => await platform().run(parameters, runOptions),
		json: (result) => platform().json(result),
	};
}

/**
 * Every request the tests sent must match the platform's published contract. Without the contract file
 * (a clone without ../shared) the simulator says so once and records nothing.
 */
export function expectContractKept(sim: Simulator): void {
	expect(sim.contractViolations).toEqual([]);
}

/** A resource locator's value as the editor saves it: by ID unless `mode` says otherwise. */
export function locator(value: string | number, mode = 'id'): INodeParameters[string] {
	return { __rl: true, mode, value: String(value) };
}

/** The error of a node run, as n8n shows it: its message and its description. */
export const errorOf = (result: { error?: unknown }) => result.error as { message?: string; description?: string } | undefined;

/** An operation's parameters for `resource` in a workspace. */
export const operationOn =
	(resource: string) =>
	(operation: string, workspace: number, parameters: INodeParameters): INodeParameters => ({
		resource,
		operation,
		...workspaceParameter(workspace),
		...parameters,
	});

/**
 * Runs "File → Seqera" through the engine: the file is the Seqera node's input item, as binary `data`. Returns what the
 * Seqera node output, or the execution's error.
 */
export async function runWithFile(platform: Platform, file: { fileName: string; content: string }, parameters: INodeParameters) {
	const nodes: INode[] = [
		{ id: 'file', name: 'File', type: ITEMS_SOURCE_TYPE, typeVersion: 1, position: [0, 0], parameters: oneFileSource(file) },
		{
			id: 'seqera',
			name: 'Seqera',
			type: SEQERA_NODE,
			typeVersion: 1,
			position: [200, 0],
			parameters,
			credentials: { seqeraApi: { id: '1', name: 'Seqera simulator' } },
		},
	];
	const connections: IConnections = { File: { main: [[{ node: 'Seqera', type: NodeConnectionTypes.Main, index: 0 }]] } };
	const run = await platform.harness.runWorkflow({ nodes, connections }, { seqeraApi: seqeraCredentials(platform.sim) });
	const outputs = run.data.resultData.runData.Seqera?.[0]?.data?.main?.[0] ?? [];
	return { items: outputs.map((item) => item.json), error: run.data.resultData.error };
}

export function workspaceParameter(id: number): INodeParameters {
	return { workspace: { __rl: true, mode: 'id', value: String(id) } };
}

export function runParameter(id: string): INodeParameters {
	return { workflowId: { __rl: true, mode: 'id', value: id } };
}

/**
 * Runs the file's tests as n8n started with WEBHOOK_URL set to the harness's own webhook address, which
 * a launch at version 1.5 needs before it sends a run's events to n8n (weblog/webhookAddress.ts).
 */
export function useWebhookUrl(url = 'http://localhost:5678/'): void {
	let before: string | undefined;
	beforeAll(() => {
		before = process.env.WEBHOOK_URL;
		process.env.WEBHOOK_URL = url;
	});
	afterAll(() => {
		if (before === undefined) delete process.env.WEBHOOK_URL;
		else process.env.WEBHOOK_URL = before;
	});
}
