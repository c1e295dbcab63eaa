import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { computeEnvLocator, pipelineLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { pipelineIdFor } from '../../names/lookups';
import { launchRequestFromSaved } from '../../runs/records';
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

/** Versions 1 to 1.2: the fields of KEPT_SETTINGS the saved launch has, null aside. */
function towerCliKeptSettings(saved: IDataObject): IDataObject {
	const kept: IDataObject = {};
	for (const name of KEPT_SETTINGS) if (saved[name] !== undefined && saved[name] !== null) kept[name] = saved[name];
	return kept;
}

/** The IDs of the labels a pipeline read with `attributes=labels` has. */
function labelIdsOf(pipeline: IDataObject): number[] {
	const labels = Array.isArray(pipeline.labels) ? (pipeline.labels as IDataObject[]) : [];
	return labels.map((label) => Number(label.id));
}

/**
 * Changes a Launchpad pipeline as tower-cli's `pipelines update` does: it reads the pipeline and its saved
 * launch, and sends the whole launch again with the given settings laid over it, so nothing left out is lost.
 * The platform replaces the labels with the `labelIds` sent, removing them all when there are none, and the
 * saved launch with the one sent: from version 1.3 the pipeline's labels, its icon and every field of its
 * saved launch go back unless given, where tower-cli (and earlier versions) send neither the labels nor the
 * saved launch's other fields (docs/updates.md).
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const keepsAll = this.getNode().typeVersion >= 1.3;
	return await forEachItem(this, async (itemIndex) => {
		const pipelineId = await pipelineIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
		const { launch: given, labelIds: givenLabelIds } = pipelineSettingsOf(this, itemIndex);
		const read = async <T>(path: string[], attributes?: string[]) => await apiRequest<T>(this, { method: 'GET', path, query: { workspaceId, attributes }, itemIndex });
		const { pipeline = {} } = await read<{ pipeline?: IDataObject }>(['pipelines', pipelineId], keepsAll ? ['labels'] : undefined);
		const { launch: saved = {} } = await read<{ launch?: IDataObject }>(['pipelines', pipelineId, 'launch']);
		const launch: IDataObject = keepsAll ? launchRequestFromSaved(saved) : {};
		const savedComputeEnv = saved.computeEnv as IDataObject | undefined;
		const computeEnvId = (await chosenComputeEnvId(this, itemIndex)) ?? savedComputeEnv?.id;
		if (computeEnvId) launch.computeEnvId = computeEnvId;
		if (!keepsAll) Object.assign(launch, towerCliKeptSettings(saved));
		if (typeof fields.pipeline === 'string' && fields.pipeline !== '') launch.pipeline = fields.pipeline;
		Object.assign(launch, given);
		const newName = typeof fields.newName === 'string' && fields.newName !== '' ? fields.newName : pipeline.name;
		const text = typeof fields.description === 'string' && fields.description !== '' ? fields.description : pipeline.description;
		const labelIds = givenLabelIds ?? (keepsAll ? labelIdsOf(pipeline) : undefined);
		const icon = keepsAll && typeof pipeline.icon === 'string' && pipeline.icon !== '' ? pipeline.icon : undefined;
		const body: IDataObject = {
			name: newName,
			...(text ? { description: text } : {}),
			...(icon ? { icon } : {}),
			...(labelIds ? { labelIds } : {}),
			launch,
		};
		const response = await apiRequest<{ pipeline?: IDataObject }>(this, { method: 'PUT', path: ['pipelines', pipelineId], query: { workspaceId }, body, itemIndex });
		return response.pipeline ?? {};
	});
}
