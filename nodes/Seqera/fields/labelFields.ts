import type { INodeProperties } from 'n8n-workflow';

import { LABELS_FIELD } from './fieldNames';
import { labelLocator } from './sharedLocators';

/** Labels picked from the list, typed by exact name, or given by ID; one entry may hold several names or IDs. */
export const labelsField: INodeProperties = {
	displayName: LABELS_FIELD,
	name: 'labels',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add Label',
	default: {},
	options: [{ displayName: 'Label', name: 'values', values: [labelLocator] }],
};

export const createMissingLabelsField: INodeProperties = {
	displayName: 'Create Missing Labels',
	name: 'createMissingLabels',
	type: 'boolean',
	default: false,
	description: 'Whether to create the labels given by a name that no label of the workspace has yet, instead of failing the item',
};

/**
 * Labels by name for what an operation makes, as tw's `--labels` takes them: comma-separated names, resource labels as
 * key=value; a label the workspace lacks is created (runs/labels.ts, launchLabelIds).
 */
export function labelNamesField(target: string): INodeProperties {
	return {
		displayName: LABELS_FIELD,
		name: 'labels',
		type: 'string',
		default: '',
		placeholder: 'exploration, team=genomics',
		description:
			`Comma-separated names of the workspace's labels to put on ${target}, and resource labels as key=value (an ` +
			'expression may give a list); a label the workspace lacks is created, which needs the Maintain role',
	};
}
