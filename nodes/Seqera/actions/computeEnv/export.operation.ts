import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { outputFileField, outputFileFieldName } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItemWithBinary } from '../../items/perItem';
import { computeEnvIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { anyComputeEnvLocator } from './computeEnv.descriptions';
import { exportedComputeEnv } from './computeEnvExport';

const properties: INodeProperties[] = [
	anyComputeEnvLocator,
	workspaceLocator,
	{
		displayName: 'Also as File',
		name: 'asFile',
		type: 'boolean',
		default: false,
		description: 'Whether to also put the export in a JSON file (binary data), as tower-cli writes it',
	},
	{ ...outputFileField, displayOptions: { show: { asFile: [true] } } },
];

const displayOptions = { show: { resource: ['computeEnv'], operation: ['export'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Exports a compute environment as tower-cli's `compute-envs export` does: its configuration without what the platform
 * made for it, and its labels, in the file tower-cli writes, so Compute Environment → Import (or `tw compute-envs import`) takes either.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItemWithBinary(this, async (itemIndex) => {
		const computeEnvId = await computeEnvIdFor(this, itemIndex, 'any');
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const asFile = this.getNodeParameter('asFile', itemIndex, false) as boolean;
		const binaryPropertyName = asFile ? outputFileFieldName(this, itemIndex) : undefined;
		const { computeEnv = {} } = await apiRequest<{ computeEnv?: IDataObject }>(this, {
			method: 'GET',
			path: ['compute-envs', computeEnvId],
			query: { workspaceId, attributes: 'labels' },
			itemIndex,
		});
		const exported = exportedComputeEnv(computeEnv);
		if (binaryPropertyName === undefined) return [{ json: exported }];
		const text = JSON.stringify(exported, null, 2);
		const fileName = `${String(computeEnv.name ?? computeEnvId)}.json`;
		const binary = await this.helpers.prepareBinaryData(Buffer.from(text, 'utf8'), fileName, 'application/json');
		return [{ json: exported, binary: { [binaryPropertyName]: binary } }];
	});
}
