import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { requireText } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { computeEnvLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { seqeraPlatform } from '../../nodeVersions';
import { computeEnvDefaults, computeEnvIdToUse } from '../../runs/computeEnv';
import { pipelineSettingsField } from './pipelineSettings.descriptions';
import { chosenComputeEnvId, pipelineSettingsOf } from './pipelineSettings';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'nf-core-rnaseq',
		description: 'Unique in the workspace',
	},
	{
		displayName: 'Repository URL',
		name: 'pipeline',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://github.com/nf-core/rnaseq',
	},
	workspaceLocator,
	computeEnvLocator,
	{ displayName: 'Description', name: 'description', type: 'string', default: '' },
	pipelineSettingsField,
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Adds a pipeline to the Launchpad as tower-cli's `pipelines add` does: without a compute environment it
 * takes the workspace's primary one, and the work directory and scripts not given come from it. Where the
 * workspace has no primary one, version 1.3 goes ahead without a compute environment, as tower-cli does;
 * earlier versions fail the item.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const name = requireText(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex));
		const pipeline = requireText(node, itemIndex, 'Repository URL', this.getNodeParameter('pipeline', itemIndex));
		const { launch, labelIds } = pipelineSettingsOf(this, itemIndex);
		const chosen = await chosenComputeEnvId(this, itemIndex);
		const withoutPrimary = seqeraPlatform.brings(this, 'pipelinesWithoutComputeEnv') ? 'goWithout' : 'failItem';
		const computeEnvId = await computeEnvIdToUse(this, itemIndex, workspaceId, { chosen }, withoutPrimary);
		// tower-cli's pipelines add takes the environment's work directory and scripts, not its Nextflow config.
		const { workDir, preRunScript, postRunScript } =
			computeEnvId === undefined ? {} : await computeEnvDefaults(this, itemIndex, computeEnvId, workspaceId);
		const fromComputeEnv = { workDir, preRunScript, postRunScript };
		const text = this.getNodeParameter('description', itemIndex, '') as string;
		const body: IDataObject = {
			name,
			...(text !== '' ? { description: text } : {}),
			...(labelIds ? { labelIds } : {}),
			launch: { computeEnvId, pipeline, ...fromComputeEnv, resume: false, pullLatest: false, stubRun: false, ...launch },
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
