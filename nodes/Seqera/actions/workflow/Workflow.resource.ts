import type { INodeProperties } from 'n8n-workflow';

import * as addLabels from './addLabels.operation';
import * as cancel from './cancel.operation';
import * as deleteRun from './delete.operation';
import * as deleteMany from './deleteMany.operation';
import * as downloadFile from './downloadFile.operation';
import * as dump from './dump.operation';
import * as get from './get.operation';
import * as getLog from './getLog.operation';
import * as getMany from './getMany.operation';
import * as getMetrics from './getMetrics.operation';
import * as getProgress from './getProgress.operation';
import * as getTask from './getTask.operation';
import * as getTaskFile from './getTaskFile.operation';
import * as getTasks from './getTasks.operation';
import * as launch from './launch.operation';
import * as relaunch from './relaunch.operation';
import * as removeLabels from './removeLabels.operation';
import * as replaceLabels from './replaceLabels.operation';
import * as wait from './wait.operation';

export {
	addLabels,
	cancel,
	deleteRun as delete,
	deleteMany,
	downloadFile,
	dump,
	get,
	getLog,
	getMany,
	getMetrics,
	getProgress,
	getTask,
	getTaskFile,
	getTasks,
	launch,
	relaunch,
	removeLabels,
	replaceLabels,
	wait,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['workflow'] } },
		options: [
			{
				name: 'Add Labels',
				value: 'addLabels',
				action: 'Add labels to a run',
				description: 'Put labels on a run, by name or ID; its other labels stay',
			},
			{ name: 'Cancel', value: 'cancel', action: 'Cancel a run', description: 'Stop a submitted or running run' },
			{ name: 'Delete', value: 'delete', action: 'Delete a run' },
			{ name: 'Delete Many', value: 'deleteMany', action: 'Delete many runs' },
			{
				name: 'Download File',
				value: 'downloadFile',
				action: 'Download a run file',
				description: 'Fetch a log or report file of a run as binary data',
			},
			{
				name: 'Dump',
				value: 'dump',
				action: 'Dump a run',
				description: "The run's support bundle as one .tar.gz: its details, launch, metrics, tasks and logs",
			},
			{ name: 'Get', value: 'get', action: 'Get a run' },
			{ name: 'Get Log', value: 'getLog', action: 'Get the log of a run' },
			{ name: 'Get Many', value: 'getMany', action: 'Get many runs' },
			{ name: 'Get Metrics', value: 'getMetrics', action: 'Get the metrics of a run', description: 'Resource use per process' },
			{ name: 'Get Progress', value: 'getProgress', action: 'Get the progress of a run' },
			{ name: 'Get Task', value: 'getTask', action: 'Get a task of a run' },
			{
				name: 'Get Task File',
				value: 'getTaskFile',
				action: 'Get a file of a task',
				description: "Fetch a task's output, error or log as binary data",
			},
			{ name: 'Get Tasks', value: 'getTasks', action: 'Get the tasks of a run' },
			{ name: 'Launch', value: 'launch', action: 'Launch a pipeline' },
			{
				name: 'Relaunch',
				value: 'relaunch',
				action: 'Relaunch a run',
				description: 'Launch again with the same settings, resuming by default',
			},
			{ name: 'Remove Labels', value: 'removeLabels', action: 'Remove labels from a run' },
			{
				name: 'Replace Labels',
				value: 'replaceLabels',
				action: 'Replace the labels of a run',
				description: 'Give a run exactly the labels listed; none clears them',
			},
			{
				name: 'Wait',
				value: 'wait',
				action: 'Wait for a run to finish',
				description: 'Hold the item until the run reaches a final status',
			},
		],
		default: 'getMany',
	},
	...getMany.description,
	...get.description,
	...getProgress.description,
	...getMetrics.description,
	...launch.description,
	...relaunch.description,
	...cancel.description,
	...deleteRun.description,
	...deleteMany.description,
	...getTasks.description,
	...getTask.description,
	...getTaskFile.description,
	...getLog.description,
	...downloadFile.description,
	...dump.description,
	...wait.description,
	...addLabels.description,
	...removeLabels.description,
	...replaceLabels.description,
];
