import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';

export { getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['organization'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many organizations',
				description: 'The organizations you belong to, with your role in each',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
