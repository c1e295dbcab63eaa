import type { INodeProperties } from 'n8n-workflow';

import * as addMember from './addMember.operation';
import * as create from './create.operation';
import * as deleteTeam from './delete.operation';
import * as getMany from './getMany.operation';
import * as getMembers from './getMembers.operation';
import * as removeMember from './removeMember.operation';
import * as update from './update.operation';

export { addMember, create, deleteTeam as delete, getMany, getMembers, removeMember, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['team'] } },
		options: [
			{
				name: 'Add Member',
				value: 'addMember',
				action: 'Add a member to a team',
				description: 'Add an organization member to the team',
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create a team',
				description: 'Create a team in an organization you own',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a team',
				description: 'Its members stay in the organization',
			},
			{ name: 'Get Many', value: 'getMany', action: 'Get many teams' },
			{ name: 'Get Members', value: 'getMembers', action: 'Get the members of a team' },
			{
				name: 'Remove Member',
				value: 'removeMember',
				action: 'Remove a member from a team',
				description: 'They stay in the organization',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a team',
				description: 'Change its name or description',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...getMembers.description,
	...addMember.description,
	...removeMember.description,
	...create.description,
	...update.description,
	...deleteTeam.description,
];
