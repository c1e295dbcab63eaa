import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteOrganization from './delete.operation';
import * as get from './get.operation';
import * as getCollaborators from './getCollaborators.operation';
import * as getMany from './getMany.operation';
import * as leave from './leave.operation';
import * as update from './update.operation';

export { create, deleteOrganization as delete, get, getCollaborators, getMany, leave, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['organization'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create an organization',
				description: 'Create an organization; you become its owner',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete an organization',
				description: 'Delete an organization with its workspaces and teams',
			},
			{ name: 'Get', value: 'get', action: 'Get an organization' },
			{
				name: 'Get Collaborators',
				value: 'getCollaborators',
				action: 'Get the collaborators of an organization',
				description: 'Outside users who take part in its workspaces',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many organizations',
				description: 'The organizations you belong to, with your role in each',
			},
			{
				name: 'Leave',
				value: 'leave',
				action: 'Leave an organization',
				description: 'Stop being a member of the organization yourself',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update an organization',
				description: 'Change its name, full name, description, location or website',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
	...create.description,
	...update.description,
	...deleteOrganization.description,
	...leave.description,
	...getCollaborators.description,
];
