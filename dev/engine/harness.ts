import { randomUUID } from 'node:crypto';

import { CredentialTestContext, ExecutionLifecycleHooks, LoadOptionsContext, PollContext, WorkflowExecute } from 'n8n-core';
import * as n8nWorkflow from 'n8n-workflow';
import {
	NodeConnectionTypes,
	UnexpectedError,
	Workflow,
	type ExecutionBaseError,
	type ICredentialDataDecryptedObject,
	type ICredentialTestFunctions,
	type ICredentialType,
	type ICredentialsDecrypted,
	type IConnections,
	type IDataObject,
	type IExecuteData,
	type ILoadOptionsFunctions,
	type INode,
	type INodeCredentialTestResult,
	type INodeCredentials,
	type INodeExecutionData,
	type INodeListSearchResult,
	type INodeParameters,
	type INodePropertyOptions,
	type INodeType,
	type IRun,
	type IRunExecutionData,
	type IVersionedNodeType,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type ResourceMapperFields,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { TestCredentialsHelper } from './credentialsHelper';
import { prepareN8nEnvironment } from './environment';
import { ITEMS_SOURCE_TYPE, TestNodeTypes, defaultTypeVersion, itemsSourceNode } from './nodeTypes';

export interface HarnessSetup {
	/** Keyed by full type name, e.g. 'n8n-nodes-seqera.seqera'. */
	nodeTypes: Record<string, INodeType | IVersionedNodeType>;
	/** Keyed by credential name, e.g. 'seqeraApi'. */
	credentialTypes: Record<string, ICredentialType>;
}

export interface RunNodeOptions {
	/** Node type name under test. */
	type: string;
	parameters: INodeParameters;
	/** Default: the node's default (else latest) version. */
	typeVersion?: number;
	/** Input items (json); default one empty item. */
	items?: IDataObject[];
	/** Credential type name -> decrypted data. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Sets node.continueOnFail. */
	continueOnFail?: boolean;
	onError?: 'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput';
	/** Cancel the execution this many ms after it starts, as the UI's stop button does. */
	cancelAfterMs?: number;
	/**
	 * Cancel the execution when this settles, as the UI's stop button does: a test cancels once something
	 * has happened (a call reached the platform), which a busy machine cannot reorder as it can a timer.
	 */
	cancelWhen?: Promise<unknown>;
	/**
	 * How n8n started the execution: 'manual' (default) is a run from the editor; 'trigger' and
	 * 'webhook' are production executions of an active workflow.
	 */
	mode?: WorkflowExecuteMode;
}

export interface NodeRunResult {
	/** Every output of the node under test (output 0; output 1 is the error output). */
	outputs: INodeExecutionData[][];
	/** The workflow's error as n8n records it (a plain object copy, not the thrown instance). */
	error?: ExecutionBaseError | Error;
	/** The full run, so tests can scan everything n8n recorded. */
	run: IRun;
	/** When (performance.now()) the harness asked n8n to cancel; a busy machine fires the timer late. */
	cancelledAt?: number;
}

export interface PollOptions {
	type: string;
	parameters: INodeParameters;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** The workflow's static data; pass the same object again to simulate n8n persisting it. */
	staticData: IDataObject;
	mode?: 'trigger' | 'manual';
	/** Default: the node's default (else latest) version. */
	typeVersion?: number;
}

export interface Harness {
	runNode(options: RunNodeOptions): Promise<NodeRunResult>;
	runWorkflow(
		workflow: { nodes: INode[]; connections: IConnections },
		credentials?: Record<string, ICredentialDataDecryptedObject>,
	): Promise<IRun>;
	/** Invokes methods.listSearch[method] through n8n-core's LoadOptionsContext. */
	listSearch(
		type: string,
		method: string,
		credentials: Record<string, ICredentialDataDecryptedObject>,
		filter?: string,
		paginationToken?: string,
		parameters?: INodeParameters,
	): Promise<INodeListSearchResult>;
	/** Invokes methods.loadOptions[method] through n8n-core's LoadOptionsContext. */
	loadOptions(
		type: string,
		method: string,
		credentials: Record<string, ICredentialDataDecryptedObject>,
		parameters?: INodeParameters,
	): Promise<INodePropertyOptions[]>;
	/** Invokes methods.resourceMapping[method] through n8n-core's LoadOptionsContext. */
	resourceMapping(
		type: string,
		method: string,
		credentials: Record<string, ICredentialDataDecryptedObject>,
		parameters?: INodeParameters,
	): Promise<ResourceMapperFields>;
	/** Invokes methods.credentialTest[method] through n8n-core's CredentialTestContext. */
	testCredential(
		type: string,
		method: string,
		credentialType: string,
		data: ICredentialDataDecryptedObject,
	): Promise<INodeCredentialTestResult>;
	/** Runs a polling trigger's poll() once through n8n-core's PollContext. */
	poll(options: PollOptions): Promise<INodeExecutionData[][] | null>;
}

/** Name of the node under test in runNode/poll workflows (poll's static data key is `node:<name>`). */
export const NODE_UNDER_TEST = 'Node Under Test';
const SOURCE_NODE = 'Test Items';

type ListSearchMethod = (this: ILoadOptionsFunctions, filter?: string, paginationToken?: string) => Promise<INodeListSearchResult>;
type LoadOptionsMethod = (this: ILoadOptionsFunctions) => Promise<INodePropertyOptions[]>;
type ResourceMappingMethod = (this: ILoadOptionsFunctions) => Promise<ResourceMapperFields>;
type CredentialTestMethod = (this: ICredentialTestFunctions, credential: ICredentialsDecrypted) => Promise<INodeCredentialTestResult>;

/** The credential reference n8n stores on a node: one per credential type the test provides. */
function nodeCredentials(credentials: Record<string, ICredentialDataDecryptedObject> = {}): INodeCredentials {
	return Object.fromEntries(Object.keys(credentials).map((type) => [type, { id: '1', name: 'Seqera test' }]));
}

/**
 * The fields of IWorkflowExecuteAdditionalData an execution reads. The interface gains required
 * members with nearly every n8n release (1.x and 2.x differ), so this literal is cast once, here;
 * anything not listed is a feature these tests do not exercise (sub-workflows, AI, task runners).
 */
function createAdditionalData(
	credentialsHelper: TestCredentialsHelper,
	hooks: ExecutionLifecycleHooks | undefined,
	currentNodeParameters?: INodeParameters,
): IWorkflowExecuteAdditionalData {
	const notSupported = async (): Promise<never> => {
		throw new UnexpectedError('Not supported by the test harness');
	};
	const additionalData = {
		credentialsHelper,
		hooks,
		executionId: hooks?.executionId,
		currentNodeParameters,
		currentNodeExecutionIndex: 0,
		executeWorkflow: notSupported,
		getRunExecutionData: notSupported,
		getRuntimeCredential: notSupported,
		startRunnerTask: notSupported,
		logAiEvent: () => undefined,
		variables: {},
		userId: 'test-user',
		restApiUrl: 'http://localhost:5678/rest',
		instanceBaseUrl: 'http://localhost:5678/',
		formBaseUrl: 'http://localhost:5678/form',
		formWaitingBaseUrl: 'http://localhost:5678/form-waiting',
		formTestBaseUrl: 'http://localhost:5678/form-test',
		webhookBaseUrl: 'http://localhost:5678/webhook',
		webhookWaitingBaseUrl: 'http://localhost:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://localhost:5678/webhook-test',
		mcpBaseUrl: 'http://localhost:5678/mcp',
		mcpTestBaseUrl: 'http://localhost:5678/mcp-test',
	};
	return additionalData as unknown as IWorkflowExecuteAdditionalData;
}

/**
 * The run state an execution starts from: `start` on the stack with one empty input item (what
 * n8n's manual run hands its trigger). n8n-workflow 2.x brands IRunExecutionData and builds it
 * through `createRunExecutionData`; 1.x takes the plain object, so detect the factory.
 */
function createRunExecutionData(start: INode): IRunExecutionData {
	const nodeExecutionStack: IExecuteData[] = [{ node: start, data: { main: [[{ json: {} }]] }, source: null }];
	const factory = (n8nWorkflow as { createRunExecutionData?: unknown }).createRunExecutionData;
	if (typeof factory === 'function') {
		return (factory as (options: object) => IRunExecutionData)({ executionData: { nodeExecutionStack } });
	}
	const legacy = {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack,
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	};
	return legacy as unknown as IRunExecutionData;
}

export function createHarness(setup: HarnessSetup): Harness {
	prepareN8nEnvironment();
	const nodeTypes = new TestNodeTypes({ ...setup.nodeTypes, [ITEMS_SOURCE_TYPE]: itemsSourceNode });
	let executionCount = 0;

	// Each workflow an ID of its own, as n8n gives them, across every harness of the process; the polls
	// of one saved state (one active workflow in n8n) share theirs.
	const workflowIdsByState = new WeakMap<IDataObject, string>();
	const workflowIdFor = (staticData?: IDataObject) => {
		const id = (staticData && workflowIdsByState.get(staticData)) ?? `test-workflow-${randomUUID()}`;
		if (staticData) workflowIdsByState.set(staticData, id);
		return id;
	};
	const createWorkflow = (nodes: INode[], connections: IConnections, staticData?: IDataObject) =>
		new Workflow({
			id: workflowIdFor(staticData),
			name: 'Test workflow',
			nodes,
			connections,
			active: false,
			nodeTypes,
			staticData,
			settings: { executionOrder: 'v1' },
		});

	const createNode = (
		type: string,
		parameters: INodeParameters,
		credentials?: Record<string, ICredentialDataDecryptedObject>,
		typeVersion?: number,
	): INode => ({
		id: 'node-under-test',
		name: NODE_UNDER_TEST,
		type,
		typeVersion: typeVersion ?? defaultTypeVersion(nodeTypes.getByName(type)),
		position: [200, 0],
		parameters,
		credentials: nodeCredentials(credentials),
	});

	const execute = async (
		nodes: INode[],
		connections: IConnections,
		credentials: Record<string, ICredentialDataDecryptedObject> | undefined,
		{
			cancelAfterMs,
			cancelWhen,
			mode = 'manual',
		}: { cancelAfterMs?: number; cancelWhen?: Promise<unknown>; mode?: WorkflowExecuteMode } = {},
	): Promise<{ run: IRun; cancelledAt?: number }> => {
		const workflow = createWorkflow(nodes, connections);
		// n8n's own choice (a trigger, poller or Start node) when there is one, else the node that no
		// main connection feeds (the harness's items source).
		const start =
			workflow.getStartNode() ??
			nodes.find((node) => !node.disabled && workflow.connectionsByDestinationNode[node.name] === undefined);
		if (start === undefined) throw new UnexpectedError('The workflow has no node to start from');

		const executionId = String(++executionCount);
		const workflowData = {
			id: workflow.id,
			name: workflow.name,
			active: false,
			isArchived: false,
			activeVersionId: null,
			createdAt: new Date(),
			updatedAt: new Date(),
			nodes,
			connections,
			settings: workflow.settings,
		} as IWorkflowBase;
		const hooks = new ExecutionLifecycleHooks(mode, executionId, workflowData);
		const credentialsHelper = new TestCredentialsHelper(setup.credentialTypes, credentials);
		const additionalData = createAdditionalData(credentialsHelper, hooks);

		const workflowExecute = new WorkflowExecute(additionalData, mode, createRunExecutionData(start));
		const execution = workflowExecute.processRunExecutionData(workflow);
		let cancelledAt: number | undefined;
		let ended = false;
		const cancel = () => {
			if (ended || cancelledAt !== undefined) return;
			cancelledAt = performance.now();
			execution.cancel();
		};
		const timer = cancelAfterMs === undefined ? undefined : setTimeout(cancel, cancelAfterMs);
		void cancelWhen?.then(cancel, cancel);
		try {
			return { run: await execution, cancelledAt };
		} finally {
			ended = true;
			clearTimeout(timer);
		}
	};

	const loadOptionsContext = (
		type: string,
		method: string,
		credentials: Record<string, ICredentialDataDecryptedObject>,
		parameters: INodeParameters,
	) => {
		// What n8n's DynamicNodeParametersService does for the editor: a one-node workflow holding
		// the node's current parameters and credentials.
		const node = createNode(type, parameters, credentials);
		const workflow = createWorkflow([node], {});
		const credentialsHelper = new TestCredentialsHelper(setup.credentialTypes, credentials);
		const additionalData = createAdditionalData(credentialsHelper, undefined, parameters);
		return new LoadOptionsContext(workflow, node, additionalData, `parameters.${method}`);
	};

	const getMethod = <T>(type: string, group: 'listSearch' | 'loadOptions' | 'resourceMapping' | 'credentialTest', method: string): T => {
		const nodeType = nodeTypes.getByNameAndVersion(type);
		const fn = nodeType.methods?.[group]?.[method];
		if (typeof fn !== 'function') {
			throw new UnexpectedError(`Node type "${type}" has no methods.${group}.${method}`);
		}
		return fn as T;
	};

	return {
		async runNode(options) {
			const source: INode = {
				id: 'test-items',
				name: SOURCE_NODE,
				type: ITEMS_SOURCE_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: { items: JSON.stringify(options.items ?? [{}]) },
			};
			const node: INode = {
				...createNode(options.type, options.parameters, options.credentials, options.typeVersion),
				continueOnFail: options.continueOnFail,
				onError: options.onError,
			};
			const connections: IConnections = {
				[SOURCE_NODE]: { main: [[{ node: NODE_UNDER_TEST, type: NodeConnectionTypes.Main, index: 0 }]] },
			};
			const { run, cancelledAt } = await execute([source, node], connections, options.credentials, {
				cancelAfterMs: options.cancelAfterMs,
				cancelWhen: options.cancelWhen,
				mode: options.mode,
			});
			const tasks = run.data.resultData.runData[NODE_UNDER_TEST] ?? [];
			const outputs = tasks.at(-1)?.data?.main ?? [];
			return {
				outputs: outputs.map((output) => output ?? []),
				error: run.data.resultData.error,
				run,
				cancelledAt,
			};
		},

		async runWorkflow(workflow, credentials) {
			return (await execute(workflow.nodes, workflow.connections, credentials)).run;
		},

		async listSearch(type, method, credentials, filter, paginationToken, parameters = {}) {
			const context = loadOptionsContext(type, method, credentials, parameters);
			const search = getMethod<ListSearchMethod>(type, 'listSearch', method);
			return await search.call(context, filter, paginationToken);
		},

		async loadOptions(type, method, credentials, parameters = {}) {
			const context = loadOptionsContext(type, method, credentials, parameters);
			return await getMethod<LoadOptionsMethod>(type, 'loadOptions', method).call(context);
		},

		async resourceMapping(type, method, credentials, parameters = {}) {
			const context = loadOptionsContext(type, method, credentials, parameters);
			return await getMethod<ResourceMappingMethod>(type, 'resourceMapping', method).call(context);
		},

		async testCredential(type, method, credentialType, data) {
			// The cli's CredentialsTester fills in defaults, then calls the node's method with a
			// CredentialTestContext. n8n-core 2.x passes additionalData (for its SSRF policy);
			// 1.x's constructor takes nothing, so the extra argument is harmless there.
			const credentialsHelper = new TestCredentialsHelper(setup.credentialTypes);
			const Context = CredentialTestContext as new (additionalData?: IWorkflowExecuteAdditionalData) => ICredentialTestFunctions;
			const context = new Context(createAdditionalData(credentialsHelper, undefined));
			const test = getMethod<CredentialTestMethod>(type, 'credentialTest', method);
			return await test.call(context, {
				id: '1',
				name: 'Seqera test',
				type: credentialType,
				data: credentialsHelper.withDefaults(credentialType, data),
			});
		},

		async poll({ type, parameters, credentials, staticData, mode = 'trigger', typeVersion }) {
			const node = createNode(type, parameters, credentials, typeVersion);
			// Workflow wraps staticData in place (ObservableObject), so whatever poll() stores under
			// `node:<name>` lands in the caller's object, as n8n saves it after a poll.
			const workflow = createWorkflow([node], {}, staticData);
			const credentialsHelper = new TestCredentialsHelper(setup.credentialTypes, credentials);
			const additionalData = createAdditionalData(credentialsHelper, undefined);
			const context = new PollContext(workflow, node, additionalData, mode, mode === 'manual' ? 'manual' : 'activate');
			const nodeType = nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
			if (nodeType.poll === undefined) throw new UnexpectedError(`Node type "${type}" has no poll()`);
			return await nodeType.poll.call(context);
		},
	};
}
