import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { runIdFor, taskIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { taskOf } from '../../runs/tasks';
import { binaryOfStreamedFile } from '../../items/binaryFromStream';
import { apiRequest, apiRequestStream, type StreamedFile } from '../../transport';
import { outputFileField, outputFileFieldName } from '../../fields/common';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItemWithBinary } from '../../items/perItem';
import { taskIdField } from './task.descriptions';

/** The files of a task's work directory tower-cli's `runs view download --task` offers, by its --type. */
const TASK_FILES = ['.command.out', '.command.err', '.command.log'] as const;
type TaskFile = (typeof TASK_FILES)[number];

const properties: INodeProperties[] = [
	runLocator,
	taskIdField,
	{
		displayName: 'File',
		name: 'taskFile',
		type: 'options',
		default: '.command.out',
		options: [
			{ name: 'Error (.command.err)', value: '.command.err', description: "The task's standard error: why a failed task failed" },
			{ name: 'Log (.command.log)', value: '.command.log', description: 'Output and error together, as the task wrote them' },
			{ name: 'Output (.command.out)', value: '.command.out', description: "The task's standard output" },
		],
	},
	workspaceLocator,
	outputFileField,
];

const displayOptions = { show: { resource: ['workflow'], operation: ['getTaskFile'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Statuses of a task that has not started, so has no files yet. */
const NOT_STARTED = new Set(['NEW', 'SUBMITTED', 'PENDING']);

/**
 * The platform refuses a task file with a bare 400 or 403 whether the run, the task or the file is
 * missing; the task (and, failing that, the run) is read to say which, naming the field to change.
 */
async function whyNoTaskFile(
	context: IExecuteFunctions,
	itemIndex: number,
	request: { workflowId: string; taskId: string; taskFile: TaskFile; workspaceId: string | undefined },
): Promise<Error> {
	const { workflowId, taskId, taskFile, workspaceId } = request;
	const node = context.getNode();
	const read = async (path: string[]) =>
		await apiRequest<IDataObject>(context, { method: 'GET', path, query: { workspaceId }, itemIndex });
	let task: IDataObject;
	try {
		task = taskOf(await read(['workflow', workflowId, 'task', taskId]));
	} catch {
		try {
			await read(['workflow', workflowId]);
		} catch (runError) {
			return runError as Error;
		}
		return new NodeOperationError(node, `Task ID '${taskId}' is not a task of run ${workflowId}`, {
			itemIndex,
			description: `Get Tasks lists the run's tasks with their IDs (item ${itemIndex}).`,
		});
	}
	const status = String(task.status ?? 'unknown');
	return new NodeOperationError(node, `File '${taskFile}' is not available for task ${taskId} of run ${workflowId}`, {
		itemIndex,
		description: NOT_STARTED.has(status)
			? `The task is ${status}: it has not started, so it has no files yet. Run the node again once it has (item ${itemIndex}).`
			: `The task is ${status}. Choose another File (item ${itemIndex}).`,
	});
}

/** One of a task's own files as binary data, streamed into n8n's binary data store. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItemWithBinary(this, async (itemIndex) => {
		const workflowId = runIdFor(this, itemIndex);
		const taskId = taskIdFor(this, itemIndex);
		const taskFile = this.getNodeParameter('taskFile', itemIndex) as TaskFile;
		if (!TASK_FILES.includes(taskFile)) {
			throw new NodeOperationError(this.getNode(), `File '${String(taskFile)}' is not a task file`, {
				itemIndex,
				description: `Choose one of ${TASK_FILES.join(', ')} (item ${itemIndex}).`,
			});
		}
		const binaryPropertyName = outputFileFieldName(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const purpose = `the download of ${taskFile} of task ${taskId}`;
		let file: StreamedFile;
		try {
			file = await apiRequestStream(this, {
				method: 'GET',
				path: ['workflow', workflowId, 'download', taskId],
				query: { workspaceId, fileName: taskFile },
				itemIndex,
				purpose,
			});
		} catch (error) {
			if (error instanceof NodeApiError && ['400', '403', '404'].includes(String(error.httpCode))) {
				throw await whyNoTaskFile(this, itemIndex, { workflowId, taskId, taskFile, workspaceId });
			}
			// Already the transport's NodeApiError or cancellation; wrapping would hide its HTTP code
			// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
			throw error;
		}
		// Named after the task, so files of many tasks can sit side by side; always text, whatever type the answer gives.
		const fileName = `task-${taskId}${taskFile}`;
		const { binary, size } = await binaryOfStreamedFile(this, file, { fileName, mimeType: 'text/plain', itemIndex, purpose });
		return [
			{
				json: { workflowId, taskId: Number(taskId), file: taskFile, fileName, size, mimeType: binary.mimeType },
				binary: { [binaryPropertyName]: binary },
			},
		];
	});
}
