import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { requireCount, requireText } from '../../helpers/validate';
import { apiRequest } from '../../transport';
import { computeEnvLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { computeEnvIdFor } from '../../names/lookups';
import { seqeraPlatform } from '../../nodeVersions';
import { mountsOf, withMountDataIds } from '../../studios/mounts';
import { studioItem } from '../../studios/status';
import { lifespanField, mountedDataLinksField } from './studio.descriptions';
import {
	condaEnvironmentField,
	condaEnvironmentOf,
	environmentField,
	environmentOf,
	remoteConfigFields,
	remoteConfigOf,
	sshField,
	studioAccessFields,
	studioAccessOf,
} from './studioOptions';

// DataStudioCreateRequest.name
const NAME_MAX_LENGTH = 80;

const properties: INodeProperties[] = [
	workspaceLocator,
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'rnaseq-exploration',
		description: 'Unique among the Studios of the workspace; at most 80 characters',
	},
	{
		displayName: 'Description',
		name: 'description',
		type: 'string',
		default: '',
		typeOptions: { rows: 2 },
	},
	{
		displayName: 'Template',
		name: 'template',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: "The container image the Studio runs: one of the platform's templates, or an image of your own",
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchStudioTemplates', searchable: true },
			},
			{
				displayName: 'Container Image',
				name: 'image',
				type: 'string',
				placeholder: 'cr.example.com/team/my-studio:1.0',
				hint: "A custom image must be built on one of the platform's Studio base images",
			},
		],
	},
	{ ...computeEnvLocator, required: true, description: 'Where the Studio runs; it must be one that can run Studios' },
	mountedDataLinksField,
	{
		displayName: 'CPUs',
		name: 'cpu',
		type: 'number',
		default: 2,
		typeOptions: { minValue: 1 },
	},
	{
		displayName: 'Memory (MiB)',
		name: 'memory',
		type: 'number',
		default: 8192,
		typeOptions: { minValue: 1 },
	},
	{
		displayName: 'GPUs',
		name: 'gpu',
		type: 'number',
		default: 0,
		typeOptions: { minValue: 0 },
		description: 'Only on compute environments with GPUs',
	},
	{
		displayName: 'Start After Creating',
		name: 'autoStart',
		type: 'boolean',
		default: true,
		description: 'Whether to start the Studio at once; follow with Wait to hold the item until it is running',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			condaEnvironmentField,
			environmentField,
			lifespanField,
			{
				displayName: 'Private',
				name: 'isPrivate',
				type: 'boolean',
				default: false,
				description: 'Whether only you can see and use the Studio',
			},
			...remoteConfigFields,
			sshField,
			...studioAccessFields,
		],
	},
];

const displayOptions = { show: { resource: ['studio'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The request body, every field checked before the call. */
async function createRequest(context: IExecuteFunctions, itemIndex: number): Promise<IDataObject> {
	const node = context.getNode();
	const name = requireText(node, itemIndex, 'Name', context.getNodeParameter('name', itemIndex, ''));
	if (name.length > NAME_MAX_LENGTH) {
		throw new NodeOperationError(node, `Name is longer than ${NAME_MAX_LENGTH} characters`, {
			itemIndex,
			description: `It has ${name.length} (item ${itemIndex}). Shorten it.`,
		});
	}
	const image = requireText(node, itemIndex, 'Template', context.getNodeParameter('template', itemIndex, '', { extractValue: true }));
	if (/\s/.test(image)) {
		throw new NodeOperationError(node, 'Template is not a container image', {
			itemIndex,
			description:
				`"${image}" holds spaces (item ${itemIndex}). Pick a template from the list, or give an image such as ` +
				`cr.example.com/team/my-studio:1.0.`,
		});
	}
	const additional = context.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
	const condaEnvironment = condaEnvironmentOf(context, itemIndex, additional.condaEnvironment);
	if (condaEnvironment !== undefined && context.getNodeParameter('template.mode', itemIndex, 'list') === 'image') {
		throw new NodeOperationError(node, "Conda Environment needs one of the platform's templates", {
			itemIndex,
			description: `A container image of your own installs its packages itself (item ${itemIndex}). Remove the Conda Environment.`,
		});
	}
	const environment = environmentOf(context, itemIndex, additional.environment);
	const remoteConfig = remoteConfigOf(context, itemIndex, additional);
	const access = await studioAccessOf(context, itemIndex, additional);
	const computeEnvId = await computeEnvIdFor(context, itemIndex, 'run');
	const description = (context.getNodeParameter('description', itemIndex, '') as string).trim();
	const configuration: IDataObject = {
		cpu: requireCount(node, itemIndex, context.getNodeParameter('cpu', itemIndex, 2), 'CPUs', 1),
		memory: requireCount(node, itemIndex, context.getNodeParameter('memory', itemIndex, 8192), 'Memory (MiB)', 1),
		gpu: requireCount(node, itemIndex, context.getNodeParameter('gpu', itemIndex, 0), 'GPUs', 0),
		...(additional.lifespanHours === undefined
			? {}
			: { lifespanHours: requireCount(node, itemIndex, additional.lifespanHours, 'Lifespan (Hours)', 0) }),
		mountDataV2: mountsOf(node, itemIndex, context.getNodeParameter('dataLinkIds', itemIndex, []), mountedDataLinksField.displayName),
		...(condaEnvironment === undefined ? {} : { condaEnvironment }),
		...(environment === undefined ? {} : { environment }),
		...(additional.sshEnabled === undefined ? {} : { sshEnabled: additional.sshEnabled === true }),
	};
	return {
		name,
		...(description === '' ? {} : { description }),
		dataStudioToolUrl: image,
		computeEnvId,
		configuration: seqeraPlatform.brings(context, 'studioMountsInMountData') ? withMountDataIds(configuration) : configuration,
		...(additional.isPrivate === undefined ? {} : { isPrivate: additional.isPrivate === true }),
		...(remoteConfig === undefined ? {} : { remoteConfig }),
		...access,
	};
}

/** Creates a Studio per item from a template and outputs it, starting unless told not to. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const body = await createRequest(this, itemIndex);
		const created = await apiRequest<{ studio?: IDataObject }>(this, {
			method: 'POST',
			path: ['studios'],
			query: {
				workspaceId: await workspaceIdFor(this, itemIndex),
				autoStart: this.getNodeParameter('autoStart', itemIndex, true) as boolean,
			},
			body,
			itemIndex,
		});
		return studioItem(created.studio ?? {});
	});
}
