import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteLabel from './delete.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export { create, deleteLabel as delete, getMany, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['label'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a label' },
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a label',
				description: 'Delete a label; whatever carried it loses it',
			},
			{ name: 'Get Many', value: 'getMany', action: 'Get many labels' },
			{
				name: 'Update',
				value: 'update',
				action: 'Update a label',
				description: "Rename a label, or change a resource label's value",
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...create.description,
	...update.description,
	...deleteLabel.description,
];
