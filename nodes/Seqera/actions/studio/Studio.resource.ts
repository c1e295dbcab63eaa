import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteStudio from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as start from './start.operation';
import * as stop from './stop.operation';
import * as wait from './wait.operation';

export { create, deleteStudio as delete, get, getMany, start, stop, wait };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['studio'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a studio', description: 'Create a Studio from a template, and start it' },
			{ name: 'Delete', value: 'delete', action: 'Delete a studio' },
			{ name: 'Get', value: 'get', action: 'Get a studio' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many studios' },
			{ name: 'Start', value: 'start', action: 'Start a studio' },
			{ name: 'Stop', value: 'stop', action: 'Stop a studio' },
			{
				name: 'Wait',
				value: 'wait',
				action: 'Wait for a studio',
				description: 'Hold the item until the Studio is running, or stopped',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
	...create.description,
	...start.description,
	...stop.description,
	...deleteStudio.description,
	...wait.description,
];
