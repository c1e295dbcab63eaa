import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import { overwriteOptions } from '../../fields/common';
import { computeEnvLocator, workspaceLocator } from '../../fields/sharedLocators';
import { requireText } from '../../helpers/validate';
import { forEachItem } from '../../items/perItem';
import { ACTIONS, currentIdsNamed } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { buildLaunch } from '../../runs/launch';
import { apiRequest } from '../../transport';
import { repositoryLaunchSettingsField } from '../workflow/launch.descriptions';
import { type CreatedSource, pathField, scheduleField, timezoneField } from './action.descriptions';
import { bucketOf, cronOf } from './actionTriggers';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'nightly-rnaseq',
		description: 'Unique in the workspace',
	},
	{
		displayName: 'Started By',
		name: 'source',
		type: 'options',
		default: 'cron',
		options: [
			{ name: 'Schedule', value: 'cron', description: 'A cron schedule, in a time zone' },
			{ name: 'New File in a Data Link', value: 'bucket', description: 'A file created in a data link, below a path' },
			{ name: 'GitHub Push', value: 'github', description: "A push to the pipeline's GitHub repository" },
			{
				name: 'Call to Its Endpoint',
				value: 'tower',
				description: 'A call to its launch endpoint, as Action → Trigger makes',
			},
		],
	},
	{ ...scheduleField, required: true, displayOptions: { show: { source: ['cron'] } } },
	{ ...timezoneField, displayOptions: { show: { source: ['cron'] } } },
	{ ...dataLinkLocator, displayOptions: { show: { source: ['bucket'] } } },
	{ ...pathField, displayOptions: { show: { source: ['bucket'] } } },
	{
		displayName: 'Pipeline Repository',
		name: 'pipeline',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://github.com/nf-core/rnaseq',
	},
	workspaceLocator,
	computeEnvLocator,
	repositoryLaunchSettingsField,
	overwriteOptions("the workspace's action"),
];

const displayOptions = { show: { resource: ['action'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Creates a pipeline action whose runs are launched as Workflow → Launch from a repository launches
 * (the compute environment, or the workspace's primary one, with its work directory; the launch
 * settings; labels by name), started by a schedule, a new file in a data link, a GitHub push or a call to its
 * endpoint (tower-cli's `actions add tower`); with Overwrite, after deleting the workspace's action of that name.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const node = this.getNode();
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const name = requireText(node, itemIndex, 'Name', this.getNodeParameter('name', itemIndex));
		const source = this.getNodeParameter('source', itemIndex) as CreatedSource;
		const pipeline = requireText(node, itemIndex, 'Pipeline Repository', this.getNodeParameter('pipeline', itemIndex));
		const trigger: IDataObject =
			source === 'cron' ? { cron: cronOf(this, itemIndex) } : source === 'bucket' ? { bucket: await bucketOf(this, itemIndex) } : {};
		// Last, as a launch does: a label named for the action is created only once every check passed.
		const { launch } = await buildLaunch(this, itemIndex, workspaceId, { pipeline }, 'repository');
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		if (options.overwrite === true) {
			for (const id of await currentIdsNamed(this, itemIndex, ACTIONS, workspaceId, name)) {
				await apiRequest(this, { method: 'DELETE', path: ['actions', id], query: { workspaceId }, itemIndex });
			}
		}
		const created = await apiRequest<{ actionId?: string }>(this, {
			method: 'POST',
			path: ['actions'],
			query: { workspaceId },
			body: { name, source, ...trigger, launch },
			itemIndex,
		});
		return {
			actionId: created.actionId,
			name,
			source,
			...trigger,
			workspaceId: workspaceId === undefined ? null : Number(workspaceId),
		};
	});
}
