import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { workspaceLocator } from '../../actions/common.descriptions';
import { wholeIdSource } from '../../helpers/idPatterns';
import { workspaceIdFor } from '../../helpers/parameters';
import { requireStringId } from '../../helpers/validate';
import { connectionOf } from '../../transport/connection';
import { apiRequest } from '../../transport/request';
import { CallAllowance } from '../allowance';
import type { TriggerEvent } from '../event';
import type { DataLinkApi, DataLinkInfo, FolderEntry } from './api';
import { freshState, scanDataLink, type DataLinkFilesState, type NewObject } from './scan';
import { WatchedPaths } from './watchedPaths';

// Calls a poll may make: at most 2 % of a minute's budget at the platform's limits, even while a round
// of listings spans several polls.
const CALLS_PER_POLL = 24;
const STATE_KEY = 'dataLinkFiles';
const EVENT = 'newDataLinkFile';
const shown = { show: { event: [EVENT] } };

const dataLinkLocator: INodeProperties = {
	displayName: 'Data Link',
	name: 'dataLinkId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The bucket, or folder of one, to watch, as the Data Explorer shows it',
	displayOptions: shown,
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchDataLinks', searchable: true },
		},
		{
			displayName: 'ID',
			name: 'id',
			type: 'string',
			placeholder: 'v1-user-2f8a6c41d9e07b35',
			validation: [
				{ type: 'regex', properties: { regex: wholeIdSource('string'), errorMessage: 'A data link ID has only letters, digits, - and _' } },
			],
		},
	],
};

function toItem({ dataLink, path, entry }: NewObject): INodeExecutionData {
	return {
		json: {
			name: path.slice(path.lastIndexOf('/') + 1),
			path,
			uri: `${dataLink.resourceRef.replace(/\/+$/, '')}/${path}`,
			size: entry.size ?? null,
			lastModified: entry.lastModified ?? null,
			mimeType: entry.mimeType ?? null,
			dataLinkId: dataLink.id,
			dataLinkName: dataLink.name,
		},
	};
}

function dataLinkApiOf(context: IPollFunctions, workspaceId: string | undefined, dataLinkId: string): DataLinkApi {
	return {
		async describe(): Promise<DataLinkInfo> {
			let dataLink: IDataObject;
			try {
				const response = await apiRequest<{ dataLink?: IDataObject }>(context, { method: 'GET', path: ['data-links', dataLinkId], query: { workspaceId } });
				dataLink = response.dataLink ?? {};
			} catch (error) {
				if (error instanceof NodeApiError && ['403', '404'].includes(String(error.httpCode))) {
					throw new NodeOperationError(context.getNode(), `Data Link "${dataLinkId}" was not found, or the access token was refused`, {
						description: `The platform refused to describe this data link (HTTP ${String(error.httpCode)}). Pick it from the list, which shows the data links of the chosen workspace, check the Workspace field, and check that the credential's access token is valid.`,
					});
				}
				// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- already the transport's NodeApiError or cancellation; wrapping would hide its HTTP code
				throw error;
			}
			const [credentials] = (dataLink.credentials as IDataObject[] | undefined) ?? [];
			return {
				id: dataLinkId,
				name: String(dataLink.name ?? dataLinkId),
				resourceRef: String(dataLink.resourceRef ?? ''),
				credentialsId: typeof credentials?.id === 'string' ? credentials.id : undefined,
			};
		},
		async browse(dataLink, folder, search, pageToken) {
			try {
				const page = await apiRequest<{ objects?: FolderEntry[]; nextPageToken?: string }>(context, {
					method: 'GET',
					// A folder's path is one segment, its `/` encoded, as the platform's own clients send it.
					path: folder === '' ? ['data-links', dataLink.id, 'browse'] : ['data-links', dataLink.id, 'browse', folder],
					query: { workspaceId, credentialsId: dataLink.credentialsId, search, nextPageToken: pageToken },
				});
				return { entries: page.objects ?? [], nextPageToken: page.nextPageToken || undefined };
			} catch (error) {
				if (pageToken !== undefined && error instanceof NodeApiError && String(error.httpCode) === '400') return 'tokenRefused';
				// eslint-disable-next-line @n8n/community-nodes/require-node-api-error -- already the transport's NodeApiError or cancellation; wrapping would hide its HTTP code
				throw error;
			}
		},
	};
}

export const dataLinkFileEvents: TriggerEvent = {
	options: [{ name: 'New File in Data Link', value: EVENT, description: 'A file landed in a data link (a bucket of the Data Explorer)' }],
	properties: [
		{ ...workspaceLocator, displayOptions: shown },
		dataLinkLocator,
		{
			displayName: 'Path Prefix',
			name: 'pathPrefix',
			type: 'string',
			default: '',
			displayOptions: shown,
			placeholder: 'runs/',
			description: 'Only files whose path in the data link starts with this. Leave empty to watch the whole data link.',
		},
		{
			displayName: 'Glob',
			name: 'glob',
			type: 'string',
			default: '',
			displayOptions: shown,
			placeholder: 'runs/*/fastq/*.fastq.gz',
			description:
				'Only files whose whole path in the data link matches: * stands for any characters within one folder or file name, ** for any across folders, ? for one character. Leave empty for every file.',
		},
	],
	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const connection = await connectionOf(this);
		const workspaceId = workspaceIdFor(this, 0, connection);
		const dataLinkId = requireStringId(this.getNode(), 0, this.getNodeParameter('dataLinkId', '', { extractValue: true }), 'Data Link');
		const glob = (this.getNodeParameter('glob', '') as string).trim();
		const watched = new WatchedPaths((this.getNodeParameter('pathPrefix', '') as string).trim(), glob);
		const scope = JSON.stringify([workspaceId ?? null, dataLinkId, watched.prefix, glob]);
		const api = dataLinkApiOf(this, workspaceId, dataLinkId);
		const settings = { scope, watched, allowance: new CallAllowance(CALLS_PER_POLL) };

		// Fetch Test Event: the first watched file, so fields can be mapped; the remembered state is left alone.
		if (this.getMode() === 'manual') {
			const { objects } = await scanDataLink(api, freshState(scope, false), { ...settings, stopAfter: 1 });
			return objects.length ? [[toItem(objects[0])]] : null;
		}

		const staticData = this.getWorkflowStaticData('node');
		const { objects, state } = await scanDataLink(api, staticData[STATE_KEY] as DataLinkFilesState | undefined, settings);
		staticData[STATE_KEY] = state as unknown as IDataObject;
		return objects.length ? [objects.map(toItem)] : null;
	},
};
