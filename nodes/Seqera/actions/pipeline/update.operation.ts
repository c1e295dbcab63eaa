import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { computeEnvLocator, pipelineLocator, pipelineVersionLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { pipelineIdFor } from '../../names/lookups';
import { seqeraPlatform } from '../../nodeVersions';
import { defaultVersionOf, manageVersion, nextVersionName, unknownVersionError, versionIdFor } from '../../runs/pipelineVersions';
import { pipelineUpdateFromSaved } from '../../runs/records';
import { pipelineSettingsField } from './pipelineSettings.descriptions';
import { chosenComputeEnvId, pipelineSettingsOf } from './pipelineSettings';

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
			{
				displayName: 'Repository URL',
				name: 'pipeline',
				type: 'string',
				default: '',
				placeholder: 'https://github.com/nf-core/rnaseq',
			},
		],
	},
	pipelineSettingsField,
	{
		...pipelineVersionLocator,
		description: "The pipeline's version to change; leave empty for its default version",
		displayOptions: { show: { '@version': [seqeraPlatform.fromVersionOf('pipelineUpdatesThroughVersions')] } },
	},
	{
		displayName: 'Keep as Draft',
		name: 'keepAsDraft',
		type: 'boolean',
		default: false,
		description:
			'Whether a new version the change makes stays an unnamed draft; otherwise it is named after the default version and ' +
			'made the default, as the web app and tower-cli do',
		displayOptions: { show: { '@version': [seqeraPlatform.fromVersionOf('pipelineUpdatesThroughVersions')] } },
	},
];

