import type { IDataObject, INode } from 'n8n-workflow';

import { requireStringId, toList } from '../helpers/validate';

/**
 * The `mountDataV2` of a configuration: the data link IDs given (a list, or an expression's array or
 * comma-separated IDs), each checked and named after `field` when it fails.
 */
export function mountsOf(node: INode, itemIndex: number, value: unknown, field: string): IDataObject[] {
	return toList(value).map((id) => ({ dataLinkId: requireStringId(node, itemIndex, id, field) }));
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
