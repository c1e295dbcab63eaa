import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changeVersion } from './manage';
import { pipelineFields, versionField } from './versionFields';

const properties: INodeProperties[] = [...pipelineFields, versionField];

const displayOptions = { show: { resource: ['pipelineVersion'], operation: ['makeDefault'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Launches without a version, and the Launchpad, then use this version; the one that was the default stops being it. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await changeVersion(this, () => ({ isDefault: true }));
}
