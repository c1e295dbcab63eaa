/** The /workflow endpoints: listing, launching, watching, cancelling and deleting runs. */
import { ApiError, badRequest, forbidden, json, noContent, withErrorId, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import {
	jobInfoDto,
	labelDto,
	logDto,
	metricsDto,
	pipelineInfoDto,
	platformDto,
	progressDto,
	runMessages,
	taskDto,
	workflowDto,
	workflowLaunchDto,
	workflowMaxDto,
	workspaceContext,
} from './dto';
import type { SimRun } from './model';
import {
	DEFAULT_PAGE,
	MAX_PAGE,
	attributesParam,
	booleanParam,
	enumParam,
	integerParam,
	numericPathParam,
	pageOf,
	sourceWorkspaceOf,
	workspaceOf,
} from './params';
import { route, type Route, type RouteContext } from './router';
import { runFiles, taskFiles, tasksOf, type SimTask, type TaskFileName } from './runDetails';
import { parseRunSearch } from './search';

const WORKFLOW_ATTRIBUTES = ['optimized', 'labels', 'messages', 'minimal', 'pipelineInfo'];

/** A run is only visible in its own workspace: a deleted run, or the wrong (or a missing) workspaceId, is unknown. */
function findRun(request: ApiRequest, { data, unknownRunStatus }: Pick<RouteContext, 'data' | 'unknownRunStatus'>): SimRun {
	const workspace = workspaceOf(request, data);
	const run = data.findRun(request.pathParams.workflowId);
	if (run && run.workspaceId === workspace) return run;
	if (unknownRunStatus === 400) throw badRequest('Unknown workflow ID');
	if (unknownRunStatus === 404) throw new ApiError(404, { message: withErrorId('Workflow not found') });
	throw forbidden();
}

function tasksOfRun(run: SimRun, data: SimulatorData): SimTask[] {
	return tasksOf(run, data.computeEnvById(run.computeEnvId));
}

const TASK_SORT_KEYS = [
	'taskId',
	'name',
	'process',
	'status',
	'submit',
	'start',
	'complete',
	'duration',
	'realtime',
	'cpus',
	'memory',
] as const;

function taskSortValue(task: SimTask, key: (typeof TASK_SORT_KEYS)[number]): string | number {
	const value = task[key];
	if (value instanceof Date) return value.getTime();
	return value ?? -1;
}

export const workflowRoutes: Route[] = [
	route('GET', '/workflow', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const attributes = attributesParam(request, WORKFLOW_ATTRIBUTES);
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		const includeTotalSize = booleanParam(request, 'includeTotalSize');
		const filter = parseRunSearch(request.query.search);
		const matching = data.runsIn(workspace).filter((run) => filter(run, data.labelsOf(run)));
		const page = pageOf(matching, offset, max);
		const minimal = attributes.has('minimal');
		const context = workspaceContext(data, workspace);
		return json({
			workflows: page.map((run) => {
				const tasks = tasksOfRun(run, data);
				return {
					workflow: workflowDto(run, tasks, minimal),
					progress: minimal ? undefined : progressDto(run, tasks),
					labels: attributes.has('labels') ? data.labelsOf(run).map(labelDto) : undefined,
					optimized: attributes.has('optimized') ? run.optimized : undefined,
					pipelineInfo: attributes.has('pipelineInfo') ? pipelineInfoDto(run) : undefined,
					starred: false,
					...context,
				};
			}),
			hasMore: data.runListReportsHasMore ? offset + page.length < matching.length : undefined,
			totalSize: includeTotalSize ? matching.length : undefined,
		});
	}),

	route('POST', '/workflow/launch', (request, { data }) => {
		const run = data.launch(workspaceOf(request, data), request.body, request.tokenHash, sourceWorkspaceOf(request, data));
		return json({ workflowId: run.id });
	}),

	route('POST', '/workflow/delete', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const force = booleanParam(request, 'force');
		const body = request.body as { workflowIds?: unknown } | undefined;
		const ids = body?.workflowIds;
		if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
			throw badRequest('workflowIds must be a list of workflow ids');
		}
		const failedWorkflowIds = (ids as string[]).filter((id) => {
			const run = data.findRun(id);
			if (!run || run.workspaceId !== workspace) return true;
			try {
				data.delete(run, force);
				return false;
			} catch {
				return true;
			}
		});
		return json({ failedWorkflowIds });
	}),

	route('GET', '/workflow/{workflowId}', (request, { data, unknownRunStatus }) => {
		attributesParam(request, WORKFLOW_ATTRIBUTES);
		const run = findRun(request, { data, unknownRunStatus });
		const tasks = tasksOfRun(run, data);
		const computeEnv = data.computeEnvById(run.computeEnvId);
		return json({
			workflow: workflowMaxDto(run, tasks),
			progress: progressDto(run, tasks),
			platform: platformDto(computeEnv),
			jobInfo: jobInfoDto(run, computeEnv),
			labels: data.labelsOf(run).map(labelDto),
			optimized: run.optimized,
			messages: runMessages(run),
			pipelineInfo: pipelineInfoDto(run),
			...workspaceContext(data, run.workspaceId),
		});
	}),

	route('DELETE', '/workflow/{workflowId}', (request, { data, unknownRunStatus }) => {
		data.delete(findRun(request, { data, unknownRunStatus }), booleanParam(request, 'force'));
		return noContent();
	}),

	route('POST', '/workflow/{workflowId}/cancel', (request, { data, unknownRunStatus }) => {
		data.cancel(findRun(request, { data, unknownRunStatus }));
		return noContent();
	}),

	route('GET', '/workflow/{workflowId}/launch', (request, { data, unknownRunStatus }) =>
		json({ launch: workflowLaunchDto(findRun(request, { data, unknownRunStatus }), data) }),
	),

	route('GET', '/workflow/{workflowId}/progress', (request, { data, unknownRunStatus }) => {
		const run = findRun(request, { data, unknownRunStatus });
		return json({ progress: progressDto(run, tasksOfRun(run, data)) });
	}),

	route('GET', '/workflow/{workflowId}/metrics', (request, { data, unknownRunStatus }) => {
		const run = findRun(request, { data, unknownRunStatus });
		return json({ metrics: metricsDto(run, tasksOfRun(run, data)) });
	}),

	route('GET', '/workflow/{workflowId}/tasks', (request, { data, unknownRunStatus }) => {
		const run = findRun(request, { data, unknownRunStatus });
		const max = integerParam(request, 'max', DEFAULT_PAGE, { min: 1, max: MAX_PAGE });
		const offset = integerParam(request, 'offset', 0);
		const sortBy = enumParam(request, 'sortBy', TASK_SORT_KEYS, 'taskId');
		const direction = enumParam(request, 'sortDir', ['asc', 'desc'], 'asc') === 'asc' ? 1 : -1;
		const search = (request.query.search ?? '').toLowerCase();
		const matching = tasksOfRun(run, data)
			.filter((t) => t.name.toLowerCase().includes(search))
			.sort((a, b) => {
				const left = taskSortValue(a, sortBy);
				const right = taskSortValue(b, sortBy);
				const order =
					typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
				return (order || a.taskId - b.taskId) * direction;
			});
		return json({ tasks: pageOf(matching, offset, max).map((task) => ({ task: taskDto(task, run) })), total: matching.length });
	}),

	route('GET', '/workflow/{workflowId}/task/{taskId}', (request, { data, unknownRunStatus }) => {
		const run = findRun(request, { data, unknownRunStatus });
		const taskId = numericPathParam(request, 'taskId');
		const task = tasksOfRun(run, data).find((t) => t.taskId === taskId);
		if (!task) throw forbidden();
		return json({ task: taskDto(task, run) });
	}),

	route('GET', '/workflow/{workflowId}/log', (request, { data, unknownRunStatus }) => {
		const run = findRun(request, { data, unknownRunStatus });
		const maxLength = request.query.maxLength === undefined ? undefined : integerParam(request, 'maxLength', 0, { min: 1 });
		return json(logDto(run, tasksOfRun(run, data), maxLength));
	}),

	route('GET', '/workflow/{workflowId}/download', (request, { data, unknownRunStatus }) => {
		const run = findRun(request, { data, unknownRunStatus });
		const files = runFiles(run, tasksOfRun(run, data));
		const wanted = request.query.fileName ?? `nf-${run.id}.log`;
		const file = files.find((f) => f.fileName === wanted || f.saveName === wanted);
		if (!file) throw badRequest(`File '${wanted}' is not available for workflow ${run.id}`);
		return { kind: 'file', fileName: file.saveName, contentType: file.contentType, content: file.content() };
	}),

	route('GET', '/workflow/{workflowId}/download/{taskId}', (request, { data, unknownRunStatus }) => {
		const run = findRun(request, { data, unknownRunStatus });
		const taskId = numericPathParam(request, 'taskId');
		const task = tasksOfRun(run, data).find((t) => t.taskId === taskId);
		if (!task) throw forbidden();
		const wanted = request.query.fileName ?? '';
		const files = taskFiles(task);
		const content = Object.hasOwn(files, wanted) ? files[wanted as TaskFileName] : undefined;
		if (content === undefined) throw badRequest(`File '${wanted}' is not available for task ${taskId} of workflow ${run.id}`);
		return { kind: 'file', fileName: wanted, contentType: 'text/plain', content };
	}),
];
