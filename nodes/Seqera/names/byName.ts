/**
 * Finding what a name stands for. Users have names (from a sheet, an expression, an AI agent) where the
 * platform wants IDs: a name is looked up in the list the platform offers and matched exactly, case
 * included, as Seqera's tower-cli does; no match and more than one match each fail the item, naming the
 * field and the names it could have been.
 */
import { NodeOperationError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { keptPerExecution } from '../helpers/keptPerExecution';
import { describeValue } from '../text/describeValue';
import type { SeqeraFunctions } from '../transport';

/** An entry a name can pick: the name as users write it, and the ID the platform wants. */
export interface NamedEntry {
	name: string;
	id: string;
}

/** What a name is looked up in, and how the field and its kind of entries are called in errors. */
export interface NameLookup {
	/** The field, as the editor shows it ("Workspace"). */
	field: string;
	/** Its kind of entries, plural ("workspaces"). */
	entries: string;
	/** Tells one list from another within a run of the node (a list's path and workspace). */
	key: string;
	/** Every entry a name may pick, or, where the platform searches by name, those its search finds. */
	list: (name: string) => Promise<NamedEntry[]>;
	/** Whether `list` searches by the name (then each name is a lookup of its own). */
	searched?: boolean;
	/** Where `list` searches, the entries an error suggests when the search found none. */
	suggestions?: () => Promise<NamedEntry[]>;
}

const NAMES_SHOWN = 10;

/** Names as an error lists them: sorted, the first few, and how many more there are. */
function namesShown(entries: NamedEntry[]): string {
	if (entries.length === 0) return 'none';
	const names = [...new Set(entries.map((entry) => entry.name))].sort((a, b) => a.localeCompare(b));
	const shown = names.slice(0, NAMES_SHOWN).join(', ');
	return names.length > NAMES_SHOWN ? `${shown}, and ${names.length - NAMES_SHOWN} more` : shown;
}

/** Fails unless `name` is the name of exactly one entry of `entries`; returns its ID. */
function onlyEntryNamed(
	node: INode,
	itemIndex: number,
	lookup: NameLookup,
	name: string,
	entries: NamedEntry[],
	candidates: NamedEntry[],
): string {
	const matches = entries.filter((entry) => entry.name === name);
	if (matches.length === 1) return matches[0].id;
	const quoted = `${lookup.field} '${describeValue(name)}'`;
	const capitalized = lookup.entries.charAt(0).toUpperCase() + lookup.entries.slice(1);
	if (matches.length === 0) {
		throw new NodeOperationError(node, `${quoted} was not found. ${capitalized} you can use: ${namesShown(candidates)}`, {
			itemIndex,
			description:
				`Names are matched exactly, case included (item ${itemIndex}). ` + 'Check the name, pick it from the list, or give its ID.',
		});
	}
	const ids = matches.map((entry) => entry.id).join(', ');
	throw new NodeOperationError(node, `${quoted} names ${matches.length} ${lookup.entries}: IDs ${ids}`, {
		itemIndex,
		description: `Give the ID of the one you mean instead of its name, or pick it from the list (item ${itemIndex}).`,
	});
}

/** The ID of the one entry of `lookup` named `name` exactly. */
export async function idNamed(context: SeqeraFunctions, itemIndex: number, lookup: NameLookup, name: string): Promise<string> {
	const wanted = name.trim();
	const node = context.getNode();
	if (wanted === '') {
		throw new NodeOperationError(node, `${lookup.field} is empty`, {
			itemIndex,
			description: `Give the name of one of the ${lookup.entries}, or pick it from the list (item ${itemIndex}).`,
		});
	}
	const key = lookup.searched ? `names:${lookup.key}\u0000${wanted}` : `names:${lookup.key}`;
	const entries = await keptPerExecution(context, key, async () => await lookup.list(wanted));
	// A search that found no exact match says nothing of what else there is: the error suggests from the whole list.
	const candidates =
		lookup.suggestions && !entries.some((entry) => entry.name === wanted)
			? await keptPerExecution(context, `names:${lookup.key}\u0000`, lookup.suggestions)
			: entries;
	return onlyEntryNamed(node, itemIndex, lookup, wanted, entries, candidates);
}
