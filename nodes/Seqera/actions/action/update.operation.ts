import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { dataLinkLocator } from '../../dataLinks/dataLinkLocator';
import { computeEnvLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { actionIdFor } from '../../names/lookups';
import { workspaceIdFor } from '../../names/workspaceId';
import { buildLaunch } from '../../runs/launch';
import { launchRequestFromSaved } from '../../runs/records';
import { apiRequest } from '../../transport';
import { repositoryLaunchSettingsField } from '../workflow/launch.descriptions';
import { anyActionLocator, pathField, scheduleField, timezoneField } from './action.descriptions';
import { bucketOf, cronOf } from './actionTriggers';

const properties: INodeProperties[] = [
	anyActionLocator,
	workspaceLocator,
	{ displayName: 'New Name', name: 'name', type: 'string', default: '', description: 'Leave empty to keep the name' },
	{ ...scheduleField, description: 'For an action started by a schedule. Leave empty to keep the schedule.' },
	{ ...timezoneField, description: 'For an action started by a schedule. Leave empty to keep its time zone.' },
	{
		...dataLinkLocator,
		required: false,
		description: 'For an action started by a new file in a data link. Leave empty to keep the data link and path.',
	},
	{ ...pathField, description: 'For an action started by a new file in a data link, with Data Link given' },
	{ ...computeEnvLocator, description: "Leave empty to keep the action's compute environment" },
	repositoryLaunchSettingsField,
];

const displayOptions = { show: { resource: ['action'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

const dataLinkGiven = (context: IExecuteFunctions, itemIndex: number) =>
	String(context.getNodeParameter('dataLinkId', itemIndex, '', { extractValue: true }) ?? '').trim() !== '';

/**
 * Reads the action, then sends its name, launch and schedule or data link back with the given changes laid
 * over: the platform saves the launch it is sent, so a setting left out would be lost. The labels are read
 * with `attributes=labels` (without it the platform answers `labels: null`) and sent again as the launch's
 * labelIds, which the saved launch replaces.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const actionId = await actionIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const { action = {} } = await apiRequest<{ action?: IDataObject }>(this, {
			method: 'GET',
			path: ['actions', actionId],
			query: { workspaceId, attributes: ['labels'] },
			itemIndex,
		});
		const config = (action.config ?? {}) as IDataObject;
		const savedLabelIds = ((action.labels ?? []) as IDataObject[]).map((label) => label.id);
		const saved = {
			...launchRequestFromSaved((action.launch ?? {}) as IDataObject),
			...(savedLabelIds.length > 0 ? { labelIds: savedLabelIds } : {}),
		};
		const newName = (this.getNodeParameter('name', itemIndex, '') as string).trim();
		const trigger: IDataObject =
			action.source === 'cron'
				? { cron: cronOf(this, itemIndex, config) }
				: action.source === 'bucket'
					? {
							bucket: dataLinkGiven(this, itemIndex)
								? await bucketOf(this, itemIndex)
								: { dataLinkId: config.dataLinkId, ...(config.filter ? { filter: config.filter } : {}) },
						}
					: {};
		const { launch } = await buildLaunch(this, itemIndex, workspaceId, saved, 'relaunch');
		const name = newName !== '' ? newName : action.name;
		await apiRequest(this, {
			method: 'PUT',
			path: ['actions', actionId],
			query: { workspaceId },
			body: { name, ...trigger, launch },
			itemIndex,
		});
		return { actionId, name, source: action.source, ...trigger, updated: true };
	});
}
