import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INode, INodeProperties } from 'n8n-workflow';

import { byId, byName, byUrl, fromList, locator } from '../../fields/locatorBuilders';
import { requireStringId, requireStudioId, toList } from '../../helpers/validate';
import { statusOf } from '../../studios/status';
import { STUDIOS, idOrName } from '../../names/lookups';

/**
 * A Studio by session ID. The web app links a Studio as
 * `https://cloud.seqera.io/orgs/ORG/workspaces/WORKSPACE/studios/SESSION_ID` (with `/connect` or another
 * tab after it); By URL takes the session ID after `/studios/`.
 */
export const studioLocator: INodeProperties = locator({ displayName: 'Studio', name: 'sessionId', required: true }, [
	fromList('searchStudios'),
	byName({ placeholder: 'rnaseq-exploration' }),
	byId({ placeholder: '3f9a1c7e', check: { kind: 'studio', errorMessage: 'A Studio session ID has only letters and digits' } }),
	byUrl({
		segment: 'studios',
		kind: 'studio',
		placeholder: 'https://cloud.seqera.io/orgs/acme/workspaces/genomics/studios/3f9a1c7e/connect',
		errorMessage: 'Paste the URL of a Studio page (it contains /studios/ and the session ID)',
	}),
]);

/** The Studio an operation acts on, from the Studio locator (list, ID or URL), checked before any call. */
export async function studioIdFor(context: IExecuteFunctions, itemIndex: number): Promise<string> {
	return requireStudioId(context.getNode(), itemIndex, await idOrName(context, itemIndex, 'sessionId', STUDIOS));
}

/**
 * A Studio as the operations output it: the platform's DataStudioDto (its `studioUrl` opens the Studio)
 * with its status at the top, as the trigger's Studio Status Changed gives it.
 */
export function studioItem(studio: IDataObject): IDataObject {
	return { ...studio, status: statusOf(studio) };
}

/** A count such as CPUs: a whole number, at least `min`. */
export function requireCount(node: INode, itemIndex: number, value: unknown, field: string, min: number): number {
	const count = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof count !== 'number' || !Number.isInteger(count) || count < min) {
		throw new NodeOperationError(node, `${field} must be a whole number of at least ${min}`, {
			itemIndex,
			description: `"${String(value)}" was given (item ${itemIndex}).`,
		});
	}
	return count;
}

/** The data links a Studio mounts, as Create and Start's overrides take them. */
export const mountedDataLinksField: INodeProperties = {
	displayName: 'Data Links to Mount',
	name: 'dataLinkIds',
	type: 'multiOptions',
	default: [],
	typeOptions: { loadOptionsMethod: 'getMountableDataLinks', loadOptionsDependsOn: ['workspace.value'] },
	description: 'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	hint: 'The Studio sees them under /workspace/data. An expression gives an array of data link IDs, or IDs separated by commas.',
};

export const lifespanField: INodeProperties = {
	displayName: 'Lifespan (Hours)',
	name: 'lifespanHours',
	type: 'number',
	default: 8,
	typeOptions: { minValue: 0 },
	description: "How long the Studio runs before it is stopped; 0 for no limit, where the workspace's settings allow it",
};

/** The `mountDataV2` of a configuration: the data link IDs given (a list, or an expression's array or comma-separated IDs), each checked. */
export function mountsOf(node: INode, itemIndex: number, value: unknown): IDataObject[] {
	return toList(value).map((id) => ({ dataLinkId: requireStringId(node, itemIndex, id, mountedDataLinksField.displayName) }));
}

/**
 * A configuration as version 1.2 sends it, as Seqera's clients do: the mounted data links' IDs in
 * `mountData` too (tower-cli's studios add and start send it), which older Enterprise installs read
 * instead of `mountDataV2`.
 */
export function withMountDataIds(configuration: IDataObject): IDataObject {
	const mounts = Array.isArray(configuration.mountDataV2) ? (configuration.mountDataV2 as IDataObject[]) : [];
	return mounts.length === 0 ? configuration : { ...configuration, mountData: mounts.map((mount) => String(mount.dataLinkId)) };
}
