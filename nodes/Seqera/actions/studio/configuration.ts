import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { requireCount } from '../../helpers/validate';
import { seqeraPlatform } from '../../nodeVersions';
import { mountsOf, withMountDataIds } from '../../studios/mounts';
import { lifespanField, mountedDataLinksField } from './studio.descriptions';
import { environmentOf } from './studioOptions';

// The contract's DataStudioConfiguration: what is sent back of a Studio's current configuration.
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

/** The overrides of a Studio's configuration that Start, Update and Create From Checkpoint offer. */
export const configurationOverrideOptions: INodeProperties[] = [
	{ displayName: 'CPUs', name: 'cpu', type: 'number', default: 2, typeOptions: { minValue: 1 } },
	{ ...mountedDataLinksField, hint: 'These replace the data links the Studio mounts now' },
	{ displayName: 'GPUs', name: 'gpu', type: 'number', default: 0, typeOptions: { minValue: 0 } },
	lifespanField,
	{ displayName: 'Memory (MiB)', name: 'memory', type: 'number', default: 8192, typeOptions: { minValue: 1 } },
];

/**
 * The overrides given, each checked and named after its field when it fails: a part of a DataStudioConfiguration.
 * Environment variables and SSH count where the operation offers them (environmentField, sshField).
 */
export function configurationOverrides(context: IExecuteFunctions, itemIndex: number, overrides: IDataObject): IDataObject {
	const node = context.getNode();
	const checked: IDataObject = {};
	for (const [field, name, min] of [
		['cpu', 'CPUs', 1],
		['memory', 'Memory (MiB)', 1],
		['gpu', 'GPUs', 0],
		['lifespanHours', 'Lifespan (Hours)', 0],
	] as const) {
		if (overrides[field] !== undefined) checked[field] = requireCount(node, itemIndex, overrides[field], name, min);
	}
	if (overrides.dataLinkIds !== undefined) {
		checked.mountDataV2 = mountsOf(node, itemIndex, overrides.dataLinkIds, mountedDataLinksField.displayName);
	}
	const environment = environmentOf(context, itemIndex, overrides.environment);
	if (environment !== undefined) checked.environment = environment;
	if (overrides.sshEnabled !== undefined) checked.sshEnabled = overrides.sshEnabled === true;
	return checked;
}

/**
 * A Studio's current configuration, mounts included, with checked overrides (configurationOverrides) laid
 * over it, as tower-cli's `AbstractStudiosCmd.studioConfigurationFrom` builds it for start, update and
 * add-as-new. The platform takes a configuration it is given as the Studio's whole configuration, so one
 * holding only the overrides would drop the mounts.
 */
export function configurationWithOverrides(context: IExecuteFunctions, studio: IDataObject, overrides: IDataObject): IDataObject {
	const current = (studio.configuration ?? {}) as IDataObject;
	const configuration: IDataObject = Object.fromEntries(
		Object.entries(current).filter(([field]) => CONFIGURATION_FIELDS.includes(field)),
	);
	// New mounts replace the deprecated list of IDs as well.
	if (overrides.mountDataV2 !== undefined) delete configuration.mountData;
	Object.assign(configuration, overrides);
	return seqeraPlatform.brings(context, 'studioMountsInMountData') ? withMountDataIds(configuration) : configuration;
}
