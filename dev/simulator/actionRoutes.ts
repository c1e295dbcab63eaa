/**
 * Pipeline actions made, changed, labelled, paused and deleted through the API: `POST /actions`,
 * `GET|PUT|DELETE /actions/{actionId}`, `POST /actions/labels/add|remove|apply` and
 * `POST /actions/{actionId}/pause`, which pauses an active action and resumes a paused one. A cron
 * action's schedule is checked as the platform checks it: five fields of cron syntax and a known time zone.
 */
import { randomBytes } from 'node:crypto';

import { badRequest, forbidden, json, noContent, type ApiRequest } from './apiTypes';
import type { SimulatorData } from './data';
import { actionConfigDto, labelDto } from './dto';
import type { SimAction, WorkspaceRef } from './model';
import { attributesParam, workspaceOf } from './params';
import { route, type Route } from './router';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{1,98}[A-Za-z0-9_]$/;
const CREATED_SOURCES = ['github', 'bucket', 'cron', 'tower'] as const;

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
/** minute, hour, day of month, month, day of week: their bounds and the names each takes. */
const CRON_FIELDS: { name: string; min: number; max: number; names?: string[]; namesFrom?: number }[] = [
	{ name: 'minute', min: 0, max: 59 },
	{ name: 'hour', min: 0, max: 23 },
	{ name: 'day of month', min: 1, max: 31 },
	{ name: 'month', min: 1, max: 12, names: MONTHS, namesFrom: 1 },
	{ name: 'day of week', min: 0, max: 7, names: DAYS, namesFrom: 0 },
];

function cronValue(field: (typeof CRON_FIELDS)[number], token: string): number | undefined {
	const named = field.names?.indexOf(token.toUpperCase()) ?? -1;
	if (named >= 0) return named + (field.namesFrom ?? 0);
	if (!/^\d+$/.test(token)) return undefined;
	const value = Number(token);
	return value >= field.min && value <= field.max ? value : undefined;
}

/** Why an expression is not a five-field cron schedule, or undefined when it is one. */
export function cronProblem(expression: string): string | undefined {
	const parts = expression.trim().split(/\s+/);
	if (parts.length !== 5) return `a cron expression has 5 fields (minute hour day-of-month month day-of-week), not ${parts.length}`;
	for (const [index, part] of parts.entries()) {
		const field = CRON_FIELDS[index];
		for (const item of part.split(',')) {
			const [range, step, extra] = item.split('/');
			if (extra !== undefined || (step !== undefined && !/^[1-9]\d*$/.test(step))) return `'${item}' is not a valid ${field.name}`;
			if (range === '*') continue;
			const [from, to, beyond] = range.split('-');
			const low = cronValue(field, from ?? '');
			const high = to === undefined ? low : cronValue(field, to);
			if (beyond !== undefined || low === undefined || high === undefined || high < low)
				return `'${item}' is not a valid ${field.name}`;
		}
	}
	return undefined;
}

function knownTimezone(timezone: string): boolean {
	try {
		new Intl.DateTimeFormat('en', { timeZone: timezone });
		return true;
	} catch {
		return false;
	}
}

function checkedCron(value: unknown): SimAction['cron'] {
	if (!isRecord(value)) throw badRequest('A cron action needs a cron schedule');
	const expression = text(value.expression);
	const problem = cronProblem(expression);
	if (problem) throw badRequest(`Invalid cron expression '${expression}': ${problem}`);
	const timezone = text(value.timezone) || 'UTC';
	if (!knownTimezone(timezone)) throw badRequest(`Unknown time zone '${timezone}'`);
	return { expression, timezone };
}

function checkedBucket(data: SimulatorData, workspace: WorkspaceRef, value: unknown): SimAction['bucket'] {
	if (!isRecord(value)) throw badRequest('A bucket action needs a data link');
	const dataLinkId = text(value.dataLinkId);
	if (!data.dataLinksIn(workspace).some((link) => link.id === dataLinkId))
		throw badRequest(`Data link '${dataLinkId}' not found in this workspace`);
	const filter = text(value.filter);
	return { dataLinkId, ...(filter ? { filter } : {}) };
}

function checkedLaunch(data: SimulatorData, workspace: WorkspaceRef, value: unknown): Record<string, unknown> {
	if (!isRecord(value)) throw badRequest('Missing action launch');
	if (!text(value.pipeline)) throw badRequest('Missing pipeline repository');
	const computeEnvId = text(value.computeEnvId);
	if (!data.computeEnvsIn(workspace).some((ce) => ce.id === computeEnvId))
		throw badRequest(`Missing or unknown compute environment '${computeEnvId}'`);
	if (!text(value.workDir)) throw badRequest('Missing work directory');
	const labelIds = value.labelIds ?? [];
	if (!Array.isArray(labelIds) || labelIds.some((id) => !data.labelsIn(workspace).some((label) => label.id === id))) {
		throw badRequest('Unknown label in labelIds');
	}
	return value;
}

function asLaunchSettings(launch: Record<string, unknown>): SimAction['launch'] {
	return {
		pipeline: text(launch.pipeline),
		revision: text(launch.revision),
		computeEnvId: text(launch.computeEnvId),
		workDir: text(launch.workDir),
		configProfiles: Array.isArray(launch.configProfiles) ? (launch.configProfiles as string[]) : [],
		paramsText: typeof launch.paramsText === 'string' ? launch.paramsText : '',
	};
}

function checkedName(data: SimulatorData, workspace: WorkspaceRef, value: unknown, action?: SimAction): string {
	const name = text(value);
	if (!NAME_PATTERN.test(name)) throw badRequest(`Invalid action name '${name}' - use 3 to 100 letters, digits, '-' and '_'`);
	if (data.actionsIn(workspace).some((other) => other.name === name && other !== action))
		throw badRequest(`An action named '${name}' already exists in this workspace`);
	return name;
}

