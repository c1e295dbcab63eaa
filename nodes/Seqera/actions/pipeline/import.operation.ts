import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { overwriteOptions } from '../../fields/common';
import { computeEnvLocator, workspaceLocator } from '../../fields/sharedLocators';
import { requireText } from '../../helpers/validate';
import { exportDocumentFields, readExportDocument } from '../../items/exportDocument';
import { forEachItem } from '../../items/perItem';
import { currentIdsNamed, OWN_PIPELINES } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { computeEnvDefaults } from '../../runs/computeEnv';
import { apiRequest } from '../../transport';
import { importedPipeline, PIPELINE_EXPORT } from './pipelineExport';
import { chosenComputeEnvId } from './pipelineSettings';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'nf-core-rnaseq',
		description: 'The name of the new pipeline, unique in the workspace',
	},
	...exportDocumentFields(PIPELINE_EXPORT),
	{ ...workspaceLocator, description: 'The workspace the pipeline is added to' },
	{ ...computeEnvLocator, description: 'Leave empty to use the compute environment the export names, which the workspace must have' },
	overwriteOptions("the workspace's pipeline"),
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['import'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Adds a pipeline from an export as tower-cli's `pipelines import` does: the export's description, icon and launch
 * under the new name, with the compute environment chosen (else the one the export names) and, where the export
 * has none, that compute environment's work directory and scripts; with Overwrite, after deleting the workspace's own
 * pipeline of that name. With Export it copies a pipeline between workspaces.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const name = requireText(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex));
		const exported = await readExportDocument(this, itemIndex, PIPELINE_EXPORT);
		const { request, launch } = importedPipeline(this, itemIndex, exported);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const computeEnvId = (await chosenComputeEnvId(this, itemIndex)) ?? launch.computeEnvId;
		if (typeof computeEnvId !== 'string' || computeEnvId === '') {
			throw new NodeOperationError(node, 'Compute Environment is empty and the export names none', {
				itemIndex,
				description: `Choose the compute environment of the workspace the pipeline runs on (item ${itemIndex}).`,
			});
		}
		const defaults = await computeEnvDefaults(this, itemIndex, computeEnvId, workspaceId);
		const body: IDataObject = {
			...request,
			name,
			launch: {
				...launch,
				computeEnvId,
				workDir: launch.workDir ?? defaults.workDir,
				preRunScript: launch.preRunScript ?? defaults.preRunScript,
				postRunScript: launch.postRunScript ?? defaults.postRunScript,
			},
		};
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (options.overwrite === true) {
			for (const pipelineId of await currentIdsNamed(this, itemIndex, OWN_PIPELINES, workspaceId, name)) {
				await apiRequest(this, { method: 'DELETE', path: ['pipelines', pipelineId], query: { workspaceId }, itemIndex });
			}
		}
		const response = await apiRequest<{ pipeline?: IDataObject }>(this, {
			method: 'POST',
			path: ['pipelines'],
			query: { workspaceId },
			body,
			itemIndex,
		});
		return response.pipeline ?? {};
	});
}
