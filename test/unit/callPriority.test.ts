import {
	NodeConnectionTypes,
	WorkflowExecuteModeList,
	type ICredentialTestFunctions,
	type IExecuteFunctions,
	type ILoadOptionsFunctions,
	type INodeType,
	type IPollFunctions,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { SeqeraApi } from '../../credentials/SeqeraApi.credentials';
import { type CallPriority, callPriorityOf, type SeqeraFunctions } from '../../nodes/Seqera/transport';
import { createHarness } from '../../dev/engine/harness';

/** A node that answers, from each n8n context it is given, the priority its calls would have. */
const seen: CallPriority[] = [];
const probe: INodeType = {
	description: {
		displayName: 'Priority Probe',
		name: 'priorityProbe',
		group: ['transform'],
		version: 1,
		description: 'Says the priority of its calls',
		defaults: { name: 'Priority Probe' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	},
	methods: {
		listSearch: {
			async probe(this: ILoadOptionsFunctions) {
				seen.push(callPriorityOf(this));
				return { results: [] };
			},
		},
		loadOptions: {
			async probe(this: ILoadOptionsFunctions) {
				seen.push(callPriorityOf(this));
				return [];
			},
		},
		resourceMapping: {
			async probe(this: ILoadOptionsFunctions) {
				seen.push(callPriorityOf(this));
				return { fields: [] };
			},
		},
		credentialTest: {
			async probe(this: ICredentialTestFunctions) {
				seen.push(callPriorityOf(this));
				return { status: 'OK', message: 'probed' };
			},
		},
	},
	async poll(this: IPollFunctions) {
		seen.push(callPriorityOf(this));
		return null;
	},
	async execute(this: IExecuteFunctions) {
		return [[{ json: { priority: callPriorityOf(this) } }]];
	},
};

const PROBE = 'n8n-nodes-seqera.priorityProbe';
// n8n names a node used as an AI agent's tool after the node, with 'Tool' at the end.
const PROBE_TOOL = 'n8n-nodes-seqera.priorityProbeTool';
const harness = createHarness({ nodeTypes: { [PROBE]: probe, [PROBE_TOOL]: probe }, credentialTypes: { seqeraApi: new SeqeraApi() } });

async function executed(type: string, mode: WorkflowExecuteMode): Promise<unknown> {
	const { outputs, error } = await harness.runNode({ type, parameters: {}, mode });
	expect(error).toBeUndefined();
	return outputs[0][0].json.priority;
}

/** An execute context for a node of the given type and execution mode, as far as the mapping reads it. */
function executeContext(type: string, mode: WorkflowExecuteMode): SeqeraFunctions {
	return { getInputData: () => [], getNode: () => ({ type }), getMode: () => mode } as unknown as SeqeraFunctions;
}

describe('callPriorityOf', () => {
	beforeEach(() => seen.splice(0));

	it("editor lookups, the credential test and trigger polls are interactive, in n8n's own contexts", async () => {
		await harness.listSearch(PROBE, 'probe', {});
		await harness.loadOptions(PROBE, 'probe', {});
		await harness.resourceMapping(PROBE, 'probe', {});
		await harness.testCredential(PROBE, 'probe', 'seqeraApi', { accessToken: 'unused' });
		await harness.poll({ type: PROBE, parameters: {}, credentials: {}, staticData: {}, mode: 'trigger' });
		await harness.poll({ type: PROBE, parameters: {}, credentials: {}, staticData: {}, mode: 'manual' });
		expect(seen).toEqual(['interactive', 'interactive', 'interactive', 'interactive', 'interactive', 'interactive']);
	});

	it('an execution run from the editor is interactive; a production one is bulk', async () => {
		expect(await executed(PROBE, 'manual')).toBe('interactive');
		expect(await executed(PROBE, 'trigger')).toBe('bulk');
		expect(await executed(PROBE, 'webhook')).toBe('bulk');
	});

	it("a node used as an AI tool is interactive whatever the execution's mode", async () => {
		expect(await executed(PROBE_TOOL, 'trigger')).toBe('interactive');
		expect(await executed(PROBE_TOOL, 'webhook')).toBe('interactive');
	});

	it('maps every execution mode n8n has', () => {
		const interactive: WorkflowExecuteMode[] = ['manual', 'chat', 'agent'];
		const bulk: WorkflowExecuteMode[] = ['cli', 'error', 'integrated', 'internal', 'retry', 'trigger', 'webhook', 'evaluation'];
		// A mode a later n8n adds is decided here too, not left to fall into bulk unseen. n8n-workflow 1.x
		// exports no list of its modes (its type has fewer of them), so there only the mapping is checked.
		const modesOfThisN8n = WorkflowExecuteModeList as readonly WorkflowExecuteMode[] | undefined;
		if (modesOfThisN8n !== undefined) expect([...interactive, ...bulk].sort()).toEqual([...modesOfThisN8n].sort());
		for (const mode of interactive) expect(callPriorityOf(executeContext(PROBE, mode))).toBe('interactive');
		for (const mode of bulk) expect(callPriorityOf(executeContext(PROBE, mode))).toBe('bulk');
		for (const mode of bulk) expect(callPriorityOf(executeContext('n8n-nodes-seqera.seqeraTool', mode))).toBe('interactive');
	});
});
