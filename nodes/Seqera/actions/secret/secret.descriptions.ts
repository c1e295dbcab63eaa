import type { INodeProperties } from 'n8n-workflow';

import { byId, byName, fromList, locator } from '../../fields/locatorBuilders';

export const secretLocator: INodeProperties = locator(
	{ displayName: 'Secret', name: 'secretId', required: true, description: 'A pipeline secret of the workspace' },
	[
		fromList('searchPipelineSecrets'),
		byName({ placeholder: 'NCBI_API_KEY' }),
		byId({ placeholder: '184003906254591', check: { kind: 'numeric', errorMessage: 'A secret ID is a number' } }),
	],
);

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
