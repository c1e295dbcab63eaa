import type { INodeProperties } from 'n8n-workflow';

import * as addMember from './addMember.operation';
import * as getMany from './getMany.operation';
import * as getMembers from './getMembers.operation';
import * as removeMember from './removeMember.operation';

export { addMember, getMany, getMembers, removeMember };

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
			{ name: 'Get Many', value: 'getMany', action: 'Get many teams' },
			{ name: 'Get Members', value: 'getMembers', action: 'Get the members of a team' },
			{
				name: 'Remove Member',
				value: 'removeMember',
				action: 'Remove a member from a team',
				description: 'They stay in the organization',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...getMembers.description,
	...addMember.description,
	...removeMember.description,
];
