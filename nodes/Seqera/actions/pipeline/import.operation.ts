import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { computeEnvLocator, workspaceLocator } from '../../fields/sharedLocators';
import { requireText } from '../../helpers/validate';
import { forEachItem } from '../../items/perItem';
import { workspaceIdFor } from '../../names/workspaceId';
import { computeEnvDefaults } from '../../runs/computeEnv';
import { apiRequest } from '../../transport';
import { importedPipeline } from './pipelineExport';
import { chosenComputeEnvId } from './pipelineSettings';

const EXPORT_FIELD = 'Pipeline Export';
const BINARY_FIELD = 'Input Binary Field';

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
	{
		displayName: 'Export From',
		name: 'exportSource',
		type: 'options',
		default: 'json',
		options: [
			{ name: 'JSON', value: 'json', description: 'The JSON of a Pipeline → Export item, or of a tower-cli export file' },
			{ name: 'Binary File', value: 'binary', description: 'A JSON file tower-cli or Pipeline → Export wrote' },
		],
	},
	{
		displayName: EXPORT_FIELD,
		name: 'exportJson',
		type: 'json',
		default: '',
		required: true,
		displayOptions: { show: { exportSource: ['json'] } },
		hint: 'Map the input item with {{ JSON.stringify($json) }} to import what Pipeline → Export output',
	},
	{
		displayName: BINARY_FIELD,
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		displayOptions: { show: { exportSource: ['binary'] } },
		hint: 'The name of the input binary field holding the export file',
	},
	{ ...workspaceLocator, description: 'The workspace the pipeline is added to' },
	{ ...computeEnvLocator, description: 'Leave empty to use the compute environment the export names, which the workspace must have' },
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['import'] } };

export const description = updateDisplayOptions(displayOptions, properties);

async function exportDocument(context: IExecuteFunctions, itemIndex: number): Promise<unknown> {
	if (context.getNodeParameter('exportSource', itemIndex) === 'json') return context.getNodeParameter('exportJson', itemIndex, '');
	const node = context.getNode();
	const binaryPropertyName = requireText(node, itemIndex, BINARY_FIELD, context.getNodeParameter('binaryPropertyName', itemIndex));
	context.helpers.assertBinaryData(itemIndex, binaryPropertyName);
	return (await context.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName)).toString('utf8');
}

/**
 * Adds a pipeline from an export as tower-cli's `pipelines import` does: the export's description, icon and launch
 * under the new name, with the compute environment chosen (else the one the export names) and, where the export
 * has none, that compute environment's work directory and scripts. With Export it copies a pipeline between workspaces.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const name = requireText(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex));
		const field = this.getNodeParameter('exportSource', itemIndex) === 'json' ? EXPORT_FIELD : BINARY_FIELD;
		const { request, launch } = importedPipeline(this, itemIndex, await exportDocument(this, itemIndex), field);
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