function findAction(request: ApiRequest, data: SimulatorData): SimAction {
	const action = data.actionsIn(workspaceOf(request, data)).find((each) => each.id === request.pathParams.actionId);
	if (!action) throw forbidden();
	return action;
}

/** ActionResponseDto; its labels only when asked for with `attributes=labels`, else `labels: null` as the platform answers. */
function describedAction(action: SimAction, data: SimulatorData, withLabels: boolean): Record<string, unknown> {
	const { labelIds: _labelIds, ...launch }: Record<string, unknown> = action.savedLaunch ?? action.launch;
	return {
		id: action.id,
		name: action.name,
		source: action.source,
		status: action.status,
		config: actionConfigDto(action),
		launch: {
			...launch,
			computeEnv: data.computeEnvById(action.launch.computeEnvId) ? { id: action.launch.computeEnvId } : null,
			computeEnvId: undefined,
		},
		labels: withLabels ? data.labels.filter((label) => (action.labelIds ?? []).includes(label.id)).map(labelDto) : null,
		dateCreated: action.dateCreated.toISOString(),
		lastUpdated: (action.lastUpdated ?? action.dateCreated).toISOString(),
		lastSeen: action.lastSeen?.toISOString() ?? null,
	};
}

const isIdList = <T>(value: unknown, type: 'string' | 'number'): value is T[] =>
	Array.isArray(value) && value.every((id) => typeof id === type);

/**
 * POST /actions/labels/add|remove|apply (AssociateActionLabelsRequest). An action or label the workspace does not have is
 * a 403, as for any entity the caller cannot see.
 */
function changeActionLabels(data: SimulatorData, workspace: WorkspaceRef, body: unknown, change: 'add' | 'remove' | 'apply'): void {
	if (!isRecord(body)) throw badRequest('Missing labels request');
	const { actionIds = [], labelIds = [] } = body;
	if (!isIdList<string>(actionIds, 'string')) throw badRequest('actionIds must be a list of action ids');
	if (!isIdList<number>(labelIds, 'number')) throw badRequest('labelIds must be a list of label ids');
	const actions = actionIds.map((id) => data.actionsIn(workspace).find((action) => action.id === id));
	if (actions.some((action) => action === undefined)) throw forbidden();
	if (labelIds.some((id) => !data.labelsIn(workspace).some((label) => label.id === id))) throw forbidden();
	for (const action of actions as SimAction[]) {
		const current = action.labelIds ?? [];
		if (change === 'apply') action.labelIds = [...new Set(labelIds)];
		else if (change === 'add') action.labelIds = [...new Set([...current, ...labelIds])];
		else action.labelIds = current.filter((id) => !labelIds.includes(id));
	}
}

export const actionEditRoutes: Route[] = [
	...(['add', 'remove', 'apply'] as const).map((change) =>
		route('POST', `/actions/labels/${change}`, (request, { data }) => {
			changeActionLabels(data, workspaceOf(request, data), request.body, change);
			return noContent();
		}),
	),
	route('POST', '/actions', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const body = isRecord(request.body) ? request.body : {};
		const source = text(body.source) as SimAction['source'];
		if (!CREATED_SOURCES.includes(source)) throw badRequest(`Unknown action source '${source}'`);
		const name = checkedName(data, workspace, body.name);
		const launch = checkedLaunch(data, workspace, body.launch);
		const action: SimAction = {
			id: randomBytes(16).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14),
			workspaceId: workspace,
			name,
			source,
			status: 'ACTIVE',
			launch: asLaunchSettings(launch),
			savedLaunch: launch,
			labelIds: (launch.labelIds as number[] | undefined) ?? [],
			...(source === 'cron' ? { cron: checkedCron(body.cron) } : {}),
			...(source === 'bucket' ? { bucket: checkedBucket(data, workspace, body.bucket) } : {}),
			dateCreated: new Date(),
		};
		data.actions.push(action);
		return json({ actionId: action.id });
	}),
	route('GET', '/actions/{actionId}', (request, { data }) => {
		const withLabels = attributesParam(request, ['labels']).has('labels');
		return json({ action: describedAction(findAction(request, data), data, withLabels) });
	}),
	route('PUT', '/actions/{actionId}', (request, { data }) => {
		const workspace = workspaceOf(request, data);
		const action = findAction(request, data);
		const body = isRecord(request.body) ? request.body : {};
		if (body.source !== undefined && body.source !== action.source) throw badRequest('The source of an action cannot be changed');
		if (body.name !== undefined) action.name = checkedName(data, workspace, body.name, action);
		if (body.launch !== undefined) {
			const launch = checkedLaunch(data, workspace, body.launch);
			action.launch = asLaunchSettings(launch);
			action.savedLaunch = launch;
			action.labelIds = (launch.labelIds as number[] | undefined) ?? [];
		}
		if (body.cron !== undefined && action.source === 'cron') action.cron = checkedCron(body.cron);
		if (body.bucket !== undefined && action.source === 'bucket') action.bucket = checkedBucket(data, workspace, body.bucket);
		action.lastUpdated = new Date();
		return noContent();
	}),
	route('POST', '/actions/{actionId}/pause', (request, { data }) => {
		const action = findAction(request, data);
		if (action.status === 'ACTIVE') action.status = 'PAUSED';
		else if (action.status === 'PAUSED') action.status = 'ACTIVE';
		else throw badRequest(`Action '${action.name}' is ${action.status} and cannot be paused or resumed`);
		return noContent();
	}),
	route('DELETE', '/actions/{actionId}', (request, { data }) => {
		const action = findAction(request, data);
		data.actions.splice(data.actions.indexOf(action), 1);
		return noContent();
	}),
];
