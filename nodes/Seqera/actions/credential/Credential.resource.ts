import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteCredential from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';
import * as validate from './validate.operation';

export { create, deleteCredential as delete, get, getMany, update, validate };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['credential'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create credentials',
				description: 'Save the keys of a cloud, cluster, Git server, registry or agent in the workspace',
			},
			{ name: 'Delete', value: 'delete', action: 'Delete credentials' },
			{
				name: 'Get',
				value: 'get',
				action: 'Get credentials',
				description: 'Their name, provider, status, dates and non-secret settings; never a key',
			},
			{ name: 'Get Many', value: 'getMany', action: 'Get many credentials' },
			{
				name: 'Update',
				value: 'update',
				action: 'Update credentials',
				description: 'Change their name, description or keys; what is left empty is kept',
			},
			{
				name: 'Validate',
				value: 'validate',
				action: 'Validate credentials',
				description: 'Check the credentials with their provider now',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
	...create.description,
	...update.description,
	...deleteCredential.description,
	...validate.description,
];
