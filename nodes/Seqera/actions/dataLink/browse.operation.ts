import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { browseFolderPage } from '../../dataLinks/calls';
import { requireWholeCharacters } from '../../helpers/validate';
import { WatchedPaths } from '../../dataLinks/watchedPaths';
import { returnAllAndLimit } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import { dataLinkOfItem, pathParameter, transferCredentialsLocator } from './dataLinkParameters';

const PATH_FIELD = 'Path';
const GLOB_FIELD = 'Name Glob';
/** The most entries one page may hold; the platform serves fewer when it has fewer. */
const MAX_PAGE_SIZE = 1000;

const properties: INodeProperties[] = [
	dataLinkLocator,
	workspaceLocator,
	transferCredentialsLocator,
	{
		displayName: PATH_FIELD,
		name: 'path',
		type: 'string',
		default: '',
		placeholder: 'runs/240501_A00123_0042_AHVKJ3DSX7',
		description: "The folder to list, below the data link's root. Leave empty for the root.",
	},
	{
		displayName: GLOB_FIELD,
		name: 'glob',
		type: 'string',
		default: '',
		placeholder: '*.fastq.gz',
		description: 'Only files and folders whose name matches: * stands for any characters, ? for one. Leave empty for every entry.',
	},
	...returnAllAndLimit(),
];

const displayOptions = { show: { resource: ['dataLink'], operation: ['browse'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The entries of one folder of a data link, folders first, one item each; pages follow the platform's page tokens. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const folder = pathParameter(this, itemIndex, 'path', PATH_FIELD, { required: false });
		const glob = requireWholeCharacters(node, itemIndex, GLOB_FIELD, String(this.getNodeParameter('glob', itemIndex, '') ?? '').trim());
		if (glob.includes('/')) {
			throw new NodeOperationError(node, `${GLOB_FIELD} "${glob}" holds a /`, {
				itemIndex,
				description:
					`The glob is matched against names in the folder, not paths. Put the folders in "${PATH_FIELD}" and the name ` +
					`pattern here (item ${itemIndex}).`,
			});
		}
		const names = new WatchedPaths('', glob);
		const limit = this.getNodeParameter('returnAll', itemIndex) ? undefined : (this.getNodeParameter('limit', itemIndex) as number);
		const { scope, dataLink } = await dataLinkOfItem(this, itemIndex);

		const entries: IDataObject[] = [];
		let pageToken: string | undefined;
		do {
			// Without a glob every entry counts, so a page need hold no more than the limit still wants.
			const pageSize = limit === undefined || glob !== '' ? undefined : Math.min(MAX_PAGE_SIZE, limit - entries.length);
			const page = await browseFolderPage(this, scope, dataLink, folder, { search: names.searchFor(''), pageToken, pageSize });
			for (const entry of page.entries) {
				const name = entry.name.replace(/\/+$/, '');
				if (!names.matches(name)) continue;
				entries.push({
					name,
					type: entry.type,
					path: folder === '' ? name : `${folder}/${name}`,
					size: entry.size ?? null,
					mimeType: entry.mimeType ?? null,
					dataLinkId: dataLink.id,
				});
			}
			pageToken = page.nextPageToken;
		} while (pageToken !== undefined && (limit === undefined || entries.length < limit));
		return limit === undefined ? entries : entries.slice(0, limit);
	});
}
