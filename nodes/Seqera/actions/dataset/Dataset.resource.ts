import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as getMany from './getMany.operation';
import * as uploadVersion from './uploadVersion.operation';

export { create, getMany, uploadVersion };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dataset'] } },
		options: [
			{ name: 'Create', value: 'create', action: 'Create a dataset' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many datasets' },
			{
				name: 'Upload Version',
				value: 'uploadVersion',
				action: 'Upload a dataset version',
				description: 'Upload a CSV or TSV file from binary data as the next version of a dataset',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...create.description,
	...uploadVersion.description,
];
