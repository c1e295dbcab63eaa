import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { runIdFor } from '../../helpers/parameters';
import { workspaceIdFor } from '../../names/workspaceId';
import { waitForRun } from '../../runs/wait';
import { waitOptionsField } from '../../fields/waitFields';
import { runLocator, workspaceLocator } from '../../fields/sharedLocators';
import { forEachItem } from '../../items/perItem';

const properties: INodeProperties[] = [runLocator, workspaceLocator, waitOptionsField];

const displayOptions = { show: { resource: ['workflow'], operation: ['wait'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Holds each item until its run has finished, then outputs the run with its final status and progress. */
export async function execute(this: IExecuteFunctions): Promise<INodeExecutionData[]> {
	return await forEachItem(this, async (itemIndex) => {
		return await waitForRun(this, itemIndex, runIdFor(this, itemIndex), await workspaceIdFor(this, itemIndex));
	});
}
