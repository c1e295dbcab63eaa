import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as exportOperation from './export.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getPrimary from './getPrimary.operation';
import * as importOperation from './import.operation';
import * as makePrimary from './makePrimary.operation';
import * as update from './update.operation';
import * as validate from './validate.operation';
import * as wait from './wait.operation';

export {
	create,
	deleteOperation as delete,
	exportOperation as export,
	get,
	getMany,
	getPrimary,
	importOperation as import,
	makePrimary,
	update,
	validate,
	wait,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['computeEnv'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a compute environment' },
			{ name: 'Delete', value: 'delete', action: 'Delete a compute environment' },
			{
				name: 'Export',
				value: 'export',
				action: 'Export a compute environment',
				description: "Its configuration and labels in tower-cli's export format",
			},
			{ name: 'Get', value: 'get', action: 'Get a compute environment' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many compute environments' },
			{ name: 'Get Primary', value: 'getPrimary', action: 'Get the primary compute environment' },
			{
				name: 'Import',
				value: 'import',
				action: 'Import a compute environment',
				description: 'Add one from an export, such as one from another workspace',
			},
			{ name: 'Make Primary', value: 'makePrimary', action: 'Make a compute environment the primary one' },
			{
				name: 'Update',
				value: 'update',
				action: 'Update a compute environment',
				description: 'Change its name, description or credentials',
			},
			{ name: 'Validate', value: 'validate', action: 'Validate a compute environment' },
			{
				name: 'Wait',
				value: 'wait',
				action: 'Wait for a compute environment to be available',
				description: 'Hold the item until a new compute environment is AVAILABLE',
			},
		],
		default: 'getMany',
	},
	...create.description,
	...getMany.description,
	...get.description,
	...getPrimary.description,
	...makePrimary.description,
	...validate.description,
	...wait.description,
	...update.description,
	...deleteOperation.description,
	...exportOperation.description,
	...importOperation.description,
];
