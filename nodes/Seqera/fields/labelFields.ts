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
