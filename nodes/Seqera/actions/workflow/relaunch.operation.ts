import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { LAUNCH_SETTINGS_FIELD } from '../../fields/fieldNames';
import { runIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { launchRequestFromSaved, relaunchFromSaved } from '../../runs/records';
import { pipelineRepositoryOf, sendLaunch } from '../../runs/launch';
import { waitFields } from '../../fields/waitFields';
import { apiRequest } from '../../transport';
import { computeEnvLocator, runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { seqeraPlatform } from '../../nodeVersions';
import { holdIfAsked } from '../../waits/holdWait';
import { relaunchSettingsField } from './launch.descriptions';

const properties: INodeProperties[] = [
	runLocator,
	workspaceLocator,
	{
		displayName: 'Resume',
		name: 'resume',
		type: 'boolean',
		default: true,
		description: "Whether to resume from the original run's cached results (Nextflow -resume), so finished tasks are not run again",
	},
	{ ...computeEnvLocator, description: "Leave empty to use the original run's compute environment" },
	{ ...relaunchSettingsField, description: "Settings left empty keep the original run's values" },
	...waitFields({ heldByN8n: true }),
];

const displayOptions = { show: { resource: ['workflow'], operation: ['relaunch'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Resuming reads the cached tasks in the original run's work directory; in another nothing would be found. */
function refuseWorkDirOnResume(context: IExecuteFunctions, itemIndex: number): void {
	const workDir = context.getNodeParameter(`${LAUNCH_SETTINGS_FIELD}.workDir`, itemIndex, '') as string;
	if (String(workDir ?? '').trim() === '') return;
	throw new NodeOperationError(context.getNode(), 'Work Directory cannot change when resuming', {
		itemIndex,
		description:
			`A resumed run finds its cached tasks in the original run's work directory, so none would be found in "${workDir}" (item ` +
			`${itemIndex}). Turn off Resume to relaunch into another work directory.`,
	});
}

/** The run itself, which holds its own session and work directory. */
async function runOf(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	workflowId: string,
): Promise<IDataObject> {
	const { workflow } = await apiRequest<{ workflow?: IDataObject }>(context, {
		method: 'GET',
		path: ['workflow', workflowId],
		query: { workspaceId },
		itemIndex,
	});
	return workflow ?? {};
}

/**
 * Version 1.2's relaunch, as tower-cli's `runs relaunch` sends it (RelaunchCmd.java): the fields it takes
 * from the run's launch, with the run's session, by which the platform knows a relaunch of a run of the
 * workspace. A run that never started has no `resumeCommitId` and cannot be resumed, so it starts afresh
 * in the launch's work directory (the run's, when the launch has none); a resumed run sends the original
 * run's own session and the commit it ran as its revision, in its work directory.
 */
async function relaunchRequest(
	context: IExecuteFunctions,
	itemIndex: number,
	workspaceId: string | undefined,
	sourceWorkflowId: string,
	launch: IDataObject,
	resumeAsked: boolean,
): Promise<{ request: IDataObject; resume: boolean }> {
	const request = relaunchFromSaved(launch);
	const resumeCommitId = typeof launch.resumeCommitId === 'string' && launch.resumeCommitId !== '' ? launch.resumeCommitId : undefined;
	if (!resumeAsked || resumeCommitId === undefined) {
		const workDirGiven = String(context.getNodeParameter(`${LAUNCH_SETTINGS_FIELD}.workDir`, itemIndex, '') ?? '').trim() !== '';
		if (request.workDir === undefined && !workDirGiven) {
			const { workDir } = await runOf(context, itemIndex, workspaceId, sourceWorkflowId);
			if (typeof workDir === 'string' && workDir !== '') request.workDir = workDir;
		}
		return { request: { ...request, resume: false }, resume: false };
	}
	const workflow = await runOf(context, itemIndex, workspaceId, sourceWorkflowId);
	const resumed: IDataObject = { ...request, revision: resumeCommitId, resume: true };
	if (typeof workflow.sessionId === 'string') resumed.sessionId = workflow.sessionId;
	if (typeof launch.resumeDir === 'string' && launch.resumeDir !== '') resumed.workDir = launch.resumeDir;
	return { request: resumed, resume: true };
}

/** Launches again from the original run's full launch configuration, as the web app's Relaunch does. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	const asSeqeraClientsSend = seqeraPlatform.brings(this, 'requestsAsSeqeraClientsSend');
	const launched = await forEachItem(this, async (itemIndex) => {
		const sourceWorkflowId = runIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const resumeAsked = this.getNodeParameter('resume', itemIndex, true) as boolean;
		if (asSeqeraClientsSend && resumeAsked) refuseWorkDirOnResume(this, itemIndex);
		// Checked before any call; the launch takes it with the other settings.
		pipelineRepositoryOf(this, itemIndex, this.getNodeParameter(`${LAUNCH_SETTINGS_FIELD}.pipeline`, itemIndex, ''));

		const original = await apiRequest<{ launch?: IDataObject }>(this, {
			method: 'GET',
			path: ['workflow', sourceWorkflowId, 'launch'],
			query: { workspaceId },
			itemIndex,
		});
		const launch = original.launch ?? {};
		if (asSeqeraClientsSend) {
			const { request, resume } = await relaunchRequest(this, itemIndex, workspaceId, sourceWorkflowId, launch, resumeAsked);
			return { ...(await sendLaunch(this, itemIndex, workspaceId, request, 'relaunch')), sourceWorkflowId, resume };
		}
		const resume = resumeAsked;
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
		return { ...(await sendLaunch(this, itemIndex, workspaceId, request, 'relaunch')), sourceWorkflowId, resume };
	});
	return await holdIfAsked(this, launched);
}
