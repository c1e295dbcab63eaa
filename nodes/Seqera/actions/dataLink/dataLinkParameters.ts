import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { dataLinkPath, describeDataLink, pathEncodingOf, pathProblem, type DataLinkScope } from '../../dataLinks/calls';
import { workspaceIdFor } from '../../names/workspaceId';
import { requireStringId, requireText, requireWholeCharacters } from '../../helpers/validate';
import type { DataLinkInfo } from '../../dataLinks/dataLinkApi';
import { DATA_LINKS, idOrName } from '../../names/lookups';

/** The item's workspace and data link (as the platform describes it), checked before anything is sent. */
export async function dataLinkOfItem(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<{ scope: DataLinkScope & { itemIndex: number }; dataLink: DataLinkInfo }> {
	const scope = { workspaceId: await workspaceIdFor(context, itemIndex), pathEncoding: pathEncodingOf(context), itemIndex };
	const dataLinkId = requireStringId(
		context.getNode(),
		itemIndex,
		await idOrName(context, itemIndex, 'dataLinkId', DATA_LINKS),
		'Data Link',
	);
	return { scope, dataLink: await describeDataLink(context, scope, dataLinkId) };
}

/**
 * A path typed in a field, below the data link's root, without `/` at either end; '' is the root. A
 * path that cannot go into a URL as it is sent (a `..` step, an empty folder name) fails naming the
 * field before any call.
 */
export function pathParameter(
	context: IExecuteFunctions,
	itemIndex: number,
	name: string,
	field: string,
	{ required }: { required: boolean },
): string {
	const node = context.getNode();
	const path = dataLinkPath(String(context.getNodeParameter(name, itemIndex, '') ?? '').trim());
	if (required) requireText(node, itemIndex, field, path);
	const refused = pathProblem(path, pathEncodingOf(context));
	if (refused !== undefined) {
		throw new NodeOperationError(node, `${field} "${path}" ${refused.problem}`, {
			itemIndex,
			description: `${refused.why} Give the path from the data link's root, such as runs/240501/SampleSheet.csv (item ${itemIndex}).`,
		});
	}
	return requireWholeCharacters(node, itemIndex, field, path);
}
