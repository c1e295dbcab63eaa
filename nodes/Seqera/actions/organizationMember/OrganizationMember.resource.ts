import type { INodeProperties } from 'n8n-workflow';

import * as add from './add.operation';
import * as changeRole from './changeRole.operation';
import * as getMany from './getMany.operation';
import * as remove from './remove.operation';

export { add, changeRole, getMany, remove };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['organizationMember'] } },
		options: [
			{ name: 'Add', value: 'add', action: 'Add an organization member', description: 'Add or invite someone by email' },
			{ name: 'Change Role', value: 'changeRole', action: 'Change an organization member role' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many organization members' },
			{
				name: 'Remove',
				value: 'remove',
				action: 'Remove an organization member',
				description: 'Also removes them from its workspaces and teams',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...add.description,
	...remove.description,
	...changeRole.description,
];
