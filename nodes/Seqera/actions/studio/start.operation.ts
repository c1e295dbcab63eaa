import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { requireCount } from '../../helpers/validate';
import { seqeraPlatform } from '../../nodeVersions';
import { mountsOf, withMountDataIds } from '../../studios/mounts';
import { lifespanField, mountedDataLinksField, studioLocator } from './studio.descriptions';
import { submitStudioChange } from './submit';

// The contract's DataStudioConfiguration: what a Start sends back of the Studio's current configuration.
const CONFIGURATION_FIELDS = [
	'condaEnvironment',
	'cpu',
	'environment',
	'gpu',
	'lifespanHours',
	'memory',
	'mountData',
	'mountDataV2',
	'sshEnabled',
];

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
			{ displayName: 'CPUs', name: 'cpu', type: 'number', default: 2, typeOptions: { minValue: 1 } },
			{ ...mountedDataLinksField, hint: 'These replace the data links the Studio mounts now' },
			{ displayName: 'GPUs', name: 'gpu', type: 'number', default: 0, typeOptions: { minValue: 0 } },
			lifespanField,
			{ displayName: 'Memory (MiB)', name: 'memory', type: 'number', default: 8192, typeOptions: { minValue: 1 } },
		],
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
		const node = context.getNode();
		const current = (studio.configuration ?? {}) as IDataObject;
		const configuration: IDataObject = Object.fromEntries(
			Object.entries(current).filter(([field]) => CONFIGURATION_FIELDS.includes(field)),
		);
		const overrides = context.getNodeParameter('overrides', itemIndex, {}) as IDataObject;
		for (const [field, name, min] of [
			['cpu', 'CPUs', 1],
			['memory', 'Memory (MiB)', 1],
			['gpu', 'GPUs', 0],
			['lifespanHours', 'Lifespan (Hours)', 0],
		] as const) {
			if (overrides[field] !== undefined) configuration[field] = requireCount(node, itemIndex, overrides[field], name, min);
		}
		if (overrides.dataLinkIds !== undefined) {
			delete configuration.mountData;
			configuration.mountDataV2 = mountsOf(node, itemIndex, overrides.dataLinkIds, mountedDataLinksField.displayName);
		}
		return {
			configuration: seqeraPlatform.brings(context, 'studioMountsInMountData') ? withMountDataIds(configuration) : configuration,
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
