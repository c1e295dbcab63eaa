import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { pipelineIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { chosenVersion, manageVersion } from '../../runs/pipelineVersions';

/**
 * Rename or Make Default for each item, as tower-cli's `pipelines versions manage` (`PUT …/manage`), then
 * the version as it is now; the platform answers the change with no content.
 */
export async function changeVersion(
	context: IExecuteFunctions,
	changeOf: (itemIndex: number) => { name?: string; isDefault?: boolean },
): Promise<INodeExecutionData[]> {
	return await forEachItem(context, async (itemIndex): Promise<IDataObject> => {
		const pipelineId = await pipelineIdFor(context, itemIndex);
		const workspaceId = await workspaceIdFor(context, itemIndex);
		const change = changeOf(itemIndex);
		const version = await chosenVersion(context, itemIndex, pipelineId, workspaceId);
		await manageVersion(context, pipelineId, String(version.id), workspaceId, change, itemIndex);
		return { ...version, ...change };
	});
}
