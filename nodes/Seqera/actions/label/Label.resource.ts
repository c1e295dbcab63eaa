import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as getMany from './getMany.operation';

export { create, getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['label'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a label' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many labels' },
		],
		default: 'getMany',
	},
	...getMany.description,
	...create.description,
];
