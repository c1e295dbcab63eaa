import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteDataset from './delete.operation';
import * as download from './download.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getVersions from './getVersions.operation';
import * as hide from './hide.operation';
import * as show from './show.operation';
import * as uploadVersion from './uploadVersion.operation';

export { create, deleteDataset as delete, download, get, getMany, getVersions, hide, show, uploadVersion };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dataset'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a dataset',
				description: 'Create a dataset, empty or with its first version from binary data',
			},
			{ name: 'Delete', value: 'delete', action: 'Delete a dataset', description: 'Delete a dataset and all its versions' },
			{
				name: 'Download',
				value: 'download',
				action: 'Download a dataset version',
				description: "Download a version's file (the latest by default) as binary data",
			},
			{ name: 'Get', value: 'get', action: 'Get a dataset' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many datasets' },
			{ name: 'Get Versions', value: 'getVersions', action: 'Get the versions of a dataset' },
			{
				name: 'Hide',
				value: 'hide',
				action: 'Hide a dataset',
				description: 'Leave a dataset out of lists, keeping its versions',
			},
			{ name: 'Show', value: 'show', action: 'Show a hidden dataset', description: 'Bring a hidden dataset back into lists' },
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
	...get.description,
	...getVersions.description,
	...create.description,
	...uploadVersion.description,
	...download.description,
	...hide.description,
	...show.description,
	...deleteDataset.description,
];
