import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as launch from './launch.operation';

export { get, getMany, launch };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['pipeline'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get a launchpad pipeline' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many launchpad pipelines' },
			{
				name: 'Launch',
				value: 'launch',
				action: 'Launch a launchpad pipeline',
				description: 'Launch with the settings saved in the Launchpad, overriding any of them',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
	...launch.description,
];
