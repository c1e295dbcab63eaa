import { NodeApiError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { STUDIO_STATUS_OPTIONS } from '../../studios/status';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequest } from '../../transport';
import { CallAllowance } from '../../helpers/allowance';
import type { TriggerEvent } from '../triggerEvent';
import { pollStudios, type StudiosApi, type StudioChange, type StudioWatchState } from '../../studios/studioWatch';
import { statusOf } from '../../studios/status';

const PAGE_SIZE = 100;
// Calls a poll may make: at most 1 % of a minute's budget at the platform's limits.
const CALLS_PER_POLL = 12;
const STATE_KEY = 'studios';
const EVENT = 'studioStatusChanged';
const shown = { show: { event: [EVENT] } };

function studiosApiOf(context: IPollFunctions, workspaceId: string | undefined): StudiosApi {
	return {
		async list(offset: number, max: number) {
			const page = await apiRequest<{ studios?: IDataObject[]; totalSize?: number }>(context, {
				method: 'GET',
				path: ['studios'],
				query: { workspaceId, max, offset },
			});
			const studios = page.studios ?? [];
			return { studios, totalSize: page.totalSize ?? offset + studios.length };
		},
		async get(sessionId: string) {
			try {
				return await apiRequest<IDataObject>(context, { method: 'GET', path: ['studios', sessionId], query: { workspaceId } });
			} catch (error) {
				// The list answered a moment ago, so the token is good: the Studio itself is gone.
				if (error instanceof NodeApiError && ['403', '404'].includes(String(error.httpCode))) return null;
				// Already the transport's NodeApiError or cancellation; wrapping would hide its HTTP code
				// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
				throw error;
			}
		},
	};
}

const toItem = ({ studio, status, previousStatus }: StudioChange): INodeExecutionData => ({ json: { ...studio, status, previousStatus } });

export const studioEvents: TriggerEvent = {
	options: [{ name: 'Studio Status Changed', value: EVENT, description: 'A Studio reached one of the chosen statuses' }],
	properties: [
		{
			displayName: 'Studio Statuses',
			name: 'studioStatuses',
			type: 'multiOptions',
			default: ['anyChange'],
			displayOptions: shown,
			options: [{ name: 'Any Change', value: 'anyChange' }, ...STUDIO_STATUS_OPTIONS],
		},
		{ ...workspaceLocator, displayOptions: shown },
	],
	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const workspaceId = await workspaceIdFor(this, 0);
		const api = studiosApiOf(this, workspaceId);

		// Fetch Test Event: the first Studio of the list, so fields can be mapped; the remembered state is left alone.
		if (this.getMode() === 'manual') {
			const [studio] = (await api.list(0, 1)).studios;
			return studio ? [[toItem({ studio, status: statusOf(studio), previousStatus: null })]] : null;
		}

		const staticData = this.getWorkflowStaticData('node');
		const { changes, state } = await pollStudios(api, staticData[STATE_KEY] as StudioWatchState | undefined, {
			scope: JSON.stringify([workspaceId ?? null]),
			watched: this.getNodeParameter('studioStatuses', ['anyChange']) as string[],
			pageSize: PAGE_SIZE,
			allowance: new CallAllowance(CALLS_PER_POLL),
		});
		staticData[STATE_KEY] = state as unknown as IDataObject;
		return changes.length ? [changes.map(toItem)] : null;
	},
};
