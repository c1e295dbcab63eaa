import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [workspaceLocator];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['getPrimary'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * The workspace's primary compute environment, where launches go that name none, as tw's `compute-envs primary get` shows it:
 * the platform marks it in its list. A workspace without one fails the item, saying how to make one.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const { computeEnvs = [] } = await apiRequest<{ computeEnvs?: IDataObject[] }>(this, {
			method: 'GET',
			path: ['compute-envs'],
			query: { workspaceId },
			itemIndex,
		});
		const primary = computeEnvs.find((computeEnv) => computeEnv.primary === true);
		if (!primary) {
			throw new NodeOperationError(this.getNode(), 'The workspace has no primary compute environment', {
				itemIndex,
				description:
					'Make one primary with Compute Environment → Make Primary, or name one where it is needed ' + `(item ${itemIndex}).`,
			});
		}
		return primary;
	});
}
