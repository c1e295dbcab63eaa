import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { forEachItem } from '../../items/perItem';
import { pipelineIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { chosenVersion } from '../../runs/pipelineVersions';
import { pipelineFields, versionField } from './versionFields';

const properties: INodeProperties[] = [...pipelineFields, versionField];

const displayOptions = { show: { resource: ['pipelineVersion'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The version, as tower-cli's `pipelines versions view` shows it. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(
		this,
		async (itemIndex) =>
			await chosenVersion(this, itemIndex, await pipelineIdFor(this, itemIndex), await workspaceIdFor(this, itemIndex)),
	);
}
