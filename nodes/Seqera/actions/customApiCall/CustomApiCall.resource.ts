import type { INodeProperties } from 'n8n-workflow';

import * as request from './request.operation';

export { request };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customApiCall'] } },
		options: [{ name: 'Request', value: 'request', action: 'Make an API request' }],
		default: 'request',
	},
	...request.description,
];
