import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { requireNumericId, requireText } from '../../helpers/validate';
import { forEachItem } from '../../items/perItem';
import { apiRequestPages, pagesCountedByTotal } from '../../lists/pages';
import { studioIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { studioItem } from '../../studios/status';
import { apiRequest } from '../../transport';
import { configurationOverrideOptions, configurationOverrides, configurationWithOverrides } from './configuration';
import { studioLocator } from './studio.descriptions';
import { allowedUserField, environmentField, studioAccessOf, studioLabelFields } from './studioOptions';

// DataStudioCreateRequest.name
const NAME_MAX_LENGTH = 80;

type CheckpointChoice = 'latest' | 'id' | 'name';

const byDisplayName = (a: INodeProperties, b: INodeProperties) => a.displayName.localeCompare(b.displayName);

const properties: INodeProperties[] = [
	{ ...studioLocator, displayName: 'Parent Studio', description: 'The Studio whose checkpoint the new Studio starts from' },
	workspaceLocator,
	{
		displayName: 'Checkpoint',
		name: 'checkpoint',
		type: 'options',
		default: 'latest',
		options: [
			{ name: 'Latest', value: 'latest', description: "The parent Studio's most recent checkpoint" },
			{ name: 'By ID', value: 'id' },
			{ name: 'By Name', value: 'name' },
		],
	},
	{
		displayName: 'Checkpoint ID',
		name: 'checkpointId',
		type: 'string',
		default: '',
		required: true,
		placeholder: '2',
		displayOptions: { show: { checkpoint: ['id'] } },
		description: 'The numeric ID Get Checkpoints outputs',
	},
	{
		displayName: 'Checkpoint Name',
		name: 'checkpointName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'rnaseq-exploration_2',
		displayOptions: { show: { checkpoint: ['name'] } },
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'rnaseq-exploration-copy',
		description: 'Unique among the Studios of the workspace; at most 80 characters',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		typeOptions: { rows: 2 },
		description: 'Empty gives "Started from studio" and the parent\'s name, as the platform\'s clients do',
	},
	{
		displayName: 'Start After Creating',
		name: 'autoStart',
		type: 'boolean',
		default: true,
		description: 'Whether to start the Studio at once; follow with Wait to hold the item until it is running',
	},
	{
		displayName: 'Configuration Overrides',
		name: 'overrides',
		type: 'collection',
		placeholder: 'Add Override',
		default: {},
		description: "Changes to the parent Studio's configuration for the new one; the rest, its mounts included, is copied",
		options: [
			...configurationOverrideOptions,
			{ ...environmentField, description: "These replace the parent Studio's environment variables" },
		].sort(byDisplayName),
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			allowedUserField,
			...studioLabelFields,
			{
				displayName: 'Private',
				name: 'isPrivate',
				type: 'boolean',
				default: false,
				description: 'Whether only you can see and use the Studio',
			},
		],
	},
];

const displayOptions = { show: { resource: ['studio'], operation: ['createFromCheckpoint'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * The checkpoint the new Studio starts from, of the parent Studio: its latest (the list is newest first),
 * the one of that ID (read to check it is the parent's, as tower-cli's add-as-new does), or the one of that name.
 */
async function checkpointIdOf(
	context: IExecuteFunctions,
	itemIndex: number,
	parent: { sessionId: string; name: string; workspaceId: string | undefined },
	choice: CheckpointChoice,
	wanted: string,
): Promise<number> {
	const path = ['studios', parent.sessionId, 'checkpoints'];
	const query = { workspaceId: parent.workspaceId };
	if (choice === 'id') {
		const checkpoint = await apiRequest<IDataObject>(context, { method: 'GET', path: [...path, wanted], query, itemIndex });
		return Number(checkpoint.id);
	}
	const checkpoints = await apiRequestPages<IDataObject>(
		context,
		{
			method: 'GET',
			path,
			query: { ...query, search: choice === 'name' ? wanted : '' },
			limit: choice === 'latest' ? 1 : undefined,
			itemIndex,
		},
		pagesCountedByTotal('checkpoints'),
	);
	const found = choice === 'latest' ? checkpoints[0] : checkpoints.find((checkpoint) => checkpoint.name === wanted);
	if (!found) {
		throw new NodeOperationError(
			context.getNode(),
			choice === 'latest'
				? `Studio ${parent.name} has no checkpoint yet`
				: `Studio ${parent.name} has no checkpoint named "${wanted}"`,
			{
				itemIndex,
				description:
					choice === 'latest'
						? 'A Studio saves a checkpoint once it has run: start it first, or use Create for a new Studio.'
						: `Pick one of the names Get Checkpoints outputs for the parent Studio (item ${itemIndex}).`,
			},
		);
	}
	return Number(found.id);
}

/**
 * Creates a Studio per item from a checkpoint of another, as tower-cli's `studios add-as-new` does: the
 * parent's template, compute environment and configuration, with the overrides laid over it, and the
 * labels and allowed user given.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const name = requireText(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex, ''));
		if (name.length > NAME_MAX_LENGTH) {
			throw new NodeOperationError(node, `Name is longer than ${NAME_MAX_LENGTH} characters`, {
				itemIndex,
				description: `It has ${name.length} (item ${itemIndex}). Shorten it.`,
			});
		}
		const choice = this.getNodeParameter('checkpoint', itemIndex, 'latest') as CheckpointChoice;
		const wanted =
			choice === 'id'
				? requireNumericId(node, itemIndex, this.getNodeParameter('checkpointId', itemIndex, ''), 'Checkpoint ID')
				: choice === 'name'
					? requireText(node, itemIndex, 'Checkpoint Name', this.getNodeParameter('checkpointName', itemIndex, ''))
					: '';
		const overrides = configurationOverrides(this, itemIndex, this.getNodeParameter('overrides', itemIndex, {}) as IDataObject);
		const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const access = await studioAccessOf(this, itemIndex, additional);
		const sessionId = await studioIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);

		const parent = await apiRequest<IDataObject>(this, {
			method: 'GET',
			path: ['studios', sessionId],
			query: { workspaceId },
			itemIndex,
		});
		const parentName = String(parent.name ?? sessionId);
		const initialCheckpointId = await checkpointIdOf(this, itemIndex, { sessionId, name: parentName, workspaceId }, choice, wanted);
		const description = (this.getNodeParameter('description', itemIndex, '') as string).trim();
		const created = await apiRequest<{ studio?: IDataObject }>(this, {
			method: 'POST',
			path: ['studios'],
			query: { workspaceId, autoStart: this.getNodeParameter('autoStart', itemIndex, true) as boolean },
			body: {
				name,
				description: description === '' ? `Started from studio ${parentName}` : description,
				dataStudioToolUrl: (parent.template as IDataObject | undefined)?.repository,
				computeEnvId: (parent.computeEnv as IDataObject | undefined)?.id,
				configuration: configurationWithOverrides(this, parent, overrides),
				initialCheckpointId,
				...(additional.isPrivate === undefined ? {} : { isPrivate: additional.isPrivate === true }),
				...access,
			},
			itemIndex,
		});
		return studioItem(created.studio ?? {});
	});
}
