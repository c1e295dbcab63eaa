import { NodeConnectionTypes } from 'n8n-workflow';
import type {
	IDataObject,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';

import { workspaceLocator } from './actions/common.descriptions';
import { workspaceIdFor } from './helpers/parameters';
import { flattenRun } from './helpers/runs';
import { runPageUrl } from './helpers/webApp';
import { seqeraApiConnectionTest } from './methods/credentialTest';
import * as listSearch from './methods/listSearch';
import { TERMINAL_STATUSES } from './runs/statuses';
import { connectionOf } from './transport/connection';
import { apiRequest } from './transport/request';
import {
	diffRuns,
	eventOf,
	scanBoundary,
	submitTime,
	type RunChange,
	type WatchState,
} from './trigger/runWatch';

const PAGE_SIZE = 100;
// A poll reads at most this many pages of runs, so one poll never spends a large share of the budget.
const MAX_PAGES_PER_POLL = 10;
// Active runs older than what the pages reached are checked one by one, up to this many per poll.
const MAX_SINGLE_CHECKS_PER_POLL = 20;

type Watched = 'succeeded' | 'failed' | 'cancelled' | 'running' | 'anyTerminal' | 'anyChange';

function wanted(watched: Watched[], status: string): boolean {
	return watched.some((choice) => {
		if (choice === 'anyChange') return true;
		if (choice === 'anyTerminal') return TERMINAL_STATUSES.has(status);
		return eventOf(status) === choice;
	});
}

export class SeqeraTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Seqera Platform Trigger',
		name: 'seqeraTrigger',
		// eslint-disable-next-line @n8n/community-nodes/icon-prefer-themed-variants -- the icon draws its own dark tile, which reads on light and dark canvases alike
		icon: 'file:../../icons/seqera.svg',
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["event"] === "started" ? "New run" : "Run status changed" }}',
		description: 'Starts the workflow when a pipeline run starts or changes status on the Seqera Platform',
		defaults: { name: 'Seqera Platform Trigger' },
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'seqeraApi', required: true, testedBy: 'seqeraApiConnectionTest' }],
		properties: [
			{
				displayName: 'Trigger On',
				name: 'event',
				type: 'options',
				default: 'statusChanged',
				options: [
					{ name: 'New Run', value: 'started', description: 'A run was launched' },
					{ name: 'Run Status Changed', value: 'statusChanged', description: 'A run reached one of the chosen statuses' },
				],
			},
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
			workspaceLocator,
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: 'projectName:nf-core/rnaseq label:production',
				description:
					'Only runs matching this search, in the web app syntax (free text, runName:, projectName:, userName:, label:)',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Emit Existing Runs on First Poll',
						name: 'emitExisting',
						type: 'boolean',
						default: false,
						description: 'Whether the first poll after activation emits the newest matching runs (up to 100) instead of only recording them',
					},
				],
			},
		],
	};

	methods = { listSearch, credentialTest: { seqeraApiConnectionTest } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const connection = await connectionOf(this);
		const workspaceId = workspaceIdFor(this, 0, connection);
		const search = (this.getNodeParameter('search', '') as string).trim();
		const event = this.getNodeParameter('event') as 'started' | 'statusChanged';
		const watched = this.getNodeParameter('statuses', ['anyTerminal']) as Watched[];
		const options = this.getNodeParameter('options', {}) as IDataObject;

		const listPage: ListPage = async (offset, max = PAGE_SIZE, extraTerm = '') =>
			await apiRequest<{ workflows?: IDataObject[]; hasMore?: boolean }>(this, {
				method: 'GET',
				path: ['workflow'],
				query: { workspaceId, search: `${search} ${extraTerm}`.trim(), max, offset, attributes: ['labels'] },
			});
		const toItem = (run: IDataObject, runEvent: string, previousStatus: string | null): INodeExecutionData => ({
			json: { ...run, event: runEvent, previousStatus, workflowUrl: runPageUrl(connection.baseUrl, run) ?? null },
		});

		// Fetch Test Event: the newest matching run, so fields can be mapped; the remembered state is left alone.
		if (this.getMode() === 'manual') {
			const [newest] = ((await listPage(0, 1)).workflows ?? []).map(flattenRun);
			return newest ? [[toItem(newest, eventOf(String(newest.status)), null)]] : null;
		}

		const staticData = this.getWorkflowStaticData('node');
		const state = staticData.watch as WatchState | undefined;
		if (!state) {
			const seeded = await seedState(listPage);
			staticData.watch = seeded.state as unknown as IDataObject;
			if (!options.emitExisting || seeded.newest.length === 0) return null;
			return [seeded.newest.map((run) => toItem(run, event === 'started' ? 'started' : eventOf(String(run.status)), null))];
		}

		const seen = await scanSince(listPage, scanBoundary(state));
		const seenIds = new Set(seen.map((run) => String(run.id)));
		const unseenActive = Object.keys(state.active).filter((id) => !seenIds.has(id)).slice(0, MAX_SINGLE_CHECKS_PER_POLL);
		for (const id of unseenActive) {
			seen.push(flattenRun(await apiRequest<IDataObject>(this, { method: 'GET', path: ['workflow', id], query: { workspaceId } })));
		}

		const { changes, next } = diffRuns(state, seen);
		staticData.watch = next as unknown as IDataObject;
		const items = changes
			.filter((change) => (event === 'started' ? change.isNew : wanted(watched, String(change.run.status))))
			.map((change: RunChange) =>
				toItem(change.run, event === 'started' ? 'started' : eventOf(String(change.run.status)), change.previousStatus),
			);
		return items.length ? [items] : null;
	}
}

/** One page of matching runs, newest first; `extraTerm` narrows the user's search further. */
type ListPage = (offset: number, max?: number, extraTerm?: string) => Promise<{ workflows?: IDataObject[]; hasMore?: boolean }>;

/** Runs newest first, page by page, down to `boundary` (a submit time). */
async function scanSince(listPage: ListPage, boundary: number): Promise<IDataObject[]> {
	const runs: IDataObject[] = [];
	for (let page = 0; page < MAX_PAGES_PER_POLL; page++) {
		const response = await listPage(page * PAGE_SIZE);
		const found = (response.workflows ?? []).map(flattenRun);
		runs.push(...found);
		const oldest = found[found.length - 1];
		if (!response.hasMore || !oldest || submitTime(oldest) < boundary) break;
	}
	return runs;
}

/**
 * The first poll remembers the newest submit time and every run still active, so later polls report
 * changes only.
 */
async function seedState(listPage: ListPage): Promise<{ state: WatchState; newest: IDataObject[] }> {
	const newest = ((await listPage(0)).workflows ?? []).map(flattenRun);
	const state: WatchState = { newestSubmit: Math.max(0, ...newest.map(submitTime)), active: {} };
	const submitted = ((await listPage(0, PAGE_SIZE, 'status:submitted')).workflows ?? []).map(flattenRun);
	const running = ((await listPage(0, PAGE_SIZE, 'status:running')).workflows ?? []).map(flattenRun);
	for (const run of [...newest, ...submitted, ...running]) {
		if (!TERMINAL_STATUSES.has(String(run.status))) state.active[String(run.id)] = { status: String(run.status), submit: submitTime(run) };
	}
	return { state, newest };
}
