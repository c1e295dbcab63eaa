import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runIdFor, workspaceIdFor } from '../../helpers/parameters';
import { launchRequestFromSaved } from '../../runs/records';
import { sendLaunch } from '../../runs/launch';
import { waitFields } from '../../fields/wait';
import { connectionOf } from '../../transport/connection';
import { apiRequest } from '../../transport/request';
import { computeEnvLocator, runLocator, workspaceLocator } from '../../fields/locators';
import { forEachItem } from '../../items/perItem';
import { launchSettingsField } from './launch.descriptions';

const properties: INodeProperties[] = [
	runLocator,
	workspaceLocator,
	{
		displayName: 'Resume',
		name: 'resume',
		type: 'boolean',
		default: true,
		description:
			"Whether to resume from the original run's cached results (Nextflow -resume), so finished tasks are not run again",
	},
	{ ...computeEnvLocator, description: "Leave empty to use the original run's compute environment" },
	{ ...launchSettingsField, description: "Settings left empty keep the original run's values" },
	...waitFields(),
];

const displayOptions = { show: { resource: ['workflow'], operation: ['relaunch'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Launches again from the original run's full launch configuration, as the web app's Relaunch does. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const connection = await connectionOf(this);
	return await forEachItem(this, async (itemIndex) => {
		const sourceWorkflowId = runIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex, connection);
		const resume = this.getNodeParameter('resume', itemIndex, true) as boolean;

		const original = await apiRequest<{ launch?: IDataObject }>(this, {
			method: 'GET',
			path: ['workflow', sourceWorkflowId, 'launch'],
			query: { workspaceId },
			itemIndex,
		});
		const launch = original.launch ?? {};
		const request = launchRequestFromSaved(launch);
		if (resume) {
			// Resuming reuses the original session's work directory and commit, so cached tasks are found.
			request.resume = true;
			if (launch.resumeDir) request.workDir = launch.resumeDir;
			if (launch.resumeCommitId) request.commitId = launch.resumeCommitId;
		} else {
			delete request.sessionId;
			request.resume = false;
		}
		return { ...(await sendLaunch(this, itemIndex, workspaceId, request)), sourceWorkflowId, resume };
	});
}
