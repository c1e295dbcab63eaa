import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { seqeraPlatform } from '../../nodeVersions';
import { configurationOverrideOptions, configurationOverrides, configurationWithOverrides } from './configuration';
import { studioLocator } from './studio.descriptions';
import { environmentField, sshField, studioAccessFields, studioAccessOf } from './studioOptions';
import { submitStudioChange, type StartBodyOf } from './submit';

const properties: INodeProperties[] = [
	studioLocator,
	workspaceLocator,
	{
		displayName: 'Configuration Overrides',
		name: 'overrides',
		type: 'collection',
		placeholder: 'Add Override',
		default: {},
		displayOptions: { show: { '@version': [seqeraPlatform.fromVersionOf('studioStartSendsConfiguration')] } },
		description:
			"Changes to the Studio's configuration for this start and the ones after it; the rest, its mounts included, stays as it is",
		options: [
			...configurationOverrideOptions,
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				default: '',
				typeOptions: { rows: 2 },
				description: "Replaces the Studio's description",
			},
			{ ...environmentField, description: "These replace the Studio's environment variables" },
			sshField,
			...studioAccessFields,
		],
	},
];

const displayOptions = { show: { resource: ['studio'], operation: ['start'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The overrides of a start, each checked before any call: a part of the configuration, and the request's other fields. */
async function checkedOverrides(
	context: IExecuteFunctions,
	itemIndex: number,
): Promise<{ configuration: IDataObject; request: IDataObject }> {
	const overrides = context.getNodeParameter('overrides', itemIndex, {}) as IDataObject;
	const configuration = configurationOverrides(context, itemIndex, overrides);
	const request = await studioAccessOf(context, itemIndex, overrides);
	if (typeof overrides.description === 'string') request.description = overrides.description.trim();
	return { configuration, request };
}

/**
 * Version 1.1's start request, as tower-cli's `studios start` builds it (`StartCmd.java`,
 * `AbstractStudiosCmd.studioConfigurationFrom`): the Studio's current configuration, mounts included,
 * with the overrides laid over it, its description unless one is given, and the labels, spot and allowed
 * user given. The platform takes a configuration given to a start as the Studio's whole configuration,
 * so one holding only the overrides would drop the mounts.
 */
function startBodyOf(context: IExecuteFunctions): StartBodyOf {
	return async (itemIndex, readStudio) => {
		const { configuration, request } = await checkedOverrides(context, itemIndex);
		const studio = await readStudio();
		return {
			configuration: configurationWithOverrides(context, studio, configuration),
			...(typeof studio.description === 'string' ? { description: studio.description } : {}),
			...request,
		};
	};
}

/** Version 1 sends no configuration (`{}`), which starts the Studio as it is; 1.1 sends it with any overrides. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await submitStudioChange(
		this,
		'start',
		seqeraPlatform.brings(this, 'studioStartSendsConfiguration') ? startBodyOf(this) : undefined,
	);
}
