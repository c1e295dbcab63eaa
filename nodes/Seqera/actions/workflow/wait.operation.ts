import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { runIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { isRunStage } from '../../runs/statuses';
import { waitForRun } from '../../runs/wait';
import { describeValue } from '../../text/describeValue';
import { waitOptionsField } from '../../fields/waitFields';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [
	runLocator,
	workspaceLocator,
	{
		displayName: 'Wait Until',
		name: 'waitUntil',
		type: 'options',
		// Saved nodes, which have no Wait Until, wait for the end as before.
		default: 'ended',
		options: [
			{ name: 'Ended', value: 'ended', description: 'The run has ended: SUCCEEDED, FAILED, CANCELLED or UNKNOWN' },
			{ name: 'Running', value: 'running', description: 'The run is running, or has already ended' },
			{ name: 'Submitted', value: 'submitted', description: 'The run is submitted, or has already started or ended' },
		],
		description: 'How far the run must get, as tw launch --wait takes a status',
	},
	waitOptionsField,
];

const displayOptions = { show: { resource: ['workflow'], operation: ['wait'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Holds each item until its run has got as far as Wait Until says (by default, its end), then outputs the run as it is then. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		const until = this.getNodeParameter('waitUntil', itemIndex, 'ended');
		if (!isRunStage(until)) {
			throw new NodeOperationError(this.getNode(), `Wait Until "${describeValue(until)}" is not how far a run gets`, {
				itemIndex,
				description: `Choose Ended, Running or Submitted (item ${itemIndex}).`,
			});
		}
		return await waitForRun(this, itemIndex, runIdFor(this, itemIndex), await workspaceIdFor(this, itemIndex), until);
	});
}
