import type { INodeProperties } from 'n8n-workflow';

import * as getMany from './getMany.operation';
import * as trigger from './trigger.operation';

export { getMany, trigger };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['action'] } },
		options: [
			{ name: 'Get Many', value: 'getMany', action: 'Get many pipeline actions' },
			{
				name: 'Trigger',
				value: 'trigger',
				action: 'Trigger a pipeline action',
				description: 'Launch the pipeline of an action that API calls trigger, with parameters',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...trigger.description,
];
