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
		displayOptions: { show: { resource: ['workspaceParticipant'] } },
		options: [
			{
				name: 'Add',
				value: 'add',
				action: 'Add a workspace participant',
				description: 'Give a person or a team a role in the workspace',
			},
			{ name: 'Change Role', value: 'changeRole', action: 'Change a workspace participant role' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many workspace participants' },
			{ name: 'Remove', value: 'remove', action: 'Remove a workspace participant' },
		],
		default: 'getMany',
	},
	...getMany.description,
	...add.description,
	...remove.description,
	...changeRole.description,
];
