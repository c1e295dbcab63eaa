import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workspace'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many workspaces',
				description: 'The organizations and workspaces you belong to',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
