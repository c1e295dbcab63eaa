import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { LABELS_FIELD } from '../fields/fieldNames';
import { forEachItem } from '../items/perItem';
import { runIdFor, workspaceIdFor } from '../helpers/parameters';
import { requireNumericId, toList } from '../helpers/validate';
import { connectionOf } from '../transport/connection';
import { apiRequestPages, pagesCountedByTotal } from '../transport/pages';
import { apiRequest } from '../transport/request';

/** How the platform changes the labels of runs: add to them, remove from them, or replace them all. */
export type LabelChange = 'add' | 'remove' | 'apply';

interface ResolvedLabels {
	labelIds: number[];
	createdLabels: IDataObject[];
}

/**
 * Label names to IDs, by exact name: the platform's search also finds names that merely contain the text
 * ("prod" finds "production"), so only a label of exactly that name counts. What a lookup finds (or does
 * not find) and the labels created are remembered for the rest of the execution, so many items cost one
 * lookup per name. Items run together; the items that need the same name take turns, so a missing label
 * is looked up once and created once.
 */
class LabelNames {
	/** Per workspace and name: the label's ID, or undefined when the workspace has no such label. */
	private readonly known = new Map<string, number | undefined>();
	/** Per workspace and name: the last item in line for it. */
	private readonly turns = new Map<string, Promise<unknown>>();

	constructor(
		private readonly context: IExecuteFunctions,
		/** Whether the operation offers "Create Missing Labels", so the error can point at it. */
		private readonly offersCreate: boolean,
	) {}

	async idOf(
		name: string,
		workspaceId: string | undefined,
		itemIndex: number,
		createMissing: boolean,
	): Promise<{ id: number; created: boolean }> {
		const key = `${workspaceId ?? 'personal'}\u0000${name}`;
		const previous = this.turns.get(key) ?? Promise.resolve();
		// The item before may fail (its own error); this item then takes its turn all the same.
		const mine = previous.catch(() => undefined).then(async () => await this.idInTurn(key, name, workspaceId, itemIndex, createMissing));
		this.turns.set(key, mine);
		try {
			return await mine;
		} finally {
			if (this.turns.get(key) === mine) this.turns.delete(key);
		}
	}

	private async idInTurn(
		key: string,
		name: string,
		workspaceId: string | undefined,
		itemIndex: number,
		createMissing: boolean,
	): Promise<{ id: number; created: boolean }> {
		if (!this.known.has(key)) this.known.set(key, await this.find(name, workspaceId, itemIndex));
		const found = this.known.get(key);
		if (found !== undefined) return { id: found, created: false };
		if (!createMissing) {
			throw new NodeOperationError(this.context.getNode(), `Label "${name}" does not exist in this workspace`, {
				itemIndex,
				description: `"${LABELS_FIELD}" names a label the workspace does not have (item ${itemIndex}). Names must match exactly, case included: pick the label from the list${
					this.offersCreate ? ', or turn on "Create Missing Labels"' : ''
				}.`,
			});
		}
		const created = await apiRequest<IDataObject>(this.context, {
			method: 'POST',
			path: ['labels'],
			query: { workspaceId },
			body: { name, resource: false },
			itemIndex,
		}).catch((error: unknown) => {
			// The platform's refusal (a role that may only use existing labels) does not say which label it was.
			if (error instanceof NodeApiError) error.message = `Label "${name}" is not in the workspace and could not be created: ${error.message}`;
			throw error;
		});
		this.known.set(key, Number(created.id));
		return { id: Number(created.id), created: true };
	}

	private async find(name: string, workspaceId: string | undefined, itemIndex: number): Promise<number | undefined> {
		const candidates = await apiRequestPages<IDataObject>(
			this.context,
			{ method: 'GET', path: ['labels'], query: { workspaceId, search: name, type: 'simple' }, itemIndex },
			pagesCountedByTotal('labels'),
		);
		const exact = candidates.find((label) => label.name === name);
		return exact === undefined ? undefined : Number(exact.id);
	}
}

const launchLabelNamesByExecution = new WeakMap<IExecuteFunctions, LabelNames>();

/**
 * The IDs of the labels a launch names, found as tower-cli's `launch --labels` finds them: each name
 * matched exactly in the workspace's labels, and a name it lacks created. Looked up once per name and
 * execution, however many items launch with it.
 */
export async function launchLabelIds(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	names: string[],
): Promise<number[]> {
	let labelNames = launchLabelNamesByExecution.get(context);
	if (labelNames === undefined) {
		labelNames = new LabelNames(context, false);
		launchLabelNamesByExecution.set(context, labelNames);
	}
	const ids: number[] = [];
	for (const name of names) ids.push((await labelNames.idOf(name, workspaceId, itemIndex, true)).id);
	return ids;
}

type LabelEntry = { label?: { mode?: string; value?: unknown } };

async function resolveLabels(
	context: IExecuteFunctions,
	names: LabelNames,
	itemIndex: number,
	workspaceId: string | undefined,
): Promise<ResolvedLabels> {
	const node = context.getNode();
	const entries = (context.getNodeParameter('labels', itemIndex, {}) as { values?: LabelEntry[] }).values ?? [];
	const createMissing = context.getNodeParameter('createMissingLabels', itemIndex, false) as boolean;
	const resolved: ResolvedLabels = { labelIds: [], createdLabels: [] };
	for (const entry of entries) {
		const { mode, value } = entry.label ?? {};
		for (const part of toList(value)) {
			if (mode === 'name') {
				const { id, created } = await names.idOf(part, workspaceId, itemIndex, createMissing);
				resolved.labelIds.push(id);
				if (created) resolved.createdLabels.push({ id, name: part });
			} else {
				resolved.labelIds.push(Number(requireNumericId(node, itemIndex, part, LABELS_FIELD)));
			}
		}
	}
	resolved.labelIds = [...new Set(resolved.labelIds)];
	return resolved;
}

/**
 * Adds, removes or replaces the labels of one run per item. Replacing with no labels clears them; adding or
 * removing nothing is a mistake worth reporting.
 */
export async function changeRunLabels(context: IExecuteFunctions, change: LabelChange): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(context);
	const names = new LabelNames(context, change !== 'remove');
	return await forEachItem(context, async (itemIndex) => {
		const workflowId = runIdFor(context, itemIndex);
		const workspaceId = await workspaceIdFor(context, itemIndex, connection);
		const { labelIds, createdLabels } = await resolveLabels(context, names, itemIndex, workspaceId);
		if (labelIds.length === 0 && change !== 'apply') {
			throw new NodeOperationError(context.getNode(), `${LABELS_FIELD} is empty`, {
				itemIndex,
				description: `Add at least one label to "${LABELS_FIELD}" (item ${itemIndex}).`,
			});
		}
		await apiRequest(context, {
			method: 'POST',
			path: ['workflow', 'labels', change],
			query: { workspaceId },
			body: { workflowIds: [workflowId], labelIds },
			itemIndex,
		});
		return { workflowId, labelIds, createdLabels };
	});
}
