import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteWorkspace from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getStudiosSettings from './getStudiosSettings.operation';
import * as leave from './leave.operation';
import * as update from './update.operation';
import * as updateStudiosSettings from './updateStudiosSettings.operation';

export { create, deleteWorkspace as delete, get, getMany, getStudiosSettings, leave, update, updateStudiosSettings };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workspace'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a workspace',
				description: 'Create a workspace in an organization you own',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a workspace',
				description: 'Delete a workspace with its pipelines and runs',
			},
			{ name: 'Get', value: 'get', action: 'Get a workspace' },
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many workspaces',
				description: 'The organizations and workspaces you belong to',
			},
			{ name: 'Get Studios Settings', value: 'getStudiosSettings', action: 'Get the studios settings of a workspace' },
			{
				name: 'Leave',
				value: 'leave',
				action: 'Leave a workspace',
				description: 'Stop taking part in the workspace yourself',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a workspace',
				description: 'Change its name, full name, description or visibility',
			},
			{
				name: 'Update Studios Settings',
				value: 'updateStudiosSettings',
				action: 'Update the studios settings of a workspace',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
	...create.description,
	...update.description,
	...deleteWorkspace.description,
	...leave.description,
	...getStudiosSettings.description,
	...updateStudiosSettings.description,
];
