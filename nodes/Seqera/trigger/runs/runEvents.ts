import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { workspaceIdFor } from '../../names/workspaceId';
import { flattenRun } from '../../runs/records';
import { runPageUrl } from '../../helpers/webApp';
import { pageHasMore } from '../../lists/pages';
import { apiRequest, connectionOf } from '../../transport';
import type { TriggerEvent } from '../triggerEvent';
import type { ActiveStatus, RunPage, RunsApi } from './runsApi';
import { runIdOf } from './cursor';
import { eventOf, pollRuns, type RunEventKind, type RunWatchState, type WatchedStatus } from './runWatch';

const PAGE_SIZE = 100;
// Calls a poll may make to find new runs (one page of 100 when fewer are new), and to check the
// runs still active (a few pages of them, and one call for each that ended). Together at most 42,
// about 3.5 % of a minute's budget at the platform's limits, and only while catching up.
const SCAN_CALLS = 12;
const CHECK_CALLS = 30;
const STATE_KEY = 'runs';
// Where versions before exactly-once events kept their state; read once, then replaced.
const OLD_STATE_KEY = 'watch';

const RUN_EVENTS = ['started', 'statusChanged'];

/** The settings whose change makes the remembered runs meaningless, so the trigger starts afresh. */
const scopeOf = (kind: RunEventKind, workspaceId: string | undefined, search: string) =>
	JSON.stringify([kind, workspaceId ?? null, search]);

export const runEvents: TriggerEvent = {
	options: [
		{ name: 'New Run', value: 'started', description: 'A run was launched' },
		{ name: 'Run Status Changed', value: 'statusChanged', description: 'A run reached one of the chosen statuses' },
	],
	properties: [
		{
			displayName: 'Statuses',
			name: 'statuses',
			type: 'multiOptions',
			default: ['anyTerminal'],
			displayOptions: { show: { event: ['statusChanged'] } },
			options: [
				{ name: 'Any Change', value: 'anyChange' },
				{ name: 'Any Terminal Status', value: 'anyTerminal', description: 'Succeeded, failed, cancelled or unknown' },
				{ name: 'Cancelled', value: 'cancelled' },
				{ name: 'Failed', value: 'failed' },
				{ name: 'Running', value: 'running' },
				{ name: 'Succeeded', value: 'succeeded' },
			],
		},
		{ ...workspaceLocator, displayOptions: { show: { event: RUN_EVENTS } } },
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			displayOptions: { show: { event: RUN_EVENTS } },
			placeholder: 'projectName:nf-core/rnaseq label:production',
			description: 'Only runs matching this search, in the web app syntax (free text, runName:, projectName:, userName:, label:)',
		},
		{
			displayName: 'Options',
			name: 'options',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			displayOptions: { show: { event: RUN_EVENTS } },
			options: [
				{
					displayName: 'Emit Existing Runs on First Poll',
					name: 'emitExisting',
					type: 'boolean',
					default: false,
					description:
						'Whether the first poll after activation emits the newest matching runs (up to 100) instead of only recording them',
				},
			],
		},
	],
	async poll(this: IPollFunctions, chosen: string): Promise<INodeExecutionData[][] | null> {
		const kind = chosen as RunEventKind;
		const connection = await connectionOf(this);
		const workspaceId = await workspaceIdFor(this, 0);
		const search = (this.getNodeParameter('search', '') as string).trim();
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const api = runsApiOf(this, workspaceId, search);
		const toItem = (run: IDataObject, event: string, previousStatus: string | null): INodeExecutionData => ({
			json: { ...run, event, previousStatus, workflowUrl: runPageUrl(connection.baseUrl, run) ?? null },
		});

		// Fetch Test Event: the newest matching run, so fields can be mapped; the remembered state is left alone.
		if (this.getMode() === 'manual') {
			const [newest] = (await api.list(0, 1)).runs;
			return newest ? [[toItem(newest, eventOf(String(newest.status)), null)]] : null;
		}

		const staticData = this.getWorkflowStaticData('node');
		const stored =
			(staticData[STATE_KEY] as RunWatchState | undefined) ?? fromOldState(staticData[OLD_STATE_KEY], kind, workspaceId, search);
		const { events, state } = await pollRuns(
			api,
			stored,
			{
				kind,
				scope: scopeOf(kind, workspaceId, search),
				watched: this.getNodeParameter('statuses', ['anyTerminal']) as WatchedStatus[],
				emitExisting: options.emitExisting === true,
				pageSize: PAGE_SIZE,
				scanCalls: SCAN_CALLS,
				checkCalls: CHECK_CALLS,
			},
			Date.now(),
		);
		staticData[STATE_KEY] = state as unknown as IDataObject;
		delete staticData[OLD_STATE_KEY];
		return events.length ? [events.map(({ run, event, previousStatus }) => toItem(run, event, previousStatus))] : null;
	},
};

function runsApiOf(context: IPollFunctions, workspaceId: string | undefined, search: string): RunsApi {
	const searchFor = (status?: ActiveStatus) => (status ? `${search} status:${status}`.trim() : search);
	return {
		async list(offset: number, max: number, status?: ActiveStatus): Promise<RunPage> {
			const response = await apiRequest<{ workflows?: IDataObject[]; hasMore?: boolean }>(context, {
				method: 'GET',
				path: ['workflow'],
				query: { workspaceId, search: searchFor(status), max, offset, attributes: ['labels'] },
			});
			const runs = (response.workflows ?? []).map(flattenRun);
			return { runs, hasMore: pageHasMore(response.hasMore, runs, max) };
		},
		async count(status: ActiveStatus): Promise<number> {
			const response = await apiRequest<{ totalSize?: number }>(context, {
				method: 'GET',
				path: ['workflow'],
				query: { workspaceId, search: searchFor(status), max: 1, offset: 0, includeTotalSize: true, attributes: ['minimal'] },
			});
			// Without a count the runs are read instead.
			return typeof response.totalSize === 'number' ? response.totalSize : Number.NaN;
		},
		async get(id: string): Promise<IDataObject> {
			return flattenRun(await apiRequest<IDataObject>(context, { method: 'GET', path: ['workflow', id], query: { workspaceId } }));
		},
		async isListed(id: string): Promise<boolean> {
			const response = await apiRequest<{ workflows?: IDataObject[] }>(context, {
				method: 'GET',
				path: ['workflow'],
				query: { workspaceId, search: `workflowId:${id}`, max: 1, offset: 0, attributes: ['minimal'] },
			});
			return (response.workflows ?? []).map(flattenRun).some((run) => runIdOf(run) === id);
		},
	};
}

/**
 * State kept by earlier versions: the newest submit time seen (every run up to it was reported) and the
 * active runs. It becomes a cursor whose floor is the second after it, which keeps its meaning.
 */
function fromOldState(old: unknown, kind: RunEventKind, workspaceId: string | undefined, search: string): RunWatchState | undefined {
	const state = old as { newestSubmit?: number; active?: Record<string, { status: string }> } | undefined;
	if (typeof state?.newestSubmit !== 'number') return undefined;
	return {
		scope: scopeOf(kind, workspaceId, search),
		cursor: { floor: Math.floor(state.newestSubmit / 1000) + 1, recent: {}, marks: [] },
		active: kind === 'statusChanged' ? Object.entries(state.active ?? {}).map(([id, run]) => [id, run.status]) : [],
	};
}
