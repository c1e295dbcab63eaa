import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { requireNumericId } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { computeEnvLocator, pipelineLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { PIPELINES, idOrName } from '../../names/lookups';
import { chosenComputeEnvId, pipelineSettingsField, pipelineSettingsOf } from './pipelineSettings.descriptions';

const properties: INodeProperties[] = [
	{ ...pipelineLocator, description: 'The Launchpad pipeline to change' },
	workspaceLocator,
	{ ...computeEnvLocator, description: 'Leave empty to keep the one saved with the pipeline' },
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{ displayName: 'Description', name: 'description', type: 'string', default: '' },
			{ displayName: 'New Name', name: 'newName', type: 'string', default: '', description: 'Unique in the workspace' },
			{ displayName: 'Repository URL', name: 'pipeline', type: 'string', default: '', placeholder: 'https://github.com/nf-core/rnaseq' },
		],
	},
	pipelineSettingsField,
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The saved launch settings tower-cli's `pipelines update` sends again when not given (UpdateCmd.buildUpdateRequest). */
const KEPT_SETTINGS = [
	'pipeline',
	'revision',
	'workDir',
	'configProfiles',
	'paramsText',
	'configText',
	'preRunScript',
	'postRunScript',
	'pullLatest',
	'stubRun',
	'mainScript',
	'entryName',
	'schemaName',
	'pipelineSchemaId',
	'userSecrets',
	'workspaceSecrets',
];

/**
 * Changes a Launchpad pipeline as tower-cli's `pipelines update` does: it reads the pipeline and its saved
 * launch, and sends the whole launch again with the given settings laid over it, so nothing left out is lost.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const pipelineId = requireNumericId(this.getNode(), itemIndex, await idOrName(this, itemIndex, 'pipelineId', PIPELINES), 'Launchpad Pipeline');
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const { launch: given, labelIds } = pipelineSettingsOf(this, itemIndex);
		const read = async <T>(path: string[]) => await apiRequest<T>(this, { method: 'GET', path, query: { workspaceId }, itemIndex });
		const { pipeline = {} } = await read<{ pipeline?: IDataObject }>(['pipelines', pipelineId]);
		const { launch: saved = {} } = await read<{ launch?: IDataObject }>(['pipelines', pipelineId, 'launch']);
		const launch: IDataObject = {};
		const savedComputeEnv = saved.computeEnv as IDataObject | undefined;
		const computeEnvId = (await chosenComputeEnvId(this, itemIndex)) ?? savedComputeEnv?.id;
		if (computeEnvId) launch.computeEnvId = computeEnvId;
		for (const name of KEPT_SETTINGS) if (saved[name] !== undefined && saved[name] !== null) launch[name] = saved[name];
		if (typeof fields.pipeline === 'string' && fields.pipeline !== '') launch.pipeline = fields.pipeline;
		Object.assign(launch, given);
		const newName = typeof fields.newName === 'string' && fields.newName !== '' ? fields.newName : pipeline.name;
		const text = typeof fields.description === 'string' && fields.description !== '' ? fields.description : pipeline.description;
		const body: IDataObject = { name: newName, ...(text ? { description: text } : {}), ...(labelIds ? { labelIds } : {}), launch };
		const response = await apiRequest<{ pipeline?: IDataObject }>(this, { method: 'PUT', path: ['pipelines', pipelineId], query: { workspaceId }, body, itemIndex });
		return response.pipeline ?? {};
	});
}
