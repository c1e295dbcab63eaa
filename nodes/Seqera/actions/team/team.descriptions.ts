import type { INodeProperties } from 'n8n-workflow';

/** The fields a team is described by, on Create and in Update's Update Fields. */

export const teamNameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'bioinformatics',
	description: 'Unique in the organization: 2 to 39 letters, digits, - and _, starting and ending with a letter or digit',
};

export const teamDescriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	default: '',
	description: 'Up to 250 characters',
};
