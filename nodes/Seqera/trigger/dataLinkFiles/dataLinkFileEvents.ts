import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { workspaceLocator } from '../../fields/sharedLocators';
import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import { browseFolderPage, describeDataLink, pathEncodingOf, pathProblem, type PathEncoding } from '../../dataLinks/calls';
import { workspaceIdFor } from '../../names/workspaceId';
import { requireStringId } from '../../helpers/validate';
import { DATA_LINKS, idOrName } from '../../names/lookups';
import { CallAllowance } from '../../helpers/allowance';
import type { TriggerEvent } from '../triggerEvent';
import type { DataLinkApi } from '../../dataLinks/dataLinkApi';
import { freshState, scanDataLink, type DataLinkFilesState, type NewObject } from '../../dataLinks/scan';
import { WatchedPaths } from '../../dataLinks/watchedPaths';

// Calls a poll may make: at most 2 % of a minute's budget at the platform's limits, even while a round
// of listings spans several polls.
const CALLS_PER_POLL = 24;
const STATE_KEY = 'dataLinkFiles';
const EVENT = 'newDataLinkFile';
const shown = { show: { event: [EVENT] } };

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

/**
 * The folder listing starts from must go into a URL as it is sent: a `..` step or an empty folder name
 * in it fails the poll naming the field it came from, before any call.
 */
function checkStartFolder(context: IPollFunctions, watched: WatchedPaths, glob: string, encoding: PathEncoding): void {
	const prefixFolder = watched.prefix.slice(0, Math.max(0, watched.prefix.lastIndexOf('/')));
	const inPrefix = pathProblem(prefixFolder, encoding);
	const refused = inPrefix ?? pathProblem(watched.startFolder, encoding);
	if (refused === undefined) return;
	const [field, value] = inPrefix ? ['Path Prefix', watched.prefix] : ['Glob', glob];
	throw new NodeOperationError(context.getNode(), `${field} "${value}" ${refused.problem}`, {
		description: `${refused.why} Give the folders from the data link's root, such as runs/*/fastq/*.fastq.gz.`,
	});
}

function dataLinkApiOf(context: IPollFunctions, workspaceId: string | undefined, dataLinkId: string): DataLinkApi {
	const scope = { workspaceId, pathEncoding: pathEncodingOf(context) };
	return {
		describe: async () => await describeDataLink(context, scope, dataLinkId),
		async browse(dataLink, folder, search, pageToken) {
			try {
				return await browseFolderPage(context, scope, dataLink, folder, { search, pageToken });
			} catch (error) {
				if (pageToken !== undefined && error instanceof NodeApiError && String(error.httpCode) === '400') return 'tokenRefused';
				// Already the transport's NodeApiError or cancellation; wrapping would hide its HTTP code
				// eslint-disable-next-line @n8n/community-nodes/require-node-api-error
				throw error;
			}
		},
	};
}

export const dataLinkFileEvents: TriggerEvent = {
	options: [{ name: 'New File in Data Link', value: EVENT, description: 'A file landed in a data link (a bucket of the Data Explorer)' }],
	properties: [
		{ ...workspaceLocator, displayOptions: shown },
		{ ...dataLinkLocator, description: 'The bucket, or folder of one, to watch, as the Data Explorer shows it', displayOptions: shown },
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
				'Only files whose whole path in the data link matches: * stands for any characters within one folder or file name, ' +
				'** for any across folders, ? for one character. Leave empty for every file.',
		},
	],
	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		const workspaceId = await workspaceIdFor(this, 0);
		const dataLinkId = requireStringId(this.getNode(), 0, await idOrName(this, 0, 'dataLinkId', DATA_LINKS), 'Data Link');
		const glob = (this.getNodeParameter('glob', '') as string).trim();
		const watched = new WatchedPaths((this.getNodeParameter('pathPrefix', '') as string).trim(), glob);
		checkStartFolder(this, watched, glob, pathEncodingOf(this));
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
