import type { INodeProperties } from 'n8n-workflow';

import * as browse from './browse.operation';
import * as create from './create.operation';
import * as deleteDataLink from './delete.operation';
import * as downloadFile from './downloadFile.operation';
import * as downloadFolder from './downloadFolder.operation';
import * as generateDownloadUrl from './generateDownloadUrl.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';
import * as uploadFile from './uploadFile.operation';
import * as uploadFolder from './uploadFolder.operation';

export {
	browse,
	create,
	deleteDataLink as delete,
	downloadFile,
	downloadFolder,
	generateDownloadUrl,
	getMany,
	update,
	uploadFile,
	uploadFolder,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dataLink'] } },
		options: [
			{ name: 'Browse', value: 'browse', action: 'Browse a data link', description: "List a folder's files and folders" },
			{
				name: 'Create',
				value: 'create',
				action: 'Create a data link',
				description: 'Add a bucket, or a folder of one, to the Data Explorer',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a data link',
				description: 'Remove a data link from the Data Explorer; the bucket stays',
			},
			{
				name: 'Download File',
				value: 'downloadFile',
				action: 'Download a file from a data link',
				description: 'Stream a file into binary data',
			},
			{
				name: 'Download Folder',
				value: 'downloadFolder',
				action: 'Download a folder from a data link',
				description: 'Every file below a folder, one item each, with its path relative to the folder',
			},
			{
				name: 'Generate Download URL',
				value: 'generateDownloadUrl',
				action: 'Generate a download URL for a data link file',
				description: 'A presigned URL that downloads the file for a limited time',
			},
			{ name: 'Get Many', value: 'getMany', action: 'Get many data links' },
			{
				name: 'Update',
				value: 'update',
				action: 'Update a data link',
				description: 'Change its name, description or credentials',
			},
			{
				name: 'Upload File',
				value: 'uploadFile',
				action: 'Upload a file to a data link',
				description: 'Upload binary data as a file',
			},
			{
				name: 'Upload Folder',
				value: 'uploadFolder',
				action: 'Upload a folder to a data link',
				description: "Upload every input item's file below a folder, keeping their relative paths",
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...browse.description,
	...downloadFile.description,
	...uploadFile.description,
	...downloadFolder.description,
	...uploadFolder.description,
	...generateDownloadUrl.description,
	...create.description,
	...update.description,
	...deleteDataLink.description,
];
