import {
	NodeConnectionTypes,
	NodeHelpers,
	UnexpectedError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypes,
	type IVersionedNodeType,
} from 'n8n-workflow';

/** The registry n8n's engine looks node types up in (the cli's NodeTypes, minus package loading). */
export class TestNodeTypes implements INodeTypes {
	constructor(private readonly types: Record<string, INodeType | IVersionedNodeType>) {}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const type = this.types[nodeType];
		if (type === undefined) {
			throw new UnexpectedError(`Unknown node type "${nodeType}": add it to the harness setup`);
		}
		return type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

/** The version n8n gives a freshly added node: the type's default version, else its newest one. */
export function defaultTypeVersion(nodeType: INodeType | IVersionedNodeType): number {
	if ('nodeVersions' in nodeType) return nodeType.currentVersion;
	const { defaultVersion, version } = nodeType.description;
	if (defaultVersion !== undefined) return defaultVersion;
	return Array.isArray(version) ? Math.max(...version) : version;
}

export const ITEMS_SOURCE_TYPE = 'test.items';

/**
 * A start node that emits the items given (as JSON) in its `items` parameter.
 *
 * n8n's Manual Trigger is a trigger node, which the engine runs through TriggersAndPollers and a
 * TriggerContext only to emit one empty item. Any node without inputs can start an execution as
 * long as the execution stack hands it an item, so this plain `execute` node does the job, and
 * lets a test choose the items that flow into the node under test (with pairedItem lineage).
 */
export const itemsSourceNode: INodeType = {
	description: {
		displayName: 'Test Items',
		name: ITEMS_SOURCE_TYPE,
		group: ['input'],
		version: 1,
		description: 'Emits the items given in its parameter (test harness only)',
		defaults: { name: 'Test Items' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Items (JSON)', name: 'items', type: 'json', default: '[{}]' }],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = JSON.parse(this.getNodeParameter('items', 0) as string) as IDataObject[];
		return [this.helpers.returnJsonArray(items)];
	},
};

export const ITEM_COPIES_TYPE = 'test.itemCopies';

/**
 * A stand-in for a node that answers each input item with one JSON object, without any HTTP: input
 * item i gets its own copy of the (i mod n)-th object of its `answers` parameter, parsed as an
 * answer would be, so an execution through it has the shape and item sizes of the node it stands in
 * for, and what it costs beyond that is n8n's.
 */
export const itemCopiesNode: INodeType = {
	description: {
		displayName: 'Test Item Copies',
		name: ITEM_COPIES_TYPE,
		group: ['transform'],
		version: 1,
		description: 'Answers each input item with a copy of a given object (test harness only)',
		defaults: { name: 'Test Item Copies' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [{ displayName: 'Answers (JSON)', name: 'answers', type: 'json', default: '[{}]' }],
	},
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const answers = (JSON.parse(this.getNodeParameter('answers', 0) as string) as IDataObject[]).map((answer) => JSON.stringify(answer));
		const items = this.getInputData();
		return [items.map((_, index) => ({ json: JSON.parse(answers[index % answers.length]) as IDataObject, pairedItem: { item: index } }))];
	},
};
