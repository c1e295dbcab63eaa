import type { INodeProperties } from 'n8n-workflow';

import { wholeIdSource } from '../../helpers/idPatterns';

export const secretLocator: INodeProperties = {
	displayName: 'Secret',
	name: 'secretId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'A pipeline secret of the workspace',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchPipelineSecrets', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: '184003906254591',
			validation: [
				{ type: 'regex', properties: { regex: wholeIdSource('numeric'), errorMessage: 'A secret ID is a number' } },
			],
		},
	],
};

/** The value is write-only: a password field, so the editor masks it; the platform never returns it. */
export const secretValueField: INodeProperties = {
	displayName: 'Value',
	name: 'value',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	required: true,
	description: 'The secret value; the platform never shows it again, and the node never outputs it',
};
