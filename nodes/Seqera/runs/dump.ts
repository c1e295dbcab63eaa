import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { runPageUrl } from '../helpers/webApp';
import type { ArchivedFile } from '../items/tarball';
import { apiRequestPages, pagesCountedByTotal } from '../lists/pages';
import { apiRequest, apiRequestFile, connectionOf, type QueryValue } from '../transport';
import { taskOf } from './tasks';

/** What goes in a run's dump besides what every dump holds, as tower-cli's `runs dump` options choose it. */
export interface DumpChoices {
	/** Each task's .command.out, .command.err and .command.log (`--add-task-logs`). */
	taskLogs: boolean;
	/** Each task's .fusion.log (`--add-fusion-logs`). */
	fusionLogs: boolean;
	/** The task logs of failed tasks only (`--only-failed`). */
	onlyFailed: boolean;
}

interface DumpTarget {
	workflowId: string;
	workspaceId: string | undefined;
	itemIndex: number;
}

const TASK_LOGS = ['.command.out', '.command.err', '.command.log'];
const FUSION_LOG = '.fusion.log';

/** JSON as tower-cli writes each file of a dump: indented, so a person can read it. */
const pretty = (value: unknown): string => `${JSON.stringify(value ?? null, null, 2)}\n`;

/**
 * A task's log, or nothing where the platform has none: 404 when the file is gone from the work directory, 400 for a run
 * launched with the Nextflow CLI. tower-cli's dump leaves those out too; any other failure fails the dump.
 */
async function taskLog(context: IExecuteFunctions, target: DumpTarget, taskId: number, fileName: string): Promise<Buffer | undefined> {
	try {
		const file = await apiRequestFile(context, {
			method: 'GET',
			path: ['workflow', target.workflowId, 'download', String(taskId)],
			query: { workspaceId: target.workspaceId, fileName },
			itemIndex: target.itemIndex,
		});
		return file.data;
	} catch (error) {
		if (error instanceof NodeApiError && ['400', '404'].includes(String(error.httpCode))) return undefined;
		// Already the transport's NodeApiError or cancellation; wrapping would hide its HTTP code
		// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
		throw error;
	}
}

/**
 * The files of a run's dump, named and laid out as tower-cli's `runs dump` writes them: service-info.json,
 * workflow.json, workflow-metadata.json, workflow-load.json, workflow-launch.json and nextflow.log (for a run
 * launched from the platform: one started with the Nextflow CLI has neither), workflow-metrics.json,
 * workflow-tasks.json, and tasks/<task ID>/<log> for the task logs chosen.
 */
export async function runDumpFiles(context: IExecuteFunctions, target: DumpTarget, choices: DumpChoices): Promise<ArchivedFile[]> {
	const { workflowId, workspaceId, itemIndex } = target;
	const read = async (path: string[], query: Record<string, QueryValue> = {}) =>
		await apiRequest<IDataObject>(context, { method: 'GET', path, query: { ...query, workspaceId }, itemIndex });

	const serviceInfo = await apiRequest<IDataObject>(context, { method: 'GET', path: ['service-info'], itemIndex });
	const described = await read(['workflow', workflowId], { attributes: ['labels', 'optimized'] });
	const run = (described.workflow ?? {}) as IDataObject;
	const launch = run.launchId ? ((await read(['workflow', workflowId, 'launch'])).launch as IDataObject | undefined) : undefined;
	const progress = (await read(['workflow', workflowId, 'progress'])).progress as IDataObject | undefined;
	const metrics = (await read(['workflow', workflowId, 'metrics'])).metrics;
	const tasks = (
		await apiRequestPages<IDataObject>(
			context,
			{ method: 'GET', path: ['workflow', workflowId, 'tasks'], query: { workspaceId }, itemIndex },
			pagesCountedByTotal('tasks', 'total'),
		)
	).map(taskOf);

	const { baseUrl } = await connectionOf(context);
	const metadata = {
		pipelineId: launch?.pipelineId ?? null,
		organizationId: described.orgId ?? null,
		organizationName: described.orgName ?? null,
		workspaceId: workspaceId === undefined ? null : Number(workspaceId),
		workspaceName: described.workspaceName ?? null,
		userId: run.ownerId ?? null,
		runUrl: runPageUrl(baseUrl, { ...run, orgName: described.orgName, workspaceName: described.workspaceName }) ?? null,
		labels: described.labels ?? [],
	};

	const files: ArchivedFile[] = [
		{ path: 'service-info.json', content: pretty(serviceInfo.serviceInfo) },
		{ path: 'workflow.json', content: pretty(run) },
		{ path: 'workflow-metadata.json', content: pretty(metadata) },
		{ path: 'workflow-load.json', content: pretty(progress?.workflowProgress) },
	];
	if (launch) files.push({ path: 'workflow-launch.json', content: pretty(launch) });
	files.push({ path: 'workflow-metrics.json', content: pretty(metrics ?? []) }, { path: 'workflow-tasks.json', content: pretty(tasks) });
	if (run.launchId) {
		const log = await apiRequestFile(context, {
			method: 'GET',
			path: ['workflow', workflowId, 'download'],
			query: { workspaceId, fileName: `nf-${workflowId}.log` },
			itemIndex,
		});
		files.push({ path: 'nextflow.log', content: log.data });
	}

	const logNames = [...(choices.taskLogs ? TASK_LOGS : []), ...(choices.fusionLogs ? [FUSION_LOG] : [])];
	const logged = choices.onlyFailed ? tasks.filter((task) => task.status === 'FAILED') : tasks;
	for (const task of logNames.length > 0 ? logged : []) {
		const taskId = Number(task.taskId);
		for (const logName of logNames) {
			const content = await taskLog(context, target, taskId, logName);
			if (content !== undefined) files.push({ path: `tasks/${taskId}/${logName}`, content });
		}
	}
	return files;
}
