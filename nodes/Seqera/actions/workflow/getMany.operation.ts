import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { flattenRun } from '../../runs/records';
import { buildRunSearch, type RunSearchFilters } from '../../helpers/search';
import { optionalDate } from '../../helpers/validate';
import { workspaceIdFor } from '../../names/workspaceId';
import { apiRequestPages } from '../../lists/pages';
import { returnAllAndLimit } from '../../fields/common';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	workspaceLocator,
	...returnAllAndLimit(),
	{
		displayName: 'Search',
		name: 'search',
		type: 'string',
		default: '',
		placeholder: 'rnaseq label:production',
		description:
			'Free text and keyword:value terms, as in the web app search box (status:, runName:, projectName:, userName:, label:, ' +
			'after:, before:); all terms must match',
	},
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description: 'Added to the search as keyword:value terms',
		options: [
			{
				displayName: 'After',
				name: 'after',
				type: 'dateTime',
				default: '',
				description: 'Only runs submitted on or after this day',
			},
			{
				displayName: 'Before',
				name: 'before',
				type: 'dateTime',
				default: '',
				description: 'Only runs submitted on or before this day',
			},
			{ displayName: 'Label', name: 'label', type: 'string', default: '' },
			{ displayName: 'Pipeline (Project Name)', name: 'projectName', type: 'string', default: '', placeholder: 'nf-core/rnaseq' },
			{ displayName: 'Run Name', name: 'runName', type: 'string', default: '' },
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				default: 'failed',
				options: [
					{ name: 'Cancelled', value: 'cancelled' },
					{ name: 'Failed', value: 'failed' },
					{ name: 'Running', value: 'running' },
					{ name: 'Submitted', value: 'submitted' },
					{ name: 'Succeeded', value: 'succeeded' },
					{ name: 'Unknown', value: 'unknown' },
				],
			},
			{ displayName: 'User Name', name: 'userName', type: 'string', default: '' },
		],
	},
	{
		displayName: 'Attributes',
		name: 'attributes',
		type: 'multiOptions',
		default: ['labels'],
		description: 'Extra information the platform adds to each run',
		options: [
			{ name: 'Labels', value: 'labels' },
			{ name: 'Messages', value: 'messages' },
			{ name: 'Minimal', value: 'minimal', description: 'Fewer fields per run, for faster syncs' },
			{ name: 'Optimized', value: 'optimized' },
			{ name: 'Pipeline Info', value: 'pipelineInfo' },
		],
	},
];

const displayOptions = { show: { resource: ['workflow'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const returnAll = this.getNodeParameter('returnAll', itemIndex) as boolean;
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const node = this.getNode();
		const search = buildRunSearch(this.getNodeParameter('search', itemIndex, '') as string, {
			...(filters as RunSearchFilters),
			after: optionalDate(node, itemIndex, filters.after, 'After'),
			before: optionalDate(node, itemIndex, filters.before, 'Before'),
		});
		const runs = await apiRequestPages<IDataObject>(
			this,
			{
				method: 'GET',
				path: ['workflow'],
				query: {
					workspaceId: await workspaceIdFor(this, itemIndex),
					search,
					attributes: this.getNodeParameter('attributes', itemIndex, []) as string[],
				},
				limit: returnAll ? undefined : (this.getNodeParameter('limit', itemIndex) as number),
				itemIndex,
			},
			(page) => ({ results: (page.workflows as IDataObject[] | undefined) ?? [], hasMore: page.hasMore as boolean | undefined }),
		);
		return runs.map(flattenRun);
	});
}
