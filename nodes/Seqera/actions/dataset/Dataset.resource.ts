import type { INodeProperties } from 'n8n-workflow';

import * as addLabels from './addLabels.operation';
import * as create from './create.operation';
import * as deleteDataset from './delete.operation';
import * as download from './download.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getVersions from './getVersions.operation';
import * as hide from './hide.operation';
import * as removeLabels from './removeLabels.operation';
import * as replaceLabels from './replaceLabels.operation';
import * as show from './show.operation';
import * as update from './update.operation';
import * as uploadVersion from './uploadVersion.operation';

export {
	addLabels,
	create,
	deleteDataset as delete,
	download,
	get,
	getMany,
	getVersions,
	hide,
	removeLabels,
	replaceLabels,
	show,
	update,
	uploadVersion,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dataset'] } },
		options: [
			{
				name: 'Add Labels',
				value: 'addLabels',
				action: 'Add labels to a dataset',
				description: 'Put simple labels on a dataset, by name or ID; its other labels stay',
			},
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
			{
				name: 'Remove Labels',
				value: 'removeLabels',
				action: 'Remove labels from a dataset',
				description: 'Take labels off a dataset, by name or ID; its other labels stay',
			},
			{
				name: 'Replace Labels',
				value: 'replaceLabels',
				action: 'Replace the labels of a dataset',
				description: 'Give a dataset exactly these simple labels; none clears them',
			},
			{ name: 'Show', value: 'show', action: 'Show a hidden dataset', description: 'Bring a hidden dataset back into lists' },
			{
				name: 'Update',
				value: 'update',
				action: 'Update a dataset',
				description: 'Rename a dataset or change its description',
			},
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
	...update.description,
	...addLabels.description,
	...removeLabels.description,
	...replaceLabels.description,
	...hide.description,
	...show.description,
	...deleteDataset.description,
];
