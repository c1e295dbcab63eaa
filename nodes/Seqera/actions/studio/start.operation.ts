import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { seqeraPlatform } from '../../nodeVersions';
import { configurationOverrideOptions, configurationOverrides, configurationWithOverrides } from './configuration';
import { studioLocator } from './studio.descriptions';
import { submitStudioChange } from './submit';

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
		options: configurationOverrideOptions,
	},
];

const displayOptions = { show: { resource: ['studio'], operation: ['start'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Version 1.1's start request, as tower-cli's `studios start` builds it (`StartCmd.java`,
 * `AbstractStudiosCmd.studioConfigurationFrom`): the Studio's current configuration, mounts included,
 * with the overrides laid over it, and its description. The platform takes a configuration given to a
 * start as the Studio's whole configuration, so one holding only the overrides would drop the mounts.
 */
function startBodyOf(context: IExecuteFunctions): (itemIndex: number, studio: IDataObject) => IDataObject {
	return (itemIndex, studio) => {
		const overrides = context.getNodeParameter('overrides', itemIndex, {}) as IDataObject;
		return {
			configuration: configurationWithOverrides(context, studio, configurationOverrides(context, itemIndex, overrides)),
			...(typeof studio.description === 'string' ? { description: studio.description } : {}),
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