const displayOptions = { show: { resource: ['pipeline'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The IDs of the labels a pipeline read with `attributes=labels` has. */
function labelIdsOf(pipeline: IDataObject): number[] {
	const labels = Array.isArray(pipeline.labels) ? (pipeline.labels as IDataObject[]) : [];
	return labels.map((label) => Number(label.id));
}

/** Pipeline Settings as given, checked before any call. */
type GivenSettings = ReturnType<typeof pipelineSettingsOf>;

/** What the node reads before an update: the pipeline (1.3: with its labels) and the saved launch of the version changed. */
interface Read {
	pipeline: IDataObject;
	saved: IDataObject;
}

/**
 * The UpdatePipelineRequest: the saved launch again with the given settings laid over it, as tower-cli's
 * `pipelines update` builds it. The platform replaces the labels with the `labelIds` sent, removing them all
 * when there are none, and the saved launch with the one sent: from version 1.3 the pipeline's labels, its
 * icon and every field of its saved launch go back unless given, where tower-cli (and earlier versions)
 * send neither the labels nor the saved launch's other fields (docs/updates.md).
 */
async function updateRequest(
	context: IExecuteFunctions,
	itemIndex: number,
	{ pipeline, saved }: Read,
	keepsAll: boolean,
	{ launch: given, labelIds: givenLabelIds }: GivenSettings,
): Promise<IDataObject> {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const launch = pipelineUpdateFromSaved(saved, await chosenComputeEnvId(context, itemIndex), keepsAll);
	if (typeof fields.pipeline === 'string' && fields.pipeline !== '') launch.pipeline = fields.pipeline;
	Object.assign(launch, given);
	const newName = typeof fields.newName === 'string' && fields.newName !== '' ? fields.newName : pipeline.name;
	const text = typeof fields.description === 'string' && fields.description !== '' ? fields.description : pipeline.description;
	const labelIds = givenLabelIds ?? (keepsAll ? labelIdsOf(pipeline) : undefined);
	const icon = keepsAll && typeof pipeline.icon === 'string' && pipeline.icon !== '' ? pipeline.icon : undefined;
	return {
		name: newName,
		...(text ? { description: text } : {}),
		...(icon ? { icon } : {}),
		...(labelIds ? { labelIds } : {}),
		launch,
	};
}

/**
 * Version 1.3: the update goes to a version, as tower-cli's `pipelines update` sends it
 * (`POST /pipelines/{pipelineId}/versions/{versionId}`): the one Version names, else the default. Where the
 * platform answers with a new version (a change to a versioned setting makes a draft), the draft is named
 * after the default version (`hello-2` → `hello-3`) and made the default, unless Keep as Draft is on. A
 * pipeline without versions (an install without pipeline versioning) is updated with `PUT /pipelines/{id}`.
 */
async function updateThroughVersion(
	context: IExecuteFunctions,
	itemIndex: number,
	pipelineId: string,
	workspaceId: string | undefined,
	given: GivenSettings,
): Promise<IDataObject> {
	const read = async <T>(path: string[], query: IDataObject = {}) =>
		await apiRequest<T>(context, { method: 'GET', path, query: { workspaceId, ...query }, itemIndex });
	const { pipeline = {} } = await read<{ pipeline?: IDataObject }>(['pipelines', pipelineId], { attributes: ['labels'] });
	const defaultVersion = await defaultVersionOf(context, pipelineId, workspaceId, itemIndex);
	const versionId = (await versionIdFor(context, itemIndex, pipelineId, workspaceId)) ?? defaultVersion?.id;
	const { launch: saved = {} } = await read<{ launch?: IDataObject }>(['pipelines', pipelineId, 'launch'], { versionId }).catch(
		async (error: unknown) => {
			throw versionId === undefined
				? error
				: await unknownVersionError(context, itemIndex, pipelineId, workspaceId, versionId, error);
		},
	);
	const body = await updateRequest(context, itemIndex, { pipeline, saved }, true, given);
	if (versionId === undefined) {
		const response = await apiRequest<{ pipeline?: IDataObject }>(context, {
			method: 'PUT',
			path: ['pipelines', pipelineId],
			query: { workspaceId },
			body,
			itemIndex,
		});
		return response.pipeline ?? {};
	}
	const response = await apiRequest<{ pipeline?: IDataObject }>(context, {
		method: 'POST',
		path: ['pipelines', pipelineId, 'versions', versionId],
		query: { workspaceId },
		body,
		itemIndex,
	});
	const updated = response.pipeline ?? {};
	const answered = (updated.version ?? {}) as IDataObject;
	const made = typeof answered.id === 'string' && answered.id !== versionId;
	const version = { id: made ? answered.id : versionId, name: answered.name ?? null, isDefault: answered.isDefault === true };
	if (made && version.name === null && !(context.getNodeParameter('keepAsDraft', itemIndex, false) as boolean)) {
		const name = await nextVersionName(
			context,
			pipelineId,
			workspaceId,
			defaultVersion?.name ?? String(pipeline.name ?? ''),
			itemIndex,
		);
		await manageVersion(context, pipelineId, version.id as string, workspaceId, { name, isDefault: true }, itemIndex);
		Object.assign(version, { name, isDefault: true });
	}
	return { ...updated, version, versionCreated: made };
}

/** Changes a Launchpad pipeline as tower-cli's `pipelines update` does; what each version keeps is in docs/updates.md. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const throughVersions = seqeraPlatform.brings(this, 'pipelineUpdatesThroughVersions');
	return await forEachItem(this, async (itemIndex) => {
		const given = pipelineSettingsOf(this, itemIndex);
		const pipelineId = await pipelineIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		if (throughVersions) return await updateThroughVersion(this, itemIndex, pipelineId, workspaceId, given);
		const read = async <T>(path: string[]) => await apiRequest<T>(this, { method: 'GET', path, query: { workspaceId }, itemIndex });
		const { pipeline = {} } = await read<{ pipeline?: IDataObject }>(['pipelines', pipelineId]);
		const { launch: saved = {} } = await read<{ launch?: IDataObject }>(['pipelines', pipelineId, 'launch']);
		const body = await updateRequest(this, itemIndex, { pipeline, saved }, false, given);
		const response = await apiRequest<{ pipeline?: IDataObject }>(this, {
			method: 'PUT',
			path: ['pipelines', pipelineId],
			query: { workspaceId },
			body,
			itemIndex,
		});
		return response.pipeline ?? {};
	});
}
