import { NodeOperationError } from 'n8n-workflow';
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { workspaceIdFor } from '../../names/workspaceId';
import { pollUntilDone } from '../../runs/wait';
import { waitOptionsCollection } from '../../fields/waitFields';
import { apiRequest } from '../../transport';
import { workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';
import { studioIdFor } from '../../names/lookups';
import { studioItem } from '../../studios/status';
import { studioLocator } from './studio.descriptions';

type Target = 'running' | 'stopped';

/**
 * The statuses that end a wait for each target without reaching it: the Studio will not get there on its
 * own. A stopped Studio will not run unless started; a running one may still be stopped (by a Stop sent a
 * moment ago, by its lifespan ending), so it goes on being checked.
 */
const FAILED_ON_THE_WAY: Record<Target, ReadonlySet<string>> = {
	running: new Set(['stopped', 'errored', 'buildFailed']),
	stopped: new Set(['errored', 'buildFailed']),
};

const properties: INodeProperties[] = [
	studioLocator,
	workspaceLocator,
	{
		displayName: 'Wait Until',
		name: 'waitUntil',
		type: 'options',
		default: 'running',
		options: [
			{ name: 'Running', value: 'running', description: 'The Studio is ready to connect to' },
			{ name: 'Stopped', value: 'stopped', description: 'The Studio has stopped' },
		],
	},
	waitOptionsCollection('Studio', {
		displayName: 'Fail Item When Studio Fails',
		name: 'failOnStudioFailure',
		type: 'boolean',
		default: true,
		description: 'Whether a Studio that errors, fails its build, or stops while it was awaited running makes this item fail',
	}),
];

const displayOptions = { show: { resource: ['studio'], operation: ['wait'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * Holds each item until its Studio is running, or stopped, then outputs the Studio. Checks grow apart as
 * the run Wait's do; a failed check does not end the wait, cancelling the execution does.
 */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const sessionId = await studioIdFor(this, itemIndex);
		const workspaceId = await workspaceIdFor(this, itemIndex);
		const target = this.getNodeParameter('waitUntil', itemIndex, 'running') as Target;
		const options = this.getNodeParameter('waitOptions', itemIndex, {}) as IDataObject;
		let lastStatus = 'unknown';

		const { result, checks } = await pollUntilDone(
			this,
			itemIndex,
			async () => {
				const studio = studioItem(
					await apiRequest<IDataObject>(this, { method: 'GET', path: ['studios', sessionId], query: { workspaceId }, itemIndex }),
				);
				lastStatus = String(studio.status);
				if (lastStatus === target) return { done: true, result: studio };
				if (!FAILED_ON_THE_WAY[target].has(lastStatus)) return { done: false };
				if (options.failOnStudioFailure === false) return { done: true, result: studio };
				const reason = String((studio.statusInfo as IDataObject | undefined)?.message ?? '').trim();
				const why =
					lastStatus === 'stopped'
						? 'A stopped Studio runs only once started: use Start first.'
						: reason || 'The platform gave no reason.';
				throw new NodeOperationError(this.getNode(), `Studio ${sessionId} is ${lastStatus}, so it will not be ${target}`, {
					itemIndex,
					description: `${why} Turn off "Fail Item When Studio Fails" to receive the Studio as an item instead.`,
				});
			},
			(waitedMinutes) =>
				new NodeOperationError(this.getNode(), `Studio ${sessionId} was not ${target} in time (last status ${lastStatus})`, {
					itemIndex,
					description:
						`Waited ${waitedMinutes} minutes. The Studio is left as it is; raise "Timeout (Minutes)" or check it later ` +
						`with Get.`,
				}),
		);
		return { ...result, waitChecks: checks };
	});
}
