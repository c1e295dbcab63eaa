import type { INodeProperties } from 'n8n-workflow';

/** The fields a workspace is described by, on Create and in Update's Update Fields. */

export const workspaceNameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'rnaseq-prod',
	description: 'Unique in the organization: 2 to 39 letters, digits, - and _, starting and ending with a letter or digit',
};

export const workspaceFullNameField: INodeProperties = {
	displayName: 'Full Name',
	name: 'fullName',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'RNA-seq production',
	description: 'The name the web app shows, up to 100 characters',
};

export const workspaceDescriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	description: 'Up to 1000 characters',
};

export const visibilityField: INodeProperties = {
	displayName: 'Visibility',
	name: 'visibility',
	type: 'options',
	options: [
		{ name: 'Private', value: 'PRIVATE', description: 'Only its participants see the workspace' },
		{ name: 'Shared', value: 'SHARED', description: "Every member of the organization sees the workspace's pipelines" },
	],
	default: 'PRIVATE',
};
