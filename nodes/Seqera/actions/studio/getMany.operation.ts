import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { returnAllAndLimit, searchField } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { listInWorkspace } from '../../items/listInWorkspace';
import { STUDIO_STATUS_OPTIONS, studioItem } from '../../studios/status';

const ANY_STATUS = 'any';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllAndLimit(),
	searchField(
		"Studios whose name or template image contains this text. The platform's keywords work too, such as " +
			'computeEnvId:4Xg5nI8pbEXNf3GbDvxoGm.',
		'rnaseq',
	),
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		default: ANY_STATUS,
		description: 'Only Studios in this status',
		options: [{ name: 'Any', value: ANY_STATUS }, ...STUDIO_STATUS_OPTIONS],
	},
];

const displayOptions = { show: { resource: ['studio'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per Studio of the workspace, newest first; the status filter is the search's `status:` keyword. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const items = await listInWorkspace(this, 'studios', (itemIndex) => {
		const search = (this.getNodeParameter('search', itemIndex, '') as string).trim();
		const status = this.getNodeParameter('status', itemIndex, ANY_STATUS) as string;
		return { search: [search, status === ANY_STATUS ? '' : `status:${status}`].filter((term) => term !== '').join(' ') };
	});
	return items.map((item) => ({ ...item, json: studioItem(item.json) }));
}
