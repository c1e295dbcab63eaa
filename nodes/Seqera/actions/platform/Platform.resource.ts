import type { INodeProperties } from 'n8n-workflow';

import * as getInfo from './getInfo.operation';

export { getInfo };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['platform'] } },
		options: [
			{
				name: 'Get Info',
				value: 'getInfo',
				action: 'Get the platform info',
				description: "The platform's version and the token's user, as tw info shows them",
			},
		],
		default: 'getInfo',
	},
	...getInfo.description,
];
