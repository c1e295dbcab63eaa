import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { outputFileField, outputFileFieldName } from '../../fields/common';
import { pipelineLocator, pipelineVersionLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItemWithBinary } from '../../items/perItem';
import { pipelineIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { versionIdFor, versionNameOf } from '../../runs/pipelineVersions';
import { apiRequest } from '../../transport';
import { exportedPipeline } from './pipelineExport';

const properties: INodeProperties[] = [
	{ ...pipelineLocator, description: 'A pipeline saved in the workspace Launchpad' },
	workspaceLocator,
	{
		...pipelineVersionLocator,
		description: "The pipeline's version to export, as tw's --version-name and --version-id; leave empty for its default version",
	},
	{
		displayName: 'Also as File',
		name: 'asFile',
		type: 'boolean',
		default: false,
		description: 'Whether to also put the export in a JSON file (binary data), as tower-cli writes it',
	},
	{ ...outputFileField, displayOptions: { show: { asFile: [true] } } },
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['export'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Exports a Launchpad pipeline as tower-cli's `pipelines export` does: its description, icon and saved launch (of the
 * Version given, with its name, else of the default version), with the same keys as the file tower-cli writes, so
 * Pipeline → Import (or `tw pipelines import`) takes either.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItemWithBinary(this, async (itemIndex) => {
		const pipelineId = await pipelineIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const asFile = this.getNodeParameter('asFile', itemIndex, false) as boolean;
		const binaryPropertyName = asFile ? outputFileFieldName(this, itemIndex) : undefined;
		const { pipeline = {} } = await apiRequest<{ pipeline?: IDataObject }>(this, {
			method: 'GET',
			path: ['pipelines', pipelineId],
			query: { workspaceId },
			itemIndex,
		});
		// A pipeline shared from another workspace has its launch read with the workspace it comes from.
		const owner = pipeline.workspaceId;
		const shared = owner !== undefined && owner !== null && String(owner) !== String(workspaceId ?? '');
		const versionId = await versionIdFor(this, itemIndex, pipelineId, workspaceId);
		const versionName = versionId === undefined ? undefined : await versionNameOf(this, itemIndex, pipelineId, workspaceId, versionId);
		const { launch = {} } = await apiRequest<{ launch?: IDataObject }>(this, {
			method: 'GET',
			path: ['pipelines', pipelineId, 'launch'],
			query: { workspaceId, sourceWorkspaceId: shared ? String(owner) : undefined, versionId },
			itemIndex,
		});
		const exported = exportedPipeline(pipeline, launch, versionName);
		if (binaryPropertyName === undefined) return [{ json: exported }];
		const text = JSON.stringify(exported, null, 2);
		const fileName = `${String(pipeline.name ?? pipelineId)}.json`;
		const binary = await this.helpers.prepareBinaryData(Buffer.from(text, 'utf8'), fileName, 'application/json');
		return [{ json: exported, binary: { [binaryPropertyName]: binary } }];
	});
}
