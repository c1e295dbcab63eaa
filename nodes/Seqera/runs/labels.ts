import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { LABELS_FIELD } from '../fields/fieldNames';
import { keptPerExecution } from '../helpers/keptPerExecution';
import { forEachItem } from '../items/perItem';
import { runIdFor } from '../helpers/parameters';
import { pipelineIdFor } from '../names/lookups';
import { workspaceIdFor } from '../names/workspaceId';
import { requireNumericId, toList } from '../helpers/validate';
import { apiRequestPages, pagesCountedByTotal } from '../lists/pages';
import { apiRequest } from '../transport';

/** How the platform changes the labels of runs and pipelines: add to them, remove from them, or replace them all. */
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

	/** `value` is given for a resource label (`key=value`), which is found and created as one. */
	async idOf(
		name: string,
		workspaceId: string | undefined,
		itemIndex: number,
		createMissing: boolean,
		value?: string,
	): Promise<{ id: number; created: boolean }> {
		const key = `${workspaceId ?? 'personal'}\u0000${name}${value === undefined ? '' : `\u0000${value}`}`;
		const previous = this.turns.get(key) ?? Promise.resolve();
		// The item before may fail (its own error); this item then takes its turn all the same.
		const mine = previous
			.catch(() => undefined)
			.then(async () => await this.idInTurn(key, name, value, workspaceId, itemIndex, createMissing));
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
		value: string | undefined,
		workspaceId: string | undefined,
		itemIndex: number,
		createMissing: boolean,
	): Promise<{ id: number; created: boolean }> {
		const shown = value === undefined ? name : `${name}=${value}`;
		if (!this.known.has(key)) this.known.set(key, await this.find(name, value, workspaceId, itemIndex));
		const found = this.known.get(key);
		if (found !== undefined) return { id: found, created: false };
		if (!createMissing) {
			throw new NodeOperationError(this.context.getNode(), `Label "${shown}" does not exist in this workspace`, {
				itemIndex,
				description:
					`"${LABELS_FIELD}" names a label the workspace does not have (item ${itemIndex}). ` +
					'Names must match exactly, case included: pick the label from the list' +
					(this.offersCreate ? ', or turn on "Create Missing Labels".' : '.'),
			});
		}
		const created = await apiRequest<IDataObject>(this.context, {
			method: 'POST',
			path: ['labels'],
			query: { workspaceId },
			body: value === undefined ? { name, resource: false } : { name, value, resource: true },
			itemIndex,
		}).catch((error: unknown) => {
			// The platform's refusal (a role that may only use existing labels) does not say which label it was.
			if (error instanceof NodeApiError)
				error.message = `Label "${shown}" is not in the workspace and could not be created: ${error.message}`;
			throw error;
		});
		this.known.set(key, Number(created.id));
		return { id: Number(created.id), created: true };
	}

	/** As tower-cli's LabelsFinder: searched by the name among labels of the kind, then name (and value) matched exactly. */
	private async find(
		name: string,
		value: string | undefined,
		workspaceId: string | undefined,
		itemIndex: number,
	): Promise<number | undefined> {
		const type = value === undefined ? 'simple' : 'resource';
		const candidates = await apiRequestPages<IDataObject>(
			this.context,
			{ method: 'GET', path: ['labels'], query: { workspaceId, search: name, type }, itemIndex },
			pagesCountedByTotal('labels'),
		);
		const exact = candidates.find((label) => label.name === name && (value === undefined || label.value === value));
		return exact === undefined ? undefined : Number(exact.id);
	}
}

/**
 * A label a launch names: `name`, or `key=value` for a resource label, as tower-cli's Label.LabelConverter
 * reads them (one `=` at most, neither side empty).
 */
function launchLabel(context: IExecuteFunctions, itemIndex: number, given: string): { name: string; value?: string } {
	const parts = given.split('=').map((part) => part.trim());
	const problem =
		parts.length > 2
			? 'has more than one "="'
			: parts[0] === ''
				? 'has no name before "="'
				: parts.length === 2 && parts[1] === ''
					? 'has no value after "="'
					: undefined;
	if (problem !== undefined) {
		throw new NodeOperationError(context.getNode(), `Label "${given}" ${problem}`, {
			itemIndex,
			description: `"Labels" takes label names, or resource labels as key=value (item ${itemIndex}).`,
		});
	}
	return parts.length === 2 ? { name: parts[0], value: parts[1] } : { name: parts[0] };
}

/**
 * The IDs of the labels a launch names, found as tower-cli's `launch --labels` finds them: each name
 * (or `key=value`, a resource label) matched exactly in the workspace's labels, and one it lacks
 * created. Looked up once per label and execution, however many items launch with it.
 */
export async function launchLabelIds(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	names: string[],
): Promise<number[]> {
	const labelNames = await keptPerExecution(context, 'launch-labels', async () => new LabelNames(context, false));
	const labels = names.map((given) => launchLabel(context, itemIndex, given));
	const ids: number[] = [];
	for (const { name, value } of labels) ids.push((await labelNames.idOf(name, workspaceId, itemIndex, true, value)).id);
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

/** What labels are changed on: runs (`/workflow/labels/*`) or Launchpad pipelines (`/pipelines/labels/*`). */
export interface LabelTarget {
	/** The path before `labels/<change>`. */
	path: string;
	/** The item's run or pipeline ID, as the request's list holds it. */
	idOf: (context: IExecuteFunctions, itemIndex: number) => Promise<string | number>;
	/** The request's list of IDs. */
	listName: string;
	/** The output's name of the ID. */
	idName: string;
}

export const RUN_LABELS: LabelTarget = {
	path: 'workflow',
	idOf: async (context, itemIndex) => runIdFor(context, itemIndex),
	listName: 'workflowIds',
	idName: 'workflowId',
};

export const PIPELINE_LABELS: LabelTarget = {
	path: 'pipelines',
	idOf: async (context, itemIndex) => Number(await pipelineIdFor(context, itemIndex)),
	listName: 'pipelineIds',
	idName: 'pipelineId',
};

/**
 * Adds, removes or replaces the labels of one run or pipeline per item. Replacing with no labels clears
 * them; adding or removing nothing is a mistake worth reporting.
 */
export async function changeLabels(context: IExecuteFunctions, target: LabelTarget, change: LabelChange): Promise<INodeExecutionData[]> {
	const names = new LabelNames(context, change !== 'remove');
	return await forEachItem(context, async (itemIndex) => {
		const id = await target.idOf(context, itemIndex);
		const workspaceId = await workspaceIdFor(context, itemIndex);
		const { labelIds, createdLabels } = await resolveLabels(context, names, itemIndex, workspaceId);
		if (labelIds.length === 0 && change !== 'apply') {
			throw new NodeOperationError(context.getNode(), `${LABELS_FIELD} is empty`, {
				itemIndex,
				description: `Add at least one label to "${LABELS_FIELD}" (item ${itemIndex}).`,
			});
		}
		await apiRequest(context, {
			method: 'POST',
			path: [target.path, 'labels', change],
			query: { workspaceId },
			body: { [target.listName]: [id], labelIds },
			itemIndex,
		});
		return { [target.idName]: id, labelIds, createdLabels };
	});
}
