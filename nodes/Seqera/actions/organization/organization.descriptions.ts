import type { INodeProperties } from 'n8n-workflow';

/** The fields an organization is described by, on Create and in Update's Update Fields. */

export const organizationNameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'acme-bio',
	description: 'Unique on the platform: 2 to 39 letters, digits, - and _, starting and ending with a letter or digit',
};

export const organizationFullNameField: INodeProperties = {
	displayName: 'Full Name',
	name: 'fullName',
	type: 'string',
	default: '',
	required: true,
	placeholder: 'ACME Biosciences',
	description: 'The name the web app shows, up to 100 characters',
};

export const organizationDescriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	description: 'Up to 1000 characters',
};

export const organizationLocationField: INodeProperties = {
	displayName: 'Location',
	name: 'location',
	type: 'string',
	default: '',
	placeholder: 'Cambridge, UK',
	description: 'Up to 100 characters',
};

export const organizationWebsiteField: INodeProperties = {
	displayName: 'Website',
	name: 'website',
	type: 'string',
	default: '',
	placeholder: 'https://acme-bio.example',
};

/** Description, Location and Website: optional on Create, each a field to add on Update. */
export const organizationDetailFields = [organizationDescriptionField, organizationLocationField, organizationWebsiteField];
