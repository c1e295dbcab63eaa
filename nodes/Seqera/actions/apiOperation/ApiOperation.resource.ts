import type { INodeProperties } from 'n8n-workflow';

import * as call from './call.operation';

export { call };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['apiOperation'] } },
		options: [
			{
				name: 'Call',
				value: 'call',
				action: 'Call an operation of the platform API',
				description:
					"Any operation of the platform's API contract, picked from a list, its parameters as fields and its body checked",
			},
		],
		default: 'call',
	},
	...call.description,
];
