import {
	NodeConnectionTypes,
	NodeHelpers,
	UnexpectedError,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type INodeParameters,
	type INodeProperties,
	type INodeType,
	type INodeTypeDescription,
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

/**
 * The description of a test-only node: one version, its display name as the name a new node gets, one
 * main output, and one main input unless it is a source. `more` adds to it or overrides it (more
 * versions, credentials, polling).
 */
export function testNodeDescription(
	node: {
		type: string;
		displayName: string;
		description: string;
		group: INodeTypeDescription['group'];
		source: boolean;
		properties: INodeProperties[];
	},
	more: Partial<INodeTypeDescription> = {},
): INodeTypeDescription {
	return {
		displayName: node.displayName,
		name: node.type,
		group: node.group,
		version: 1,
		description: node.description,
		defaults: { name: node.displayName },
		inputs: node.source ? [] : [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: node.properties,
		...more,
	};
}

export const ITEMS_SOURCE_TYPE = 'test.items';

/** A file an item of the items source carries as binary data, as n8n's Read File node would give it. */
export interface SourceFile {
	fileName: string;
	/** Empty: n8n guesses it from the file name. */
	mimeType: string;
	text: string;
}

/**
 * A start node that emits the items given (as JSON) in its `items` parameter, and with them the files
 * of its `files` parameter: for item i, its binary fields (field name to file), or null for none.
 *
 * n8n's Manual Trigger is a trigger node, which the engine runs through TriggersAndPollers and a
 * TriggerContext only to emit one empty item. Any node without inputs can start an execution as
 * long as the execution stack hands it an item, so this plain `execute` node does the job, and
 * lets a test choose the items that flow into the node under test (with pairedItem lineage). It also
 * stands in for a node from outside this package (a form, a schedule, a file reader) whose own work
 * is not under test.
 */
export const itemsSourceNode: INodeType = {
	description: testNodeDescription({
		type: ITEMS_SOURCE_TYPE,
		displayName: 'Test Items',
		description: 'Emits the items given in its parameters, files included (test harness only)',
		group: ['input'],
		source: true,
		properties: [
			{ displayName: 'Items (JSON)', name: 'items', type: 'json', default: '[{}]' },
			{ displayName: 'Files (JSON)', name: 'files', type: 'json', default: '[]' },
		],
	}),
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.helpers.returnJsonArray(JSON.parse(this.getNodeParameter('items', 0) as string) as IDataObject[]);
		const files = JSON.parse(this.getNodeParameter('files', 0, '[]') as string) as Array<Record<string, SourceFile> | null>;
		for (const [index, itemFiles] of files.entries()) {
			if (!itemFiles) continue;
			const binary: INodeExecutionData['binary'] = {};
			for (const [field, file] of Object.entries(itemFiles)) {
				binary[field] = await this.helpers.prepareBinaryData(Buffer.from(file.text), file.fileName, file.mimeType || undefined);
			}
			items[index].binary = binary;
		}
		return [items];
	},
};

/** The items source's parameters for one item holding one file in its `data` field; the item's JSON names the file. */
export function oneFileSource(file: { fileName: string; mimeType?: string; content: string }): INodeParameters {
	const data: SourceFile = { fileName: file.fileName, mimeType: file.mimeType ?? '', text: file.content };
	return { items: JSON.stringify([{ fileName: file.fileName }]), files: JSON.stringify([{ data }]) };
}

export const ITEM_COPIES_TYPE = 'test.itemCopies';

/**
 * A stand-in for a node that answers each input item with one JSON object, without any HTTP: input
 * item i gets its own copy of the (i mod n)-th object of its `answers` parameter, parsed as an
 * answer would be, so an execution through it has the shape and item sizes of the node it stands in
 * for, and what it costs beyond that is n8n's.
 */
export const itemCopiesNode: INodeType = {
	description: testNodeDescription({
		type: ITEM_COPIES_TYPE,
		displayName: 'Test Item Copies',
		description: 'Answers each input item with a copy of a given object (test harness only)',
		group: ['transform'],
		source: false,
		properties: [{ displayName: 'Answers (JSON)', name: 'answers', type: 'json', default: '[{}]' }],
	}),
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const answers = (JSON.parse(this.getNodeParameter('answers', 0) as string) as IDataObject[]).map((answer) =>
			JSON.stringify(answer),
		);
		const items = this.getInputData();
		return [
			items.map((_, index) => ({ json: JSON.parse(answers[index % answers.length]) as IDataObject, pairedItem: { item: index } })),
		];
	},
};
